"""Exact match (FCGEC's first correction metric): the share of the sentences whose hypothesis
equals one of the references, token for token, after punctuation removal
(:mod:`gecscope.metrics.punctuation`, ``punctuation``). ``sentences="erroneous"`` (FCGEC's
"divided by all erroneous samples") counts only the sentences that need a correction (no
reference equals the source); ``all`` counts every sentence.

>>> from gecscope.types import Example, Target
>>> fixed = Example(("a", "b"), Target(("a", "c")), (Target(("a", "c")),))
>>> ex = [fixed, Example(("x",), Target(("y",)), (Target(("x",)),))]
>>> ExactMatch().score(ex).value, ExactMatch(ExactMatchConfig(sentences="all")).score(ex).value
(1.0, 0.5)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.layout import score_layout
from gecscope.metrics.base import ConventionChecked, MetricBase, Plan, Summed, references_chosen, signed
from gecscope.metrics.config import check_choice
from gecscope.metrics.punctuation import SETS, signed_set, strip_tokens
from gecscope.result import Score
from gecscope.types import Example

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class ExactMatchConfig(ConventionChecked):
    #: erroneous: only the sentences a reference changes (FCGEC); all: every sentence
    sentences: str = "erroneous"
    #: the punctuation removed before comparing (:mod:`gecscope.metrics.punctuation`)
    punctuation: str = "unicode"
    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def check(self) -> None:
        check_choice("sentences", self.sentences, ("erroneous", "all"))
        check_choice("punctuation", self.punctuation, SETS)


def share(totals: Any) -> FloatArray:
    """matched / counted of summed statistics ``(..., 2)`` (0 when nothing was counted)."""
    t = np.asarray(totals, dtype=np.float64)
    counted, matched = t[..., 0], t[..., 1]
    return np.asarray(np.where(counted > 0, matched / np.where(counted > 0, counted, 1), 0.0), dtype=np.float64)


class ExactMatch(MetricBase):
    name = "exact-match"
    layout = score_layout(
        "Exact match",
        "EM",
        "share of the counted sentences whose hypothesis is a reference",
        ("counted", "matched"),
        "counted: sentences counted (erroneous ones by default), matched: those whose hypothesis is a reference",
    )

    def __init__(self, config: ExactMatchConfig | None = None) -> None:
        self.config = config or ExactMatchConfig()

    def analyse(self, examples: Sequence[Example]) -> NDArray[np.int64]:
        """Per sentence: (counted, matched)."""
        cfg = self.config
        out = np.zeros((len(examples), 2), dtype=np.int64)
        for i, ex in enumerate(references_chosen(self, examples)):
            refs = {strip_tokens(r.tokens, cfg.punctuation) for r in ex.references}
            counted = cfg.sentences == "all" or strip_tokens(ex.source, cfg.punctuation) not in refs
            out[i] = (counted, counted and strip_tokens(ex.hypothesis.tokens, cfg.punctuation) in refs)
        return out

    def score_analysis(self, stats: NDArray[np.int64]) -> Score:
        cfg = self.config
        counted, matched = (int(x) for x in np.asarray(stats).reshape(-1, 2).sum(axis=0))
        value = float(share(np.asarray([counted, matched])))
        scores = self.sentence_scores(stats)
        rows = tuple(
            {"index": i, "score": v, "counted": int(c), "matched": int(m)}
            for i, ((c, m), v) in enumerate(zip(np.asarray(stats), scores, strict=True))
        )
        fields = {"sentences": cfg.sentences, "punct": signed_set(cfg.punctuation)}
        details = {"score": value, "counted": counted, "matched": matched}
        return Score(self.name, value, details, signed(self, fields), rows, layout=self.layout)

    def resampling(self, stats: NDArray[np.int64]) -> Plan:
        return Summed(np.asarray(stats, dtype=np.float64), share, lambda t: {"score": share(t)})

    def sentence_scores(self, stats: NDArray[np.int64]) -> list[float]:
        """1 or 0 for a counted sentence; a sentence not counted scores 1 (nothing was needed)."""
        return [float(m) if c else 1.0 for c, m in np.asarray(stats).tolist()]


__all__ = ["ExactMatch", "ExactMatchConfig"]
