"""Run a metric over a meta-evaluation data set once, then correlate in every way from cache."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gecscope.align import Aligner, align_examples
from gecscope.meta.data.datasets import MetaDataset, setting_systems
from gecscope.meta.data.judgments import human_pairs, read_judgments
from gecscope.meta.protocols.correlate import Correlation, system_correlation
from gecscope.meta.protocols.pairwise import PairwiseResult, pairwise_agreement
from gecscope.metrics.base import Metric
from gecscope.progress import progress


@dataclass
class MetricRun:
    """One metric's cached statistics on every system of a data set (nothing is re-scored)."""

    name: str
    metric: Metric
    dataset: MetaDataset
    analyses: dict[str, Any]

    def system_scores(self, aggregation: str = "corpus") -> dict[str, float]:
        """``corpus``: the metric's corpus score; ``sentence``: the mean of sentence scores."""
        if aggregation == "corpus":
            return {s: float(self.metric.score_analysis(a).value) for s, a in self.analyses.items()}
        table = self.sentence_scores()
        return {s: sum(v) / len(v) for s, v in table.items()}

    def sentence_scores(self) -> dict[str, list[float]]:
        return {s: self.metric.sentence_scores(a) for s, a in self.analyses.items()}


def run_metric(name: str, metric: Metric, dataset: MetaDataset, aligner: Aligner | None = None) -> MetricRun:
    analyses = {}
    hypotheses = metric.needs_edits
    references = hypotheses or bool(getattr(metric, "needs_reference_edits", False))
    if references and aligner is None:
        raise ValueError(f"{name} needs edits: pass an aligner")
    for system in progress(dataset.systems, desc=f"{name} on {dataset.name}", unit="system"):
        examples = dataset.examples(system)
        if references:
            assert aligner is not None
            examples = align_examples(examples, aligner, hypotheses=hypotheses)
        analyses[system] = metric.analyse(examples)
    return MetricRun(name, metric, dataset, analyses)


def system_level(run: MetricRun, setting: str | None = None, aggregation: str = "corpus") -> dict[str, Correlation]:
    """Pearson/Spearman against every human vector of the data set, for a system setting."""
    systems = setting_systems(run.dataset, setting)
    scores = run.system_scores(aggregation)
    return {
        name: system_correlation({s: scores[s] for s in systems}, {s: human[s] for s in systems})
        for name, human in run.dataset.human.items()
    }


def sentence_level(
    run: MetricRun, setting: str | None = None, tie_rule: str = "gec-metrics", granularities: Sequence[str] = ()
) -> dict[str, PairwiseResult]:
    """Pairwise accuracy / Kendall tau against the human rankings (per judgment file)."""
    systems = setting_systems(run.dataset, setting)
    scores = run.sentence_scores()
    position = run.dataset.row_of_src_id() or None
    out = {}
    for gran, path in run.dataset.judgments.items():
        if granularities and gran not in granularities:
            continue
        pairs = human_pairs(read_judgments(path), systems)
        out[gran] = pairwise_agreement(pairs, scores, position, tie_rule)
    return out
