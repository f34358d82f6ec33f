"""Character-level edit F-score: a language-agnostic ERRANT.

Each sentence is read as a string (its tokens joined by single spaces). Edits are the minimal
Levenshtein script from the source's characters to the target's, every maximal run of changed
characters one edit ``(start, end, replacement)``. A hypothesis edit is a TP if a reference has
the same edit; P, R and F-beta follow ERRANT's conventions, and the corpus reference of each
sentence is ERRANT's greedy choice (running F rounded to 4 dp, then TP, -FP, -FN). No
tokeniser, aligner or language resource is involved.

>>> from gecscope.types import Example, Target
>>> ex = Example(("He", "go", "home"), Target(("He", "goes", "home")), (Target(("He", "goes", "home")),))
>>> CharF().score([ex]).value
1.0
>>> CharF().score([Example(ex.source, Target(ex.source), ex.references)]).details["fp"]
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.align.levenshtein import levenshtein_edits
from gecscope.layout import prf_layout
from gecscope.metrics.analysis import require_references
from gecscope.metrics.counts import EditCounts, EditTable
from gecscope.metrics.errant import Errant, ErrantConfig, Key, compare
from gecscope.types import Example, Tokens


@dataclass(frozen=True)
class CharFConfig(ErrantConfig):
    """ERRANT's settings (beta, level, the corpus convention) over character edits."""


def char_edits(source: Tokens, target: Tokens) -> dict[Key, list[str]]:
    """The character edits from ``source`` to ``target`` as ``{(start, end, text): ["char"]}``.

    >>> char_edits(("a", "cat"), ("a", "hat"))
    {(2, 3, 'h'): ['char']}
    """
    src, tgt = " ".join(source), " ".join(target)
    edits = levenshtein_edits(tuple(src), tuple(tgt))
    return {(e.start, e.end, "".join(e.correction)): ["char"] for e in edits}


class CharF(Errant):
    """ERRANT's counting and corpus rule on character edits (no alignment needed)."""

    name = "char-f"
    layout = prf_layout("char-F", meaning="TP = correct character edits, FP = wrong or unnecessary, FN = missed")
    needs_edits = False

    def __init__(self, config: CharFConfig | None = None) -> None:
        super().__init__(config or CharFConfig())

    def scheme_fields(self) -> dict[str, str]:
        return {}  # one kind of edit: ERRANT's --scheme does not apply

    def analyse(self, examples: Sequence[Example]) -> EditTable:
        require_references(examples)
        return EditTable.of(self.sentence_counts(ex) for ex in examples)

    def sentence_counts(self, ex: Example) -> tuple[EditCounts, ...]:
        hyp = char_edits(ex.source, ex.hypothesis.tokens)
        return tuple(compare(hyp, char_edits(ex.source, r.tokens)) for r in ex.references) or (compare(hyp, {}),)
