"""The greedy replay as one compiled loop (numba, the ``fast`` extra), bit-identical to the metrics.

The keys here are the compiled copies of the corpus keys of :mod:`gecscope.scoring` (kept by
hand for speed: numba's calls through the generic formulas ran the replay twice as slowly);
tests/test_rules.py checks them against the scalar definitions on random statistics.
Rule codes (:data:`COMPILED`; each :class:`gecscope.scoring.CorpusRule` declares its own
``code``, and an unknown code raises): 0 CLEME2.0 (params: the four factors), 1 CLEME
unweighted (params[0]: beta), 2 ERRANT official (beta), 3 M2 (beta).
Every resample walks its sentences in order; a sentence whose choice is fixed
(``choice[row] >= 0``: its references agree, or one dominates the others under a monotone key)
only adds its statistics, the others compare the references' keys on the running totals with the
metric's float operations and its strict ``>`` (first reference wins ties). Python's
``round(x, 4)`` is reproduced exactly, ties included (:func:`round4`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, wraps
from typing import Any, TypeVar, cast

import numpy as np

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

#: the rule codes compiled here (the branches of :func:`_first` and :func:`_tie`)
COMPILED = (0, 1, 2, 3)


def _jit(fn: Fn, parallel: bool = False) -> Fn:
    """Compile lazily on first call (numba; ``parallel``: a ``prange`` loop spread over the cores),
    or leave the function as it is."""
    return fn if numba is None else cast(Fn, numba.njit(cache=True, nogil=True, parallel=parallel)(fn))


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


@_jit
def _div(a: float, b: float, default: float) -> float:
    return a / b if b != 0.0 else default


@_jit
def _fbeta(p: float, r: float, beta: float) -> float:
    b2 = beta * beta
    return (1 + b2) * p * r / (b2 * p + r) if p + r != 0.0 else 0.0


@_jit
def _first(kind: int, tot: FloatArray, values: FloatArray, r: int, k: int, params: FloatArray) -> float:
    """The first key component of reference ``k`` of row ``r``: the corpus value of ``tot + c``
    (rounded to 4 dp for ERRANT, the annotator-choice F for M2)."""
    if kind <= 1:
        tp = tot[0] + values[r, k, 0]
        fp_ne = tot[1] + values[r, k, 1]
        fp_un = tot[2] + values[r, k, 2]
        fn = tot[3] + values[r, k, 3]
        if kind == 0:
            ne = tp + fp_ne + fn
            hit = _div(tp, ne, 0.0)
            err = _div(fp_ne, ne, 0.0)
            und = _div(fn, ne, 0.0)
            ove = _div(fp_un, tp + fp_ne + fp_un, 0.0)
            return float(params[0] * hit + params[1] * (1 - err) + params[2] * (1 - und) + params[3] * (1 - ove))
        fp = fp_ne + fp_un
        return round4(_fbeta(_div(tp, tp + fp, 1.0), _div(tp, tp + fn, 1.0), params[0]))
    a = tot[0] + values[r, k, 0]
    b = tot[1] + values[r, k, 1]
    c = tot[2] + values[r, k, 2]
    if kind == 2:
        p = a / (a + b) if b != 0.0 else 1.0
        rr = a / (a + c) if c != 0.0 else 1.0
        return round4(_fbeta(p, rr, params[0]))
    beta = params[0]
    denom = beta * beta * c + b
    if denom == 0.0:
        return 1.0 if a == 0.0 else 0.0
    return float((1 + beta * beta) * a / denom)


@_jit
def _tie(kind: int, tot: FloatArray, values: FloatArray, r: int, k: int, params: FloatArray, i: int) -> float:
    """Tie-break component ``i`` (1..4) of the key, as the metrics define it."""
    if kind <= 1:  # (c.tp, -c.fp, -c.fn, c.tn)
        if i == 1:
            return float(values[r, k, 0])
        if i == 2:
            return float(-(values[r, k, 1] + values[r, k, 2]))
        if i == 3:
            return float(-values[r, k, 3])
        return float(values[r, k, 4])
    if kind == 2:  # (c.tp, -c.fp, -c.fn)
        if i == 1:
            return float(values[r, k, 0])
        if i == 2:
            return float(-values[r, k, 1])
        if i == 3:
            return float(-values[r, k, 2])
        return 0.0
    if i == 1:  # M2: (total.correct, -(total.proposed + beta**2 * total.gold))
        return float(tot[0] + values[r, k, 0])
    if i == 2:
        return float(-((tot[1] + values[r, k, 1]) + params[0] ** 2 * (tot[2] + values[r, k, 2])))
    return 0.0


@_jit
def _pick(kind: int, tot: FloatArray, values: FloatArray, mask: Any, r: int, params: FloatArray) -> int:
    """The reference the metric chooses for row ``r`` on the running totals ``tot``."""
    pick = -1
    best = 0.0
    for k in range(values.shape[1]):
        if not mask[r, k]:
            continue
        v = _first(kind, tot, values, r, k, params)
        if pick < 0 or v > best:
            pick, best = k, v
        elif v == best:
            for i in range(1, 5):
                x = _tie(kind, tot, values, r, k, params, i)
                y = _tie(kind, tot, values, r, pick, params, i)
                if x != y:
                    if x > y:
                        pick = k
                    break
    return pick


@partial(_jit, parallel=True)
def _replay_totals(
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
    ``pay_ptr[row * K + k] .. pay_ptr[row * K + k + 1] - 1`` (sparse). Compiled; call it as
    :func:`replay_totals`, which refuses a ``kind`` not in :data:`COMPILED`."""
    n_res, n = order.shape
    k_max, n_fields = values.shape[1], values.shape[2]
    out = np.zeros((n_res, n_fields))
    pay = np.zeros((n_res, n_pay))
    for b in prange(n_res):
        tot = np.zeros(n_fields)
        for t in range(n):
            r = order[b, t]
            pick = choice[r]
            if pick < 0:
                pick = _pick(kind, tot, values, mask, r, params)
            for f in range(n_fields):
                tot[f] = tot[f] + values[r, pick, f]
            pair = r * k_max + pick
            for j in range(pay_ptr[pair], pay_ptr[pair + 1]):
                pay[b, pay_col[j]] += pay_val[j]
        for f in range(n_fields):
            out[b, f] = tot[f]
    return out, pay


def _known_kind(fn: Fn) -> Fn:
    """``fn`` refusing a rule code (its first argument) not in :data:`COMPILED` before it runs,
    never replaying with another rule's formula (compiled code cannot say which code it was)."""

    @wraps(fn, updated=())
    def checked(kind: int, *args: Any) -> Any:
        if kind not in COMPILED:
            raise ValueError(f"unknown corpus rule code {kind}; the compiled replay knows {COMPILED}")
        return fn(kind, *args)

    return cast(Fn, checked)


#: :func:`_replay_totals` with its ``kind`` checked
replay_totals = _known_kind(_replay_totals)
