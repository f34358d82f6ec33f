"""Read a metric's cached analysis into the compact table that resamples it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gecscope.layout import CHUNK_STATS
from gecscope.metrics import METRICS, rule
from gecscope.metrics import statistics as declared
from gecscope.metrics.base import Greedy, SentenceMean, Summed
from gecscope.metrics.chunk_choice import rule_choice, sentence_parts
from gecscope.metrics.counts import CountTable
from gecscope.resample.rules import FloatArray, GreedyRule
from gecscope.resample.tables import GreedyTable, MeanTable, ReplayTable, SumTable, Table
from gecscope.stats import ChunkCounts


def count_array(table: CountTable) -> tuple[FloatArray, Any]:
    """(sentences, references, fields) statistics of a count table and the mask (valid references first)."""
    return table.values.astype(np.float64), table.mask()


def chunk_array(counts: Sequence[Sequence[ChunkCounts]]) -> tuple[FloatArray, Any]:
    """(sentences, references, 5) chunk counts ``tp, fp_ne, fp_un, fn, tn`` and the mask, from
    nested chunk count records."""
    fields = CHUNK_STATS
    k = max((len(c) for c in counts), default=1)
    arr = np.zeros((len(counts), k, len(fields)))
    mask = np.zeros((len(counts), k), dtype=bool)
    for i, options in enumerate(counts):
        for j, c in enumerate(options):
            arr[i, j] = [getattr(c, f) for f in fields]
            mask[i, j] = True
    return arr, mask


def pair_array(values: FloatArray, pair_offsets: Any) -> tuple[FloatArray, Any]:
    """(sentences, references, 5) from compact (pairs, 5) chunk counts grouped by ``pair_offsets``.

    >>> v, m = pair_array(np.arange(15.0).reshape(3, 5), np.array([0, 2, 3]))
    >>> v[1, 0].tolist(), m.tolist()
    ([10.0, 11.0, 12.0, 13.0, 14.0], [[True, True], [True, False]])
    """
    sizes = np.diff(pair_offsets)
    n = len(sizes)
    k = int(sizes.max()) if n else 1
    sentence = np.repeat(np.arange(n), sizes)
    pos = np.arange(len(values)) - pair_offsets[sentence]
    arr = np.zeros((n, k, values.shape[1]))
    mask = np.zeros((n, k), dtype=bool)
    arr[sentence, pos] = values
    mask[sentence, pos] = True
    return arr, mask


def mean_table(plan: Greedy) -> MeanTable:
    """A ``mean`` reduction of ``plan``'s rule: each sentence's score against the reference its
    sentence key picks, resampled as a mean (summed left to right, as the metric sums)."""
    declared_rule = rule(plan.rule)
    values, offsets = plan.rows.pairs() if plan.offsets is None else (plan.rows, plan.offsets)
    values = np.asarray(values, dtype=np.float64)
    chosen = rule_choice(declared_rule, values, offsets, plan.params, "mean")
    scores = sentence_parts(declared_rule, values, chosen, plan.params)[declared_rule.headline]
    return MeanTable(scores, sequential=True)


def stat_table(metric: Any, analysis: Any) -> Table:
    """The fastest exact table for ``metric``, from the resampling plan its registry entry
    declares (``MetricSpec.resampling``); re-scoring every resample for the rest."""
    spec = METRICS.get(metric.name)
    plan = spec.resampling(metric, analysis) if spec is not None else None
    if isinstance(plan, Greedy):
        if (plan.reduction or rule(plan.rule).reduction) == "mean":
            return mean_table(plan)
        if plan.offsets is not None:
            values, mask = pair_array(plan.rows, plan.offsets)
        else:
            values, mask = count_array(plan.rows)
        return GreedyTable(GreedyRule(plan.rule, tuple(plan.params)), values, mask)
    if isinstance(plan, SentenceMean):
        return MeanTable(np.asarray(plan.values, dtype=np.float64), sequential=plan.sequential)
    if isinstance(plan, Summed):
        return SumTable(plan.stats, plan.corpus, plan.parts)
    return ReplayTable(metric, analysis, declared(metric).size(analysis))
