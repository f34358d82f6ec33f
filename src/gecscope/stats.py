"""Summable sufficient statistics (a monoid: ``zero`` and ``+``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any, Protocol, runtime_checkable

import numpy as np


@dataclass(frozen=True, slots=True)
class ChunkCounts:
    """CLEME chunk counts for one sentence and one reference (floats, so weights fit).

    ``fp`` is derived: every false positive is either necessary-but-wrong (``fp_ne``) or
    unnecessary (``fp_un``).
    """

    tp: float = 0.0
    fp_ne: float = 0.0
    fp_un: float = 0.0
    fn: float = 0.0
    tn: float = 0.0

    @property
    def fp(self) -> float:
        return self.fp_ne + self.fp_un

    def __add__(self, other: ChunkCounts) -> ChunkCounts:
        return ChunkCounts(
            self.tp + other.tp,
            self.fp_ne + other.fp_ne,
            self.fp_un + other.fp_un,
            self.fn + other.fn,
            self.tn + other.tn,
        )

    def as_dict(self) -> dict[str, float]:
        return {**{f.name: getattr(self, f.name) for f in fields(self)}, "fp": self.fp}


@runtime_checkable
class SentenceStats(Protocol):
    """Per-sentence statistics that select and stack themselves (chunk, n-gram, count tables)."""

    def __len__(self) -> int: ...

    def take(self, idx: Any) -> Any: ...

    def stack(self, parts: Sequence[Any]) -> Any: ...


def size(stats: Any) -> int:
    """The number of sentences of any metric's statistics (see :func:`take`)."""
    if is_dataclass(stats) and not isinstance(stats, SentenceStats | type):
        return len(getattr(stats, _sentence_fields(stats)[0]))
    return len(stats)


def take(stats: Any, idx: Any) -> Any:
    """The statistics of the sentences ``idx`` (in that order, with repeats), for any metric:
    :class:`SentenceStats`, an array (one row per sentence), a dataclass whose tuple fields hold
    one entry per sentence, or a list.

    >>> take([("a",), ("b",), ("c",)], [2, 2, 0])
    [('c',), ('c',), ('a',)]
    """
    if isinstance(stats, SentenceStats):
        return stats.take(idx)
    if isinstance(stats, np.ndarray):
        return stats[np.asarray(idx)]
    if is_dataclass(stats) and not isinstance(stats, type):
        return replace(stats, **{k: tuple(getattr(stats, k)[i] for i in idx) for k in _sentence_fields(stats)})
    return [stats[i] for i in idx]


def stack(parts: Sequence[Any]) -> Any:
    """The sentences of several statistics of the same metric (shards), one after another.

    >>> stack([[1, 2], [3]])
    [1, 2, 3]
    """
    first = parts[0]
    if isinstance(first, SentenceStats):
        return first.stack(parts)
    if isinstance(first, np.ndarray):
        return np.concatenate(parts, axis=0)
    if is_dataclass(first) and not isinstance(first, type):
        return replace(first, **{k: tuple(x for a in parts for x in getattr(a, k)) for k in _sentence_fields(first)})
    return [row for a in parts for row in a]


def _sentence_fields(stats: Any) -> list[str]:
    """The tuple fields of a dataclass that hold one entry per sentence."""
    values = {f.name: getattr(stats, f.name) for f in fields(stats)}
    tuples = {k: v for k, v in values.items() if isinstance(v, tuple)}
    if not tuples:
        raise TypeError(f"cannot resample a {type(stats).__name__} (no per-sentence fields)")
    n = len(next(iter(tuples.values())))
    return [k for k, v in tuples.items() if len(v) == n]
