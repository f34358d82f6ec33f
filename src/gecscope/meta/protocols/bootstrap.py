"""Bootstrap confidence intervals for system-level correlations, from cached statistics.

Resampling *systems* reuses the system scores; resampling *sentences* re-aggregates each
system's cached per-sentence statistics on the resampled sentence indices (no alignment, no
model call). The paired test compares two metrics on the same resamples. Randomness comes from
an explicit seed (``numpy.random.Generator``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.errors import SettingError
from gecscope.meta.protocols.evaluate import MetricRun
from gecscope.meta.protocols.limits import MAX_SAMPLES
from gecscope.meta.protocols.search import correlations
from gecscope.resample import Table, stat_table
from gecscope.resample.payload import FloatArray, IntArray


@dataclass(frozen=True)
class Interval:
    estimate: float
    low: float
    high: float
    samples: int

    def __str__(self) -> str:
        return f"{self.estimate:.3f} [{self.low:.3f}, {self.high:.3f}]"


def _system_matrix(
    run: MetricRun,
    systems: Sequence[str],
    aggregation: str,
    idx: IntArray,
    tables: dict[str, Table] | None = None,
) -> FloatArray:
    """Each system's score on the resampled sentences ``idx``."""
    if aggregation == "sentence":
        table = run.sentence_scores()
        return np.asarray([np.mean(np.asarray(table[s])[idx]) for s in systems])
    # the shared resampling tables: the values of re-scoring the resampled analyses
    assert tables is not None
    return np.asarray([tables[s].scores(idx[None].astype(np.int64))[0] for s in systems])


def bootstrap_correlation(
    runs: Sequence[MetricRun],
    human: str,
    systems: Sequence[str],
    *,
    resample: str = "systems",
    samples: int = 1000,
    seed: int = 0,
    aggregation: str = "corpus",
) -> dict[str, Any]:
    """95% percentile intervals of Pearson and Spearman for each run, on shared resamples, and the
    share of resamples where each run's correlation exceeds the first run's (paired test)."""
    if resample not in ("systems", "sentences", "both"):
        raise ValueError("resample must be systems, sentences or both")
    if not 1 <= samples <= MAX_SAMPLES:
        raise SettingError(f"samples must be from 1 to {MAX_SAMPLES:,}; got {samples:,}", "samples")
    rng = np.random.default_rng(seed)
    vec = np.asarray([runs[0].dataset.human[human][s] for s in systems])
    n_sent = len(next(iter(runs[0].analyses.values())))
    full = [np.asarray([r.system_scores(aggregation)[s] for s in systems]) for r in runs]
    base = [correlations(f[None], vec) for f in full]
    tables = [
        {s: stat_table(r.metric, r.analyses[s]) for s in systems}
        if resample != "systems" and aggregation != "sentence"
        else None
        for r in runs
    ]
    draws = np.zeros((len(runs), 2, samples))
    for b in range(samples):
        sys_idx = rng.integers(0, len(systems), len(systems)) if resample != "sentences" else np.arange(len(systems))
        sent_idx = rng.integers(0, n_sent, n_sent) if resample != "systems" else None
        for k, run in enumerate(runs):
            matrix = full[k] if sent_idx is None else _system_matrix(run, systems, aggregation, sent_idx, tables[k])
            p, s = correlations(matrix[sys_idx][None], vec[sys_idx])
            draws[k, :, b] = (p[0], s[0])
    alpha = 0.025  # 95% intervals
    out: dict[str, Any] = {"human": human, "resample": resample, "samples": samples, "seed": seed, "metrics": {}}
    for k, run in enumerate(runs):
        entry: dict[str, Any] = {}
        for j, kind in enumerate(("pearson", "spearman")):
            d = draws[k, j][~np.isnan(draws[k, j])]
            entry[kind] = Interval(
                float(base[k][j][0]), float(np.quantile(d, alpha)), float(np.quantile(d, 1 - alpha)), len(d)
            )
            if k:
                diff = draws[k, j] - draws[0, j]
                entry[f"{kind}_p_not_better_than_{runs[0].name}"] = float(np.mean(diff[~np.isnan(diff)] <= 0))
        out["metrics"][run.name] = entry
    return out
