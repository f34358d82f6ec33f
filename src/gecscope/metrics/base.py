"""The metric protocol: statistics once (``analyse``), then scores (``score_analysis``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gecscope.report.signature import make_signature
from gecscope.result import Score
from gecscope.types import CONVENTIONS, Example, with_convention


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

    def build(self, **options: Any) -> Metric:
        metric: Metric = self.metric(self.config(**options))
        return metric


def convention(metric: Any) -> str:
    """The metric's missing-annotator convention: its config's ``missing_annotators`` when set,
    else the official one (class attribute ``missing_annotators``; ``unchanged`` by default)."""
    chosen = getattr(metric.config, "missing_annotators", None)
    return str(chosen or getattr(type(metric), "missing_annotators", "unchanged"))


def signed(metric: Any, fields: dict[str, str]) -> str:
    """The metric's signature: its settings ``fields`` plus the convention when not the official one."""
    found = convention(metric)
    official = found == str(getattr(type(metric), "missing_annotators", "unchanged"))
    return make_signature(metric.name, {**fields, **({} if official else {"missing": found})})


def references_chosen(metric: Any, examples: Sequence[Example]) -> Sequence[Example]:
    """``examples`` with the references the metric's convention keeps (see :func:`convention`)."""
    return with_convention(examples, convention(metric))


def check_convention(value: str | None) -> None:
    """Validate a config's ``missing_annotators`` (``None``: the metric's official convention)."""
    if value is not None and value not in CONVENTIONS:
        raise ValueError(f"missing_annotators must be one of {', '.join(CONVENTIONS)} or None; got {value!r}")
