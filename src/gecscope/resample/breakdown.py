"""Per-error-type statistics of every (sentence, reference) pair, as a sparse payload that rides
along the reference each resample chooses (:class:`gecscope.resample.tables.Payload`).

The per-type counts of a resample are then those of the references the metric chose for that
resample, with the attribution rules of :mod:`gecscope.metrics.error_types` (CLEME, CLEME2.0) and
ERRANT's categories (ERRANT); they sum to the resample's overall counts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.metrics import statistics as declared
from gecscope.metrics.analysis import ChunkAnalysis, relabel
from gecscope.metrics.counts import EditTable, category
from gecscope.metrics.error_types import attribute, chunk_types
from gecscope.metrics.m2_types import m2_type_counts
from gecscope.resample.payload import Payload
from gecscope.types import Example

#: pair ``(row, ref)`` counts ``value`` for type ``name`` in statistic field ``field``
Entry = tuple[int, int, str, int, float]


@dataclass(frozen=True)
class TypeEntries:
    """The per-type entries of every (sentence, reference) pair and the number of statistic fields."""

    entries: list[Entry]
    fields: int
    #: per field, its weight in the type's support (the chunks or edits counted for it)
    support: tuple[float, ...] = ()


def chunk_entries(analysis: ChunkAnalysis, examples: Sequence[Example], level: int) -> TypeEntries:
    """Per (sentence, kept reference) pair, the chunk counts of every type (unweighted; fields
    ``tp, fp_ne, fp_un, fn, tn``; a chunk with k types counts 1/k for each; TN not attributed)."""
    out: list[Entry] = []
    for s, (ex, chunks, kept, per_ref) in enumerate(
        zip(examples, analysis.chunks, analysis.kept, analysis.labels, strict=True)
    ):
        types = chunk_types(ex, kept, chunks, level)
        for k, labels in enumerate(per_ref):
            for c, lab, ts in zip(chunks, labels, types, strict=True):
                attributed = attribute(lab, c, ts, k)
                out.extend((s, k, name, int(lab), 1.0 / len(attributed)) for name in attributed)
    return TypeEntries(out, 5)


def edit_entries(table: EditTable, level: int) -> TypeEntries:
    """ERRANT's per-category ``tp, fp, fn`` of every (sentence, reference) option."""
    n, k = table.cat_start.shape
    out: list[Entry] = []
    for i in range(n):
        for j in range(k):
            for r in range(int(table.cat_start[i, j]), int(table.cat_stop[i, j])):
                name = category(table.names[int(table.cat_ids[r])], level)
                out.extend((i, j, name, f, float(v)) for f, v in enumerate(table.cat_values[r].tolist()) if v)
    return TypeEntries(out, 3)


def m2_entries(metric: Any, examples: Sequence[Example], level: int) -> TypeEntries:
    """M2's per-type counts of every (sentence, annotator) option (:mod:`gecscope.metrics.m2_types`),
    as the scorer's fields ``correct = tp``, ``proposed = tp + fp``, ``gold = tp + fn``."""
    out: list[Entry] = []
    for i, ex in enumerate(examples):
        for j, (edits, gold) in enumerate(metric.annotator_edits(ex)):
            for name, (tp, fp, fn) in m2_type_counts(ex, j, edits, gold, level).items():
                out.extend((i, j, name, f, float(v)) for f, v in enumerate((tp, tp + fp, tp + fn)) if v)
    return TypeEntries(out, 3, (-1.0, 1.0, 1.0))  # support: tp + fp + fn


def type_entries(metric: Any, analysis: Any, examples: Sequence[Example] | None, level: int) -> TypeEntries | None:
    """The per-type entries of a metric's analysis at ``cat`` ``level``, or None when the metric
    has no per-type statistics that resampling can carry."""
    if level not in (1, 2, 3):
        raise ValueError(f"cat must be 1, 2 or 3; got {level}")
    source = declared(metric).types
    if source == "chunks" and examples is not None and analysis.partitions is not None:
        if getattr(metric.config, "weighting", "none") != "none":
            return None
        if analysis.assumption != metric.config.assumption:
            analysis = relabel(analysis, metric.config.assumption)
        return chunk_entries(analysis, examples, level)
    if source == "edits":
        return edit_entries(analysis, level)
    if source == "annotators" and examples is not None and metric.types_from_annotators:
        return m2_entries(metric, examples, level)
    return None


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


def support_weights(entries: Mapping[str, TypeEntries]) -> tuple[float, ...]:
    """Per field, its weight in a type's support (every field counts once unless stated)."""
    first = next(iter(entries.values()), None)
    if first is None:
        return ()
    return first.support or (1.0,) * first.fields


__all__ = [
    "TypeEntries",
    "chunk_entries",
    "edit_entries",
    "m2_entries",
    "payloads",
    "support_weights",
    "type_entries",
]
