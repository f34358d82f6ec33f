"""The greedy replay as one compiled loop (numba, the ``fast`` extra), built from the metrics' formulas.

The keys and corpus scores are the very functions of :mod:`gecscope.scoring`, compiled by numba
(``register_jitable``; :func:`gecscope.scoring.div` and :func:`~gecscope.scoring.round4` get
their compiled forms here, the latter exact at the half-way points). Rule codes: the order of
:data:`gecscope.resample.rules.KINDS` (0 CLEME2.0, 1 CLEME unweighted, 2 ERRANT official, 3 M2).
Every resample walks its sentences in order; a sentence whose choice is fixed
(``choice[row] >= 0``: its references agree, or one dominates the others under a monotone key)
only adds its statistics, the others compare the references' keys on the running totals with
the metric's strict ``>`` (the first reference wins ties).

numba caches the compiled kernels keyed on this file only: after changing a formula in
:mod:`gecscope.scoring`, clear the cache (``__pycache__/kernel.*.nb*`` or ``$NUMBA_CACHE_DIR``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numpy as np

from gecscope import scoring
from gecscope.resample.rules import FloatArray

numba: Any
prange: Any
try:  # the 'fast' extra; without it these are plain Python functions (used by the doctests)
    import numba

    prange = numba.prange
except ImportError:  # pragma: no cover - depends on the environment
    numba = None
    prange = range

Fn = TypeVar("Fn", bound=Callable[..., Any])


def _jit(fn: Fn) -> Fn:
    """Compile lazily on first call (numba), or leave the function as it is."""
    return fn if numba is None else cast(Fn, numba.njit(cache=True, nogil=True)(fn))


def _jit_parallel(fn: Fn) -> Fn:
    """As :func:`_jit`, the ``prange`` loop spread over the cores."""
    return fn if numba is None else cast(Fn, numba.njit(cache=True, nogil=True, parallel=True)(fn))


def available() -> bool:
    """Whether the compiled replay can be used (numba is installed)."""
    return numba is not None


@_jit
def round4(x: float) -> float:
    """Python's ``round(x, 4)`` for ``x >= 0``: exact near the half-way points.

    >>> all(round4(v) == round(v, 4) for v in (0.03125, 0.12345, 0.5, 0.99995, 1/3))
    True
    """
    y = x * 10000.0
    m = np.floor(y)
    if abs(y - m - 0.5) > 1e-6:
        return float(np.rint(y) / 10000.0)
    # decide exactly whether x * 20000 is below, at or above 2m + 1 (Veltkamp split of x)
    c = 134217729.0 * x
    hi = c - (c - x)
    lo = x - hi
    s = (hi * 20000.0 - (2.0 * m + 1.0)) + lo * 20000.0
    if s > 0:
        return float((m + 1.0) / 10000.0)
    if s < 0:
        return float(m / 10000.0)
    return float((m if m % 2.0 == 0.0 else m + 1.0) / 10000.0)


def _register() -> None:
    """Let numba compile the formulas of :mod:`gecscope.scoring` (their two array-aware helpers
    get scalar implementations)."""
    from numba.extending import overload, register_jitable

    overload(scoring.div)(lambda num, den, default: lambda num, den, default: num / den if den != 0.0 else default)
    overload(scoring.round4)(lambda x: lambda x: round4(x))
    formulas: tuple[Callable[..., Any], ...] = (scoring.f_beta, scoring.prf, scoring.heuo, scoring.cleme_prf)
    keys = (scoring.errant_f, scoring.m2_f, scoring.cleme2_key, scoring.cleme_key, scoring.errant_key, scoring.m2_key)
    for fn in formulas + keys:
        register_jitable(fn)


if numba is not None:
    _register()


@_jit
def _key(kind: int, t: FloatArray, c: FloatArray, p: FloatArray) -> tuple[float, float, float, float, float]:
    """The corpus key of rule ``kind`` (padded to five components)."""
    if kind == 0:
        return scoring.cleme2_key(t, c, p)
    if kind == 1:
        return scoring.cleme_key(t, c, p)
    if kind == 2:
        a, b, d, e = scoring.errant_key(t, c, p)
        return (a, b, d, e, 0.0)
    a, b, d = scoring.m2_key(t, c, p)
    return (a, b, d, 0.0, 0.0)


@_jit
def _pick(kind: int, tot: FloatArray, values: FloatArray, mask: Any, r: int, params: FloatArray, buf: Any) -> int:
    """The reference the metric chooses for row ``r`` on the running totals ``tot`` (``buf``: scratch)."""
    pick = -1
    best = (0.0, 0.0, 0.0, 0.0, 0.0)
    for k in range(values.shape[1]):
        if not mask[r, k]:
            continue
        for f in range(values.shape[2]):
            buf[f] = tot[f] + values[r, k, f]
        key = _key(kind, buf, values[r, k], params)
        if pick < 0 or key > best:
            pick, best = k, key
    return pick


@_jit_parallel
def replay_totals(
    kind: int,
    params: FloatArray,
    values: FloatArray,
    mask: Any,
    choice: Any,
    order: Any,
    pay_ptr: Any,
    pay_col: Any,
    pay_val: FloatArray,
    n_pay: int,
) -> tuple[FloatArray, FloatArray]:
    """The chosen statistics' totals ``(resamples, fields)`` of every resample ``order[b]`` (rows
    of ``values``), and the totals of a payload that rides along the chosen references: pair
    ``(row, k)`` adds ``pay_val[j]`` to column ``pay_col[j]`` for ``j`` in
    ``pay_ptr[row * K + k] .. pay_ptr[row * K + k + 1] - 1`` (sparse)."""
    n_res, n = order.shape
    k_max, n_fields = values.shape[1], values.shape[2]
    out = np.zeros((n_res, n_fields))
    pay = np.zeros((n_res, n_pay))
    for b in prange(n_res):
        tot = np.zeros(n_fields)
        buf = np.zeros(n_fields)
        for t in range(n):
            r = order[b, t]
            pick = choice[r]
            if pick < 0:
                pick = _pick(kind, tot, values, mask, r, params, buf)
            for f in range(n_fields):
                tot[f] = tot[f] + values[r, pick, f]
            pair = r * k_max + pick
            for j in range(pay_ptr[pair], pay_ptr[pair + 1]):
                pay[b, pay_col[j]] += pay_val[j]
        for f in range(n_fields):
            out[b, f] = tot[f]
    return out, pay
