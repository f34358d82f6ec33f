"""Paired significance tests and percentile intervals from statistic tables.

Paired bootstrap (Koehn, 2004): ``samples`` corpora of ``n`` sentence indices drawn with
replacement; the *same* indices for every system and metric. Each resample is scored as the
metric scores a corpus (:mod:`gecscope.resample.tables`).

* interval: the percentile interval (``numpy.quantile``, linear) of the resampled scores and of
  the resampled differences ``system - baseline``;
* p-value (two-sided): with ``d`` the observed difference and ``c`` the number of resamples
  whose difference does not have the sign of ``d`` (``<= 0`` when ``d > 0``, ``>= 0`` when
  ``d < 0``), ``p = min(1, 2 (c + 1) / (samples + 1))``; ``p = 1`` when ``d = 0``.

Approximate randomization (Riezler and Maxwell, 2005; sacreBLEU's ``--paired-ar``): in each of
``trials`` trials every sentence's statistics are swapped between the two systems with
probability 1/2 (the same swaps for every system and metric), and the two shuffled corpora are
scored; with ``c`` the number of trials whose ``|difference|`` is at least the observed one,
``p = (c + 1) / (trials + 1)``.

A per-type cell without a denominator (no proposal for P, no gold edit for R) is NaN in the
resamples or trials where it is empty; those are left out of its interval and p-values (which
are then over the resamples where the cell is defined).
"""

from __future__ import annotations

import numpy as np

from gecscope.errors import SettingError
from gecscope.resample.payload import IntArray
from gecscope.resample.rules import BoolArray, FloatArray

#: at most this many sentence draws (resamples x sentences) per test: 2 GiB of int64 indices
MAX_DRAWS = 2**28


def check_draws(n: int, draws: int, name: str = "bootstrap") -> None:
    """Refuse ``draws`` resamples (or trials) of ``n`` sentences beyond :data:`MAX_DRAWS` (they
    would exhaust memory, or run for days); ``name`` is how the caller calls the setting."""
    if draws * max(n, 1) > MAX_DRAWS:
        most = max(1, MAX_DRAWS // max(n, 1))
        raise SettingError(f"{name} {draws} is too many for {n} sentences: at most {most} (2^28 sentence draws)", name)


def generators(seed: int) -> tuple[np.random.Generator, np.random.Generator]:
    """Independent streams for the bootstrap and for approximate randomization."""
    a, b = np.random.SeedSequence(seed).spawn(2)
    return np.random.default_rng(a), np.random.default_rng(b)


def bootstrap_indices(n: int, samples: int, seed: int) -> IntArray:
    """``(samples, n)`` sentence indices drawn with replacement.

    >>> bootstrap_indices(5, 2, 0).shape
    (2, 5)
    """
    check_draws(n, samples, "bootstrap")
    return np.asarray(generators(seed)[0].integers(0, n, (samples, n)), dtype=np.int64)


def ar_swaps(n: int, trials: int, seed: int) -> BoolArray:
    """``(trials, n)`` coin flips: swap sentence ``i`` in trial ``t``."""
    check_draws(n, trials, "trials")
    octets = generators(seed)[1].integers(0, 256, (trials, (n + 7) // 8), dtype=np.uint8)
    return np.asarray(np.unpackbits(octets, axis=1)[:, :n].astype(bool))


def defined(draws: FloatArray) -> FloatArray:
    """The draws that are numbers: a per-type cell is NaN in a resample where it is empty (no
    proposal, no gold edit of that type drawn), and such a resample says nothing about it."""
    draws = np.asarray(draws, dtype=np.float64)
    return draws[~np.isnan(draws)]


def percentile_interval(draws: FloatArray, confidence: float = 0.95) -> tuple[float, float]:
    """The central ``confidence`` percentile interval of the :func:`defined` draws (NaN, NaN when
    none is).

    >>> [round(x, 6) for x in percentile_interval(np.arange(101.0))]
    [2.5, 97.5]
    """
    draws = defined(draws)
    if not len(draws):
        return float("nan"), float("nan")
    tail = (1 - confidence) / 2
    lo, hi = np.quantile(draws, [tail, 1 - tail])
    return float(lo), float(hi)


def bootstrap_p(observed: float, diffs: FloatArray) -> float:
    """Two-sided paired-bootstrap p-value (see the module docstring).

    >>> bootstrap_p(0.0, np.zeros(9)), bootstrap_p(1.0, np.ones(9)), bootstrap_p(-1.0, np.ones(9))
    (1.0, 0.2, 1.0)
    """
    diffs = defined(diffs)
    if observed == 0 or not len(diffs):
        return 1.0
    c = int(np.sum(diffs <= 0)) if observed > 0 else int(np.sum(diffs >= 0))
    return float(min(1.0, 2 * (c + 1) / (len(diffs) + 1)))


def ar_p(observed: float, diffs: FloatArray) -> float:
    """Approximate-randomization p-value ``(c + 1) / (trials + 1)``.

    >>> ar_p(0.0, np.zeros(9)), ar_p(1.0, np.zeros(9))
    (1.0, 0.1)
    """
    diffs = defined(diffs)
    c = int(np.sum(np.abs(diffs) >= abs(observed)))
    return float((c + 1) / (len(diffs) + 1))
