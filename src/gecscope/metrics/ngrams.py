"""Vectorised n-gram multiset counting for many short sentences at once (numpy).

Each sentence is a group of segments (its source, hypothesis and references), each a run of unit
ids. An n-gram of a sentence gets a dense id of the pair (the id of its (n-1)-gram prefix in the
sentence, its last unit), one ``numpy.unique`` per n, so no n-gram is ever materialised as a
tuple and n-grams of different sentences never share an id.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import chain

import numpy as np
from numpy.typing import NDArray

IntArray = NDArray[np.int64]


#: the largest n-gram order GREEN and GLEU accept (memory grows with it; the papers use 4)
MAX_ORDER = 100
#: sentences counted at a time by GREEN and GLEU (bounds the memory of the n-gram tables)
BLOCK = 4_000


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
    units = list(chain.from_iterable(sequences))
    vocab = {u: i for i, u in enumerate(dict.fromkeys(units))}
    lengths = np.fromiter(map(len, sequences), dtype=np.int64, count=len(sequences))
    return np.fromiter(map(vocab.__getitem__, units), dtype=np.int64, count=len(units)), lengths


def sentence_grams(units: IntArray, lengths: IntArray, width: int, max_n: int) -> Iterator[tuple[IntArray, IntArray]]:
    """Yield, for n = 1..max_n, the n-gram multisets of every sentence's segments. Segments come
    ``width`` to a sentence (segment i is role ``i % width`` of sentence ``i // width``); each
    distinct (sentence, n-gram) is one row: its sentence, and its count in each role
    (``(rows,)`` and ``(rows, width)``)."""
    segment = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    sentence, role = segment // width, segment % width
    remaining = np.cumsum(lengths)[segment] - np.arange(len(units), dtype=np.int64)  # units left, incl. this one
    base = int(units.max()) + 1 if len(units) else 1
    ids = sentence  # the (sentence, (n-1)-gram) at each position; for n = 1 the sentence alone
    for n in range(1, max_n + 1):
        valid = np.flatnonzero(remaining >= n)
        uniq, dense = np.unique(ids[valid] * base + units[valid + n - 1], return_inverse=True)
        ids = np.full(len(units), -1, dtype=np.int64)
        ids[valid] = dense
        rows = np.empty(len(uniq), dtype=np.int64)
        rows[dense] = sentence[valid]
        yield rows, np.bincount(dense * width + role[valid], minlength=len(uniq) * width).reshape(-1, width)
