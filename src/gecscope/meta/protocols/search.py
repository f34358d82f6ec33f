"""CLEME2.0 trade-off factor search from cached chunk counts (no re-scoring).

All factor settings of a grid are scored at once with the metric's own formulas and keys
(:mod:`gecscope.scoring`, on arrays over the settings): the corpus level replays the greedy
reference choice for every setting in parallel (ties resolve exactly as in
:class:`gecscope.metrics.cleme2.Cleme2`), the sentence level picks references per sentence.
Correlations with human scores are then computed for every setting, and the paper's
leave-one-reference-set-out cross-validation (App. B.5) and the grid-average correlation
(Table 11) are derived from them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np

from gecscope.progress import progress
from gecscope.resample.adapters import chunk_array
from gecscope.resample.rules import BoolArray, FloatArray
from gecscope.scoring import cleme2_key, heuo
from gecscope.stats import ChunkCounts


def factor_grid(step: float = 0.05, allow_zero: bool = False) -> FloatArray:
    """Every (hit, wrong, under, over) on the grid that sums to 1 (969 / 1,771 for 0.05)."""
    from gecscope.finite import check_step

    check_step(step)
    units = round(1 / step)
    low = 0 if allow_zero else 1
    rows = [
        (a, b, c, units - a - b - c) for a, b, c in product(range(low, units + 1), repeat=3) if units - a - b - c >= low
    ]
    return np.asarray(rows, dtype=np.float64) / units


def lex_greater(a: Sequence[Any], b: Sequence[Any]) -> BoolArray:
    """Elementwise: whether key ``a`` is lexicographically larger than key ``b`` (components
    are arrays or scalars; later components are looked at only where the earlier ones tie)."""
    gt, eq = np.asarray(a[0] > b[0]), np.asarray(a[0] == b[0])
    for x, y in zip(a[1:], b[1:], strict=True):
        if not eq.any():
            break
        gt, eq = gt | (eq & (x > y)), eq & (x == y)
    return gt


def grid_totals(counts: FloatArray, mask: BoolArray, key: Callable[..., tuple[Any, ...]], p: Any) -> FloatArray:
    """The greedy corpus choice (:func:`gecscope.scoring.greedy_choice` with the metric's corpus
    ``key``) for every parameter setting at once: ``p`` holds the parameters, each a scalar or
    an array over the settings; the chosen totals (fields, settings)."""
    totals = np.zeros((counts.shape[2], max(np.size(x) for x in p)))
    for i in range(counts.shape[0]):
        options = np.flatnonzero(mask[i])
        best = totals + counts[i, options[0], :, None]
        if len(options) > 1:
            best_key = key(best, counts[i, options[0]], p)
            for j in options[1:]:
                cand = totals + counts[i, j, :, None]
                k = key(cand, counts[i, j], p)
                take = lex_greater(k, best_key)
                best = np.where(take, cand, best)
                if j != options[-1]:
                    best_key = tuple(np.where(take, x, y) for x, y in zip(k, best_key, strict=True))
        totals = best
    return totals


def corpus_scores(counts: FloatArray, mask: BoolArray, grid: FloatArray) -> FloatArray:
    """Corpus CLEME2.0 for every factor setting (its greedy choice on (score, TP, -FP, -FN, TN))."""
    p = tuple(np.ascontiguousarray(grid.T))
    return np.asarray(heuo(grid_totals(counts, mask, cleme2_key, p), p)[0], dtype=np.float64)


def sentence_scores(counts: FloatArray, mask: BoolArray, grid: FloatArray) -> FloatArray:
    """Sentence-level CLEME2.0 (the mean of each sentence's score against its best reference,
    :func:`gecscope.scoring.cleme2_sentence_key`: its value is the largest score) for every setting."""
    com = heuo(np.moveaxis(counts, -1, 0), tuple(grid.T[:, :, None, None]))[0]  # (F, D, K)
    return np.asarray(np.where(mask[None], com, -np.inf).max(axis=-1).mean(axis=1), dtype=np.float64)


def correlations(scores: FloatArray, human: FloatArray) -> tuple[FloatArray, FloatArray]:
    """Pearson and Spearman of every row of ``scores`` (settings x systems) with ``human``."""
    from scipy.stats import rankdata

    def pearson(x: FloatArray, y: FloatArray) -> FloatArray:
        xc = x - x.mean(axis=-1, keepdims=True)
        yc = y - y.mean()
        denom = np.sqrt((xc**2).sum(axis=-1) * (yc**2).sum())
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.asarray(np.where(denom > 0, (xc * yc).sum(axis=-1) / denom, np.nan), dtype=np.float64)

    return pearson(scores, human), pearson(rankdata(scores, axis=-1), rankdata(human))


@dataclass(frozen=True)
class SearchResult:
    grid: FloatArray  # (F, 4)
    reference_sets: tuple[str, ...]
    human_names: tuple[str, ...]
    #: correlations[r, h, 0|1, f]: reference set r, human vector h, Pearson|Spearman, setting f
    correlations: FloatArray

    def grid_average(self) -> FloatArray:
        """(reference sets, human vectors, 2): the average over the grid (the paper's Table 11)."""
        return np.asarray(np.nanmean(self.correlations, axis=-1), dtype=np.float64)

    def cross_validate(self) -> list[dict[str, object]]:
        """Leave one reference set out: best setting on the others, evaluated on the held-out one."""
        mean = self.correlations.mean(axis=(1, 2))  # (reference sets, settings): Pearson and Spearman, every vector
        folds = []
        for r, name in enumerate(self.reference_sets):
            others = [i for i in range(len(self.reference_sets)) if i != r]
            f = int(np.nanargmax(mean[others].mean(axis=0)))
            folds.append(
                {
                    "held_out": name,
                    "factors": tuple(float(x) for x in self.grid[f]),
                    "held_out_correlations": {
                        h: (float(self.correlations[r, k, 0, f]), float(self.correlations[r, k, 1, f]))
                        for k, h in enumerate(self.human_names)
                    },
                    "held_out_mean": float(mean[r, f]),
                }
            )
        return folds


def search(
    counts: Mapping[str, Mapping[str, Sequence[Sequence[ChunkCounts]]]],
    human: Mapping[str, Mapping[str, float]],
    level: str,
    grid: FloatArray,
) -> SearchResult:
    """``counts[reference_set][system]`` -> per-sentence per-reference chunk counts, scored at
    every factor setting of ``grid`` (:func:`factor_grid`)."""
    ref_sets = tuple(counts)
    systems = tuple(next(iter(counts.values())))
    human_names = tuple(human)
    out = np.zeros((len(ref_sets), len(human_names), 2, len(grid)))
    for r, rs in enumerate(progress(ref_sets, desc=f"factor search ({level})", unit="reference set")):
        table = np.zeros((len(grid), len(systems)))
        for s, system in enumerate(systems):
            arr, mask = chunk_array(counts[rs][system])
            table[:, s] = corpus_scores(arr, mask, grid) if level == "corpus" else sentence_scores(arr, mask, grid)
        for h, name in enumerate(human_names):
            out[r, h, 0], out[r, h, 1] = correlations(table, np.asarray([human[name][sy] for sy in systems]))
    return SearchResult(grid, ref_sets, human_names, out)
