"""Every scoring rule, written once: the score formulas, the reference keys and the choices.

A formula is plain arithmetic on statistics ``t`` indexed by field (``t[0]``, ``t[1]``, ...):
a tuple of Python floats, or numpy arrays with the fields on the first axis
(``np.moveaxis(a, -1, 0)``: the metrics' per-sentence columns, the vectorised replay and the
grid searches). The only branches are :func:`div` and :func:`round4`, which work on both; IEEE
division, products and sums give the same bits either way, so every form agrees exactly. Each
rule is one :class:`CorpusRule`: the built-in ones are in :data:`RULES`, a metric module may
declare its own (its registry entry names it ``module:NAME``; ``gecscope.metrics.rules()`` lists
them all), and the metrics, the resampling tables and tests/test_rules.py read the declarations.
The compiled replay (:mod:`gecscope.resample.kernel`) keeps its own copy of the corpus keys for
speed, under the rule's ``code``; tests/test_rules.py checks every form of every rule against
these definitions.

Fields: chunk statistics (CLEME, CLEME2.0, WODAFE) ``tp, fp_ne, fp_un, fn, tn``; ERRANT
``tp, fp, fn``; M2 ``correct, proposed, gold``. Parameters ``p``: CLEME2.0's four factors,
``(beta,)``, WODAFE's ``(beta, alpha)``.

A corpus key ``key(t, c, p)`` ranks a reference by the running totals ``t`` (including the
candidate ``c``); a sentence key ``key(c, p)`` by its own statistics. Two choices exist in the
field and both are reproduced exactly:

* :func:`greedy_choice` — the corpus rule of CLEME, ERRANT and the M2 scorer: walk the
  sentences in file order and pick, per sentence, the reference with the largest key (strict
  ``>``: the earliest reference wins ties). It is order-dependent by design.
* :func:`best_choice` — per sentence, the reference with the largest key of its own.

A rule's ``reduction`` says how the chosen statistics become the corpus score: ``greedy`` (the
greedy choice, then the components of the totals) or ``mean`` (the choice of the sentence key,
then the mean over the sentences of each sentence's components; such a rule resamples as a
sentence mean and needs no compiled code).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

import numpy as np


class Summable(Protocol):
    def __add__(self: S, other: S, /) -> S: ...


S = TypeVar("S", bound=Summable)
Key = tuple[float, ...]


def div(num: Any, den: Any, default: Any) -> Any:
    """``num / den``, or ``default`` where ``den`` is 0 (Python numbers, or numpy arrays elementwise)."""
    if isinstance(num, np.ndarray) or isinstance(den, np.ndarray):
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(den != 0, num / np.where(den != 0, den, 1.0), default)
    return num / den if den != 0 else default


def py_round(x: Any, digits: int) -> Any:
    """``round(v, digits)`` for every element, exactly as Python rounds (``np.round`` differs
    next to a half-way point; those few values are rounded by Python).

    >>> float(py_round(np.array([0.12345]), 4)[0]) == round(0.12345, 4)
    True
    """
    x = np.asarray(x)
    out = np.asarray(np.round(x, digits), dtype=np.float64)
    scaled = x * 10.0**digits
    near = np.abs(scaled - np.floor(scaled) - 0.5) < 1e-6
    out[near] = [round(float(v), digits) for v in x[near]]
    return out


def round4(x: Any) -> Any:
    """Python's ``round(x, 4)`` (elementwise on arrays)."""
    return py_round(x, 4) if isinstance(x, np.ndarray) else round(x, 4)


def f_beta(p: Any, r: Any, beta: float) -> Any:
    """F-beta, 0 when p + r = 0."""
    b2 = beta * beta
    return div((1 + b2) * p * r, b2 * p + r, 0.0)


def prf(tp: Any, proposed: Any, needed: Any, beta: Any) -> tuple[Any, Any, Any]:
    """Unrounded (P, R, F-beta); P = 1 when nothing was proposed, R = 1 when nothing was needed."""
    p = div(tp, proposed, 1.0)
    r = div(tp, needed, 1.0)
    return p, r, f_beta(p, r, beta)


def heuo(t: Any, p: Any) -> tuple[Any, Any, Any, Any, Any]:
    """CLEME2.0's (score, hit, wrong, under, over) of chunk statistics under factors ``p``:
    hit/wrong/under = TP/FP_ne/FN over TP + FP_ne + FN, over = FP_un / (TP + FP_ne + FP_un)."""
    tp, fp_ne, fp_un, fn = t[0], t[1], t[2], t[3]
    ne = tp + fp_ne + fn
    hit = div(tp, ne, 0.0)
    err = div(fp_ne, ne, 0.0)
    und = div(fn, ne, 0.0)
    ove = div(fp_un, tp + fp_ne + fp_un, 0.0)
    return p[0] * hit + p[1] * (1 - err) + p[2] * (1 - und) + p[3] * (1 - ove), hit, err, und, ove


def cleme_prf(t: Any, beta: Any) -> tuple[Any, Any, Any]:
    """CLEME's (P, R, F) of chunk statistics, each rounded to 4 dp as the official scorer does."""
    tp, fp, fn = t[0], t[1] + t[2], t[3]
    p, r, f = prf(tp, tp + fp, tp + fn, beta)
    return round4(p), round4(r), round4(f)


def cleme_accuracy(t: Any) -> Any:
    """CLEME's accuracy (TP + TN) / all, rounded to 4 dp (0 for no chunks)."""
    tp, fp, fn, tn = t[0], t[1] + t[2], t[3], t[4]
    return round4(div(tp + tn, tp + fp + fn + tn, 0.0))


def errant_f(t: Any, beta: Any) -> Any:
    """ERRANT's F-beta of ``(tp, fp, fn)``."""
    return prf(t[0], t[0] + t[1], t[0] + t[2], beta)[2]


def m2_f(c: Any, e: Any, g: Any, beta: Any) -> Any:
    """The M2 scorer's running F that picks annotators (1 when nothing at all, 0 when undefined)."""
    return div((1 + beta * beta) * c, beta * beta * g + e, (c == 0) * 1.0)


def f_generalized(t: Any, beta: Any, alpha: Any) -> Any:
    """WODAFE's F_beta-G: (1 + b2) TP / ((1 + b2) TP + b2 FN + FP_ne + alpha FP_un), 1 if that is 0."""
    b2 = beta * beta
    return div((1 + b2) * t[0], (1 + b2) * t[0] + b2 * t[3] + t[1] + alpha * t[2], 1.0)


# corpus keys key(t, c, p): the totals with the candidate, the candidate, the parameters
def cleme2_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    return (heuo(t, p)[0], c[0], -(c[1] + c[2]), -c[3], c[4])


def cleme_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    return (cleme_prf(t, p[0])[2], c[0], -(c[1] + c[2]), -c[3], c[4])


def errant_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    """errant_compare's: the running F rounded to 4 dp, then TP, -FP, -FN."""
    return (round4(errant_f(t, p[0])), c[0], -c[1], -c[2])


def m2_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    """The M2 scorer's: the running F, then more correct, then fewer proposed + beta^2 gold."""
    return (m2_f(t[0], t[1], t[2], p[0]), t[0], -(t[1] + p[0] ** 2 * t[2]))


def wodafe_key(t: Any, c: Any, p: Any) -> tuple[Any, ...]:
    return (f_generalized(t, p[0], p[1]), c[0], -(c[1] + c[2]), -c[3], c[4])


# sentence keys key(c, p)
def cleme2_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    com, hit, err, und, ove = heuo(c, p)
    return (com, hit, -err, -und, -ove)


def cleme_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    pr, rc, f = cleme_prf(c, p[0])
    return (f, pr, rc, cleme_accuracy(c))


def errant_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    return (errant_f(c, p[0]), c[0], -c[1], -c[2])


def m2_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    return (prf(c[0], c[1], c[2], p[0])[2], c[0], -(c[1] + p[0] ** 2 * c[2]))


def wodafe_sentence_key(c: Any, p: Any) -> tuple[Any, ...]:
    return (f_generalized(c, p[0], p[1]), c[0], -(c[1] + c[2]), -c[3], c[4])


# the corpus scores' components of totals ``t`` under parameters ``p``
def cleme2_parts(t: Any, p: Any) -> dict[str, Any]:
    return dict(zip(("score", "hit", "wrong", "under", "over"), heuo(t, p), strict=True))


def cleme_parts(t: Any, p: Any) -> dict[str, Any]:
    pr, r, f = cleme_prf(t, p[0])
    return {"p": pr, "r": r, "f": f, "acc": cleme_accuracy(t)}


def m2_parts(t: Any, p: Any) -> dict[str, Any]:
    return dict(zip("prf", prf(t[0], t[1], t[2], p[0]), strict=True))


def errant_parts(t: Any, p: Any) -> dict[str, Any]:
    return m2_parts((t[0], t[0] + t[1], t[0] + t[2]), p)


def wodafe_parts(t: Any, p: Any) -> dict[str, Any]:
    return {"f_g": f_generalized(t, p[0], p[1])}


CorpusKey = Callable[[Any, Any, Any], tuple[Any, ...]]
SentenceKey = Callable[[Any, Any], tuple[Any, ...]]
#: how a rule turns the chosen statistics into the corpus score (see the module's docstring)
REDUCTIONS = ("greedy", "mean")


@dataclass(frozen=True)
class CorpusRule:
    """A corpus rule, declared once: the statistics it reads, the corpus key ``key(t, c, p)``
    that picks a reference on the running totals (greedy, file order, earliest wins ties), the
    sentence key ``key(c, p)`` that picks one per sentence, the corpus score's components and
    which of them is the score, and the compiled replay's code (None: not compiled; the greedy
    replay then runs the rule's keys vectorised).

    ``monotone``: +1/-1 per field when the corpus key never decreases as a field grows/shrinks
    (a reference at least as good on every field then wins whatever the running totals).
    ``reduction``: :data:`REDUCTIONS` (a ``mean`` rule's corpus key is its sentence key, so a
    greedy walk makes the same choice). ``settings``: the parameters tests/test_rules.py checks
    every form of the rule under. Metrics, the resampling tables, the kernel and
    tests/test_rules.py read these objects."""

    name: str
    formula: str
    fields: tuple[str, ...]
    corpus_key: CorpusKey
    sentence_key: SentenceKey
    components: Callable[[Any, Any], dict[str, Any]]
    headline: str
    monotone: tuple[float, ...] | None = None
    code: int | None = None
    reduction: str = "greedy"
    settings: tuple[tuple[float, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.reduction not in REDUCTIONS:
            raise ValueError(f"CorpusRule {self.name}: reduction must be one of {', '.join(REDUCTIONS)}")
        if self.reduction == "mean" and self.code is not None:
            raise ValueError(f"CorpusRule {self.name}: a mean rule has no compiled code (it resamples as a mean)")
        if not self.settings:
            raise ValueError(f"CorpusRule {self.name}: declare the parameter settings it is checked under")

    @property
    def keys(self) -> tuple[CorpusKey, SentenceKey]:
        return self.corpus_key, self.sentence_key

    def score(self, t: Any, p: Any) -> Any:
        """The corpus score of totals ``t``."""
        return self.components(t, p)[self.headline]


CHUNK_FIELDS = ("tp", "fp_ne", "fp_un", "fn", "tn")
CLEME2 = CorpusRule(
    "cleme2",
    "greedy reference choice on (score, TP, -FP, -FN, TN)",
    CHUNK_FIELDS,
    cleme2_key,
    cleme2_sentence_key,
    cleme2_parts,
    "score",
    code=0,
    settings=((0.45, 0.35, 0.15, 0.05), (0.5, 0.4, 0.05, 0.05), (0.1, 0.2, 0.6, 0.1)),
)
CLEME = CorpusRule(
    "cleme",
    "greedy reference choice on (F, TP, -FP, -FN, TN)",
    CHUNK_FIELDS,
    cleme_key,
    cleme_sentence_key,
    cleme_parts,
    "f",
    code=1,
    settings=((0.5,), (1.0,)),
)
ERRANT = CorpusRule(
    "errant",
    "greedy reference choice on (F rounded to 4 dp, TP, -FP, -FN)",
    ("tp", "fp", "fn"),
    errant_key,
    errant_sentence_key,
    errant_parts,
    "f",
    monotone=(1.0, -1.0, -1.0),
    code=2,
    settings=((0.5,),),
)
M2 = CorpusRule(
    "m2",
    "greedy annotator choice on (running F, correct, -(proposed + beta^2 gold))",
    ("correct", "proposed", "gold"),
    m2_key,
    m2_sentence_key,
    m2_parts,
    "f",
    monotone=(1.0, -1.0, -1.0),
    code=3,
    settings=((0.5,), (1.0,)),
)
WODAFE = CorpusRule(
    "wodafe",
    "greedy reference choice on (F_G, TP, -FP, -FN, TN)",
    CHUNK_FIELDS,
    wodafe_key,
    wodafe_sentence_key,
    wodafe_parts,
    "f_g",
    settings=((0.5, 0.0), (0.5, 0.195), (0.5, 1.0)),
)
#: the built-in corpus rules by name (``gecscope.metrics.rules()``: these and the metric modules' own)
RULES: dict[str, CorpusRule] = {r.name: r for r in (CLEME2, CLEME, ERRANT, M2, WODAFE)}


def _first_best(keys: Sequence[Key]) -> int:
    """Index of the largest key (strict ``>``: the earliest wins ties, as ``max`` keeps the first
    of equal items); 0 for no keys."""
    return max(range(len(keys)), key=keys.__getitem__, default=0)


def greedy_choice(candidates: Sequence[Sequence[S]], zero: S, key: Callable[[S, S], Key]) -> list[int]:
    """Index of the chosen reference per sentence. ``key(running_total + cand, cand)``."""
    totals = zero
    chosen: list[int] = []
    for options in candidates:
        best = _first_best([key(totals + cand, cand) for cand in options])
        totals = totals + options[best]
        chosen.append(best)
    return chosen


def best_choice(candidates: Sequence[Sequence[S]], key: Callable[[S], Key]) -> list[int]:
    """Index of the reference with the largest ``key`` per sentence (earliest wins ties)."""
    return [_first_best([key(cand) for cand in options]) for options in candidates]


def sum_chosen(candidates: Sequence[Sequence[S]], chosen: Sequence[int], zero: S) -> S:
    return sum((options[i] for options, i in zip(candidates, chosen, strict=True)), zero)
