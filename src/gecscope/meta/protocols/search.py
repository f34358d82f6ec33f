"""CLEME2.0 trade-off factor search from cached chunk counts (no re-scoring).

All factor settings of a grid are scored at once: the corpus level replays the official greedy
reference choice for every setting in parallel (numpy, the same float operations in the same
order, so ties resolve exactly as in :class:`gecscope.metrics.cleme2.Cleme2`), the sentence
level picks references per sentence. Correlations with human scores are then computed for
every setting, and the paper's leave-one-reference-set-out cross-validation (App. B.5) and the
grid-average correlation (Table 11) are derived from them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import product

import numpy as np
from numpy.typing import NDArray

from gecscope.progress import progress
from gecscope.stats import ChunkCounts

FloatArray = NDArray[np.float64]


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


def counts_array(counts: Sequence[Sequence[ChunkCounts]]) -> tuple[FloatArray, NDArray[np.bool_]]:
    """(sentences, max refs, 5) array of (tp, fp_ne, fp_un, fn, tn) and an availability mask."""
    k = max(len(c) for c in counts)
    arr = np.zeros((len(counts), k, 5))
    mask = np.zeros((len(counts), k), dtype=bool)
    for i, options in enumerate(counts):
        for j, c in enumerate(options):
            arr[i, j] = (c.tp, c.fp_ne, c.fp_un, c.fn, c.tn)
            mask[i, j] = True
    return arr, mask


def _indicators(c: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray, FloatArray]:
    tp, fp_ne, fp_un, fn = c[..., 0], c[..., 1], c[..., 2], c[..., 3]
    with np.errstate(divide="ignore", invalid="ignore"):
        ne = tp + fp_ne + fn
        d = tp + fp_ne + fp_un
        hit = np.where(ne > 0, tp / np.where(ne > 0, ne, 1), 0.0)
        err = np.where(ne > 0, fp_ne / np.where(ne > 0, ne, 1), 0.0)
        und = np.where(ne > 0, fn / np.where(ne > 0, ne, 1), 0.0)
        ove = np.where(d > 0, fp_un / np.where(d > 0, d, 1), 0.0)
    return hit, err, und, ove


def _com(c: FloatArray, f: FloatArray) -> FloatArray:
    hit, err, und, ove = _indicators(c)
    return f[:, 0] * hit + f[:, 1] * (1 - err) + f[:, 2] * (1 - und) + f[:, 3] * (1 - ove)


def corpus_scores(counts: FloatArray, mask: NDArray[np.bool_], grid: FloatArray) -> FloatArray:
    """Corpus CLEME2.0 for every factor setting (greedy choice on (score, TP, -FP, -FN, TN))."""
    n_f = len(grid)
    totals = np.zeros((n_f, 5))
    for i in range(counts.shape[0]):
        options = [j for j in range(counts.shape[1]) if mask[i, j]]
        best = totals + counts[i, options[0]]
        best_com = _com(best, grid)
        best_tie = _tie_key(counts[i, options[0]])
        for j in options[1:]:
            cand = totals + counts[i, j]
            com = _com(cand, grid)
            tie = _tie_key(counts[i, j])
            take = (com > best_com) | ((com == best_com) & (tie > best_tie))
            best = np.where(take[:, None], cand, best)
            best_com = np.where(take, com, best_com)
        totals = best
    return _com(totals, grid)


def _tie_key(c: FloatArray) -> tuple[float, ...]:
    return (c[0], -(c[1] + c[2]), -c[3], c[4])


def sentence_scores(counts: FloatArray, mask: NDArray[np.bool_], grid: FloatArray) -> FloatArray:
    """Sentence-level CLEME2.0 (mean of per-sentence best) for every factor setting."""
    hit, err, und, ove = _indicators(counts)  # (D, K)
    com = (
        grid[:, 0, None, None] * hit
        + grid[:, 1, None, None] * (1 - err)
        + grid[:, 2, None, None] * (1 - und)
        + grid[:, 3, None, None] * (1 - ove)
    )  # (F, D, K)
    com = np.where(mask[None], com, -np.inf)
    # ties on the score are broken by (hit, -wrong, -under, -over), then the first reference
    order = np.lexsort(
        (
            -np.arange(counts.shape[1])[None, None, :].repeat(com.shape[1], 1).repeat(com.shape[0], 0),
            np.broadcast_to(-ove, com.shape),
            np.broadcast_to(-und, com.shape),
            np.broadcast_to(-err, com.shape),
            np.broadcast_to(hit, com.shape),
            com,
        ),
        axis=-1,
    )
    best = np.take_along_axis(com, order[..., -1:], axis=-1)[..., 0]
    return np.asarray(best.mean(axis=1), dtype=np.float64)


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

    def mean_correlation(self) -> FloatArray:
        """(reference sets, settings): the mean of Pearson and Spearman over the human vectors."""
        return np.asarray(self.correlations.mean(axis=(1, 2)), dtype=np.float64)

    def grid_average(self) -> FloatArray:
        """(reference sets, human vectors, 2): the average over the grid (the paper's Table 11)."""
        return np.asarray(np.nanmean(self.correlations, axis=-1), dtype=np.float64)

    def cross_validate(self) -> list[dict[str, object]]:
        """Leave one reference set out: best setting on the others, evaluated on the held-out one."""
        mean = self.mean_correlation()
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
    level: str = "corpus",
    grid: FloatArray | None = None,
) -> SearchResult:
    """``counts[reference_set][system]`` -> per-sentence per-reference chunk counts."""
    grid = factor_grid() if grid is None else grid
    ref_sets = tuple(counts)
    systems = tuple(next(iter(counts.values())))
    human_names = tuple(human)
    out = np.zeros((len(ref_sets), len(human_names), 2, len(grid)))
    for r, rs in enumerate(progress(ref_sets, desc=f"factor search ({level})", unit="reference set")):
        table = np.zeros((len(grid), len(systems)))
        for s, system in enumerate(systems):
            arr, mask = counts_array(counts[rs][system])
            table[:, s] = corpus_scores(arr, mask, grid) if level == "corpus" else sentence_scores(arr, mask, grid)
        for h, name in enumerate(human_names):
            vec = np.asarray([human[name][sy] for sy in systems])
            out[r, h, 0], out[r, h, 1] = correlations(table, vec)
    return SearchResult(grid, ref_sets, human_names, out)
