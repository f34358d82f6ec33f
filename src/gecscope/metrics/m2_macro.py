"""Sentence-averaged (macro) M2: the mean over the sentences of the M2 scorer's F-beta of each
sentence scored on its own.

Corpus M2 pools the counts of every sentence, so long, heavily edited sentences weigh most;
scoring each sentence alone and averaging weighs every sentence alike, the sentence-level
computation Napoles et al. (2016) found more reliable than the corpus level. Per sentence, this
is exactly what the M2 scorer 3.2 prints for a one-sentence corpus:

* the annotator is the scorer's choice on that sentence alone: its running F (1 when nothing was
  proposed or needed, 0 when undefined), then more correct edits, then fewer proposed +
  beta^2 gold, then the first annotator;
* P = correct / proposed (1 when nothing was proposed), R = correct / gold (1 when nothing was
  needed), F-beta of P and R (0 when P + R = 0): a sentence left unchanged where no edit was
  needed scores 1, one left unchanged where an edit was needed scores 0.

The corpus score (and P, R) is the mean of the sentence values, summed in file order. The
hypothesis edits are M2's lattice search (:mod:`gecscope.metrics.m2`, same settings).

>>> from gecscope.metrics.counts import M2Table
>>> table = M2Table.build([[(1, 2, 2), (0, 0, 1)], [(0, 0, 0)]])  # correct, proposed, gold
>>> score = M2Macro().score_analysis(table)
>>> score.value, score.details["p"], score.details["r"]  # (F 0.5 P .5 R .5 [annotator 0], 1 1 1) / 2
(0.75, 0.75, 0.75)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from gecscope.layout import prf_layout
from gecscope.metrics.base import Greedy, MetricBase, Plan, signed
from gecscope.metrics.chunk_choice import rule_parts, sentence_parts
from gecscope.metrics.counts import M2Counts, M2Table
from gecscope.metrics.m2 import M2, M2Config, M2Search
from gecscope.result import Score
from gecscope.rows import LazyRows
from gecscope.scoring import CorpusRule, m2_key, m2_parts
from gecscope.signature import number
from gecscope.types import Example


def macro_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    """The M2 scorer's annotator key on a one-sentence corpus: its running F, correct,
    -(proposed + beta^2 gold) of the sentence's own counts."""
    return m2_key(c, c, p)


def macro_corpus_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    """A mean rule's corpus key is its sentence key (the running totals play no part)."""
    return macro_sentence_key(c, p)


#: the corpus rule: each sentence against the annotator the scorer picks for it alone, P/R/F
#: averaged over the sentences
M2_MACRO = CorpusRule(
    "m2-macro",
    "mean over the sentences of the M2 scorer's P, R, F of each sentence alone (its own annotator choice)",
    ("correct", "proposed", "gold"),
    macro_corpus_key,
    macro_sentence_key,
    m2_parts,
    "f",
    reduction="mean",
    settings=((0.5,), (1.0,)),
)


@dataclass(frozen=True)
class M2MacroConfig(M2Search):
    """M2's lattice search (:class:`gecscope.metrics.m2.M2Search`), each sentence scored alone."""

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def __post_init__(self) -> None:
        self.search()  # M2's checks of the same settings

    def search(self) -> M2Config:
        """M2's settings of the same search (corpus level, no per-type counts)."""
        return M2Config(**asdict(self))


class M2Macro(MetricBase):
    name = "m2-macro"
    layout = prf_layout("M2 (sentence mean)", ("tp", "fp", "fn", "proposed", "gold"))
    needs_reference_edits = True  # the hypothesis is re-aligned on M2's lattice; the gold needs edits
    missing_annotators = "absent"

    def __init__(self, config: M2MacroConfig | None = None) -> None:
        self.config = config or M2MacroConfig()
        #: M2 with the same search settings: its lattice search and count table
        self.m2 = M2(self.config.search())

    def attach_store(self, store: Any) -> bool:
        return self.m2.attach_store(store)

    def analyse(self, examples: Sequence[Example]) -> M2Table:
        """Per (sentence, annotator) correct / proposed / gold, as M2 counts them."""
        return self.m2.analyse(examples)

    def score_analysis(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> Score:
        table = M2Table.of(counts)
        values, offsets = table.pairs()
        beta = (self.config.beta,)
        chosen, parts = rule_parts(M2_MACRO, values, offsets, beta)
        sentence = sentence_parts(M2_MACRO, values, chosen, beta)
        correct, proposed, gold = (int(x) for x in values[chosen].sum(axis=0))
        details: dict[str, Any] = {
            **parts,
            "tp": correct,
            "fp": proposed - correct,
            "fn": gold - correct,
            "proposed": proposed,
            "gold": gold,
        }
        cfg = self.config
        fields = {
            "beta": number(cfg.beta),
            "max_unchanged": str(cfg.max_unchanged_words),
            "algorithm": cfg.algorithm,
            "lattice": cfg.edit_lattice,
            "ignore_ws_case": "yes" if cfg.ignore_whitespace_casing else "no",
        }
        rows = SentenceRows(chosen - offsets[:-1], values[chosen], sentence)
        return Score(
            self.name, parts["f"], details, signed(self, fields), LazyRows(len(table), rows), layout=self.layout
        )

    def resampling(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> Plan:
        """The rule's own plan: a mean of the sentence F-scores (declared by :data:`M2_MACRO`)."""
        return Greedy(M2_MACRO.name, (self.config.beta,), M2Table.of(counts))

    def sentence_scores(self, counts: Sequence[Sequence[M2Counts]] | M2Table) -> list[float]:
        """Each sentence's F-beta against the annotator the scorer picks for it alone."""
        table = M2Table.of(counts)
        values, offsets = table.pairs()
        chosen = rule_parts(M2_MACRO, values, offsets, (self.config.beta,))[0]
        return [float(v) for v in sentence_parts(M2_MACRO, values, chosen, (self.config.beta,))["f"].tolist()]


@dataclass(frozen=True, eq=False)
class SentenceRows:
    """Sentence ``i``'s row: its annotator, P, R, F and the annotator's counts (picklable)."""

    reference: Any
    counts: Any
    parts: dict[str, Any]

    def __call__(self, i: int) -> dict[str, Any]:
        correct, proposed, gold = (int(x) for x in np.asarray(self.counts[i]).tolist())
        values = {k: float(v[i]) for k, v in self.parts.items()}
        return {
            "index": i,
            "reference": int(self.reference[i]),
            **values,
            "correct": correct,
            "proposed": proposed,
            "gold": gold,
        }
