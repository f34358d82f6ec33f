"""Decoding text files strictly: UTF-8 (BOM allowed), CRLF tolerated, errors name file and line."""

from __future__ import annotations

from pathlib import Path

from gecscope.errors import InputError

STDIN = "-"


def read_text(path: str | Path) -> str:
    """Read a whole file as UTF-8, with a one-line error naming the file (and line) on failure.
    ``-`` reads standard input (named ``<stdin>`` in errors)."""
    if str(path) == STDIN:
        import sys

        return _decode(sys.stdin.buffer.read(), "<stdin>")
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise InputError("file not found", p) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", p) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", p) from None
    return _decode(data, p)


def _decode(data: bytes, p: str | Path) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(
            f"not valid UTF-8 (byte 0x{data[exc.start]:02x}); re-encode the file as UTF-8", p, line
        ) from None
    if not text:
        raise InputError("empty file", p)
    return text


def split_lines(text: str) -> list[str]:
    """Split on ``\\n`` only (not on exotic Unicode separators) and drop ``\\r`` line endings."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
