"""Vectorised corpus rules: reference keys and corpus scores on arrays of running totals.

Each rule reproduces one metric's Python arithmetic with the same float operations in the
same order, so a key or a score computed here on a row of totals is bit-identical to the
metric's own value (the greedy reference choice then breaks ties exactly as the metric does).
Python's ``round(x, 4)`` (correctly rounded) differs from ``np.round`` on a few values next
to a rounding boundary; :func:`py_round` fixes those with Python's ``round``.

Statistic fields (last axis) per family:

* ``chunk`` (CLEME, CLEME2.0): ``tp, fp_ne, fp_un, fn, tn``;
* ``errant``: ``tp, fp, fn``;
* ``m2``: ``correct, proposed, gold``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


def py_round(x: FloatArray, digits: int) -> FloatArray:
    """``round(v, digits)`` for every element, exactly as Python rounds.

    >>> float(py_round(np.array([0.12345]), 4)[0]) == round(0.12345, 4)
    True
    """
    scale = 10.0**digits
    out = np.round(x, digits)
    scaled = x * scale
    frac = scaled - np.floor(scaled)
    near = np.abs(frac - 0.5) < 1e-6
    if near.any():
        flat_x, flat_out = x.reshape(-1), out.reshape(-1)
        for i in np.flatnonzero(near.reshape(-1)):
            flat_out[i] = round(float(flat_x[i]), digits)
        out = flat_out.reshape(x.shape)
    return np.asarray(out, dtype=np.float64)


def _safe_div(num: FloatArray, den: FloatArray, cond: BoolArray, default: float) -> FloatArray:
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(cond, num / np.where(cond, den, 1.0), default)


def f_beta(p: FloatArray, r: FloatArray, beta: float) -> FloatArray:
    """:func:`gecscope.scoring.f_beta` elementwise: ``(1 + b2) * p * r / (b2 * p + r)``, 0 if p + r = 0."""
    b2 = beta * beta
    return _safe_div((1 + b2) * p * r, b2 * p + r, (p + r) != 0, 0.0)


def cleme2_score(t: FloatArray, factors: tuple[float, float, float, float]) -> FloatArray:
    """:func:`gecscope.metrics.cleme2.heuo` ``[0]`` on ``(..., 5)`` chunk totals."""
    tp, fp_ne, fp_un, fn = t[..., 0], t[..., 1], t[..., 2], t[..., 3]
    ne = tp + fp_ne + fn
    hit = _safe_div(tp, ne, ne != 0, 0.0)
    err = _safe_div(fp_ne, ne, ne != 0, 0.0)
    und = _safe_div(fn, ne, ne != 0, 0.0)
    d = tp + fp_ne + fp_un
    ove = _safe_div(fp_un, d, d != 0, 0.0)
    a, b, c, e = factors
    return np.asarray(a * hit + b * (1 - err) + c * (1 - und) + e * (1 - ove), dtype=np.float64)


def cleme_f(t: FloatArray, beta: float) -> FloatArray:
    """:func:`gecscope.metrics.cleme.prf` ``[2]`` (rounded to 4 dp) on chunk totals."""
    tp, fp, fn = t[..., 0], t[..., 1] + t[..., 2], t[..., 3]
    p = _safe_div(tp, tp + fp, (tp + fp) != 0, 1.0)
    r = _safe_div(tp, tp + fn, (tp + fn) != 0, 1.0)
    return py_round(f_beta(p, r, beta), 4)


def errant_f(t: FloatArray, beta: float) -> FloatArray:
    """:func:`gecscope.metrics.errant.errant_prf` ``[2]`` on ``(tp, fp, fn)`` totals."""
    tp, fp, fn = t[..., 0], t[..., 1], t[..., 2]
    p = _safe_div(tp, tp + fp, fp != 0, 1.0)
    r = _safe_div(tp, tp + fn, fn != 0, 1.0)
    return f_beta(p, r, beta)


def m2_running_f(t: FloatArray, beta: float) -> FloatArray:
    """:func:`gecscope.metrics.m2.m2_f` (the annotator-choice F) on ``(correct, proposed, gold)``."""
    c, e, g = t[..., 0], t[..., 1], t[..., 2]
    denom = beta * beta * g + e
    zero = np.where(c == 0, 1.0, 0.0)
    return np.asarray(np.where(denom == 0, zero, _safe_div((1 + beta * beta) * c, denom, denom != 0, 0.0)))


def m2_score(t: FloatArray, beta: float) -> FloatArray:
    """:func:`gecscope.metrics.m2.m2_prf` ``[2]``."""
    c, e, g = t[..., 0], t[..., 1], t[..., 2]
    p = _safe_div(c, e, e != 0, 1.0)
    r = _safe_div(c, g, g != 0, 1.0)
    b2 = beta * beta
    denom = b2 * p + r
    return _safe_div((1 + b2) * p * r, denom, denom != 0, 0.0)


def cleme2_parts(t: FloatArray) -> dict[str, FloatArray]:
    """Hit, wrong, under, over of ``(..., 5)`` chunk totals, as :func:`gecscope.metrics.cleme2.heuo`."""
    tp, fp_ne, fp_un, fn = t[..., 0], t[..., 1], t[..., 2], t[..., 3]
    ne = tp + fp_ne + fn
    d = tp + fp_ne + fp_un
    return {
        "hit": _safe_div(tp, ne, ne != 0, 0.0),
        "wrong": _safe_div(fp_ne, ne, ne != 0, 0.0),
        "under": _safe_div(fn, ne, ne != 0, 0.0),
        "over": _safe_div(fp_un, d, d != 0, 0.0),
    }


def cleme_parts(t: FloatArray, beta: float) -> dict[str, FloatArray]:
    """CLEME's rounded P, R, F and accuracy (:func:`gecscope.metrics.cleme.prf`, ``accuracy``)."""
    tp, fp, fn, tn = t[..., 0], t[..., 1] + t[..., 2], t[..., 3], t[..., 4]
    p = _safe_div(tp, tp + fp, (tp + fp) != 0, 1.0)
    r = _safe_div(tp, tp + fn, (tp + fn) != 0, 1.0)
    den = tp + fp + fn + tn
    acc = py_round(_safe_div(tp + tn, den, den != 0, 0.0), 4)
    return {"p": py_round(p, 4), "r": py_round(r, 4), "f": py_round(f_beta(p, r, beta), 4), "acc": acc}


def errant_parts(t: FloatArray, beta: float) -> dict[str, FloatArray]:
    """ERRANT's P, R, F (:func:`gecscope.metrics.errant.errant_prf`) of ``(tp, fp, fn)`` totals."""
    tp, fp, fn = t[..., 0], t[..., 1], t[..., 2]
    p = _safe_div(tp, tp + fp, fp != 0, 1.0)
    r = _safe_div(tp, tp + fn, fn != 0, 1.0)
    return {"p": p, "r": r, "f": f_beta(p, r, beta)}


def m2_parts(t: FloatArray, beta: float) -> dict[str, FloatArray]:
    """The M2 scorer's P, R, F (:func:`gecscope.metrics.m2.m2_prf`)."""
    c, e, g = t[..., 0], t[..., 1], t[..., 2]
    return {"p": _safe_div(c, e, e != 0, 1.0), "r": _safe_div(c, g, g != 0, 1.0), "f": m2_score(t, beta)}


#: key(running totals + candidate, candidate) -> key components, most significant first
KeyFn = Callable[[FloatArray, FloatArray], list[FloatArray]]
ScoreFn = Callable[[FloatArray], FloatArray]
PartsFn = Callable[[FloatArray], dict[str, FloatArray]]


@dataclass(frozen=True)
class GreedyRule:
    """A greedy corpus rule: the reference key on running totals and the corpus score."""

    name: str
    key: KeyFn
    score: ScoreFn
    #: the compiled kernel's rule code and parameters (:mod:`gecscope.resample.kernel`)
    code: int
    params: tuple[float, ...]
    #: +1/-1 per field when the key never decreases as a field grows/shrinks (a reference that
    #: is at least as good on every field then wins whatever the running totals); None otherwise
    monotone: tuple[float, ...] | None = None
    #: the metric's components (its Score's ``components``) of ``(..., fields)`` totals, by key
    parts: PartsFn | None = None


def cleme2_rule(factors: tuple[float, float, float, float]) -> GreedyRule:
    """Key ``(score(total), c.tp, -c.fp, -c.fn, c.tn)`` as :class:`gecscope.metrics.cleme2.Cleme2`."""

    def key(tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        return [cleme2_score(tot, factors), c[..., 0], -(c[..., 1] + c[..., 2]), -c[..., 3], c[..., 4]]

    return GreedyRule("cleme2", key, lambda t: cleme2_score(t, factors), 0, factors, parts=cleme2_parts)


def cleme_rule(beta: float) -> GreedyRule:
    """Key ``(F(total) rounded, c.tp, -c.fp, -c.fn, c.tn)`` as :class:`gecscope.metrics.cleme.Cleme`."""

    def key(tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        return [cleme_f(tot, beta), c[..., 0], -(c[..., 1] + c[..., 2]), -c[..., 3], c[..., 4]]

    return GreedyRule("cleme", key, lambda t: cleme_f(t, beta), 1, (beta,), parts=lambda t: cleme_parts(t, beta))


def errant_rule(beta: float) -> GreedyRule:
    """Key ``(round(F(total), 4), c.tp, -c.fp, -c.fn)`` as errant_compare (official convention)."""

    def key(tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        return [py_round(errant_f(tot, beta), 4), c[..., 0], -c[..., 1], -c[..., 2]]

    return GreedyRule(
        "errant", key, lambda t: errant_f(t, beta), 2, (beta,), (1.0, -1.0, -1.0), lambda t: errant_parts(t, beta)
    )


def m2_rule(beta: float) -> GreedyRule:
    """Key ``(m2_f(total), total.correct, -(total.proposed + beta**2 * total.gold))`` as the M2 scorer."""
    b2 = beta**2

    def key(tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        return [m2_running_f(tot, beta), tot[..., 0], -(tot[..., 1] + b2 * tot[..., 2])]

    return GreedyRule(
        "m2", key, lambda t: m2_score(t, beta), 3, (beta,), (1.0, -1.0, -1.0), lambda t: m2_parts(t, beta)
    )


def lex_argmax(keys: list[FloatArray], mask: BoolArray) -> NDArray[np.intp]:
    """Per row, the first column with the lexicographically largest key among ``mask``."""
    cand = mask.copy()
    for k in keys:
        kk = np.where(cand, k, -np.inf)
        cand &= kk == kk.max(axis=-1, keepdims=True)
    return np.asarray(cand.argmax(axis=-1))
