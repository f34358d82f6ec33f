"""Reference selection and reductions shared by every reference-based metric.

Two rules exist in the field and both are reproduced exactly:

* :func:`greedy_choice` — the corpus rule of CLEME, ERRANT and the M2 scorer: walk the
  sentences in file order and pick, per sentence, the reference that maximises a key computed
  on the running totals plus that reference (strict ``>``: the earliest reference wins ties).
  It is order-dependent by design.
* :func:`best_choice` — per sentence, the reference with the largest key of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar


class Summable(Protocol):
    def __add__(self: S, other: S, /) -> S: ...


S = TypeVar("S", bound=Summable)
Key = tuple[float, ...]


def greedy_choice(candidates: Sequence[Sequence[S]], zero: S, key: Callable[[S, S], Key]) -> list[int]:
    """Index of the chosen reference per sentence. ``key(running_total + cand, cand)``."""
    totals = zero
    chosen: list[int] = []
    for options in candidates:
        best_i, best_key = 0, None
        for i, cand in enumerate(options):
            k = key(totals + cand, cand)
            if best_key is None or k > best_key:
                best_i, best_key = i, k
        totals = totals + options[best_i]
        chosen.append(best_i)
    return chosen


def best_choice(candidates: Sequence[Sequence[S]], key: Callable[[S], Key]) -> list[int]:
    """Index of the reference with the largest ``key`` per sentence (earliest wins ties)."""
    chosen: list[int] = []
    for options in candidates:
        best_i, best_key = 0, None
        for i, cand in enumerate(options):
            k = key(cand)
            if best_key is None or k > best_key:
                best_i, best_key = i, k
        chosen.append(best_i)
    return chosen


def sum_chosen(candidates: Sequence[Sequence[S]], chosen: Sequence[int], zero: S) -> S:
    totals = zero
    for options, i in zip(candidates, chosen, strict=True):
        totals = totals + options[i]
    return totals


def f_beta(p: float, r: float, beta: float) -> float:
    """F-beta, 0 when p + r = 0."""
    b2 = beta * beta
    return (1 + b2) * p * r / (b2 * p + r) if p + r else 0.0
