"""Score corpora too large to hold in memory: shard by shard, statistics only.

Each shard of examples is aligned if needed, analysed by every metric, and dropped; only the
per-sentence statistics stay. They are stacked (:func:`gecscope.stats.stack`) and
each metric reduces them once with ``score_analysis``, so the numbers are those of
``metric.score(all_examples)`` — the reference choice and every reduction see the whole corpus
in file order. This holds for a metric whose ``score`` is ``score_analysis(analyse(...))``;
:func:`streamable` names the settings where that is so (not M2's or the CLEME family's
``cat`` breakdowns, which re-read the examples, nor model weightings).

>>> from gecscope.api import example_dir, get_metric
>>> from gecscope.io.shards import m2_shards
>>> d = example_dir()
>>> m = get_metric("errant")
>>> [s] = score_shards([m], m2_shards(d / "hypothesis.m2", d / "references.m2", size=3))
>>> from gecscope.io import examples_from_m2
>>> s.details == m.score(examples_from_m2(d / "hypothesis.m2", d / "references.m2")).details
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from gecscope.errors import InputError
from gecscope.metrics import METRICS
from gecscope.metrics.base import Metric
from gecscope.progress import bar
from gecscope.result import Score
from gecscope.stats import stack
from gecscope.types import Example


def streamable(metric: Metric) -> bool:
    """Whether ``metric`` scores exactly from stacked per-shard statistics, as its registry entry
    declares (``MetricSpec.streams``): CLEME2.0, CLEME (unweighted or length-weighted), ERRANT,
    M2, without M2's or CLEME's per-error-type breakdown (those re-read the examples)."""
    spec = METRICS.get(metric.name)
    return spec is not None and spec.streams(metric.config)


def analyse_compactly(metric: Any, examples: Sequence[Example]) -> Any:
    """``metric.analyse``, without the chunk objects where the metric does not need them."""
    if hasattr(metric, "needs_chunks"):
        return metric.analyse(examples, keep_chunks=bool(metric.needs_chunks))
    return metric.analyse(examples)


def analyse_shards(
    metrics: Sequence[Metric],
    shards: Iterable[Sequence[Example]],
    *,
    prepare: Callable[[Sequence[Example]], Sequence[Example]] | None = None,
    total: int | None = None,
    desc: str = "scoring",
) -> list[Any]:
    """Every metric's statistics of every shard, stacked: one analysis per metric. ``prepare``
    (e.g. alignment) runs on each shard first; ``total`` (sentences) gives the progress ETA."""
    parts: list[list[Any]] = [[] for _ in metrics]
    with bar(total, desc, unit="sent") as progress:
        for shard in shards:
            ready = prepare(shard) if prepare is not None else shard
            for metric, bucket in zip(metrics, parts, strict=True):
                bucket.append(analyse_compactly(metric, ready))
            progress.update(len(shard))
            del ready, shard
    if not parts or not parts[0]:
        raise InputError("no sentences to score")
    return [bucket[0] if len(bucket) == 1 else stack(bucket) for bucket in parts]


def score_shards(
    metrics: Sequence[Metric],
    shards: Iterable[Sequence[Example]],
    *,
    prepare: Callable[[Sequence[Example]], Sequence[Example]] | None = None,
    total: int | None = None,
    desc: str = "scoring",
) -> list[Score]:
    """The scores of ``metrics`` over all shards, equal to ``metric.score`` of all examples."""
    analyses = analyse_shards(metrics, shards, prepare=prepare, total=total, desc=desc)
    return [metric.score_analysis(analysis) for metric, analysis in zip(metrics, analyses, strict=True)]
