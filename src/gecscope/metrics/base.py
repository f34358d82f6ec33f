"""The metric protocol: statistics once (``analyse``), then scores (``score_analysis``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gecscope.result import Score
from gecscope.types import Example


class Metric(Protocol):
    name: str
    #: whether targets must carry edits (alignment) before ``analyse``
    needs_edits: bool
    config: Any

    def analyse(self, examples: Sequence[Example]) -> Any: ...

    def score_analysis(self, analysis: Any) -> Score: ...

    def score(self, examples: Sequence[Example]) -> Score: ...

    def sentence_scores(self, analysis: Any) -> list[float]: ...


@dataclass(frozen=True)
class MetricSpec:
    """A registry entry: the metric class, its frozen config class and a one-line summary."""

    metric: type
    config: type
    summary: str

    @property
    def missing_annotators(self) -> str:
        """How reference M2 sentences without lines for an annotator are read for this metric."""
        return str(getattr(self.metric, "missing_annotators", "unchanged"))

    def build(self, **options: Any) -> Metric:
        metric: Metric = self.metric(self.config(**options))
        return metric
