"""Select and stack compact chunk analyses: resampling, and streaming shard by shard.

Analysing shards one at a time (without their chunks), stacking them and scoring once gives the
one-shot result: every per-sentence array is concatenated and the offsets shifted.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

if TYPE_CHECKING:  # the class's own module imports these functions as its take/stack
    from gecscope.metrics.analysis import ChunkAnalysis

IntArray = NDArray[np.int64]


def gather(offsets: IntArray, idx: IntArray) -> tuple[IntArray, IntArray]:
    """The element indices of groups ``idx`` (in that order, with repeats) and their offsets.

    >>> [x.tolist() for x in gather(np.array([0, 2, 3, 6]), np.array([2, 0, 2]))]
    [[3, 4, 5, 0, 1, 3, 4, 5], [0, 3, 5, 8]]
    """
    sizes = offsets[idx + 1] - offsets[idx]
    new = np.zeros(len(idx) + 1, dtype=np.int64)
    np.cumsum(sizes, out=new[1:])
    return np.repeat(offsets[idx] - new[:-1], sizes) + np.arange(int(new[-1]), dtype=np.int64), new


#: the flat arrays of a :class:`ChunkAnalysis`, each with the offsets that group it by sentence
#: (None: one entry per sentence)
GROUPS = {
    "hyp_changed": "chunk_offsets",
    "hyp_length": "chunk_offsets",
    "ref_index": "pair_offsets",
    "ref_changed": "flag_offsets",
    "ref_equal": "flag_offsets",
    "bias_sum": None,
    "bias_count": None,
}
OFFSETS = ("chunk_offsets", "pair_offsets", "flag_offsets")


def take_sentences(analysis: ChunkAnalysis, idx: Sequence[int] | IntArray) -> ChunkAnalysis:
    """The sentences ``idx`` of ``analysis`` (in that order, with repeats)."""
    sel = np.asarray(idx, dtype=np.int64).reshape(-1)
    elements: dict[str | None, IntArray] = {None: sel}
    offsets: dict[str, Any] = {}
    for name in OFFSETS:
        elements[name], offsets[name] = gather(getattr(analysis, name), sel)
    arrays: dict[str, Any] = {k: getattr(analysis, k)[elements[group]] for k, group in GROUPS.items()}
    parts = None if analysis.partitions is None else tuple(analysis.partitions[i] for i in sel.tolist())
    return dataclasses.replace(analysis, **offsets, **arrays, partitions=parts, types=None)  # the group: Statistics


def stack_analyses(analyses: Sequence[ChunkAnalysis]) -> ChunkAnalysis:
    """The sentences of several analyses (shards) one after another; the chunks are kept only
    if every part kept them."""
    first = analyses[0]
    if any(a.assumption != first.assumption for a in analyses):
        raise ValueError("cannot stack chunk analyses of different assumptions (relabel them first)")
    offsets: dict[str, Any] = {}
    for name in OFFSETS:  # every offsets array starts at 0: the stacked one sums the group sizes
        sizes = np.concatenate([np.diff(getattr(a, name)) for a in analyses])
        offsets[name] = np.concatenate([np.zeros(1, dtype=np.int64), np.cumsum(sizes)])
    arrays: dict[str, Any] = {k: np.concatenate([getattr(a, k) for a in analyses]) for k in GROUPS}
    chunks = None
    if all(a.partitions is not None for a in analyses):
        chunks = tuple(p for a in analyses for p in a.chunks)
    return dataclasses.replace(first, **offsets, **arrays, partitions=chunks, types=None)  # the group: Statistics


__all__ = ["gather", "stack_analyses", "take_sentences"]
