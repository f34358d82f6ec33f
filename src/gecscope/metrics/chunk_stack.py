"""Select and stack compact chunk analyses: resampling, and streaming shard by shard.

Analysing shards one at a time (without their chunks), stacking them and scoring once gives the
one-shot result: every per-sentence array is concatenated and the offsets shifted.
"""

from __future__ import annotations

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


def take_sentences(analysis: ChunkAnalysis, idx: Sequence[int] | IntArray) -> ChunkAnalysis:
    """The sentences ``idx`` of ``analysis`` (in that order, with repeats)."""
    a = analysis
    sel = np.asarray(idx, dtype=np.int64).reshape(-1)
    chunk, chunk_offsets = gather(a.chunk_offsets, sel)
    pair, pair_offsets = gather(a.pair_offsets, sel)
    flag, flag_offsets = gather(a.flag_offsets, sel)
    parts = None if a.partitions is None else tuple(a.partitions[i] for i in sel.tolist())
    return type(a)(
        a.assumption,
        chunk_offsets,
        pair_offsets,
        flag_offsets,
        a.hyp_changed[chunk],
        a.hyp_length[chunk],
        a.ref_index[pair],
        a.ref_changed[flag],
        a.ref_equal[flag],
        a.bias_sum[sel],
        a.bias_count[sel],
        parts,
    )


def stack_analyses(analyses: Sequence[ChunkAnalysis]) -> ChunkAnalysis:
    """The sentences of several analyses (shards) one after another; the chunks are kept only
    if every part kept them."""
    first = analyses[0]
    if any(a.assumption != first.assumption for a in analyses):
        raise ValueError("cannot stack chunk analyses of different assumptions (relabel them first)")

    def offsets(name: str) -> IntArray:
        parts, base = [np.zeros(1, dtype=np.int64)], 0
        for a in analyses:
            off = getattr(a, name)
            parts.append(off[1:] + base)
            base += int(off[-1])
        return np.concatenate(parts)

    def cat(name: str) -> Any:
        return np.concatenate([getattr(a, name) for a in analyses])

    parts = None
    if all(a.partitions is not None for a in analyses):
        parts = tuple(p for a in analyses for p in a.chunks)
    return type(first)(
        first.assumption,
        offsets("chunk_offsets"),
        offsets("pair_offsets"),
        offsets("flag_offsets"),
        cat("hyp_changed"),
        cat("hyp_length"),
        cat("ref_index"),
        cat("ref_changed"),
        cat("ref_equal"),
        cat("bias_sum"),
        cat("bias_count"),
        parts,
    )


__all__ = ["gather", "stack_analyses", "take_sentences"]
