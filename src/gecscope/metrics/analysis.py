"""The cached per-sentence statistics of the CLEME family: partition, labels, counts.

One :class:`ChunkAnalysis` per (system, reference set, assumption) is all that CLEME,
CLEME2.0 (any factors, any level), their weighted variants and the meta-evaluation need.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gecscope.chunk import partition
from gecscope.classify import Label, Labels, classify
from gecscope.errors import InputError
from gecscope.stats import ChunkCounts
from gecscope.types import Chunk, Example

#: weights(sentence index, reference position, chunks, labels) -> one weight per chunk
WeightFn = Callable[[int, int, Sequence[Chunk], Labels], Sequence[float]]


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
    edit_lists = []
    for t in targets:
        if t.edits is None:
            raise InputError(f"sentence {example.id} is not aligned (align the examples first)")
        edit_lists.append(t.edits)
    return partition(example.source, edit_lists)


@dataclass(frozen=True)
class ChunkAnalysis:
    """Per sentence: the chunks, the kept reference indices and one label tuple per kept ref."""

    assumption: str
    chunks: tuple[tuple[Chunk, ...], ...]
    kept: tuple[tuple[int, ...], ...]
    labels: tuple[tuple[Labels, ...], ...]

    def __len__(self) -> int:
        return len(self.chunks)

    def counts(self, weights: WeightFn | None = None) -> list[tuple[ChunkCounts, ...]]:
        """Counts per sentence and kept reference; summed weights when ``weights`` is given."""
        out = []
        for s, (chunks, per_ref) in enumerate(zip(self.chunks, self.labels, strict=True)):
            row = []
            for k, labels in enumerate(per_ref):
                sums = [0.0] * 5
                if weights is None:
                    for lab in labels:
                        sums[lab] += 1.0
                else:
                    for lab, w in zip(labels, weights(s, k, chunks, labels), strict=True):
                        sums[lab] += w
                row.append(ChunkCounts(*sums))
            out.append(tuple(row))
        return out


def analyse(
    examples: Sequence[Example], assumption: str = "dependent", *, exclude_unchanged: bool = False
) -> ChunkAnalysis:
    """Partition every example once and classify its chunks under ``assumption``."""
    chunks, kept, labels = [], [], []
    for ex in examples:
        k = kept_references(ex, exclude_unchanged)
        c = partition_example(ex, k)
        chunks.append(c)
        kept.append(k)
        labels.append(classify(c, len(k), assumption))
    return ChunkAnalysis(assumption, tuple(chunks), tuple(kept), tuple(labels))


def relabel(analysis: ChunkAnalysis, assumption: str) -> ChunkAnalysis:
    """The same partitions under another assumption (no re-partitioning)."""
    labels = tuple(classify(c, len(k), assumption) for c, k in zip(analysis.chunks, analysis.kept, strict=True))
    return ChunkAnalysis(assumption, analysis.chunks, analysis.kept, labels)


__all__ = ["ChunkAnalysis", "Label", "WeightFn", "analyse", "kept_references", "relabel"]
