"""ChERRANT's scorer (MuCGEC ``compare_m2_for_evaluation.py``, char level, span-based correction).

Differences from ERRANT's compare, all reproduced:

* the edits of **every alignment** of a target (``T{k}-A0``, ``T{k}-A1``, ...: ``edits`` plus
  :attr:`Target.alternatives`) are pooled into one table keyed by ``(start, end, correction
  without spaces)``; an edit found in several alignments counts several times (TP or FN);
* a reference marked ``无法标注`` (:attr:`Target.unannotatable`) is left out, and a sentence whose
  only references are such is skipped altogether;
* ``UNK`` edits are skipped; error types are ignored.

The corpus pass is ERRANT's: per sentence the reference maximising the running F-beta rounded to
4 dp, then more TP, fewer FP, fewer FN. P = 1 when FP = 0 and R = 1 when FN = 0.
``alignments="first"`` keeps only ``A0`` (not official: the golden ``ChERRANT[A0-only]`` rows).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gecscope.layout import prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.base import ConventionChecked, MetricBase, references_chosen
from gecscope.metrics.config import check_choice
from gecscope.metrics.counts import EditCounts, EditTable, prf_score
from gecscope.metrics.errant import compare, summary_block
from gecscope.result import Score
from gecscope.scoring import ERRANT, errant_f
from gecscope.signature import number
from gecscope.types import Edit, Example, Target

Key = tuple[int, int, str]


@dataclass(frozen=True)
class CherrantConfig(ConventionChecked):
    beta: float = 0.5
    #: ``all``: pool every alignment of a target (official); ``first``: ``A0`` only
    alignments: str = "all"

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("alignments", self.alignments, ("all", "first"))
        o.check_beta(self.beta)


def pooled_keys(target: Target, alignments: str = "all") -> dict[tuple[Any, ...], list[str]]:
    """ChERRANT's edit table of a target: key -> one type per occurrence.

    >>> t = Target(("我", "是"), (Edit(1, 2, ("在",), "S"),), alternatives=((Edit(1, 2, ("在",), "S"),),))
    >>> pooled_keys(t)
    {(1, 2, '在'): ['S', 'S']}
    """
    groups: list[tuple[Edit, ...]] = [target.edits or ()]
    if alignments == "all":
        groups.extend(target.alternatives)
    out: dict[tuple[Any, ...], list[str]] = {}
    for edits in groups:
        for e in edits:
            if e.type == "UNK":
                continue
            out.setdefault((e.start, e.end, "".join(e.correction)), []).append(e.type)
    return out


class Cherrant(MetricBase):
    name = "cherrant"
    layout = prf_layout("ChERRANT")
    needs_edits = True
    missing_annotators = "absent"

    def __init__(self, config: CherrantConfig | None = None) -> None:
        self.config = config or CherrantConfig()

    def analyse(self, examples: Sequence[Example]) -> EditTable:
        """One count per usable reference; a sentence without any is skipped (no options)."""
        return EditTable.of(self.sentence_counts(ex) for ex in references_chosen(self, examples))

    def sentence_counts(self, ex: Example) -> tuple[EditCounts, ...]:
        mode = self.config.alignments
        hyp = pooled_keys(ex.hypothesis, mode)
        refs = [r for r in ex.references if not r.unannotatable]
        if ex.references and not refs:  # only 无法标注 references: ChERRANT skips the sentence
            return ()
        return tuple(compare(hyp, pooled_keys(r, mode)) for r in refs) or (compare(hyp, {}),)

    def score_analysis(self, counts: Sequence[Sequence[EditCounts]] | EditTable) -> Score:
        beta = self.config.beta
        table = EditTable.of(counts)
        chosen = table.choose(*ERRANT.keys, (beta,), "corpus")
        skipped = int((table.width == 0).sum())
        return prf_score(self, table, chosen, "corpus", self.signature_fields(), lambda *_: {"skipped": skipped})

    def signature_fields(self) -> dict[str, str]:
        """The settings the signature names (a variant adds its own)."""
        return {"beta": number(self.config.beta), "alignments": self.config.alignments, "select": "greedy-corpus"}

    def sentence_scores(self, counts: Sequence[Sequence[EditCounts]] | EditTable) -> list[float]:
        """Sentence F-beta against the best reference for that sentence alone (skipped: 1.0)."""
        return EditTable.of(counts).best_values(errant_f, self.config.beta)

    def official_text(self, score: Score) -> str:
        """The block ``compare_m2_for_evaluation.py`` prints."""
        return "\n".join(["", *summary_block(" Span-Based Correction ", score.details, self.config.beta), ""])
