"""The cached per-sentence statistics of the CLEME family: partition, labels, counts.

One :class:`ChunkAnalysis` per (system, reference set, assumption) is all that CLEME,
CLEME2.0 (any factors, any level), their weighted variants and the meta-evaluation need.

It is compact: a few flags and lengths per chunk in numpy arrays, flat over the corpus, from
which both assumptions' labels and the counts are computed vectorised. The :class:`Chunk`
objects themselves are kept only when asked for (``keep_chunks``): similarity, LLM and
fluency weighting, per-type breakdowns and chunk views need them; CLEME's length weighting
does not.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from gecscope.chunk import partition
from gecscope.classify import Label, Labels
from gecscope.errors import InputError
from gecscope.metrics.chunk_stack import gather, stack_analyses, take_sentences
from gecscope.rows import LazyRows
from gecscope.stats import ChunkCounts, TypeCounts
from gecscope.types import Chunk, Example

#: weights(sentence index, reference position, chunks, labels) -> one weight per chunk
WeightFn = Callable[[int, int, Sequence[Chunk], Labels], Sequence[float]]
IntArray = NDArray[np.int64]
BoolArray = NDArray[np.bool_]
FloatArray = NDArray[np.float64]
LABELS = tuple(Label)


def require_references(examples: Sequence[Example]) -> None:
    """Refuse a sentence without references (it would score 1.0 or 0.0 silently)."""
    for i, example in enumerate(examples):
        if not example.references:
            raise InputError(f"sentence {example.id or i} (number {i + 1}) has no reference; every sentence needs one")


def kept_references(example: Example, exclude_unchanged: bool) -> tuple[int, ...]:
    """Indices of the references CLEME scores against.

    Empty references (the whole sentence deleted) are dropped unless all are empty, then the
    first is kept. With ``exclude_unchanged`` (the paper's ♣ setting), references equal to the
    source are dropped too when the sentence has several, keeping the first if all are.
    """
    refs = example.references
    if not refs:
        raise InputError(f"sentence {example.id} has no reference; every sentence needs one")
    kept = tuple(i for i, r in enumerate(refs) if r.tokens) or (0,)
    if exclude_unchanged and len(kept) > 1:
        kept = tuple(i for i in kept if refs[i].tokens != example.source) or (kept[0],)
    return kept


def partition_example(example: Example, kept: Sequence[int]) -> tuple[Chunk, ...]:
    targets = (example.hypothesis, *(example.references[i] for i in kept))
    if any(t.edits is None for t in targets):
        raise InputError(f"sentence {example.id} is not aligned (align the examples first)")
    return partition(example.source, [t.edits or () for t in targets])


def spans(offsets: IntArray) -> IntArray:
    """The owner of every element of consecutive groups given by ``offsets``.

    >>> spans(np.array([0, 2, 2, 5])).tolist()
    [0, 0, 2, 2, 2]
    """
    return np.repeat(np.arange(len(offsets) - 1, dtype=np.int64), np.diff(offsets))


@dataclass(frozen=True, eq=False)
class ChunkAnalysis:
    """Per-chunk flags of a corpus, flat, with per-sentence offsets.

    ``hyp_changed`` and ``hyp_length`` (``max(|source chunk|, |hypothesis chunk|)``) hold one
    entry per chunk, sentence ``s`` owning ``chunk_offsets[s]:chunk_offsets[s + 1]``.
    ``ref_index`` holds one kept reference index per (sentence, kept reference) pair, sentence
    ``s`` owning ``pair_offsets[s]:pair_offsets[s + 1]``. ``ref_changed`` and ``ref_equal``
    (the reference's tokens equal the hypothesis's) hold one entry per (pair, chunk), pair by
    pair, sentence ``s`` owning ``flag_offsets[s]:flag_offsets[s + 1]``. ``bias_sum`` and
    ``bias_count`` are each sentence's summed length and number of changed reference chunks
    (the length weighting's bias). ``partitions`` are the :class:`Chunk` s, or ``None``.
    """

    assumption: str
    chunk_offsets: IntArray
    pair_offsets: IntArray
    flag_offsets: IntArray
    hyp_changed: BoolArray
    hyp_length: NDArray[np.int32]
    ref_index: NDArray[np.int32]
    ref_changed: BoolArray
    ref_equal: BoolArray
    bias_sum: IntArray
    bias_count: IntArray
    partitions: tuple[tuple[Chunk, ...], ...] | None = None
    #: the per-type group (``cat``) under this assumption, or None (:class:`gecscope.stats.TypeCounts`)
    types: TypeCounts | None = None

    def __len__(self) -> int:
        return len(self.chunk_offsets) - 1

    #: the sentences ``idx`` (in that order, with repeats): ``analysis.take(idx)``
    take = take_sentences
    #: the sentences of ``parts`` (shards) one after another: ``analysis.stack(parts)``
    stack = staticmethod(stack_analyses)

    @property
    def chunks(self) -> tuple[tuple[Chunk, ...], ...]:
        """The chunks of every sentence (only if the analysis kept them)."""
        if self.partitions is None:
            raise ValueError(
                "this chunk analysis dropped its chunks; analyse with keep_chunks=True for similarity, "
                "LLM or fluency weighting, per-type counts (cat) and chunk views"
            )
        return self.partitions

    @property
    def kept(self) -> Sequence[tuple[int, ...]]:
        """The kept reference indices of every sentence (built on demand)."""
        offsets, refs = self.pair_offsets, self.ref_index
        return LazyRows(len(self), lambda s: tuple(refs[offsets[s] : offsets[s + 1]].tolist()))  # type: ignore[arg-type,return-value]

    @property
    def labels(self) -> Sequence[tuple[Labels, ...]]:
        """One label tuple per kept reference of every sentence (built on demand)."""
        labels, flags, chunks = self.label_array, self.flag_offsets, self.chunk_offsets

        def row(s: int) -> tuple[Labels, ...]:
            n = int(chunks[s + 1] - chunks[s])
            flat = [LABELS[x] for x in labels[flags[s] : flags[s + 1]].tolist()]
            return tuple(tuple(flat[i : i + n]) for i in range(0, len(flat), n)) if n else ((),) * len(self.kept[s])

        return LazyRows(len(self), row)  # type: ignore[arg-type,return-value]

    def pair_chunks(self) -> IntArray:
        """The (global) chunk of every (pair, chunk) flag: each pair's sentence's chunks."""
        return gather(self.chunk_offsets, spans(self.pair_offsets))[0]

    @functools.cached_property
    def label_array(self) -> NDArray[np.int8]:
        """The :class:`Label` of every (pair, chunk), under :attr:`assumption`."""
        chunk = self.pair_chunks()
        equal, ref = self.ref_equal, self.ref_changed
        missed = ~equal  # an unchanged hypothesis chunk is a FN where the reference differs
        if self.assumption == "independent":  # judged against every kept reference at once
            n = len(self.hyp_changed)
            equal = np.bincount(chunk, weights=self.ref_equal, minlength=n)[chunk] > 0
            changed = np.bincount(chunk, weights=self.ref_changed, minlength=n)
            ref = changed[chunk] > 0
            kept = np.diff(self.pair_offsets)[spans(self.chunk_offsets)]
            missed = (changed == kept)[chunk]  # ... where every reference changed it
        elif self.assumption != "dependent":
            raise ValueError(f"unknown assumption {self.assumption!r} (dependent or independent)")
        changed_label = np.where(equal, Label.TP, np.where(ref, Label.FP_NE, Label.FP_UN))
        return np.where(self.hyp_changed[chunk], changed_label, np.where(missed, Label.FN, Label.TN)).astype(np.int8)

    def length_bias(self) -> float:
        """Mean length over every changed reference chunk of the corpus (exact: int / int)."""
        count = int(self.bias_count.sum())
        return int(self.bias_sum.sum()) / count if count else 0.0

    def count_array(self, weights: FloatArray | None = None) -> FloatArray:
        """(pairs, 5) counts ``tp, fp_ne, fp_un, fn, tn`` per (sentence, kept reference); with
        ``weights`` (one per (pair, chunk) flag) the summed weights, added in chunk order."""
        pairs = len(self.ref_index)
        per_pair = np.diff(self.chunk_offsets)[spans(self.pair_offsets)]  # the pair of every flag, below
        bins = np.repeat(np.arange(pairs, dtype=np.int64), per_pair) * 5 + self.label_array
        return np.bincount(bins, weights=weights, minlength=pairs * 5).reshape(pairs, 5).astype(np.float64)

    def weight_array(self, weights: WeightFn) -> FloatArray:
        """A :data:`WeightFn` evaluated pair by pair into one flat array (needs the chunks)."""
        chunks = self.chunks
        rows = (weights(s, k, chunks[s], ls) for s, per_ref in enumerate(self.labels) for k, ls in enumerate(per_ref))
        return np.fromiter(itertools.chain.from_iterable(rows), dtype=np.float64, count=len(self.ref_changed))

    def counts(self) -> list[tuple[ChunkCounts, ...]]:
        """Counts per sentence and kept reference."""
        return split_counts(self.count_array(), self.pair_offsets)


def split_counts(arr: FloatArray, pair_offsets: IntArray) -> list[tuple[ChunkCounts, ...]]:
    """The (pairs, 5) count array as one tuple of :class:`ChunkCounts` per sentence."""
    rows = [ChunkCounts(*r) for r in arr.tolist()]
    bounds = pair_offsets.tolist()
    return [tuple(rows[a:b]) for a, b in itertools.pairwise(bounds)]


def analyse(
    examples: Sequence[Example],
    assumption: str = "dependent",
    *,
    exclude_unchanged: bool = False,
    keep_chunks: bool = True,
) -> ChunkAnalysis:
    """Partition every example once and record its chunks' flags (and the chunks if asked)."""
    if assumption not in ("dependent", "independent"):
        raise ValueError(f"unknown assumption {assumption!r} (dependent or independent)")
    hyp_changed, hyp_length, ref_index = array("b"), array("i"), array("i")
    ref_changed, ref_equal = array("b"), array("b")
    bias_sum, bias_count = array("q"), array("q")
    offsets = [array("q", [0]), array("q", [0]), array("q", [0])]
    kept_chunks = []
    for ex in examples:
        kept = kept_references(ex, exclude_unchanged)
        chunks = partition_example(ex, kept)
        if keep_chunks:
            kept_chunks.append(chunks)
        lengths: list[int] = []  # of every changed reference chunk (the length weighting's bias)
        hyp_changed.extend([c.changed[0] for c in chunks])
        hyp_length.extend([max(len(c.source), len(c.outputs[0])) for c in chunks])
        for k in range(1, len(kept) + 1):
            ref_changed.extend([c.changed[k] for c in chunks])
            ref_equal.extend([c.outputs[k] == c.outputs[0] for c in chunks])
            lengths += [max(len(c.source), len(c.outputs[k])) for c in chunks if c.changed[k]]
        ref_index.extend(kept)
        bias_sum.append(sum(lengths))
        bias_count.append(len(lengths))
        for off, n in zip(offsets, (len(chunks), len(kept), len(chunks) * len(kept)), strict=True):
            off.append(off[-1] + n)
    chunk_offsets, pair_offsets, flag_offsets = (np.frombuffer(off, dtype=np.int64) for off in offsets)
    return ChunkAnalysis(
        assumption,
        chunk_offsets,
        pair_offsets,
        flag_offsets,
        np.frombuffer(hyp_changed, dtype=np.int8).astype(bool),
        np.frombuffer(hyp_length, dtype=np.int32),
        np.frombuffer(ref_index, dtype=np.int32),
        np.frombuffer(ref_changed, dtype=np.int8).astype(bool),
        np.frombuffer(ref_equal, dtype=np.int8).astype(bool),
        np.frombuffer(bias_sum, dtype=np.int64),
        np.frombuffer(bias_count, dtype=np.int64),
        tuple(kept_chunks) if keep_chunks else None,
    )


def relabel(analysis: ChunkAnalysis, assumption: str) -> ChunkAnalysis:
    """The same partitions under another assumption (no re-partitioning, no chunks needed; the
    per-type group, counted under the other labels, is dropped)."""
    if analysis.assumption == assumption:
        return analysis
    return dataclasses.replace(analysis, assumption=assumption, types=None)
