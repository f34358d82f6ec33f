"""Compact per-(sentence, reference) counts of ERRANT and M2: numpy arrays, not objects.

A table holds ``values`` (sentences, references, 3) — ERRANT's ``tp, fp, fn``, M2's
``correct, proposed, gold`` — and ``width``, each sentence's number of references (the rest of
its row is zero padding). ERRANT's table also holds each option's per-category counts as
ranges into two flat arrays. A table is a read-only sequence of per-sentence tuples of
:class:`EditCounts` / :class:`M2Counts` (the count records, defined here), built on demand, so
code written for lists of tuples keeps working; the metrics read the arrays.

>>> t = M2Table.build([[(1, 2, 3)], [(0, 0, 1), (0, 1, 1)]])
>>> len(t), t.values.shape, t[1][1]
(2, (2, 2, 3), M2Counts(correct=0, proposed=1, gold=1))
>>> M2Table.stack([t, t.take([1])])[2] == t[1]
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import numpy as np
from numpy.typing import NDArray

from gecscope.metrics.base import signed
from gecscope.metrics.chunk_choice import GreedyKey, best_pairs, greedy_pairs, mean
from gecscope.result import Score
from gecscope.rows import LazyRows
from gecscope.scoring import prf
from gecscope.stats import TypeCounts

IntArray = NDArray[np.int64]
C = TypeVar("C", bound="CountTable")


@dataclass(frozen=True, slots=True)
class M2Counts:
    """correct / proposed / gold edits: integers for M2, summed edit weights for PT-M2."""

    correct: float = 0
    proposed: float = 0
    gold: float = 0

    def __add__(self, other: M2Counts) -> M2Counts:
        return M2Counts(self.correct + other.correct, self.proposed + other.proposed, self.gold + other.gold)

    def f(self, beta: float) -> float:
        return float(prf(self.correct, self.proposed, self.gold, beta)[2])


@dataclass(frozen=True, slots=True)
class EditCounts:
    """Summable TP/FP/FN with per-category rows ``(category, tp, fp, fn)``."""

    tp: int = 0
    fp: int = 0
    fn: int = 0
    categories: tuple[tuple[str, int, int, int], ...] = ()

    def __add__(self, other: EditCounts) -> EditCounts:
        return EditCounts(
            self.tp + other.tp, self.fp + other.fp, self.fn + other.fn, self.categories + other.categories
        )


def category(cat: str, level: int | str) -> str:
    """ERRANT's ``-cat`` levels: 1 operation (M/R/U), 2 type without operation, 3 full type. A
    label not of ERRANT's shape (``X:TYPE``: a gold inventory's own, UA-GEC's ``Spelling``,
    NUCLE's ``ArtOrDet``) is kept whole at every level, as CLEME's views keep it, where
    ``errant_compare`` cuts every label alike (``elling``, ``tOrDet``).

    >>> category("R:VERB:SVA", 1), category("R:VERB:SVA", 2), category("UNK", 2), category("Spelling", 2)
    ('R', 'VERB:SVA', 'UNK', 'Spelling')
    """
    if level in (1, 2) and len(cat) > 2 and cat[1] == ":" and cat[0] in "MRU":
        return cat[0] if level == 1 else cat[2:]
    return cat


def errant_prf(tp: Any, fp: Any, fn: Any, beta: float) -> tuple[Any, Any, Any]:
    """Unrounded P, R, F with ERRANT's conventions (P = 1 when FP = 0, R = 1 when FN = 0)."""
    return prf(tp, tp + fp, tp + fn, beta)


def prf_row(counts: Sequence[float], beta: float) -> dict[str, float]:
    """One error type's details row: its ``tp, fp, fn`` and their :func:`errant_prf` P, R, F."""
    tp, fp, fn = counts
    return dict(zip(("tp", "fp", "fn", "p", "r", "f"), (tp, fp, fn, *errant_prf(tp, fp, fn, beta)), strict=True))


@dataclass(frozen=True, eq=False)
class CountTable(Sequence[tuple[Any, ...]]):
    """``values`` (sentences, references, 3) int64 and ``width`` (sentences,) references each."""

    values: IntArray
    width: IntArray
    #: the names of the three counts (the columns of ``values`` and of the sentence rows)
    columns: ClassVar[tuple[str, str, str]] = ("tp", "fp", "fn")

    def __len__(self) -> int:
        return int(self.width.shape[0])

    def item(self, i: int, j: int) -> Any:  # pragma: no cover - overridden
        raise NotImplementedError

    def __getitem__(self, i: Any) -> Any:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        n = len(self)
        i = int(i) + n if int(i) < 0 else int(i)
        if not 0 <= i < n:
            raise IndexError(f"sentence {i} of {n}")
        return tuple(self.item(i, j) for j in range(int(self.width[i])))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, (str, bytes)):
            return len(other) == len(self) and all(tuple(a) == tuple(b) for a, b in zip(self, other, strict=True))
        return NotImplemented

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self)} sentences, {int(self.width.sum())} options)"

    def mask(self) -> NDArray[np.bool_]:
        """(sentences, references): which cells are real references."""
        return np.arange(self.values.shape[1])[None, :] < self.width[:, None]

    def pairs(self) -> tuple[NDArray[np.float64], IntArray]:
        """The options as (options, 3) float rows, sentence by sentence, and their offsets (a
        sentence without options has its zero row)."""
        width = np.maximum(self.width, 1)
        offsets = np.zeros(len(self) + 1, dtype=np.int64)
        np.cumsum(width, out=offsets[1:])
        mask = np.arange(self.values.shape[1])[None, :] < width[:, None]
        return self.values[mask].astype(np.float64), offsets

    def choose(self, corpus_key: GreedyKey, sentence_key: Callable[..., Any], params: Any, level: str) -> list[int]:
        """Each sentence's option: greedily on ``corpus_key`` over the running totals, or by
        ``sentence_key`` per sentence at the sentence level (keys of :mod:`gecscope.scoring`)."""
        values, offsets = self.pairs()
        if level == "sentence":
            chosen = best_pairs(sentence_key(values.T, params), offsets)
        else:
            chosen = greedy_pairs(values, offsets, corpus_key, params)[0]
        return [int(x) for x in (chosen - offsets[:-1]).tolist()]

    def best_values(self, value: Callable[[Any, Any], Any], params: Any) -> list[float]:
        """Each sentence's largest ``value(option, params)`` over its options."""
        values, offsets = self.pairs()
        return [float(x) for x in np.maximum.reduceat(value(values.T, params), offsets[:-1]).tolist()]

    def tp_fp_fn(self, rows: IntArray) -> IntArray:
        """(n, 3) rows of ``values`` as ``tp, fp, fn``."""
        return rows

    def take(self: C, idx: Sequence[int] | IntArray) -> C:
        """The sentences ``idx`` (in that order, with repeats)."""
        rows = np.asarray(idx, dtype=np.int64)
        return self._replace(self.values[rows], self.width[rows], rows)

    def _replace(self: C, values: IntArray, width: IntArray, rows: IntArray) -> C:
        return type(self)(values, width)

    @classmethod
    def stack(cls: type[C], tables: Sequence[C]) -> C:
        """The sentences of ``tables`` one after another."""
        k = max(t.values.shape[1] for t in tables)
        values = np.concatenate([np.pad(t.values, ((0, 0), (0, k - t.values.shape[1]), (0, 0))) for t in tables])
        return cls(values, np.concatenate([t.width for t in tables]))

    @classmethod
    def build(cls: type[C], rows: Sequence[Sequence[tuple[Any, ...]]], fields: int = 3) -> C:
        """A table from each sentence's options as tuples of ``fields`` counts (a table with more
        than ``values`` per option, :class:`EditTable`, is built from such a table)."""
        k = max((len(r) for r in rows), default=1) or 1
        values = np.zeros((len(rows), k, fields), dtype=np.int64)
        for i, options in enumerate(rows):
            if options:
                values[i, : len(options)] = options
        return cls(values, np.array([len(r) for r in rows], dtype=np.int64))


@dataclass(frozen=True, eq=False)
class M2Table(CountTable):
    """M2's ``correct, proposed, gold`` per (sentence, annotator), and the per-type group
    (``cat``: :mod:`gecscope.metrics.m2_types`) when counted."""

    types: TypeCounts | None = None
    columns: ClassVar[tuple[str, str, str]] = ("correct", "proposed", "gold")

    def tp_fp_fn(self, rows: IntArray) -> IntArray:
        correct = rows[:, 0]
        return np.stack([correct, rows[:, 1] - correct, rows[:, 2] - correct], axis=1)

    def item(self, i: int, j: int) -> Any:
        return M2Counts(*self.values[i, j].tolist())

    @classmethod
    def of(cls, counts: Sequence[Sequence[Any]]) -> M2Table:
        """A table from per-sentence tuples of ``M2Counts`` (or a table itself)."""
        if isinstance(counts, M2Table):
            return counts
        rows = [[(c.correct, c.proposed, c.gold) for c in options] for options in counts]
        if any(type(v) is not int for options in rows for c in options for v in c):
            raise TypeError("M2 counts must be integers (weighted counts belong to PT-M2)")
        return cls.build(rows)


@dataclass(frozen=True, eq=False)
class EditTable(CountTable):
    """ERRANT's ``tp, fp, fn`` per (sentence, reference), and per-category counts: option
    ``(i, j)`` has the category rows ``cat_start[i, j]:cat_stop[i, j]`` of ``cat_ids`` (indices
    into ``names``) and ``cat_values`` (rows, 3), in the order :func:`errant.compare` gives."""

    cat_start: IntArray
    cat_stop: IntArray
    cat_ids: IntArray
    cat_values: IntArray
    names: tuple[str, ...]

    def item(self, i: int, j: int) -> Any:
        tp, fp, fn = (int(v) for v in self.values[i, j])
        lo, hi = int(self.cat_start[i, j]), int(self.cat_stop[i, j])
        cats = tuple(
            (self.names[int(c)], int(v[0]), int(v[1]), int(v[2]))
            for c, v in zip(self.cat_ids[lo:hi], self.cat_values[lo:hi], strict=True)
        )
        return EditCounts(tp, fp, fn, cats)

    def _replace(self, values: IntArray, width: IntArray, rows: IntArray) -> EditTable:
        return EditTable(
            values, width, self.cat_start[rows], self.cat_stop[rows], self.cat_ids, self.cat_values, self.names
        )

    @classmethod
    def stack(cls, tables: Sequence[EditTable]) -> EditTable:
        names: dict[str, int] = {}
        ids, grids, offset = [], [], 0
        for t in tables:
            remap = np.array([names.setdefault(n, len(names)) for n in t.names] or [0], dtype=np.int64)
            ids.append(remap[t.cat_ids])
            grids.append(CountTable(np.dstack([t.values, t.cat_start + offset, t.cat_stop + offset]), t.width))
            offset += t.cat_ids.shape[0]
        cats = np.concatenate([t.cat_values for t in tables], axis=0)
        return cls._split(CountTable.stack(grids), np.concatenate(ids), cats, tuple(names))

    @classmethod
    def _split(cls, grid: CountTable, ids: IntArray, cat_values: IntArray, names: tuple[str, ...]) -> EditTable:
        """The table whose options are the rows ``tp, fp, fn, cat_start, cat_stop`` of ``grid``."""
        v = grid.values
        return EditTable(v[..., :3], grid.width, v[..., 3], v[..., 4], ids, cat_values, names)

    @classmethod
    def of(cls, counts: Iterable[Sequence[Any]]) -> EditTable:
        """A table from per-sentence tuples of ``EditCounts`` (or a table itself); an iterator is
        read one sentence at a time, so a corpus never holds all the objects."""
        if isinstance(counts, EditTable):
            return counts
        rows: list[list[tuple[int, ...]]] = []
        ids: list[int] = []
        cat_values: list[tuple[int, int, int]] = []
        names: dict[str, int] = {}
        for options in counts:
            rows.append([])
            for c in options:
                lo = len(ids)
                for name, tp, fp, fn in c.categories:
                    ids.append(names.setdefault(name, len(names)))
                    cat_values.append((tp, fp, fn))
                rows[-1].append((c.tp, c.fp, c.fn, lo, len(ids)))
        cats = np.array(cat_values, dtype=np.int64).reshape(-1, 3)
        return cls._split(CountTable.build(rows, 5), np.array(ids, dtype=np.int64), cats, tuple(names))

    def category_totals(self, chosen: Sequence[int], level: int) -> dict[str, tuple[int, ...]]:
        """Summed category counts of the chosen options, named at ERRANT's ``-cat`` ``level``."""
        rows = np.arange(len(self))
        lo, hi = self.cat_start[rows, chosen], self.cat_stop[rows, chosen]
        lengths = hi - lo
        picked = np.repeat(lo - (np.cumsum(lengths) - lengths), lengths) + np.arange(int(lengths.sum()))
        merged, to_slot = np.unique([category(n, level) for n in self.names], return_inverse=True)
        slots = to_slot[self.cat_ids[picked]]
        totals = np.zeros((len(merged), 3), dtype=np.int64)
        np.add.at(totals, slots, self.cat_values[picked])
        return {str(merged[s]): tuple(totals[s].tolist()) for s in sorted(set(slots.tolist()))}


def prf_score(
    metric: Any,
    table: CountTable,
    chosen: Sequence[int],
    level: str,
    fields: dict[str, str],
    extra: Callable[[int, int, int], dict[str, Any]],
) -> Score:
    """The Score of an edit-F metric (M2, ERRANT, ChERRANT, char-F) from its table and each
    sentence's chosen option: P/R/F-beta of the summed ``tp, fp, fn`` (at the sentence ``level``
    the means of the sentence values), then ``extra(tp, fp, fn)`` in the details, one row per
    sentence (a sentence without options, ChERRANT's skipped one, is marked ``skipped``)."""
    beta = metric.config.beta
    ref = np.asarray(chosen, dtype=np.int64)
    picked = table.tp_fp_fn(table.values[np.arange(len(table)), ref])
    tp, fp, fn = (int(x) for x in picked.sum(axis=0))
    sp, sr, sf = (x.tolist() for x in errant_prf(picked[:, 0], picked[:, 1], picked[:, 2], beta))  # per sentence
    p, r, f = (mean(sp), mean(sr), mean(sf)) if level == "sentence" else errant_prf(tp, fp, fn, beta)
    details: dict[str, Any] = {"f": f, "p": p, "r": r, "tp": tp, "fp": fp, "fn": fn, **extra(tp, fp, fn)}

    def row(i: int) -> dict[str, Any]:
        if not table.width[i]:
            return {"index": i, "f": None, "p": None, "r": None, "skipped": True}
        counts = dict(zip(table.columns, table.values[i, ref[i]].tolist(), strict=True))
        return {"index": i, "reference": int(ref[i]), "f": sf[i], "p": sp[i], "r": sr[i], **counts}

    if level == "sentence":
        fields = {**fields, "level": "sentence"}
    return Score(metric.name, f, details, signed(metric, fields), LazyRows(len(table), row), layout=metric.layout)
