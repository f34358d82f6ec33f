"""The greedy corpus rules of the resampling tables, taken from the metrics' own formulas.

A rule names a metric's corpus key and corpus score in :mod:`gecscope.scoring` with their
parameters. The vectorised replay (:class:`~gecscope.resample.tables.GreedyTable`) applies those
functions to arrays of running totals (the fields on the last axis here, moved first for the
formulas); the compiled replay (:mod:`gecscope.resample.kernel`) compiles the same functions.

Statistic fields (last axis) per family:

* ``chunk`` (CLEME, CLEME2.0): ``tp, fp_ne, fp_un, fn, tn``;
* ``errant``: ``tp, fp, fn``;
* ``m2``: ``correct, proposed, gold``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope import scoring

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


def _cleme2_parts(t: Any, p: Any) -> dict[str, Any]:
    return dict(zip(("score", "hit", "wrong", "under", "over"), scoring.heuo(t, p), strict=True))


def _cleme_parts(t: Any, p: Any) -> dict[str, Any]:
    pr, r, f = scoring.cleme_prf(t, p[0])
    return {"p": pr, "r": r, "f": f, "acc": scoring.cleme_accuracy(t)}


def _prf_parts(t: Any, p: Any) -> dict[str, Any]:
    return dict(zip("prf", scoring.prf(t[0], t[1], t[2], p[0]), strict=True))


def _errant_parts(t: Any, p: Any) -> dict[str, Any]:
    return _prf_parts((t[0], t[0] + t[1], t[0] + t[2]), p)


#: per rule: its corpus key, its corpus score's components (the score under ``score``, or
#: ``f``), and the signs that make its key monotone per field (None: not monotone)
KINDS: dict[str, tuple[Callable[..., tuple[Any, ...]], Callable[..., dict[str, Any]], tuple[float, ...] | None]] = {
    "cleme2": (scoring.cleme2_key, _cleme2_parts, None),
    "cleme": (scoring.cleme_key, _cleme_parts, None),
    "errant": (scoring.errant_key, _errant_parts, (1.0, -1.0, -1.0)),
    "m2": (scoring.m2_key, _prf_parts, (1.0, -1.0, -1.0)),
}


def _fields(t: FloatArray) -> FloatArray:
    return np.moveaxis(t, -1, 0)


@dataclass(frozen=True)
class GreedyRule:
    """A greedy corpus rule: the metric's reference key on running totals and its corpus score.

    ``monotone``: +1/-1 per field when the key never decreases as a field grows/shrinks (a
    reference that is at least as good on every field then wins whatever the running totals)."""

    name: str
    params: tuple[float, ...]

    @property
    def code(self) -> int:
        """The compiled kernel's rule code (:mod:`gecscope.resample.kernel`)."""
        return list(KINDS).index(self.name)

    @property
    def monotone(self) -> tuple[float, ...] | None:
        return KINDS[self.name][2]

    def key(self, tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        """The key components (most significant first) of ``(..., fields)`` totals and candidates."""
        return [np.asarray(k) for k in KINDS[self.name][0](_fields(tot), _fields(c), self.params)]

    def parts(self, t: FloatArray) -> dict[str, FloatArray]:
        """The metric's components (its Score's ``components``) of ``(..., fields)`` totals."""
        return {k: np.asarray(v, dtype=np.float64) for k, v in KINDS[self.name][1](_fields(t), self.params).items()}

    def score(self, t: FloatArray) -> FloatArray:
        """The corpus score of ``(..., fields)`` totals."""
        parts = self.parts(t)
        return parts["score"] if "score" in parts else parts["f"]


def lex_argmax(keys: list[FloatArray], mask: BoolArray) -> NDArray[np.intp]:
    """Per row, the first column with the lexicographically largest key among ``mask``."""
    cand = mask.copy()
    for k in keys:
        kk = np.where(cand, k, -np.inf)
        cand &= kk == kk.max(axis=-1, keepdims=True)
    return np.asarray(cand.argmax(axis=-1))
