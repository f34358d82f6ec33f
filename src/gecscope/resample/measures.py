"""Every quantity a comparison tests, on the full corpus and on the same resamples.

A *quantity* is the headline score, one of the metric's components (the keys its
:class:`~gecscope.result.Score` reports as ``components``: CLEME2.0's hit/wrong/under/over,
P/R/F...), or a component of one error type (``cat`` 1-3). All of them are functions of the
totals of the statistics the metric chose for a resample (and, per type, of the payload that
rides along those choices), so one replay per resample gives them all: no re-alignment, no
second reference choice, no model call.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from gecscope.resample.payload import IntArray
from gecscope.resample.rules import BoolArray, FloatArray
from gecscope.resample.tables import GreedyTable, SumTable, Table

HEADLINE = "score"
#: resamples scored per call (bounds the memory of the index arrays)
CHUNK = 2000
T = TypeVar("T")
#: (component key, error type ("" for the whole corpus))
Key = tuple[str, str]


@dataclass(frozen=True)
class Plan:
    """What to measure: the metric's component keys (in its order) and the error types (columns
    ``t * fields .. t * fields + fields - 1`` of the payload hold type ``types[t]``)."""

    components: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    fields: int = 0
    #: per field, its weight in a type's support (empty: every field once)
    support: tuple[float, ...] = ()
    #: per component, the fields its denominator sums: a type whose fields sum to 0 there has an
    #: empty cell (no proposal for P, no gold edit for R), NaN in every draw it is empty in
    denominators: tuple[tuple[str, tuple[int, ...]], ...] = ()


def supports_totals(table: Table) -> bool:
    """Whether ``table`` gives totals (the components can then be resampled with the score)."""
    return isinstance(table, GreedyTable | SumTable)


def measure(table: Table, plan: Plan, totals: FloatArray, payload: FloatArray) -> dict[Key, FloatArray]:
    """Every quantity of ``plan`` for each row of ``totals`` (and ``payload``)."""
    assert isinstance(table, GreedyTable | SumTable)
    out: dict[Key, FloatArray] = {(HEADLINE, ""): np.asarray(table.score_fn(totals), dtype=np.float64)}
    parts = table.parts
    if parts is None or not plan.components:
        return out
    w = plan.fields
    for name, block in [("", totals), *((name, payload[:, t * w : (t + 1) * w]) for t, name in enumerate(plan.types))]:
        values = parts(block)
        if name:
            values = empty_cells(plan, block, values)
        for key in plan.components:
            if key in values:
                out[(key, name)] = np.asarray(values[key], dtype=np.float64)
    return out


def empty_cells(plan: Plan, block: FloatArray, values: dict[str, FloatArray]) -> dict[str, FloatArray]:
    """``values`` of one type's ``block`` (rows: draws, columns: its fields) with NaN wherever a
    component's denominator fields (:attr:`Plan.denominators`) sum to 0 in that draw: an empty
    cell, as ``score`` shows it (``-``), never the metric's convention for 0/0 (ERRANT's 1.0)."""
    out = dict(values)
    for key, fields in plan.denominators:
        if key in out and fields:
            empty = block[:, list(fields)].sum(axis=1) == 0
            if empty.any():
                out[key] = np.where(empty, np.nan, np.broadcast_to(np.asarray(out[key], dtype=np.float64), empty.shape))
    return out


def supports(plan: Plan, payload: FloatArray) -> dict[str, float]:
    """Per type, the number of chunks or edits counted for it (the fields weighted by
    ``plan.support``) in ``payload``'s first row (the full corpus)."""
    w = plan.fields
    weights = np.asarray(plan.support or (1.0,) * w)
    return {name: float(payload[0, t * w : (t + 1) * w] @ weights) for t, name in enumerate(plan.types)}


def _chunked(function: Callable[[IntArray], T], order: IntArray) -> list[T]:
    """``function`` of the resamples ``order`` in chunks of :data:`CHUNK` (one call when empty)."""
    return [function(order[lo : lo + CHUNK]) for lo in range(0, len(order), CHUNK)] or [function(order)]


def totals_of(table: Table, order: IntArray) -> tuple[FloatArray, FloatArray]:
    """Totals and payload totals of the resamples ``order`` (in chunks)."""
    assert isinstance(table, GreedyTable | SumTable)
    parts = _chunked(table.totals, order)
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


def draws(table: Table, plan: Plan, order: IntArray) -> dict[Key, FloatArray]:
    """Every quantity of ``plan`` on the resamples ``order``; the headline only for a table
    without totals (it scores each resample)."""
    if not supports_totals(table):
        return {(HEADLINE, ""): np.concatenate(_chunked(table.scores, order))}
    return measure(table, plan, *totals_of(table, order))


def ar_draws(table: Table, plan: Plan, n: int, system: int, baseline: int, swaps: BoolArray) -> dict[Key, FloatArray]:
    """Per trial and quantity: the system's minus the baseline's value on the swapped corpora."""
    if isinstance(table, SumTable) and table.integral:
        x, y = table.flip_totals(system, baseline, n, swaps)
        empty = np.zeros((len(swaps), 0))
        mine, theirs = measure(table, plan, x, empty), measure(table, plan, y, empty)
        return {k: mine[k] - theirs[k] for k in mine}
    pos = np.arange(n, dtype=np.int64)
    chunks: list[dict[Key, FloatArray]] = []
    for lo in range(0, len(swaps), CHUNK):
        sw = swaps[lo : lo + CHUNK]
        mine_o = np.where(sw, baseline * n + pos, system * n + pos)
        theirs_o = np.where(sw, system * n + pos, baseline * n + pos)
        q = draws(table, plan, np.concatenate([mine_o, theirs_o]))
        chunks.append({k: v[: len(sw)] - v[len(sw) :] for k, v in q.items()})
    return {k: np.concatenate([c[k] for c in chunks]) for k in chunks[0]}
