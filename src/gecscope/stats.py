"""Per-sentence statistics: CLEME's chunk counts, and the declaration (:class:`Statistics`)
that selects and stacks any metric's analysis."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol


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


class SentenceStats(Protocol):
    """Per-sentence statistics that select and stack themselves (chunk, n-gram, count tables)."""

    def __len__(self) -> int: ...

    def take(self, idx: Any) -> Any: ...

    def stack(self, parts: Sequence[Any]) -> Any: ...


#: how an analysis holds its sentences: ``table`` (a :class:`SentenceStats`: it selects and stacks
#: itself), ``array`` (a numpy array, one row per sentence), ``record`` (a frozen dataclass whose
#: ``sentence_fields`` are tuples with one entry per sentence)
HOLDINGS = ("table", "array", "record")
#: where per-type counts come from (``compare --cat``): ``chunks`` (CLEME's chunk attribution),
#: ``edits`` (the count table's categories), ``annotators`` (M2's per-annotator edit types), or
#: ``""`` (none)
TYPE_SOURCES = ("", "chunks", "edits", "annotators")


@dataclass(frozen=True)
class Statistics:
    """A metric's per-sentence statistics, as its registry entry declares them: their fields,
    how the analysis holds its sentences (:data:`HOLDINGS`; a ``record`` names its
    ``sentence_fields``), where its per-type counts come from (:data:`TYPE_SOURCES`), and the
    corpus rule that reduces them: the name of a built-in
    :class:`gecscope.scoring.CorpusRule` (:data:`gecscope.scoring.RULES`), ``module:NAME`` for
    one a metric module declares (``gecscope.metrics.<module>.<NAME>``), else its description.
    :meth:`take`, :meth:`stack` and :meth:`size` (resampling, shard merging) read the holding,
    never the analysis's type.

    >>> Statistics(("x",), holding="array").take(__import__("numpy").array([1, 2, 3]), [2, 2, 0]).tolist()
    [3, 3, 1]
    """

    fields: tuple[str, ...]
    corpus_rule: str = ""
    holding: str = "table"
    sentence_fields: tuple[str, ...] = ()
    types: str = ""

    def __post_init__(self) -> None:
        if self.holding not in HOLDINGS:
            raise ValueError(f"Statistics.holding must be one of {', '.join(HOLDINGS)}; got {self.holding!r}")
        if (self.holding == "record") != bool(self.sentence_fields):
            raise ValueError("Statistics.sentence_fields are given for a record holding, and only for it")
        if self.types not in TYPE_SOURCES:
            raise ValueError(
                f"Statistics.types must be one of {', '.join(map(repr, TYPE_SOURCES))}; got {self.types!r}"
            )

    def size(self, stats: Any) -> int:
        """The number of sentences of the analysis ``stats``."""
        if self.holding == "record":
            return len(getattr(stats, self.sentence_fields[0]))
        return len(stats)

    def take(self, stats: Any, idx: Any) -> Any:
        """The statistics of the sentences ``idx`` (in that order, with repeats)."""
        if self.holding == "table":
            return stats.take(idx)
        if self.holding == "array":
            return stats[_indices(idx)]
        return replace(stats, **{k: tuple(getattr(stats, k)[i] for i in idx) for k in self.sentence_fields})

    def stack(self, parts: Sequence[Any]) -> Any:
        """The sentences of several analyses (shards, systems), one after another."""
        first = parts[0]
        if self.holding == "table":
            return first.stack(parts)
        if self.holding == "array":
            return _concatenate(parts)
        return replace(first, **{k: tuple(x for a in parts for x in getattr(a, k)) for k in self.sentence_fields})


def _indices(idx: Any) -> Any:
    import numpy as np

    return np.asarray(idx)


def _concatenate(parts: Sequence[Any]) -> Any:
    import numpy as np

    return np.concatenate(parts, axis=0)
