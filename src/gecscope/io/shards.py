"""Lazy, shard-wise reading of M2 and parallel text files: examples ``size`` sentences at a time.

The readers give exactly the examples of :func:`gecscope.io.examples_from_m2` and
:func:`gecscope.io.examples_from_text`, in lists of at most ``size``, while holding one shard
(plus, for M2, the per-file annotator ids) in memory. Their errors are those readers' errors,
word for word: a file whose sentences cannot all be read cleanly — a malformed line, bad
UTF-8, a gap in the annotator ids, files of different lengths, a source that differs — is
re-read by the eager reader, which raises its own first error (so the message, file and line
are the same however late in the file the problem is). A shard is only yielded when nothing
before it was wrong, and the caller sees the error before the last shard is complete, so a
consumer that scores after the last shard never prints a score for a bad input.

>>> from gecscope.api import example_dir
>>> d = example_dir()
>>> [len(s) for s in m2_shards(d / "hypothesis.m2", d / "references.m2", size=4)]
[4, 4, 2]
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import NoReturn, TypeVar

from gecscope.errors import InputError
from gecscope.io.m2 import M2Block, check_annotators, make_block, parse_blocks
from gecscope.io.parallel import examples_from_m2, examples_from_text, paired_blocks
from gecscope.io.text import STDIN, read_text, split_lines
from gecscope.types import Example, Target

T = TypeVar("T")
#: sentences per shard unless told otherwise
SHARD_SIZE = 20_000
_BOM = b"\xef\xbb\xbf"


def numbered_lines(path: str | Path) -> Iterator[tuple[int, str]]:
    """``(line number, line)`` of a UTF-8 file, read a line at a time (BOM dropped, CRLF
    tolerated: the lines of :func:`gecscope.io.text.split_lines`). Decoding errors raise
    ``UnicodeDecodeError``; callers fall back to the eager reader for the message."""
    if str(path) == STDIN:
        yield from enumerate(split_lines(read_text(path)), start=1)
        return
    with Path(path).open("rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if lineno == 1 and raw.startswith(_BOM):
                raw = raw[len(_BOM) :]
            line = raw[:-1] if raw.endswith(b"\n") else raw
            text = line.decode("utf-8")
            yield lineno, text[:-1] if text.endswith("\r") else text


def batches(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (the last one shorter).

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    if size < 1:
        raise ValueError(f"shard size must be at least 1; got {size}")
    batch: list[T] = []
    for item in items:
        batch.append(item)
        if len(batch) == size:
            yield batch
            batch = []
    if batch:
        yield batch


def _raise_eager(eager: Callable[[], object], original: Exception) -> NoReturn:
    """Let the eager reader raise its own (first) error; else the streaming reader's."""
    eager()
    raise original


def _m2_census(path: str | Path) -> tuple[int, int, set[int]] | None:
    """(sentences, ``A`` lines, annotator ids) from a first pass, or ``None`` when the file is
    not clean enough to stream (the eager reader then gives the error)."""
    sentences = edit_lines = 0
    seen: set[int] = set()
    try:
        for _, line in numbered_lines(path):
            if line.startswith("A "):
                edit_lines += 1
                seen.add(int(line.rsplit("|||", 1)[-1]))
            elif line.startswith("S ") or line == "S":
                sentences += 1
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not sentences or not seen or max(seen) + 1 != len(seen) or min(seen) < 0:
        return None
    return sentences, edit_lines, seen


def m2_blocks(path: str | Path) -> Iterator[M2Block]:
    """The blocks of :func:`gecscope.io.read_m2`, one at a time (two passes over the file)."""
    census = _m2_census(path)
    if census is None:
        from gecscope.io.m2 import read_m2

        yield from read_m2(path)  # raises the file's error (or reads a file the census misjudged)
        return
    _, edit_lines, ids = census
    count = check_annotators(path, ids, 0, False)
    seen: set[int] = set()
    for raw in parse_blocks(numbered_lines(path), path, edit_lines, seen):
        yield make_block(raw, count, path)


def _m2_examples(hyp_m2: str | Path, ref_m2: str | Path) -> Iterator[Example]:
    hyp_census, ref_census = _m2_census(hyp_m2), _m2_census(ref_m2)
    if hyp_census is None or ref_census is None or hyp_census[0] != ref_census[0]:
        yield from examples_from_m2(hyp_m2, ref_m2)  # raises the eager reader's error
        return
    yield from paired_blocks(zip(m2_blocks(hyp_m2), m2_blocks(ref_m2), strict=True), hyp_m2, ref_m2)


def m2_shards(
    hyp_m2: str | Path, ref_m2: str | Path, *, size: int = SHARD_SIZE
) -> Iterator[list[Example]]:
    """:func:`gecscope.io.examples_from_m2` in shards of ``size`` sentences, with its errors."""
    try:
        yield from batches(_m2_examples(hyp_m2, ref_m2), size)
    except (OSError, ValueError) as exc:  # InputError and UnicodeDecodeError are ValueErrors
        _raise_eager(lambda: examples_from_m2(hyp_m2, ref_m2), exc)


def _text_examples(
    source: str | Path,
    hypothesis: str | Path,
    references: Sequence[str | Path],
    ref_m2: str | Path | None,
) -> Iterator[Example]:
    streams: list[Iterator[object]] = [numbered_lines(p) for p in (source, hypothesis, *references)]
    if ref_m2 is not None:
        streams.append(m2_blocks(ref_m2))
    i = -1
    for i, rows in enumerate(zip(*streams, strict=True)):
        block = rows[-1] if ref_m2 is not None else None
        lines: list[str] = [row[1] for row in rows if isinstance(row, tuple)]
        src_line, hyp_line = lines[0], lines[1]
        if not src_line.strip():
            raise InputError("empty line (a source sentence cannot be empty)", source, i + 1)
        tokens = tuple(map(sys.intern, src_line.split()))
        m2_refs: tuple[Target, ...] = ()
        if isinstance(block, M2Block):
            if block.source != tokens:
                raise InputError(f"source sentence differs from {source}:{i + 1}", ref_m2 or "", block.line)
            m2_refs = block.targets
        yield Example(
            tokens,
            Target(tuple(map(sys.intern, hyp_line.split())), raw=hyp_line),
            (*(Target(tuple(map(sys.intern, line.split())), raw=line) for line in lines[2:]), *m2_refs),
            str(i),
            src_line,
        )
    if i < 0:
        raise InputError("empty file", source)


def text_shards(
    source: str | Path,
    hypothesis: str | Path,
    references: Sequence[str | Path] = (),
    ref_m2: str | Path | None = None,
    *,
    size: int = SHARD_SIZE,
) -> Iterator[list[Example]]:
    """:func:`gecscope.io.examples_from_text` in shards of ``size`` sentences, with its errors."""

    def eager() -> object:
        return examples_from_text(source, hypothesis, references, ref_m2)

    try:
        yield from batches(_text_examples(source, hypothesis, references, ref_m2), size)
    except (OSError, ValueError) as exc:
        # files of different lengths (zip strict), bad bytes, a missing file, a bad line: the
        # eager reader names the file and line exactly as it always has
        _raise_eager(eager, exc)
