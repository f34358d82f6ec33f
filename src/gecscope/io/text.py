"""Decoding text files strictly: UTF-8 (BOM allowed), CRLF tolerated, errors name file and line.

:func:`numbered_lines` reads a file a line at a time and raises at the line it cannot decode;
the whole-file readers collect it, so every reader gives the same message for the same file.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path

from gecscope.errors import InputError

STDIN = "-"
_BOM = b"\xef\xbb\xbf"


def raw_lines(path: str | Path) -> Iterator[bytes]:
    """The lines of a file as bytes, ``\\n`` kept, read a line at a time (``-``: standard input,
    read whole). A file that cannot be opened raises an :class:`InputError` naming it."""
    if str(path) == STDIN:
        yield from io.BytesIO(sys.stdin.buffer.read())
        return
    p = Path(path)
    try:
        with p.open("rb") as fh:
            yield from fh
    except FileNotFoundError:
        raise InputError("file not found", p) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", p) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", p) from None


def numbered_lines(path: str | Path, raw: Iterable[bytes] | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a UTF-8 file (of ``raw``, its lines, when given), a line at a
    time: BOM dropped, ``\\r\\n`` tolerated, split on ``\\n`` only. Bad UTF-8 raises an
    :class:`InputError` naming the file and the line; so does an empty file (a BOM alone is empty).
    """
    lineno = 0
    for lineno, line in enumerate(raw_lines(path) if raw is None else raw, start=1):
        if lineno == 1 and line.startswith(_BOM):
            line = line[len(_BOM) :]
        if line.endswith(b"\n"):
            line = line[:-1]
        elif not line:  # a BOM alone: no line
            lineno = 0
            break
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"not valid UTF-8 (byte 0x{line[exc.start]:02x}); re-encode the file as UTF-8", Path(path), lineno
            ) from None
        yield lineno, text[:-1] if text.endswith("\r") else text
    if not lineno:
        raise InputError("empty file", Path(path))


def read_text(path: str | Path) -> str:
    """Read a whole file as UTF-8, with a one-line error naming the file (and line) on failure.
    ``-`` reads standard input (named ``<stdin>`` in errors). Line endings are kept."""
    raw = list(raw_lines(path))
    list(numbered_lines(path, raw))  # raises at the first line that is not UTF-8, or for an empty file
    return b"".join(raw).decode("utf-8-sig")


def split_lines(text: str) -> list[str]:
    """Split on ``\\n`` only (not on exotic Unicode separators) and drop ``\\r`` line endings."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]
