"""Multiple-comparison corrections of a family of p-values (Holm, Benjamini–Hochberg).

* **Holm** (1979), step-down, controls the family-wise error rate: with the p-values sorted
  ``p(1) <= ... <= p(m)``, ``adj(i) = min(1, max_{j <= i} (m - j + 1) p(j))``.
* **Benjamini–Hochberg** (1995), step-up, controls the false discovery rate:
  ``adj(i) = min(1, min_{j >= i} m p(j) / j)``.
* ``none``: the raw p-values.

Both equal ``statsmodels.stats.multitest.multipletests`` (``holm``, ``fdr_bh``), which the tests check.

>>> [round(x, 4) for x in adjust([0.01, 0.04, 0.03], "holm")]
[0.03, 0.06, 0.06]
>>> [round(x, 4) for x in adjust([0.01, 0.04, 0.03], "bh")]
[0.03, 0.04, 0.04]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

CORRECTIONS = ("holm", "bh", "none")


def adjust(pvalues: Sequence[float], method: str = "holm") -> list[float]:
    """The adjusted p-values, in the order given (never below the raw ones, at most 1)."""
    if method not in CORRECTIONS:
        raise ValueError(f"correction must be one of {', '.join(CORRECTIONS)}; got {method!r}")
    p = np.asarray(pvalues, dtype=np.float64)
    m = len(p)
    if m == 0 or method == "none":
        return [float(x) for x in p]
    order = np.argsort(p, kind="stable")
    ranked = p[order]
    if method == "holm":
        adj = np.maximum.accumulate((m - np.arange(m)) * ranked)
    else:
        adj = np.minimum.accumulate((m * ranked / np.arange(1, m + 1))[::-1])[::-1]
    out = np.empty(m)
    # never below the raw p-value (m p / m can round one unit in the last place below p)
    out[order] = np.minimum(np.maximum(adj, ranked), 1.0)
    return [float(x) for x in out]


__all__ = ["CORRECTIONS", "adjust"]
