"""The shared shape of the reference-free sentence metrics (Scribendi, LLM-S/E, SOME, IMPARA):
one score and a few named parts per sentence, kept as the analysis and shown as sentence rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.layout import Layout
from gecscope.metrics.base import MetricBase
from gecscope.result import Score
from gecscope.types import Example


@dataclass(frozen=True)
class SentenceAnalysis:
    """Per sentence: the score and its parts (named by the metric's ``part_names``)."""

    score: tuple[Any, ...]
    parts: tuple[tuple[Any, ...], ...]

    def __len__(self) -> int:
        return len(self.score)


class SentenceMetric(MetricBase):
    """Base of the reference-free sentence metrics: subclasses implement ``analyse`` and
    ``signature``; the corpus score is the mean of the sentence scores unless they override
    ``score_analysis``."""

    name: str
    layout: Layout
    #: reads no reference (the loaders do not ask for one)
    reference_free = True
    needs_edits = False
    #: the names of each sentence's parts (the columns of its sentence rows after ``score``)
    part_names: tuple[str, ...] = ()

    def analyse(self, examples: Sequence[Example]) -> SentenceAnalysis:
        raise NotImplementedError

    def signature(self) -> str:
        raise NotImplementedError

    def score_analysis(self, analysis: SentenceAnalysis) -> Score:
        return self.mean_score(analysis)

    def mean_score(self, analysis: SentenceAnalysis, **counts: int) -> Score:
        """The mean sentence score (0 without sentences); ``counts`` go into the details."""
        mean = float(np.mean(analysis.score)) if len(analysis) else 0.0
        details = {"score": mean, **counts, "sentences": len(analysis)}
        return Score(self.name, mean, details, self.signature(), self.rows(analysis), layout=self.layout)

    def sentence_scores(self, analysis: SentenceAnalysis) -> list[float]:
        return [float(v) for v in analysis.score]

    def rows(self, analysis: SentenceAnalysis) -> tuple[dict[str, Any], ...]:
        """``{index, score, *parts}`` per sentence."""
        pairs = enumerate(zip(analysis.score, analysis.parts, strict=True))
        return tuple({"index": i, "score": s, **dict(zip(self.part_names, p, strict=True))} for i, (s, p) in pairs)
