"""Edit extraction: fill in the edits of text-only targets.

``ErrantAligner`` is ERRANT 3.0.2-compatible (spaCy English, linguistic alignment, rule
merging); ``LevenshteinAligner`` is language-agnostic (token Levenshtein, adjacent changes
merged into one edit).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gecscope.align.levenshtein import LevenshteinAligner
from gecscope.types import Edit, Example, Target, Tokens


class Aligner(Protocol):
    name: str

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]: ...


def align_examples(examples: Sequence[Example], aligner: Aligner, *, hypotheses: bool = True) -> list[Example]:
    """Return examples whose targets all carry edits (targets with edits are left untouched).
    ``hypotheses=False`` aligns the references only."""
    todo: dict[tuple[Tokens, Tokens], tuple[Edit, ...]] = {}
    for ex in examples:
        for t in (ex.hypothesis, *ex.references) if hypotheses else ex.references:
            if t.edits is None and t.tokens != ex.source:
                todo[(ex.source, t.tokens)] = ()
    pairs = list(todo)
    alternatives: dict[tuple[Tokens, Tokens], tuple[tuple[Edit, ...], ...]] = {}
    if hasattr(aligner, "alignments_batch"):  # every cheapest alignment (ChERRANT's -s all)
        for pair, found in zip(pairs, aligner.alignments_batch(pairs), strict=True):
            todo[pair], alternatives[pair] = found[0], tuple(found[1:])
    else:
        for pair, edits in zip(pairs, aligner.edits_batch(pairs), strict=True):
            todo[pair] = edits

    def fill(src: Tokens, t: Target) -> Target:
        if t.edits is not None:
            return t
        return Target(t.tokens, todo.get((src, t.tokens), ()), t.raw, alternatives.get((src, t.tokens), ()))

    return [
        Example(
            ex.source,
            fill(ex.source, ex.hypothesis) if hypotheses else ex.hypothesis,
            tuple(fill(ex.source, r) for r in ex.references),
            ex.id,
            ex.source_raw,
        )
        for ex in examples
    ]


def get_aligner(name: str | Aligner) -> Aligner:
    """``errant`` (English, needs the 'text' extra), ``levenshtein`` (any language), ``cherrant``
    (Chinese char tokens, needs the 'zh' extra), or one registered in
    :mod:`gecscope.align.languages` (``register_aligner`` or the ``gecscope.aligners`` entry points).
    An aligner object is returned as it is."""
    if not isinstance(name, str):
        return name
    if name == "errant":
        from gecscope.align.errant import ErrantAligner

        return ErrantAligner()
    if name == "levenshtein":
        return LevenshteinAligner()
    if name == "cherrant":
        from gecscope.align.zh.cherrant import CherrantAligner

        return CherrantAligner()
    from gecscope.align.languages import REGISTRY

    factory = REGISTRY.find(name)
    if factory is not None:
        aligner: Aligner = factory()
        return aligner
    raise ValueError(f"unknown aligner {name!r} (errant, levenshtein, cherrant or a registered one)")


__all__ = ["Aligner", "LevenshteinAligner", "align_examples", "get_aligner"]
