"""Reference choice over compact counts: one (pairs, fields) array, pairs grouped by sentence.

The choices of :mod:`gecscope.scoring` with its keys, without one object per candidate: the
greedy corpus rule walks the sentences once over plain floats (a sentence with one kept
reference has nothing to choose), the per-sentence rule is one ``lexsort`` over the key arrays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gecscope.metrics.analysis import FloatArray, IntArray
from gecscope.rows import LazyRows
from gecscope.stats import ChunkCounts

if TYPE_CHECKING:
    from gecscope.scoring import CorpusRule

#: a corpus key of :mod:`gecscope.scoring`: key(running totals + candidate, candidate, params)
GreedyKey = Callable[[Any, Any, Any], tuple[Any, ...]]
FIELDS = ("tp", "fp_ne", "fp_un", "fn", "tn")
#: sentences whose counts are turned into Python floats at a time
BLOCK = 8192


def greedy_pairs(
    values: FloatArray, pair_offsets: IntArray, key: GreedyKey, params: Any
) -> tuple[IntArray, list[float]]:
    """The chosen pair of every sentence under the greedy corpus rule, and the running totals
    (:func:`gecscope.scoring.greedy_choice` on rows of floats).

    >>> v = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=float)
    >>> greedy_pairs(v, np.array([0, 2, 3]), lambda t, c, p: (-t[1],), ())
    (array([0, 2]), [1.0, 0.0, 1.0])
    """
    bounds = pair_offsets.tolist()
    n = len(bounds) - 1
    chosen = np.empty(n, dtype=np.int64)
    tot = [0.0] * values.shape[1]
    for first in range(0, n, BLOCK):  # plain floats for a block of sentences at a time
        last = min(first + BLOCK, n)
        base = bounds[first]
        vals = values[base : bounds[last]].tolist()
        for s in range(first, last):
            best = a = bounds[s] - base
            b = bounds[s + 1] - base
            if b - a > 1:
                best_key = None
                for p in range(a, b):
                    c = vals[p]
                    k = key([x + y for x, y in zip(tot, c, strict=True)], c, params)
                    if best_key is None or k > best_key:
                        best, best_key = p, k
            tot = [x + y for x, y in zip(tot, vals[best], strict=True)]
            chosen[s] = best + base
    return chosen, tot


def best_pairs(keys: Sequence[FloatArray], pair_offsets: IntArray) -> IntArray:
    """The pair with the largest key tuple (``keys`` primary first) per sentence; the earliest
    wins ties, as with :func:`gecscope.scoring.best_choice`.

    >>> best_pairs([np.array([0.5, 0.7, 0.7, 0.1])], np.array([0, 3, 4])).tolist()
    [1, 3]
    """
    pairs = int(pair_offsets[-1])
    sentence = np.repeat(np.arange(len(pair_offsets) - 1), np.diff(pair_offsets))
    order = np.lexsort((np.arange(pairs), *(-np.asarray(k) for k in reversed(keys)), sentence))
    return order[pair_offsets[:-1]].astype(np.int64)


def rule_choice(
    rule: CorpusRule, values: FloatArray, pair_offsets: IntArray, params: Any, reduction: str = ""
) -> IntArray:
    """The pair ``rule`` picks in every sentence: greedily on its corpus key, or by its sentence
    key when the reduction (``reduction``, else the rule's own) is ``mean``."""
    if (reduction or rule.reduction) == "mean":
        return best_pairs(rule.sentence_key(values.T, params), pair_offsets)
    return greedy_pairs(values, pair_offsets, rule.corpus_key, params)[0]


def sentence_parts(rule: CorpusRule, values: FloatArray, chosen: IntArray, params: Any) -> dict[str, FloatArray]:
    """Each sentence's components under ``rule`` against its chosen pair (one value per sentence)."""
    parts = rule.components(values[chosen].T, params)
    return {k: np.broadcast_to(np.asarray(v, dtype=np.float64), chosen.shape).copy() for k, v in parts.items()}


def rule_parts(
    rule: CorpusRule, values: FloatArray, pair_offsets: IntArray, params: Any, reduction: str = ""
) -> tuple[IntArray, dict[str, float]]:
    """The pair chosen in every sentence and the corpus components under ``rule``: those of the
    chosen totals (``greedy``), or the mean over the sentences of each sentence's (``mean``).

    >>> from gecscope.scoring import M2
    >>> v = np.array([[1, 2, 2], [0, 0, 1], [0, 0, 0]], dtype=float)  # correct, proposed, gold
    >>> chosen, parts = rule_parts(M2, v, np.array([0, 2, 3]), (0.5,), "mean")
    >>> chosen.tolist(), round(parts["f"], 4), round(rule_parts(M2, v, np.array([0, 2, 3]), (0.5,))[1]["f"], 4)
    ([0, 2], 0.75, 0.5)
    """
    if (reduction or rule.reduction) == "mean":
        chosen = rule_choice(rule, values, pair_offsets, params, "mean")
        return chosen, {k: mean(v) for k, v in sentence_parts(rule, values, chosen, params).items()}
    chosen, totals = greedy_pairs(values, pair_offsets, rule.corpus_key, params)
    return chosen, {k: float(v) for k, v in rule.components(tuple(totals), params).items()}


def chosen_totals(values: FloatArray, chosen: IntArray) -> ChunkCounts:
    """The chosen rows summed in sentence order (sequentially, as :func:`~gecscope.scoring.sum_chosen`)."""
    if not len(chosen):
        return ChunkCounts()
    return ChunkCounts(*np.add.accumulate(values[chosen], axis=0)[-1].tolist())


def mean(column: FloatArray | Sequence[float]) -> float:
    """Left-to-right sum over the sentences divided by their number (1 when there are none)."""
    vals = column.tolist() if isinstance(column, np.ndarray) else list(column)
    return sum(vals) / (len(vals) or 1)


@dataclass(frozen=True, eq=False)
class SentenceRow:
    """Builds sentence ``i``'s row from the arrays (a picklable row maker for :class:`LazyRows`)."""

    chosen: IntArray
    values: FloatArray
    ref_index: Any
    columns: dict[str, FloatArray]

    def __call__(self, i: int) -> dict[str, Any]:
        p = int(self.chosen[i])
        counts = dict(zip(FIELDS, self.values[p].tolist(), strict=True))
        out = {"index": i, "reference": int(self.ref_index[p]), **{k: float(v[i]) for k, v in self.columns.items()}}
        return {**out, **counts, "fp": counts["fp_ne"] + counts["fp_un"]}


def sentence_rows(chosen: IntArray, values: FloatArray, ref_index: Any, columns: dict[str, FloatArray]) -> LazyRows:
    """Sentence rows ``{index, reference, *columns, tp, fp_ne, fp_un, fn, tn, fp}`` on demand."""
    return LazyRows(len(chosen), SentenceRow(chosen, values, ref_index, columns))
