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
    """The lines of a file as bytes, ``\\n`` kept, read a block at a time (:func:`raw_blocks`;
    ``-``: standard input, read whole). A file that cannot be opened raises an
    :class:`InputError` naming it."""
    for block in raw_blocks(path):
        yield from io.BytesIO(block)  # splits after each "\n" only, as a file's lines do


#: bytes read at a time by :func:`raw_blocks`
BLOCK = 1 << 20


def raw_blocks(path: str | Path, size: int | None = None) -> Iterator[bytes]:
    """The bytes of a file in blocks of about ``size`` (default :data:`BLOCK`), each ending at a
    line end (``\\n``) but the last. A file that cannot be opened raises an :class:`InputError`
    naming it."""
    size = size or BLOCK
    if str(path) == STDIN:
        yield sys.stdin.buffer.read()
        return
    p = Path(path)
    try:
        with p.open("rb") as fh:
            rest: list[bytes] = []  # the start of a line longer than a block so far
            while block := fh.read(size):
                cut = block.rfind(b"\n") + 1
                if not cut:
                    rest.append(block)
                    continue
                yield b"".join([*rest, block[:cut]])
                rest = [block[cut:]]
            if any(rest):
                yield b"".join(rest)
    except FileNotFoundError:
        raise InputError("file not found", p) from None
    except IsADirectoryError:
        raise InputError("is a directory, not a file", p) from None
    except OSError as exc:
        raise InputError(f"cannot read file ({exc.strerror})", p) from None


def numbered_lines(path: str | Path, raw: Iterable[bytes] | None = None) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a UTF-8 file (of ``raw``, its lines, when given), a line at a
    time: BOM dropped, ``\\r\\n`` tolerated, split on ``\\n`` only. Bad UTF-8 raises an
    :class:`InputError` naming the file and the line, once the lines before it are given; so does
    an empty file (a BOM alone is empty). A block of lines is decoded at once (:func:`raw_blocks`)."""
    lineno = 0
    for block in raw_blocks(path) if raw is None else [b"".join(raw)]:
        if not lineno and block.startswith(_BOM):
            block = block[len(_BOM) :]
        try:
            text = block.decode("utf-8")
        except UnicodeDecodeError:  # the lines before the bad one first, then the error
            yield from _decoded(path, block, lineno)
            raise AssertionError("unreachable: a block that is not UTF-8 has a line that is not") from None
        lines = text.split("\n")
        if lines[-1] == "":  # the block's last line ends with "\n"
            lines.pop()
        if "\r" in text:
            lines = [line[:-1] if line.endswith("\r") else line for line in lines]
        yield from enumerate(lines, start=lineno + 1)
        lineno += len(lines)
    if not lineno:
        raise InputError("empty file", Path(path))


def _decoded(path: str | Path, block: bytes, lineno: int) -> Iterator[tuple[int, str]]:
    """:func:`numbered_lines` of a block (its lines after line ``lineno``) that is not all UTF-8,
    decoded a line at a time up to the first bad one, which raises naming its line."""
    for lineno, line in enumerate(block.split(b"\n"), start=lineno + 1):  # noqa: B020
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(
                f"not valid UTF-8 (byte 0x{line[exc.start]:02x}); re-encode the file as UTF-8", Path(path), lineno
            ) from None
        yield lineno, text[:-1] if text.endswith("\r") else text


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
