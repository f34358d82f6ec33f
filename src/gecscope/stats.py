"""Per-sentence statistics: CLEME's chunk counts, and the declaration (:class:`Statistics`)
that selects and stacks any metric's analysis."""

from __future__ import annotations

import itertools
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


#: the columns of a :class:`TypeCounts`, one entry each, in :data:`TypeEntry` order (the type
#: as its id in ``names``)
TYPE_COLUMNS = ("option", "type_id", "field", "amount", "divisor", "flag")


@dataclass(frozen=True, eq=False)
class TypeCounts:
    """The per-type group of a metric's statistics at ``cat`` ``level``: every sentence's entries
    (:data:`TypeEntry`) for each of its reference options, in the order they were counted, held
    flat: one numpy column per field (:data:`TYPE_COLUMNS`; the type as its place in ``names``),
    sentence ``s`` owning entries ``offsets[s]:offsets[s + 1]``. No Python object per entry (a
    run's garbage collector walks none), and :meth:`totals` is one ``bincount``. It selects and
    stacks by sentence like the main statistics, so ``--cat`` streams and resamples.

    >>> g = TypeCounts.of(2, (((0, "NOUN", 0, 1.0, 1, -1),), ((1, "VERB", 2, 1.0, 2, -1),)))
    >>> g.totals([0, 1], 3), len(g.take([1, 1])), g.take([1]).sentences
    ({'NOUN': [1.0, 0.0, 0.0], 'VERB': [0.0, 0.0, 0.5]}, 2, (((1, 'VERB', 2, 1.0, 2, -1),),))
    """

    level: int | str
    names: tuple[str, ...]
    offsets: Any  # int64, sentences + 1
    option: Any  # int64: the reference option (kept reference, annotator) the entry counts for
    type_id: Any  # int64: its type, ``names[type_id]``
    field: Any  # int64: the statistic field
    amount: Any  # float64
    divisor: Any  # int64
    flag: Any  # int64: a chunk's place among its sentence's (pair, chunk) flags, else -1

    @classmethod
    def of(cls, level: int | str, sentences: Sequence[Sequence[TypeEntry]]) -> TypeCounts:
        """The group of ``sentences``' entries (:data:`TypeEntry` tuples)."""
        slots: dict[str, int] = {}
        rows = [(o, slots.setdefault(n, len(slots)), f, a, d, g) for es in sentences for o, n, f, a, d, g in es]
        columns = list(zip(*rows, strict=True)) if rows else [()] * len(TYPE_COLUMNS)
        return cls.build(level, tuple(slots), [len(es) for es in sentences], *columns)

    @classmethod
    def build(
        cls,
        level: int | str,
        names: Sequence[str],
        sizes: Sequence[int],
        option: Sequence[int],
        type_id: Sequence[int],
        field: Sequence[int],
        amount: Sequence[float],
        divisor: Sequence[int],
        flag: Sequence[int],
    ) -> TypeCounts:
        """The group of flat columns: ``sizes[s]`` entries of sentence ``s``, one after another."""
        import numpy as np

        offsets = np.zeros(len(sizes) + 1, dtype=np.int64)
        np.cumsum(np.asarray(sizes, dtype=np.int64), out=offsets[1:])

        def ints(column: Sequence[int]) -> Any:
            return np.asarray(column, dtype=np.int64).reshape(-1)

        values = np.asarray(amount, dtype=np.float64).reshape(-1)
        return cls(
            level, tuple(names), offsets, ints(option), ints(type_id), ints(field), values, ints(divisor), ints(flag)
        )

    def __len__(self) -> int:
        return len(self.offsets) - 1

    @property
    def sentences(self) -> tuple[tuple[TypeEntry, ...], ...]:
        """Every sentence's entries as :data:`TypeEntry` tuples (built on demand)."""
        names = self.names
        columns = (self.option, self.type_id, self.field, self.amount, self.divisor, self.flag)
        rows = [(o, names[t], f, a, d, g) for o, t, f, a, d, g in zip(*(c.tolist() for c in columns), strict=True)]
        bounds = self.offsets.tolist()
        return tuple(tuple(rows[a:b]) for a, b in itertools.pairwise(bounds))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TypeCounts):
            return NotImplemented
        return self.level == other.level and self.sentences == other.sentences

    __hash__ = None  # type: ignore[assignment]

    def take(self, idx: Any) -> TypeCounts:
        """The sentences ``idx`` (in that order, with repeats)."""
        import numpy as np

        sel = np.asarray(idx, dtype=np.int64).reshape(-1)
        starts = self.offsets[sel]
        sizes = self.offsets[sel + 1] - starts
        offsets = np.zeros(len(sel) + 1, dtype=np.int64)
        np.cumsum(sizes, out=offsets[1:])
        at = np.repeat(starts - offsets[:-1], sizes) + np.arange(int(offsets[-1]), dtype=np.int64)
        columns: dict[str, Any] = {name: getattr(self, name)[at] for name in TYPE_COLUMNS}
        return replace(self, offsets=offsets, **columns)

    @staticmethod
    def stack(parts: Sequence[TypeCounts]) -> TypeCounts:
        """The sentences of several groups (shards) one after another (their types merged)."""
        import numpy as np

        first = parts[0]
        slots = {name: i for i, name in enumerate(first.names)}
        ids = []
        for p in parts:
            if p.names == first.names:
                ids.append(p.type_id)
                continue
            remap = np.array([slots.setdefault(name, len(slots)) for name in p.names], dtype=np.int64)
            ids.append(remap[p.type_id] if len(p.type_id) else p.type_id)
        shifts = np.cumsum([0] + [int(p.offsets[-1]) for p in parts[:-1]])
        offsets = np.concatenate(
            [first.offsets[:1], *(p.offsets[1:] + shift for p, shift in zip(parts, shifts, strict=True))]
        )
        columns: dict[str, Any] = {
            name: np.concatenate([getattr(p, name) for p in parts]) for name in TYPE_COLUMNS if name != "type_id"
        }
        return replace(first, names=tuple(slots), offsets=offsets, type_id=np.concatenate(ids), **columns)

    def totals(self, chosen: Any, width: int, weights: Any = None, offsets: Any = None) -> dict[str, list[float]]:
        """Per type (in the order first counted), its ``width`` fields summed over the sentences
        in order, each at its ``chosen`` option (one per sentence): ``amount / divisor``, or for a chunk's entry
        ``weights[offsets[s] + flag] / divisor`` (``weights`` None: its amount)."""
        import numpy as np

        options = np.asarray(chosen, dtype=np.int64).reshape(-1)
        if len(options) != len(self):
            raise ValueError(f"{len(options)} chosen options for {len(self)} sentences")
        sentence = np.repeat(np.arange(len(self), dtype=np.int64), np.diff(self.offsets))
        picked = self.option == options[sentence]
        value = self.amount
        if weights is not None:
            chunk = picked & (self.flag >= 0)
            at = np.asarray(offsets, dtype=np.int64)[sentence[chunk]] + self.flag[chunk]
            value = value.copy()
            value[chunk] = np.asarray(weights, dtype=np.float64)[at]
        ids = self.type_id[picked]
        # one pass in entry order: each cell adds its entries left to right, as a loop would
        sums = np.bincount(
            ids * width + self.field[picked], value[picked] / self.divisor[picked], len(self.names) * width
        )
        present, first = np.unique(ids, return_index=True)
        rows = sums.reshape(-1, width).tolist()
        return {self.names[i]: rows[i] for i in present[np.argsort(first, kind="stable")].tolist()}


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
