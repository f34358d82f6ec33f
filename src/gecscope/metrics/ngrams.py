"""Vectorised n-gram multiset counting for many short sequences at once (numpy).

Every sequence ("segment") is a run of unit ids; n-grams get dense integer ids shared by all
segments, built incrementally (an n-gram id is a dense id of the pair (its (n-1)-gram prefix id,
its last unit)), so no n-gram is ever materialised as a tuple.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]


@dataclass(frozen=True)
class SegmentGrams:
    """For one n: distinct (segment, gram) pairs with their multiplicity."""

    n: int
    segment: IntArray
    gram: IntArray
    count: IntArray
    n_grams: int  # number of distinct grams of this order (ids are < n_grams)


def split_spaces(line: str) -> tuple[str, ...]:
    """gec-metrics' tokenisation: ``line.split(" ")`` of a non-empty line, so leading, trailing and
    repeated spaces give empty tokens and a no-break space stays inside its token; an empty line
    has no tokens (its n-gram table is empty).

    >>> split_spaces(" a  b\xa0c")
    ('', 'a', '', 'b\xa0c')
    >>> split_spaces("")
    ()
    """
    return tuple(line.split(" ")) if line else ()


def encode(sequences: Sequence[Sequence[str]]) -> tuple[IntArray, IntArray]:
    """Unit ids of all sequences concatenated, and each sequence's length."""
    vocab: dict[str, int] = {}
    ids = [vocab.setdefault(u, len(vocab)) for seq in sequences for u in seq]
    lengths = np.fromiter((len(s) for s in sequences), dtype=np.int64, count=len(sequences))
    return np.asarray(ids, dtype=np.int64), lengths


def segment_grams(units: IntArray, lengths: IntArray, max_n: int) -> Iterator[SegmentGrams]:
    """Yield, for n = 1..max_n, the n-gram multiset of every segment."""
    n_seg = len(lengths)
    seg_of = np.repeat(np.arange(n_seg, dtype=np.int64), lengths)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64) if n_seg else np.zeros(0, np.int64)
    remaining = (starts + lengths)[seg_of] - np.arange(len(units), dtype=np.int64)  # units left incl. this one
    base = int(units.max()) + 1 if len(units) else 1
    ids = units.copy()
    n_ids = base
    for n in range(1, max_n + 1):
        valid = np.flatnonzero(remaining >= n)
        if n > 1:
            key = ids[valid] * base + units[valid + n - 1]
            uniq, dense = np.unique(key, return_inverse=True)
            ids = np.full(len(units), -1, dtype=np.int64)
            ids[valid] = dense
            n_ids = len(uniq)
        grams = ids[valid]
        key2 = seg_of[valid] * n_ids + grams
        uniq2, counts = np.unique(key2, return_counts=True)
        yield SegmentGrams(n, uniq2 // n_ids, uniq2 % n_ids, counts.astype(np.int64), n_ids)
