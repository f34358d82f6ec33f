"""Per-error-type statistics of every (sentence, reference) pair, as a sparse payload that rides
along the reference each resample chooses (:class:`gecscope.resample.tables.Payload`).

The per-type counts of a resample are then those of the references the metric chose for that
resample: the per-type group the metric's statistics declare, counted when it was analysed
(:class:`gecscope.stats.TypeCounts`: the attribution rules of :mod:`gecscope.metrics.error_types`
for CLEME and CLEME2.0, :mod:`gecscope.metrics.m2_types` for M2) or ERRANT's categories in its
count table; they sum to the resample's overall counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.metrics import statistics as declared
from gecscope.metrics.analysis import relabel
from gecscope.metrics.counts import EditTable, category
from gecscope.metrics.error_types import DENOMINATORS
from gecscope.resample.payload import Payload
from gecscope.stats import TypeCounts

#: pair ``(row, ref)`` counts ``value`` for type ``name`` in statistic field ``field``
Entry = tuple[int, int, str, int, float]


@dataclass(frozen=True)
class TypeEntries:
    """The per-type entries of every (sentence, reference) pair and the number of statistic fields."""

    entries: list[Entry]
    fields: int
    #: per field, its weight in the type's support (the chunks or edits counted for it)
    support: tuple[float, ...] = ()
    #: per component, the fields its denominator sums (:attr:`gecscope.resample.measures.Plan.denominators`)
    denominators: tuple[tuple[str, tuple[int, ...]], ...] = ()


#: a chunk analysis's per-type fields, in their order
CHUNK_FIELDS = ("tp", "fp_ne", "fp_un", "fn", "tn")


def chunk_denominators() -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The chunk metrics' rates and the fields their denominators sum (the rates
    :data:`gecscope.metrics.error_types.DENOMINATORS` names, ``fp`` being ``fp_ne + fp_un``; F
    has P's and R's together), as ``score`` empties them.

    >>> dict(chunk_denominators())["hit"], dict(chunk_denominators())["f"]
    ((0, 1, 3), (0, 1, 2, 3))
    """
    slot = {name: (i,) for i, name in enumerate(CHUNK_FIELDS)} | {"fp": (1, 2)}
    out = {rate: tuple(sorted({i for c in counts for i in slot[c]})) for rate, counts in DENOMINATORS.items()}
    out["f"] = tuple(sorted({*out["p"], *out["r"]}))
    return tuple(out.items())


#: ERRANT's per-category fields ``tp, fp, fn``: P over ``tp + fp``, R over ``tp + fn``, F over all
EDIT_DENOMINATORS = (("p", (0, 1)), ("r", (0, 2)), ("f", (0, 1, 2)))
#: the M2 scorer's fields ``correct, proposed, gold``: P over proposed, R over gold, F over both
M2_DENOMINATORS = (("p", (1,)), ("r", (2,)), ("f", (1, 2)))


def group_entries(group: TypeCounts, fields: int) -> TypeEntries:
    """The entries of a chunk analysis's per-type group: per (sentence, kept reference) pair, the
    chunk counts of every type (unweighted; fields ``tp, fp_ne, fp_un, fn, tn``; a chunk with k
    types counts 1/k for each; TN not attributed)."""
    out = [
        (s, k, name, f, amount / divisor)
        for s, entries in enumerate(group.sentences)
        for k, name, f, amount, divisor, _ in entries
    ]
    return TypeEntries(out, fields, denominators=chunk_denominators())


def edit_entries(table: EditTable, level: int | str) -> TypeEntries:
    """ERRANT's per-category ``tp, fp, fn`` of every (sentence, reference) option (``gold``: the
    gold types' ``tp`` and ``fn`` alone: an FP is typed by the hypothesis's edit)."""
    gold = level == "gold"
    n, k = table.cat_start.shape
    out: list[Entry] = []
    for i in range(n):
        for j in range(k):
            for r in range(int(table.cat_start[i, j]), int(table.cat_stop[i, j])):
                name = category(table.names[int(table.cat_ids[r])], level)
                values = enumerate(table.cat_values[r].tolist())
                out.extend((i, j, name, f, float(v)) for f, v in values if v and not (gold and f == 1))
    return TypeEntries(out, 3, denominators=EDIT_DENOMINATORS)


def m2_entries(group: TypeCounts) -> TypeEntries:
    """M2's per-type group (each (sentence, annotator, type)'s ``tp, fp, fn``) as the scorer's
    fields ``correct = tp``, ``proposed = tp + fp``, ``gold = tp + fn``."""
    out: list[Entry] = []
    for i, entries in enumerate(group.sentences):
        for at in range(0, len(entries), 3):
            (j, name, _, tp, _, _), (_, _, _, fp, _, _), (_, _, _, fn, _, _) = entries[at : at + 3]
            out.extend((i, j, name, f, float(v)) for f, v in enumerate((tp, tp + fp, tp + fn)) if v)
    return TypeEntries(out, 3, (-1.0, 1.0, 1.0), M2_DENOMINATORS)  # support: tp + fp + fn


def type_entries(metric: Any, analysis: Any, level: int | str) -> TypeEntries | None:
    """The per-type entries of a metric's analysis at ``cat`` ``level``, read from the per-type
    group its statistics declare (:func:`gecscope.pipeline.analyse` with ``cat`` counts it), or
    None when the metric has no per-type statistics that resampling can carry."""
    if level not in (1, 2, 3, "gold"):
        raise ValueError(f"cat must be 1, 2, 3 or gold; got {level}")
    stats = declared(metric)
    if stats.types == "edits":
        return edit_entries(analysis, level)
    if not stats.grouped or (stats.types == "chunks" and getattr(metric.config, "weighting", "none") != "none"):
        return None
    if stats.types == "chunks":
        analysis = relabel(analysis, metric.config.assumption)
    group = analysis.types
    if group is None or group.level != level:
        return None
    return group_entries(group, 5) if stats.types == "chunks" else m2_entries(group)


def payloads(entries: Mapping[str, TypeEntries]) -> tuple[dict[str, Payload], tuple[str, ...], int]:
    """One payload per system over the union of the types (sorted), and the types and fields:
    column ``t * fields + f`` holds field ``f`` of type ``types[t]``."""
    names = sorted({e[2] for t in entries.values() for e in t.entries})
    slot = {n: i for i, n in enumerate(names)}
    width = next(iter(entries.values())).fields if entries else 0
    out = {}
    for system, t in entries.items():
        at = np.array([(row, ref, slot[name] * width + f) for row, ref, name, f, _ in t.entries], dtype=np.int64)
        at = at.reshape(-1, 3)
        values = np.array([e[4] for e in t.entries], dtype=np.float64)
        out[system] = Payload(at[:, 0], at[:, 1], at[:, 2], values, len(names) * width)
    return out, tuple(names), width


def denominators(entries: Mapping[str, TypeEntries]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Per component, the fields its denominator sums (the same for every system)."""
    first = next(iter(entries.values()), None)
    return () if first is None else first.denominators


def support_weights(entries: Mapping[str, TypeEntries]) -> tuple[float, ...]:
    """Per field, its weight in a type's support (every field counts once unless stated)."""
    first = next(iter(entries.values()), None)
    if first is None:
        return ()
    return first.support or (1.0,) * first.fields


__all__ = [
    "CHUNK_FIELDS",
    "EDIT_DENOMINATORS",
    "M2_DENOMINATORS",
    "TypeEntries",
    "chunk_denominators",
    "denominators",
    "edit_entries",
    "group_entries",
    "m2_entries",
    "payloads",
    "support_weights",
    "type_entries",
]
