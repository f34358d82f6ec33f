"""System-level correlation (Pearson, Spearman) between metric and human scores."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Correlation:
    pearson: float
    spearman: float
    systems: int


def system_correlation(metric: Mapping[str, float], human: Mapping[str, float]) -> Correlation:
    """Correlate over the systems present in both mappings (at least three).

    >>> c = system_correlation({"a": 0.1, "b": 0.2, "c": 0.4}, {"a": 1.0, "b": 2.0, "c": 3.0})
    >>> round(c.pearson, 4), c.spearman, c.systems
    (0.982, 1.0, 3)
    """
    from scipy.stats import pearsonr, spearmanr

    systems = sorted(set(metric) & set(human))
    if len(systems) < 3:
        raise ValueError(f"need at least 3 common systems to correlate, got {len(systems)}")
    xs = [metric[s] for s in systems]
    ys = [human[s] for s in systems]
    return Correlation(float(pearsonr(xs, ys)[0]), float(spearmanr(xs, ys)[0]), len(systems))
