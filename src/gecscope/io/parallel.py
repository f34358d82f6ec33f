"""Build examples from parallel text files and/or M2 files, checking that everything lines up.

The readers go a sentence at a time (:func:`m2_rows`, :func:`text_rows`: one example per system
and sentence) and raise, where they meet it, an :class:`InputError` naming the file and the line;
files of different lengths are reported when the shorter one ends. :func:`examples_from_m2`
collects the first (:func:`gecscope.pipeline.read` reads every input whole).
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from gecscope.errors import InputError
from gecscope.io.m2 import M2Block, iter_m2
from gecscope.io.text import numbered_lines
from gecscope.types import Example, Target, make_example, make_target

T = TypeVar("T")
PathLike = str | Path


def read_lines(path: PathLike, *, allow_empty_lines: bool = True) -> list[str]:
    """Read one sentence per line (UTF-8, CRLF tolerated, trailing spaces kept)."""
    lines = []
    for lineno, line in numbered_lines(path):
        if not allow_empty_lines and not line.strip():
            raise InputError("empty line (a source sentence cannot be empty)", path, lineno)
        lines.append(line)
    return lines


def _lockstep(
    streams: list[Iterator[T]], mismatch: Callable[[list[T | None], list[int]], NoReturn]
) -> Iterator[list[T]]:
    """The items of ``streams`` side by side; when some end before the others, ``mismatch`` gets
    the items in hand and every stream's length (the longer ones read to their end)."""
    for i, row in enumerate(map(list, itertools.zip_longest(*streams))):
        if None in row:
            mismatch(row, [i if x is None else i + 1 + sum(1 for _ in s) for x, s in zip(row, streams, strict=True)])
        yield row


def m2_rows(
    hyp_m2: Sequence[PathLike], ref_m2: PathLike, overlaps: bool = False, past_end: bool = False
) -> Iterator[tuple[Example, ...]]:
    """Per sentence, one example per hypothesis M2 (annotator 0 is the system) against every
    annotator of ``ref_m2`` (one without lines in a sentence is flagged :attr:`Target.absent`)."""

    def mismatch(row: list[M2Block | None], counts: list[int]) -> NoReturn:
        j = next(j for j in range(1, len(counts)) if counts[j] != counts[0])
        (longer, n), (shorter, m) = sorted([(ref_m2, counts[0]), (hyp_m2[j - 1], counts[j])], key=lambda p: -p[1])
        extra = row[0] if longer is ref_m2 else row[j]
        raise InputError(
            f"has {n} sentences but {shorter} has {m} (this is the first sentence without a counterpart)",
            longer,
            extra.line if extra is not None else None,
        )

    for i, (r, *hyps) in enumerate(
        _lockstep(
            [iter_m2(ref_m2, overlaps, past_end or None), *(iter_m2(h, False, past_end) for h in hyp_m2)], mismatch
        )
    ):
        for path, h in zip(hyp_m2, hyps, strict=True):
            if h.source != r.source:
                raise InputError(f"source sentence differs from {ref_m2}:{r.line}", path, h.line)
        yield tuple(make_example(r.source, h.targets[0], r.targets, str(i)) for h in hyps)


def _numbered(path: PathLike, role: str) -> Iterator[tuple[int, str]]:
    """The lines of a text file; a shared task's CSV (``.csv``) read as its column for ``role``."""
    if not str(path).lower().endswith(".csv"):
        return numbered_lines(path)
    from gecscope.io.csv_inputs import numbered_text  # the csv module: only for CSV input

    return numbered_text(path, role)


def text_rows(
    source: PathLike | None,
    hypotheses: Sequence[PathLike],
    references: Sequence[PathLike] = (),
    ref_m2: PathLike | None = None,
    overlaps: bool = False,
    past_end: bool = False,
) -> Iterator[tuple[Example, ...]]:
    """Per line of ``source``, one example per hypothesis file, with the text references and the
    annotators of ``ref_m2``. Lines are whitespace-tokenised; text targets carry no edits until
    aligned (:func:`gecscope.align.align_examples`), M2 references keep theirs. ``source`` None:
    the sentences are the ``S`` lines of ``ref_m2`` (as the official scorers read them)."""
    if source is None and ref_m2 is None:
        raise InputError("give the source sentences (a source file, or a reference M2 holding them)")
    files: list[PathLike] = [*([source] if source is not None else []), *hypotheses, *references]
    # a CSV (IndicGEC-2025's files): the source its "Input sentence", a target its "Output sentence"
    roles = ["source" if j == 0 and source is not None else "target" for j in range(len(files))]
    streams: list[Iterator[Any]] = [_numbered(p, role) for p, role in zip(files, roles, strict=True)]
    if ref_m2 is not None:
        files.append(ref_m2)
        streams.append(iter_m2(ref_m2, overlaps, past_end or None))
    first = files[0] if source is not None else ref_m2
    if source is None:  # the M2 leads: every other file is counted against it
        files.insert(0, files.pop())
        streams.insert(0, streams.pop())

    def mismatch(_: object, counts: list[int]) -> NoReturn:
        j = next(j for j in range(1, len(counts)) if counts[j] != counts[0])
        raise InputError(
            f"has {counts[j]} sentences but {first} has {counts[0]}", files[j], min(counts[j], counts[0]) + 1
        )

    def target(line: str) -> Target:
        return make_target(tuple(map(sys.intern, line.split())), raw=line)

    k = len(hypotheses)
    texts = slice(1 + k, len(files) - (ref_m2 is not None and source is not None))  # the text references
    for i, row in enumerate(_lockstep(streams, mismatch)):
        m2_refs: tuple[Target, ...] = ()
        if source is None:
            block = row[0]
            tokens, src = block.source, " ".join(block.source)
            m2_refs = block.targets
        else:
            lineno, src = row[0]
            if not src.strip():
                raise InputError("empty line (a source sentence cannot be empty)", source, lineno)
            tokens = tuple(map(sys.intern, src.split()))  # one str per distinct token
            if isinstance(block := row[-1], M2Block):
                if block.source != tokens:
                    swap = any(tuple(line.split()) == block.source for _, line in row[1 : 1 + k])
                    hint = " (a hypothesis has it: are the source and hypothesis swapped?)" if swap else ""
                    raise InputError(f"source sentence differs from {source}:{lineno}{hint}", ref_m2 or "", block.line)
                m2_refs = block.targets
        refs = (*(target(line) for _, line in row[texts]), *m2_refs)
        yield tuple(make_example(tokens, target(line), refs, str(i), src, True) for _, line in row[1 : 1 + k])


def examples_from_m2(hyp_m2: PathLike, ref_m2: PathLike) -> list[Example]:
    """Hypothesis M2 (annotator 0 is the system) against reference M2 (every annotator of the
    file; one without lines in a sentence is flagged :attr:`Target.absent` there)."""
    return [e for (e,) in m2_rows([hyp_m2], ref_m2)]
