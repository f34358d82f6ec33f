"""The greedy corpus rules of the resampling tables: every greedy
:class:`gecscope.scoring.CorpusRule` (``gecscope.metrics.rules()``), with its parameters. The
vectorised replay (:class:`~gecscope.resample.tables.GreedyTable`) applies the rule's functions
to arrays of running totals (the fields on the last axis here, moved first for the formulas);
the compiled replay (:mod:`gecscope.resample.kernel`) runs the rule's ``code`` where it declares
one (:data:`KINDS`), the vectorised one otherwise. A ``mean`` rule resamples as a sentence mean
(``gecscope.resample.adapters``).

Statistic fields (last axis) per family:

* ``chunk`` (CLEME, CLEME2.0): ``tp, fp_ne, fp_un, fn, tn``;
* ``errant``: ``tp, fp, fn``;
* ``m2``: ``correct, proposed, gold``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from gecscope import scoring
from gecscope.metrics import rule as declared

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


#: the rules the compiled replay serves: every built-in corpus rule with a compiled code
KINDS: dict[str, scoring.CorpusRule] = {name: r for name, r in scoring.RULES.items() if r.code is not None}


def _fields(t: FloatArray) -> FloatArray:
    return np.moveaxis(t, -1, 0)


@dataclass(frozen=True)
class GreedyRule:
    """A greedy corpus rule: the metric's reference key on running totals and its corpus score.

    ``monotone``: +1/-1 per field when the key never decreases as a field grows/shrinks (a
    reference that is at least as good on every field then wins whatever the running totals)."""

    name: str
    params: tuple[float, ...]
    #: the declared rule (looked up once; an unknown name raises ``ValueError``)
    rule: scoring.CorpusRule = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rule = declared(self.name)
        if rule.reduction != "greedy":
            raise ValueError(f"corpus rule {self.name!r} is not greedy (its reduction: {rule.reduction})")
        object.__setattr__(self, "rule", rule)

    @property
    def code(self) -> int | None:
        """The compiled kernel's rule code (:mod:`gecscope.resample.kernel`), declared by the
        rule; None: replayed vectorised."""
        return self.rule.code

    @property
    def monotone(self) -> tuple[float, ...] | None:
        return self.rule.monotone

    def key(self, tot: FloatArray, c: FloatArray) -> list[FloatArray]:
        """The key components (most significant first) of ``(..., fields)`` totals and candidates."""
        return [np.asarray(k) for k in self.rule.corpus_key(_fields(tot), _fields(c), self.params)]

    def parts(self, t: FloatArray) -> dict[str, FloatArray]:
        """The metric's components (its Score's ``components``) of ``(..., fields)`` totals."""
        return {k: np.asarray(v, dtype=np.float64) for k, v in self.rule.components(_fields(t), self.params).items()}

    def score(self, t: FloatArray) -> FloatArray:
        """The corpus score of ``(..., fields)`` totals."""
        return self.parts(t)[self.rule.headline]


def lex_argmax(keys: list[FloatArray], mask: BoolArray) -> NDArray[np.intp]:
    """Per row, the first column with the lexicographically largest key among ``mask``."""
    cand = mask.copy()
    for k in keys:
        kk = np.where(cand, k, -np.inf)
        cand &= kk == kk.max(axis=-1, keepdims=True)
    return np.asarray(cand.argmax(axis=-1))
