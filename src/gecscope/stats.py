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
#: where per-type counts come from (``--cat``): ``chunks`` (CLEME's chunk attribution),
#: ``edits`` (the count table's own categories), ``annotators`` (M2's per-annotator edit types), or
#: ``""`` (none)
TYPE_SOURCES = ("", "chunks", "edits", "annotators")
#: the sources whose per-type group rides beside the analysis, in its ``types`` field (a
#: :class:`TypeCounts`); ``edits``: the count table holds its categories itself
ATTACHED = ("chunks", "annotators")

#: one per-type entry of a sentence: (option, type, field, amount, divisor, flag): ``amount /
#: divisor`` counts for ``type`` in statistic ``field`` when ``option`` is the sentence's chosen
#: reference; a chunk's entry (``flag`` >= 0: its place among the sentence's (pair, chunk) flags)
#: counts its chunk weight instead of ``amount``
TypeEntry = tuple[int, str, int, float, int, int]


@dataclass(frozen=True)
class TypeCounts:
    """The per-type group of a metric's statistics at ``cat`` ``level``: every sentence's entries
    (:data:`TypeEntry`) for each of its reference options, in the order they were counted. It
    selects and stacks by sentence like the main statistics, so ``--cat`` streams and resamples.

    >>> g = TypeCounts(2, (((0, "NOUN", 0, 1.0, 1, -1),), ((1, "VERB", 2, 1.0, 2, -1),)))
    >>> g.totals([0, 1], 3), len(g.take([1, 1]))
    ({'NOUN': [1.0, 0.0, 0.0], 'VERB': [0.0, 0.0, 0.5]}, 2)
    """

    level: int | str
    sentences: tuple[tuple[TypeEntry, ...], ...]

    def __len__(self) -> int:
        return len(self.sentences)

    def take(self, idx: Any) -> TypeCounts:
        """The sentences ``idx`` (in that order, with repeats)."""
        return TypeCounts(self.level, tuple(self.sentences[int(i)] for i in idx))

    @staticmethod
    def stack(parts: Sequence[TypeCounts]) -> TypeCounts:
        """The sentences of several groups (shards) one after another."""
        return TypeCounts(parts[0].level, tuple(s for p in parts for s in p.sentences))

    def totals(
        self, chosen: Sequence[int], width: int, weights: Any = None, offsets: Any = None
    ) -> dict[str, list[float]]:
        """Per type, its ``width`` fields summed over the sentences, each at its ``chosen``
        option; a chunk's entry counts ``weights[offsets[s] + flag]`` (None: its amount)."""
        acc: dict[str, list[float]] = {}
        for s, (entries, k) in enumerate(zip(self.sentences, chosen, strict=True)):
            for option, name, f, amount, divisor, flag in entries:
                if option == k:
                    w = amount if weights is None or flag < 0 else float(weights[int(offsets[s]) + flag])
                    acc.setdefault(name, [0.0] * width)[f] += w / divisor
        return acc


@dataclass(frozen=True)
class Statistics:
    """A metric's per-sentence statistics, as its registry entry declares them: their fields,
    how the analysis holds its sentences (:data:`HOLDINGS`; a ``record`` names its
    ``sentence_fields``), where its per-type counts come from (:data:`TYPE_SOURCES`; an
    :data:`ATTACHED` source's group, a :class:`TypeCounts`, rides in the analysis's ``types``), and the
    corpus rule that reduces them: the name of a built-in
    :class:`gecscope.scoring.CorpusRule` (:data:`gecscope.scoring.RULES`), ``module:NAME`` for
    one a metric module declares (``gecscope.metrics.<module>.<NAME>``), else its description.
    :meth:`take`, :meth:`stack` and :meth:`size` (resampling, shard merging) read the holding
    and the per-type group, never the analysis's type.

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

    @property
    def grouped(self) -> bool:
        """Whether the analysis carries its per-type group beside it (its ``types`` field)."""
        return self.types in ATTACHED

    def size(self, stats: Any) -> int:
        """The number of sentences of the analysis ``stats``."""
        if self.holding == "record":
            return len(getattr(stats, self.sentence_fields[0]))
        return len(stats)

    def take(self, stats: Any, idx: Any) -> Any:
        """The statistics of the sentences ``idx`` (in that order, with repeats), their per-type
        group with them."""
        if self.holding == "table":
            taken = stats.take(idx)
        elif self.holding == "array":
            return stats[_indices(idx)]
        else:
            taken = replace(stats, **{k: tuple(getattr(stats, k)[i] for i in idx) for k in self.sentence_fields})
        if self.grouped:
            return replace(taken, types=None if stats.types is None else stats.types.take(idx))
        return taken

    def stack(self, parts: Sequence[Any]) -> Any:
        """The sentences of several analyses (shards, systems), one after another, their
        per-type groups with them (kept only if every part has one, at one level)."""
        first = parts[0]
        if self.holding == "table":
            stacked = first.stack(parts)
        elif self.holding == "array":
            return _concatenate(parts)
        else:
            stacked = replace(
                first, **{k: tuple(x for a in parts for x in getattr(a, k)) for k in self.sentence_fields}
            )
        if self.grouped:
            groups = [a.types for a in parts]
            whole = all(g is not None and g.level == groups[0].level for g in groups)
            return replace(stacked, types=TypeCounts.stack(groups) if whole else None)
        return stacked


def _indices(idx: Any) -> Any:
    import numpy as np

    return np.asarray(idx)


def _concatenate(parts: Sequence[Any]) -> Any:
    import numpy as np

    return np.concatenate(parts, axis=0)
