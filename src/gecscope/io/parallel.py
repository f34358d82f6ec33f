"""Build examples from parallel text files and/or M2 files, checking that everything lines up."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.m2 import M2Block, read_m2
from gecscope.io.text import read_text, split_lines
from gecscope.types import Example, Target


def read_lines(path: str | Path, *, allow_empty_lines: bool = True) -> list[str]:
    """Read one sentence per line (UTF-8, CRLF tolerated, trailing spaces kept)."""
    lines = split_lines(read_text(path))
    if not allow_empty_lines:
        for lineno, line in enumerate(lines, start=1):
            if not line.strip():
                raise InputError("empty line (a source sentence cannot be empty)", path, lineno)
    return lines


def _check_count(name: str | Path, count: int, ref_name: str | Path, ref_count: int) -> None:
    if count != ref_count:
        raise InputError(f"has {count} sentences but {ref_name} has {ref_count}", name, min(count, ref_count) + 1)


def _source_matches(block: M2Block, tokens: tuple[str, ...], path: str | Path, what: str) -> None:
    if block.source != tokens:
        raise InputError(f"source sentence differs from {what}", path, block.line)


def examples_from_m2(hyp_m2: str | Path, ref_m2: str | Path, refs: list[M2Block] | None = None) -> list[Example]:
    """Hypothesis M2 (annotator 0 is the system) against reference M2 (every annotator of the
    file; one without lines in a sentence is flagged :attr:`Target.absent` there); ``refs``:
    ``read_m2(ref_m2)`` when the caller has read it already."""
    hyps, refs = read_m2(hyp_m2), refs if refs is not None else read_m2(ref_m2)
    if len(hyps) != len(refs):  # name the line of the first sentence that has no counterpart
        longer, shorter = (hyp_m2, ref_m2) if len(hyps) > len(refs) else (ref_m2, hyp_m2)
        extra = (hyps if len(hyps) > len(refs) else refs)[min(len(hyps), len(refs))]
        raise InputError(
            f"has {max(len(hyps), len(refs))} sentences but {shorter} has {min(len(hyps), len(refs))} "
            "(this is the first sentence without a counterpart)",
            longer,
            extra.line,
        )
    return list(paired_blocks(zip(hyps, refs, strict=True), hyp_m2, ref_m2))


def paired_blocks(both: Iterable[tuple[M2Block, M2Block]], hyp_m2: str | Path, ref_m2: str | Path) -> Iterator[Example]:
    """One example per (hypothesis, reference) M2 sentence: annotator 0 against every annotator."""
    for i, (h, r) in enumerate(both):
        _source_matches(h, r.source, hyp_m2, f"{ref_m2}:{r.line}")
        yield Example(r.source, h.targets[0], r.targets, str(i))


def examples_from_text(
    source: str | Path,
    hypothesis: str | Path,
    references: Sequence[str | Path] = (),
    ref_m2: str | Path | None = None,
) -> list[Example]:
    """Source and hypothesis text with references as text files or as one M2 file.

    Lines are whitespace-tokenised. Text targets carry no edits until aligned
    (:func:`gecscope.align.align_examples`); M2 references keep their edits.
    """
    src_lines = read_lines(source, allow_empty_lines=False)
    hyp_lines = read_lines(hypothesis)
    _check_count(hypothesis, len(hyp_lines), source, len(src_lines))
    sources = [tuple(map(sys.intern, line.split())) for line in src_lines]  # one str per distinct token
    ref_columns: list[list[Target]] = []
    for path in references:
        lines = read_lines(path)
        _check_count(path, len(lines), source, len(src_lines))
        ref_columns.append([Target(tuple(map(sys.intern, line.split())), raw=line) for line in lines])
    blocks: list[M2Block] = []
    if ref_m2 is not None:
        blocks = read_m2(ref_m2)
        _check_count(ref_m2, len(blocks), source, len(src_lines))
        for lineno, (block, tokens) in enumerate(zip(blocks, sources, strict=True), start=1):
            _source_matches(block, tokens, ref_m2, f"{source}:{lineno}")
    m2_refs = [b.targets for b in blocks] or [()] * len(sources)
    return [
        Example(
            sources[i],
            Target(tuple(map(sys.intern, hyp_lines[i].split())), raw=hyp_lines[i]),
            (*(col[i] for col in ref_columns), *m2_refs[i]),
            str(i),
            src_lines[i],
        )
        for i in range(len(sources))
    ]
