"""WODAFE's alpha x gamma search (paper Figures 4-7, Table 2) from cached statistics.

Each system is aligned, weighted and scored for fluency once
(:func:`gecscope.meta.reports.wodafe_report.collect`); every
(alpha, gamma) is then pure numpy: corpus level re-runs the greedy reference choice per alpha
and mixes the fluency in per gamma; sentence level picks each sentence's best reference per alpha.
Sentence-level agreement with the human pairs is vectorised over the pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from gecscope.meta.data.judgments import HumanPair
from gecscope.meta.protocols.search import correlations, grid_totals
from gecscope.resample.rules import BoolArray, FloatArray
from gecscope.scoring import f_generalized, wodafe_key


@dataclass(frozen=True)
class SystemStats:
    counts: FloatArray  # (sentences, refs, 5): tp, fp_ne, fp_un, fn, tn (weighted)
    mask: BoolArray
    fluency: FloatArray  # (sentences,)


def corpus_f_g(stats: SystemStats, alphas: FloatArray, beta: float = 0.5) -> FloatArray:
    """Corpus F_G per alpha with the metric's greedy reference choice (F_G, then TP, -FP, -FN, TN)."""
    totals = grid_totals(stats.counts, stats.mask, wodafe_key, (beta, alphas))
    return np.asarray(f_generalized(totals, beta, alphas), dtype=np.float64)


def sentence_f_g(stats: SystemStats, alphas: FloatArray, beta: float = 0.5) -> FloatArray:
    """Per-sentence F_G against the best reference, per alpha: (A, sentences)."""
    f = f_generalized(np.moveaxis(stats.counts, -1, 0), beta, alphas[:, None, None])  # (A, D, K)
    return np.asarray(np.where(stats.mask[None], f, -np.inf).max(axis=-1))


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
    pairs: Mapping[str, Sequence[HumanPair]],
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
