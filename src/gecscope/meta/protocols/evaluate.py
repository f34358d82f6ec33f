"""Run a metric over a meta-evaluation data set once, then correlate in every way from cache."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.meta.data.datasets import MetaDataset, setting_systems
from gecscope.meta.protocols.correlate import Correlation, system_correlation
from gecscope.meta.protocols.pairwise import PairwiseResult, pairwise_agreement
from gecscope.meta.protocols.session import MetaSession
from gecscope.metrics.base import Metric


@dataclass
class MetricRun:
    """One metric's cached statistics on every system of a data set (nothing is re-scored)."""

    name: str
    metric: Metric
    dataset: MetaDataset
    analyses: dict[str, Any]
    #: the run's shared caches (examples, alignments, judgments, human pairs)
    session: MetaSession
    #: scores computed so far (the analyses do not change, so neither do they)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    def system_scores(self, aggregation: str = "corpus") -> dict[str, float]:
        """``corpus``: the metric's corpus score; ``sentence``: the mean of sentence scores."""
        key = f"system:{aggregation}"
        if key not in self._memo:
            if aggregation == "corpus":
                self._memo[key] = {s: float(self.metric.score_analysis(a).value) for s, a in self.analyses.items()}
            else:
                self._memo[key] = {s: sum(v) / len(v) for s, v in self.sentence_scores().items()}
        return dict(self._memo[key])

    @property
    def signature(self) -> str:
        """The metric's signature with the run's input fields, as ``gecscope score`` signs it."""
        first = next(iter(self.analyses.values()))
        return pipeline.reduce(self.metric, [first], self.session.inputs(self.dataset, self.metric)).signature

    def sentence_scores(self) -> dict[str, list[float]]:
        if "sentence" not in self._memo:
            self._memo["sentence"] = {s: self.metric.sentence_scores(a) for s, a in self.analyses.items()}
        return {s: list(v) for s, v in self._memo["sentence"].items()}


def run_metric(
    name: str,
    metric: Metric,
    dataset: MetaDataset,
    aligner: Aligner | None = None,
    session: MetaSession | None = None,
) -> MetricRun:
    """Analyse every system once. Examples, alignments and shareable analyses come from (and go
    to) the caches of ``session`` (a new one when none is given): the same numbers, computed once
    per run."""
    session = session if session is not None else MetaSession(aligner)
    if session.aligner is None:
        session.aligner = aligner
    return MetricRun(name, metric, dataset, session.analyses(name, metric, dataset), session)


def system_level(run: MetricRun, setting: str | None = None, aggregation: str = "corpus") -> dict[str, Correlation]:
    """Pearson/Spearman against every human vector of the data set, for a system setting."""
    systems = setting_systems(run.dataset, setting)
    scores = run.system_scores(aggregation)
    return {
        name: system_correlation({s: scores[s] for s in systems}, {s: human[s] for s in systems})
        for name, human in run.dataset.human.items()
    }


def sentence_level(
    run: MetricRun, setting: str | None = None, tie_rule: str = "gec-metrics"
) -> dict[str, PairwiseResult]:
    """Pairwise accuracy / Kendall tau against the human rankings (per judgment file)."""
    systems = setting_systems(run.dataset, setting)
    scores = run.sentence_scores()
    position = run.dataset.row_of_src_id() or None
    return {
        gran: pairwise_agreement(run.session.pairs(path, systems), scores, position, tie_rule)
        for gran, path in run.dataset.judgments.items()
    }
