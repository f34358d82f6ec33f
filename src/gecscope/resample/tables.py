"""Compact statistic tables read from a metric's analysis, re-aggregated for many resamples at once.

A table holds one row per sentence (``rows`` of several systems can be stacked) and scores
``order``, an integer array ``(resamples, n)`` of row indices: resample ``b`` is the corpus made
of the rows ``order[b]`` in that order, scored exactly as the metric scores such a corpus.

* :class:`GreedyTable` — CLEME, CLEME2.0, ERRANT, M2 at corpus level: the greedy reference choice
  on running totals is replayed for every resample in parallel (one step per sentence position
  whose references give different statistics; the others only add their fixed statistics);
* :class:`SumTable` — GREEN at corpus level: the per-sentence choice is fixed, the chosen
  statistics are summed;
* :class:`MeanTable` — sentence-level metrics: the mean of the resampled sentence scores;
* :class:`ReplayTable` — anything else (GLEU, PT-M2, WODAFE, non-default conventions): the
  metric re-scores every resample from its cached analysis (exact, slow).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

import numpy as np

from gecscope.metrics import statistics as declared
from gecscope.progress import progress
from gecscope.resample.payload import IntArray, Payload
from gecscope.resample.rules import BoolArray, FloatArray, GreedyRule, lex_argmax

#: elements per block of gathered statistics (bounds the memory of one step)
BLOCK_ELEMENTS = 4_000_000


class Table(Protocol):
    @property
    def rows(self) -> int: ...

    def scores(self, order: IntArray) -> FloatArray: ...

    def stacked(self, others: Sequence[Table]) -> Table: ...


def _blocks(total: int, per_row: int) -> list[slice]:
    size = max(1, BLOCK_ELEMENTS // max(per_row, 1))
    return [slice(i, min(i + size, total)) for i in range(0, total, size)] or [slice(0, 0)]


RowsT = TypeVar("RowsT", bound="_Rows")


class _Rows:
    """A table of per-row ``values`` (rows on the first axis)."""

    values: FloatArray

    @property
    def rows(self) -> int:
        return int(self.values.shape[0])

    @property
    def integral(self) -> bool:
        """Whether every statistic is a whole number (then sums are exact in any order)."""
        return bool(np.array_equal(self.values, np.round(self.values)))

    def stacked(self: RowsT, others: Sequence[Table]) -> RowsT:
        """This table's rows, then those of the ``others`` of its kind."""
        same = [t.values for t in others if isinstance(t, _Rows) and isinstance(t, type(self))]
        return replace(self, values=np.concatenate([self.values, *same]))  # type: ignore[type-var]


@dataclass(frozen=True)
class GreedyTable(_Rows):
    """``values[row, reference, field]`` with ``mask[row, reference]`` (valid references first);
    ``payload``: optional statistics summed along the chosen references (:meth:`totals`)."""

    rule: GreedyRule
    values: FloatArray
    mask: BoolArray
    payload: Payload | None = None

    def stacked(self, others: Sequence[Table]) -> GreedyTable:
        tables = [self, *(t for t in others if isinstance(t, GreedyTable))]
        k = max(t.values.shape[1] for t in tables)
        values = np.concatenate([np.pad(t.values, ((0, 0), (0, k - t.values.shape[1]), (0, 0))) for t in tables])
        mask = np.concatenate([np.pad(t.mask, ((0, 0), (0, k - t.mask.shape[1]))) for t in tables])
        starts = np.cumsum([0, *(t.rows for t in tables)])
        pays = [(t.payload, int(r)) for t, r in zip(tables, starts[:-1], strict=True) if t.payload is not None]
        if not pays:
            return GreedyTable(self.rule, values, mask)
        payload = Payload(
            np.concatenate([p.row + r for p, r in pays]),
            np.concatenate([p.ref for p, _ in pays]),
            np.concatenate([p.col for p, _ in pays]),
            np.concatenate([p.val for p, _ in pays]),
            max(p.width for p, _ in pays),
        )
        return GreedyTable(self.rule, values, mask, payload)

    def totals(self, order: IntArray) -> tuple[FloatArray, FloatArray]:
        """The chosen statistics' totals ``(resamples, fields)`` of every resample and the payload's
        totals ``(resamples, payload.width)``, from the same replay as :meth:`scores`."""
        from gecscope.resample import kernel

        order = np.ascontiguousarray(order, dtype=np.int64)
        z = np.zeros(0, dtype=np.int64)
        pay = self.payload or Payload(z, z, z, np.zeros(0), 0)  # none: an empty one
        k_max = int(self.values.shape[1])
        code = self.rule.code
        if code is None or not kernel.available():  # a rule without compiled code: the vectorised replay
            return self._numpy_totals(order, pay)
        ptr, col, val = pay.csr(k_max, self.rows)
        params = np.asarray(self.rule.params, dtype=np.float64)
        return kernel.replay_totals(
            code, params, self.values, self.mask, self.choice(), order, ptr, col, val, pay.width
        )

    def _numpy_totals(self, order: IntArray, pay: Payload) -> tuple[FloatArray, FloatArray]:
        """:meth:`totals` without numba: the vectorised replay, recording each position's choice;
        the payload of the chosen pairs is then added position by position."""
        n_res, n = order.shape
        if n_res * n > 50_000_000:
            warnings.warn(
                "resampling without numba is slow; pip install 'gecscope[fast]' for the compiled replay",
                stacklevel=3,
            )
        choice = self.choice()
        varied = choice < 0 if self.integral else np.ones(self.rows, dtype=bool)
        fixed = np.where(varied[:, None], 0.0, self.values[np.arange(self.rows), np.maximum(choice, 0), :])
        k_max = int(self.values.shape[1])
        dense = np.zeros((self.rows * k_max, pay.width))
        np.add.at(dense, (pay.row * k_max + pay.ref, pay.col), pay.val)
        tot = np.zeros((n_res, self.values.shape[2]))
        extra = np.zeros((n_res, pay.width))
        for blk in _blocks(n_res, n * self.values.shape[2]):
            picks = np.maximum(choice[order[blk]], 0)
            tot[blk] = self._replay(order[blk], varied, fixed, picks)
            if pay.width:
                pairs = order[blk] * k_max + picks
                for t in range(n):
                    extra[blk] += dense[pairs[:, t]]
        return tot, extra

    def choice(self) -> IntArray:
        """Per row the reference chosen whatever the running totals, or -1 when it depends on them.

        Rows whose references agree take the first; under a monotone rule, the first reference
        at least as good as every other on every field (it wins the key or ties with equal
        statistics)."""
        same = (self.values == self.values[:, :1]).all(axis=2) | ~self.mask  # (rows, references)
        out = np.where(same.all(axis=1), 0, -1).astype(np.int64)
        signs = self.rule.monotone
        if signs is None:
            return out
        s = self.values * np.asarray(signs)  # larger is better on every field
        ge = (s[:, :, None, :] >= s[:, None, :, :]).all(axis=3) | ~self.mask[:, None, :]  # (R, j, k)
        dom = ge.all(axis=2) & self.mask
        has = dom.any(axis=1)
        return np.asarray(np.where(has, dom.argmax(axis=1), -1), dtype=np.int64)

    def score_fn(self, totals: FloatArray) -> FloatArray:
        """The corpus score of ``(..., fields)`` totals (the rule's)."""
        return self.rule.score(totals)

    @property
    def parts(self) -> Callable[[FloatArray], dict[str, FloatArray]]:
        """The metric's components of ``(..., fields)`` totals (the rule's)."""
        return self.rule.parts

    def scores(self, order: IntArray) -> FloatArray:
        return self.rule.score(self.totals(order)[0])

    def _replay(self, order: IntArray, varied: BoolArray, fixed: FloatArray, picks: IntArray) -> FloatArray:
        """The chosen totals of every resample; ``picks`` (resamples, n) receives the reference
        chosen at each position whose choice depends on the running totals."""
        b, n = order.shape
        var = varied[order]  # (b, n)
        before = np.zeros((b, n + 1, fixed.shape[1]))
        np.cumsum(fixed[order], axis=1, out=before[:, 1:])  # fixed statistics before each position
        counts = var.sum(axis=1)
        steps = int(counts.max()) if b else 0
        # positions of the varied sentences of each resample, in order, padded with n
        pos = np.full((b, max(steps, 1)), n, dtype=np.int64)
        r_idx, c_idx = np.nonzero(var)
        rank = np.arange(len(r_idx)) - np.repeat(np.cumsum(counts) - counts, counts)
        pos[r_idx, rank] = c_idx
        chosen = np.zeros((b, fixed.shape[1]))
        all_rows = np.arange(b)
        for m in range(steps):
            active = all_rows[counts > m]
            p = pos[active, m]
            rows = order[active, p]
            tot = chosen[active] + before[active, p]
            cand = self.values[rows]  # (a, K, F)
            keys = self.rule.key(tot[:, None, :] + cand, cand)
            pick = lex_argmax(keys, self.mask[rows])
            chosen[active] = chosen[active] + cand[np.arange(len(rows)), pick]
            picks[active, p] = pick
        return np.asarray(chosen + before[:, n], dtype=np.float64)


@dataclass(frozen=True)
class SumTable(_Rows):
    """Fixed per-row statistics ``values[row, ...]`` summed over a resample, then ``score(totals)``."""

    values: FloatArray
    score_fn: Any  # Callable[[FloatArray], FloatArray] on (resamples, *values.shape[1:])
    #: the metric's components of the totals, by key (None: none)
    parts: Any = None

    def flip_totals(self, mine: int, theirs: int, n: int, swaps: BoolArray) -> tuple[FloatArray, FloatArray]:
        """Approximate randomization for a linear statistic (integral): with ``A``, ``B`` the two
        systems' rows, the swapped corpora total ``sum(B) + swaps @ (A - B)`` and
        ``sum(A) - swaps @ (A - B)`` (exact: whole numbers)."""
        shape = self.values.shape[1:]
        flat = self.values.reshape(self.rows, -1)
        a, b = flat[theirs * n : theirs * n + n], flat[mine * n : mine * n + n]
        delta = a - b
        moved = swaps.astype(np.float64) @ delta
        x = b.sum(axis=0) + moved
        y = a.sum(axis=0) - moved
        return x.reshape(-1, *shape), y.reshape(-1, *shape)

    def totals(self, order: IntArray) -> tuple[FloatArray, FloatArray]:
        """The summed statistics ``(resamples, *values.shape[1:])`` (no payload: empty)."""
        n_res, n = order.shape
        width = int(np.prod(self.values.shape[1:]))
        flat = self.values.reshape(self.rows, width)
        totals = np.zeros((n_res, width))
        if self.integral and n_res:
            # integral statistics sum exactly in any order: count each row's uses, multiply
            lo = int(order.min())
            span = int(order.max()) + 1 - lo
            for blk in _blocks(n_res, span):
                rows = order[blk] - lo
                offsets = (np.arange(len(rows))[:, None] * span + rows).ravel()
                counts = np.bincount(offsets, minlength=len(rows) * span).reshape(len(rows), span)
                totals[blk] = counts.astype(np.float64) @ flat[lo : lo + span]
        else:
            for blk in _blocks(n_res, n * width):
                totals[blk] = flat[order[blk]].sum(axis=1)
        return totals.reshape(n_res, *self.values.shape[1:]), np.zeros((n_res, 0))

    def scores(self, order: IntArray) -> FloatArray:
        return np.asarray(self.score_fn(self.totals(order)[0]), dtype=np.float64)


@dataclass(frozen=True)
class MeanTable(_Rows):
    """Sentence scores; a resample scores the mean of its sentences' scores.

    ``sequential``: summed left to right as Python's ``sum`` (CLEME family), else numpy's
    pairwise ``mean`` (GREEN) — so that the mean is bit-identical to the metric's."""

    values: FloatArray
    sequential: bool = False

    def scores(self, order: IntArray) -> FloatArray:
        out = np.zeros(order.shape[0])
        n = order.shape[1]
        for blk in _blocks(order.shape[0], n):
            picked = self.values[order[blk]]
            if self.sequential:
                out[blk] = np.cumsum(picked, axis=1)[:, -1] / (n or 1) if n else 0.0
            else:
                out[blk] = picked.mean(axis=1)
        return out


@dataclass(frozen=True)
class ReplayTable:
    """The generic path: ``metric.score_analysis(take(analysis, order[b]))`` for every resample, the
    analysis taken and stacked as the metric's registry entry declares its statistics."""

    metric: Any
    analysis: Any
    rows: int

    def stacked(self, others: Sequence[Table]) -> ReplayTable:
        parts = [self, *(t for t in others if isinstance(t, ReplayTable))]
        stacked = declared(self.metric).stack([t.analysis for t in parts])
        return ReplayTable(self.metric, stacked, sum(t.rows for t in parts))

    def scores(self, order: IntArray) -> FloatArray:
        desc, take = f"re-scoring {self.metric.name}", declared(self.metric).take
        return np.asarray(
            [float(self.metric.score_analysis(take(self.analysis, o)).value) for o in progress(order, desc=desc)]
        )
