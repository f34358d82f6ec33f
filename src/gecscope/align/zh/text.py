"""Chinese examples from text, ChERRANT's TSV or ChERRANT M2, prepared as ChERRANT prepares them.

Sources: whitespace removed, char tokens, no conversion. Targets (hypothesis and references):
whitespace removed, OpenCC ``t2s`` (unless ``t2s=False``), char tokens; ``没有错误`` or a target
equal to the source is an unchanged target, ``无法标注`` an unchanged target marked
``unannotatable`` (the official CLEME counts it as unchanged, ChERRANT's compare skips it).
Every line keeps its prepared text (``raw``), so character-level metrics (GREEN) see characters.
ChERRANT M2 lists only the annotators of each sentence, so M2 references are read ``absent``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gecscope.align.zh.tokens import NO_ERROR, UNANNOTATABLE, char_tokens, remove_whitespace, target_text
from gecscope.errors import InputError
from gecscope.io.m2 import read_m2
from gecscope.io.parallel import read_lines
from gecscope.io.text import read_text, split_lines
from gecscope.types import Example, Target, Tokens, present


def zh_target(line: str, source: Tokens, *, t2s: bool = True) -> Target:
    """One hypothesis or reference line as ChERRANT reads it.

    >>> zh_target("无法标注", ("我",)).unannotatable
    True
    >>> zh_target("我們", ("我", "们")).edits
    ()
    """
    flat = target_text(line, t2s=t2s)
    if flat == UNANNOTATABLE:
        return Target(source, (), "".join(source), unannotatable=True)
    if flat == NO_ERROR:
        return Target(source, (), "".join(source))
    tokens = char_tokens(flat)
    return Target(tokens, () if tokens == source else None, flat)


def zh_m2_target(target: Target) -> Target:
    """An M2 target with its characters as its line (no spaces between tokens)."""
    return dataclasses.replace(target, raw="".join(target.tokens))


def zh_example(source: str, hypothesis: str, references: Sequence[str], id: str = "", *, t2s: bool = True) -> Example:
    src = char_tokens(source)
    return Example(
        src,
        zh_target(hypothesis, src, t2s=t2s),
        tuple(zh_target(r, src, t2s=t2s) for r in references),
        id,
        remove_whitespace(source),
    )


def read_cherrant_tsv(path: str | Path) -> list[tuple[str, str, list[str]]]:
    """ChERRANT's parallel format: ``id <TAB> source <TAB> target1 <TAB> target2 ...``."""
    rows = []
    for lineno, line in enumerate(split_lines(read_text(path)), start=1):
        if not line.strip():
            continue
        cells = line.split("\t")
        if len(cells) < 2:
            raise InputError("expected 'id<TAB>source<TAB>target...'", path, lineno)
        rows.append((cells[0], cells[1], cells[2:]))
    if not rows:
        raise InputError("no sentences", path)
    return rows


def zh_examples_from_text(
    source: str | Path,
    hypothesis: str | Path,
    references: Sequence[str | Path] = (),
    ref_m2: str | Path | None = None,
    ref_tsv: str | Path | None = None,
    *,
    t2s: bool = True,
) -> list[Example]:
    """Source and hypothesis text; references as text files (one per annotator), ChERRANT TSV
    (a varying number per sentence) and/or ChERRANT M2."""
    src_lines = read_lines(source, allow_empty_lines=False)

    def counted(rows: list[Any], path: str | Path) -> list[Any]:
        if len(rows) != len(src_lines):
            raise InputError(f"has {len(rows)} sentences but {source} has {len(src_lines)}", path)
        return rows

    hyp_lines = counted(read_lines(hypothesis), hypothesis)
    ref_cols = [counted(read_lines(path), path) for path in references]
    tsv_refs: list[list[str]] = [[] for _ in src_lines]
    if ref_tsv is not None:
        rows = counted(read_cherrant_tsv(ref_tsv), ref_tsv)
        for i, (_, src, refs) in enumerate(rows):
            if remove_whitespace(src) != remove_whitespace(src_lines[i]):
                raise InputError(f"source differs from {source}:{i + 1}", ref_tsv, i + 1)
            tsv_refs[i] = refs
    examples = [
        zh_example(src_lines[i], hyp_lines[i], [*(c[i] for c in ref_cols), *tsv_refs[i]], str(i), t2s=t2s)
        for i in range(len(src_lines))
    ]
    if ref_m2 is None:
        return examples
    out = []
    for ex, block in zip(examples, counted(read_m2(ref_m2), ref_m2), strict=True):
        if block.source != ex.source:
            raise InputError(f"source sentence differs from {source}:{int(ex.id) + 1}", ref_m2, block.line)
        m2_refs = tuple(zh_m2_target(t) for t in present(block.targets))
        out.append(dataclasses.replace(ex, references=(*ex.references, *m2_refs)))
    return out


def zh_examples_from_m2(hyp_m2: str | Path, ref_m2: str | Path) -> list[Example]:
    """ChERRANT M2 pair (annotators of each sentence only: MuCGEC's number of references varies
    per sentence; lines without spaces)."""
    from gecscope.io import examples_from_m2

    return [
        dataclasses.replace(
            ex,
            hypothesis=zh_m2_target(ex.hypothesis),
            references=tuple(zh_m2_target(r) for r in present(ex.references)),
            source_raw="".join(ex.source),
        )
        for ex in examples_from_m2(hyp_m2, ref_m2)
    ]
