"""Summable sufficient statistics (a monoid: ``zero`` and ``+``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields


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
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["fp"] = self.fp
        return out


def total(items: Iterable[ChunkCounts]) -> ChunkCounts:
    acc = ChunkCounts()
    for item in items:
        acc = acc + item
    return acc
