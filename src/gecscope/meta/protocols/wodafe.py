"""WODAFE's alpha x gamma search (paper Figures 4-7, Table 2) from cached statistics.

Each system is aligned, weighted and scored for fluency once
(:func:`gecscope.meta.reports.wodafe_report.collect`); every
(alpha, gamma) is then pure numpy: corpus level re-runs the greedy reference choice per alpha
and mixes the fluency in per gamma; sentence level picks each sentence's best reference per alpha.
Sentence-level agreement with the human pairs is vectorised over the pairs.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from gecscope.meta.data.judgments import HumanPair
from gecscope.meta.protocols.search import correlations

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class SystemStats:
    counts: FloatArray  # (sentences, refs, 5): tp, fp_ne, fp_un, fn, tn (weighted)
    mask: NDArray[np.bool_]
    fluency: FloatArray  # (sentences,)


def _f_g(c: FloatArray, alpha: FloatArray, beta: float) -> FloatArray:
    """F_G for counts ``c`` (..., 5) and every alpha: shape (A, ...)."""
    b2 = beta * beta
    tp, fp_ne, fp_un, fn = (c[..., i][None] for i in range(4))
    a = alpha.reshape((-1,) + (1,) * (c.ndim - 1))
    denom = (1 + b2) * tp + b2 * fn + fp_ne + a * fp_un
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.asarray(np.where(denom > 0, (1 + b2) * tp / np.where(denom > 0, denom, 1), 1.0))


def _f_g_rows(totals: FloatArray, alphas: FloatArray, beta: float) -> FloatArray:
    """F_G of row ``a`` of ``totals`` (A, 5) under ``alphas[a]``: shape (A,)."""
    b2 = beta * beta
    tp, fp_ne, fp_un, fn = totals[:, 0], totals[:, 1], totals[:, 2], totals[:, 3]
    denom = (1 + b2) * tp + b2 * fn + fp_ne + alphas * fp_un
    return np.asarray(np.where(denom > 0, (1 + b2) * tp / np.where(denom > 0, denom, 1), 1.0))


def corpus_f_g(stats: SystemStats, alphas: FloatArray, beta: float = 0.5) -> FloatArray:
    """Corpus F_G per alpha with the greedy reference choice (F_G, then TP, -FP, -FN, TN)."""
    totals = np.zeros((len(alphas), 5))
    for i in range(stats.counts.shape[0]):
        options = np.flatnonzero(stats.mask[i])
        best = totals + stats.counts[i, options[0]]
        best_f = _f_g_rows(best, alphas, beta)
        best_tie = _tie(stats.counts[i, options[0]])
        for j in options[1:]:
            cand = totals + stats.counts[i, j]
            f = _f_g_rows(cand, alphas, beta)
            tie = _tie(stats.counts[i, j])
            take = (f > best_f) | ((f == best_f) & (tie > best_tie))
            best = np.where(take[:, None], cand, best)
            best_f = np.where(take, f, best_f)
        totals = best
    return _f_g_rows(totals, alphas, beta)


def _tie(c: FloatArray) -> tuple[float, ...]:
    return (float(c[0]), -float(c[1] + c[2]), -float(c[3]), float(c[4]))


def sentence_f_g(stats: SystemStats, alphas: FloatArray, beta: float = 0.5) -> FloatArray:
    """Per-sentence F_G against the best reference, per alpha: (A, sentences)."""
    f = _f_g(stats.counts, alphas, beta)  # (A, D, K)
    f = np.where(stats.mask[None], f, -np.inf)
    return np.asarray(f.max(axis=-1))


@dataclass(frozen=True)
class GridResult:
    alphas: FloatArray
    gammas: FloatArray
    values: dict[str, FloatArray]  # name -> (A, G)

    def best(self, name: str) -> tuple[float, float, float]:
        """(value, alpha, gamma) of the maximum (first in row-major order)."""
        grid = self.values[name]
        a, g = np.unravel_index(int(np.nanargmax(grid)), grid.shape)
        return float(grid[a, g]), float(self.alphas[a]), float(self.gammas[g])


def system_grid(
    stats: dict[str, SystemStats],
    human: dict[str, dict[str, float]],
    systems: Sequence[str],
    alphas: FloatArray,
    gammas: FloatArray,
    beta: float = 0.5,
) -> GridResult:
    """Pearson and Spearman against each human vector for every (alpha, gamma)."""
    f = np.stack([corpus_f_g(stats[s], alphas, beta) for s in systems], axis=-1)  # (A, S)
    flu = np.array([stats[s].fluency.mean() for s in systems])
    scores = (1 - gammas)[None, :, None] * f[:, None, :] + gammas[None, :, None] * flu[None, None, :]
    values = {}
    for name, vector in human.items():
        h = np.array([vector[s] for s in systems])
        r, rho = correlations(scores.reshape(-1, len(systems)), h)
        values[f"{name}:pearson"] = r.reshape(len(alphas), len(gammas))
        values[f"{name}:spearman"] = rho.reshape(len(alphas), len(gammas))
    return GridResult(alphas, gammas, values)


def sentence_grid(
    stats: dict[str, SystemStats],
    pairs: dict[str, Sequence[HumanPair]],
    position: dict[int, int] | None,
    alphas: FloatArray,
    gammas: FloatArray,
    beta: float = 0.5,
) -> GridResult:
    """Pairwise accuracy and Kendall's tau (gec-metrics tie rule) for every (alpha, gamma)."""
    names = sorted(stats)
    index = {s: i for i, s in enumerate(names)}
    fg = np.stack([sentence_f_g(stats[s], alphas, beta) for s in names], axis=1)  # (A, S, D)
    flu = np.stack([stats[s].fluency for s in names])  # (S, D)
    values = {}
    for gran, items in pairs.items():
        first = np.array([index[p.first] for p in items])
        second = np.array([index[p.second] for p in items])
        rows = np.array([position[p.src_id] if position else p.src_id for p in items])
        label = np.array([p.label for p in items])
        acc = np.zeros((len(alphas), len(gammas)))
        for gi, g in enumerate(gammas):
            score = (1 - g) * fg + g * flu[None]
            diff = score[:, first, rows] - score[:, second, rows]  # (A, P)
            agree = np.where(diff == 0, label == -1, (diff > 0) == (label == 1))
            acc[:, gi] = agree.mean(axis=1)
        values[f"{gran}:accuracy"] = acc
        values[f"{gran}:kendall"] = 2 * acc - 1
    return GridResult(alphas, gammas, values)


def alpha_ablation(
    stats: dict[str, SystemStats],
    human: dict[str, float],
    systems: Sequence[str],
    alphas: FloatArray,
    beta: float = 0.5,
) -> dict[str, FloatArray]:
    """Figure 6: correlation of F_G alone (gamma 0) as alpha varies; alpha = 1 is no decoupling."""
    f = np.stack([corpus_f_g(stats[s], alphas, beta) for s in systems], axis=-1)
    r, rho = correlations(f, np.array([human[s] for s in systems]))
    return {"pearson": r, "spearman": rho}

