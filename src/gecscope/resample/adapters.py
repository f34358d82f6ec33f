"""Read a metric's cached analysis into the compact table that resamples it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gecscope.metrics.cleme import Cleme
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.metrics.counts import CountTable
from gecscope.metrics.errant import EditCounts, Errant
from gecscope.metrics.green import Green, GreenAnalysis, green_f
from gecscope.metrics.m2 import M2, M2Counts
from gecscope.resample.rules import FloatArray, cleme2_rule, cleme_rule, errant_rule, m2_rule
from gecscope.resample.tables import GreedyTable, MeanTable, ReplayTable, SumTable, Table
from gecscope.stats import ChunkCounts


def _array(counts: Sequence[Sequence[Any]], fields: tuple[str, ...]) -> tuple[FloatArray, Any]:
    k = max((len(c) for c in counts), default=1)
    arr = np.zeros((len(counts), k, len(fields)))
    mask = np.zeros((len(counts), k), dtype=bool)
    for i, options in enumerate(counts):
        for j, c in enumerate(options):
            arr[i, j] = [getattr(c, f) for f in fields]
            mask[i, j] = True
    return arr, mask


CHUNK_FIELDS = ("tp", "fp_ne", "fp_un", "fn", "tn")


def chunk_array(counts: Sequence[Sequence[ChunkCounts]]) -> tuple[FloatArray, Any]:
    """(sentences, references, 5) chunk counts ``tp, fp_ne, fp_un, fn, tn`` and the mask."""
    return _array(counts, CHUNK_FIELDS)


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


def edit_array(counts: Sequence[Sequence[EditCounts]] | CountTable) -> tuple[FloatArray, Any]:
    """(sentences, references, 3) ERRANT ``tp, fp, fn`` and the mask."""
    if isinstance(counts, CountTable):
        return counts.values.astype(np.float64), counts.mask()
    return _array(counts, ("tp", "fp", "fn"))


def m2_array(counts: Sequence[Sequence[M2Counts]] | CountTable) -> tuple[FloatArray, Any]:
    """(sentences, references, 3) M2 ``correct, proposed, gold`` and the mask."""
    if isinstance(counts, CountTable):
        return counts.values.astype(np.float64), counts.mask()
    return _array(counts, ("correct", "proposed", "gold"))


def level(metric: Any) -> str:
    return str(getattr(metric.config, "level", "corpus"))


def stat_table(metric: Any, analysis: Any) -> Table:
    """The fastest exact table for ``metric`` (falls back to re-scoring for the rest)."""
    kind = type(metric)
    # length weights depend on the whole corpus (its mean chunk length), so a resample's weights
    # differ from the full corpus's: weighted chunk metrics are re-scored
    chunk = kind in (Cleme2, Cleme) and metric.config.weighting == "none"
    if chunk and level(metric) == "corpus":
        values, mask = pair_array(metric.count_array(analysis), analysis.pair_offsets)
        if isinstance(metric, Cleme2):
            assert isinstance(metric.config, Cleme2Config)
            f = metric.config.active_factors
            return GreedyTable(cleme2_rule((f.hit, f.wrong, f.under, f.over)), values, mask)
        assert isinstance(metric, Cleme)
        return GreedyTable(cleme_rule(metric.beta), values, mask)
    if chunk or (kind is Green and level(metric) == "sentence"):
        return MeanTable(np.asarray(metric.sentence_scores(analysis), dtype=np.float64), sequential=chunk)
    if kind is Errant and metric.config.convention == "official":
        values, mask = edit_array(analysis)
        return GreedyTable(errant_rule(metric.config.beta), values, mask)
    if kind is M2:
        values, mask = m2_array(analysis)
        return GreedyTable(m2_rule(metric.config.beta), values, mask)
    if kind is Green:
        assert isinstance(analysis, GreenAnalysis)
        chosen = metric.choose(analysis)
        pick = analysis.regions[:, np.arange(len(chosen)), chosen, :]  # (7, D, N)
        stats = np.stack([pick[0] + pick[1] + pick[2], pick[3] + pick[4], pick[5] + pick[6]], axis=1)  # (D, 3, N)
        cfg = metric.config

        def corpus_f(t: FloatArray) -> FloatArray:
            return np.asarray(green_f(t[:, 0], t[:, 1], t[:, 2], cfg.beta, cfg.convention)[0][:, -1])

        def parts(t: FloatArray) -> dict[str, FloatArray]:
            f, p, r = green_f(t[:, 0], t[:, 1], t[:, 2], cfg.beta, cfg.convention)
            return {"p": p[:, -1], "r": r[:, -1], "f": f[:, -1], "corpus_f": f[:, -1]}

        return SumTable(stats, corpus_f, parts)
    return ReplayTable(metric, analysis, len(analysis))
