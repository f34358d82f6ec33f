"""Per-sentence rows built on demand from compact per-sentence arrays.

A corpus of a million sentences keeps its statistics in numpy arrays; its sentence rows (one
dict each, about 1 KB) are only built when somebody reads them — a table or JSON of the corpus
score never does.

>>> rows = LazyRows(3, lambda i: {"index": i, "score": i / 2})
>>> len(rows), rows[2], [r["index"] for r in rows], rows[-1]["score"]
(3, {'index': 2, 'score': 1.0}, [0, 1, 2], 1.0)
>>> rows[1:]
({'index': 1, 'score': 0.5}, {'index': 2, 'score': 1.0})
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload


class LazyRows(Sequence[Mapping[str, Any]]):
    """``n`` rows; row ``i`` is ``make(i)``, computed each time it is read (never stored)."""

    __slots__ = ("_make", "_n")

    def __init__(self, n: int, make: Callable[[int], Mapping[str, Any]]) -> None:
        self._n = n
        self._make = make

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, i: int) -> Mapping[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> tuple[Mapping[str, Any], ...]: ...

    def __getitem__(self, i: int | slice) -> Mapping[str, Any] | tuple[Mapping[str, Any], ...]:
        if isinstance(i, slice):
            return tuple(self._make(j) for j in range(*i.indices(self._n)))
        if i < 0:
            i += self._n
        if not 0 <= i < self._n:
            raise IndexError(f"row {i} of {self._n}")
        return self._make(i)

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        return (self._make(i) for i in range(self._n))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == self._n and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LazyRows({self._n})"
