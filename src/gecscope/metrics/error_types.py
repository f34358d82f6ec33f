"""Per-error-type counts for CLEME and CLEME2.0 (``cat`` 1-3, ERRANT's ``-cat`` levels).

How a chunk gets its types (the attribution rule):

* **TP, FP_ne, FN** are attributed to the *reference* chunk's edit types: the error that
  needed correcting. The reference is the one chosen for the sentence (the same choice that
  produced the overall counts). Under the independent assumption, where the label comes from
  all references together, a chosen reference that did not change the chunk defers to the first
  kept reference that did (for a TP, preferably one whose correction equals the hypothesis's).
* **FP_un** is attributed to the *hypothesis* chunk's edit types: what was over-corrected.
* A chunk whose attributed edits carry k distinct types (after mapping to the ``cat`` level)
  contributes ``weight / k`` to each, so the per-type counts sum exactly (up to float rounding)
  to the overall TP / FP_ne / FP_un / FN under every setting: dependent or independent, corpus
  or sentence level, any weighting.
* TN chunks are not attributed (nothing was wrong and nothing was changed): ``types`` rows have
  no ``tn``.
* Types come from the M2 files (``A start end|||TYPE|||...``) or from ERRANT when text is
  aligned. An edit without a type (the Levenshtein aligner has none) is ``UNK``; a chunk with
  no typed edit where one is needed (e.g. the reference agrees with the hypothesis on a chunk
  both left identical in content) falls back to the hypothesis's types, then ``UNK``.

Levels: 1 = operation (``M``/``R``/``U``), 2 = category without operation (``NOUN:NUM``),
3 = full type (``R:NOUN:NUM``). Types that are not ERRANT-shaped (``UNK``, NUCLE's ``Vt``)
are kept whole at every level.

>>> type_name("R:NOUN:NUM", 1), type_name("R:NOUN:NUM", 2), type_name("", 3), type_name("Vt", 1)
('R', 'NOUN:NUM', 'UNK', 'Vt')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from gecscope.classify import Label
from gecscope.metrics.analysis import ChunkAnalysis
from gecscope.result import Score
from gecscope.stats import ChunkCounts, TypeCounts, TypeEntry
from gecscope.types import Chunk, Example

if TYPE_CHECKING:
    from gecscope.metrics.chunk_metric import ChunkMetric

UNK = "UNK"
LEVELS = (1, 2, 3)

#: per chunk, per target (hypothesis first, then kept references): distinct edit types
ChunkTypes = tuple[tuple[tuple[str, ...], ...], ...]


def type_name(edit_type: str, level: int) -> str:
    """An edit type at ERRANT ``-cat`` granularity ``level`` (1, 2 or 3)."""
    t = edit_type or UNK
    if len(t) > 2 and t[1] == ":" and t[0] in "MRU" and level in (1, 2):
        return t[0] if level == 1 else t[2:]
    return t


def chunk_types(example: Example, kept: Sequence[int], chunks: Sequence[Chunk], level: int) -> ChunkTypes:
    """The distinct types of each target's edits inside each chunk.

    Edits are assigned to chunks exactly as :func:`gecscope.chunk.partition` assigns them: a
    target changed in a chunk owns its next edits that start at or before the chunk's end.
    """
    targets = (example.hypothesis, *(example.references[i] for i in kept))
    lists = [t.edits or () for t in targets]
    cursors = [0] * len(lists)
    out = []
    for c in chunks:
        row: list[tuple[str, ...]] = []
        for t, edits in enumerate(lists):
            i = cursors[t]  # an unchanged target owns no edit here
            while c.changed[t] and i < len(edits) and edits[i].start <= c.end:
                i += 1
            row.append(tuple(dict.fromkeys(type_name(e.type, level) for e in edits[cursors[t] : i])))
            cursors[t] = i
        out.append(tuple(row))
    return tuple(out)


def attribute(label: Label, chunk: Chunk, types: Sequence[tuple[str, ...]], k: int) -> tuple[str, ...]:
    """The types a chunk labelled ``label`` counts for, judged against kept reference ``k``
    (0-based; target ``k + 1``). Empty for TN."""
    if label == Label.TN:
        return ()
    if label == Label.FP_UN:
        return types[0] or (UNK,)
    if types[k + 1]:
        return types[k + 1]
    changed = [r for r in range(1, len(types)) if types[r]]
    agreeing = [r for r in changed if chunk.outputs[r] == chunk.outputs[0]] if label == Label.TP else []
    if changed:
        return types[(agreeing or changed)[0]]
    return types[0] or (UNK,)  # the hypothesis's types


def chunk_type_counts(examples: Sequence[Example], analysis: ChunkAnalysis, level: int) -> TypeCounts:
    """The per-type group of a chunk analysis at ``cat`` ``level`` (under its own assumption):
    per sentence, per kept reference ``k``, per chunk, one entry per type the chunk counts for
    against ``k`` (:func:`attribute`), in its label's field, 1/k of the chunk's weight each."""
    if level not in LEVELS:
        raise ValueError(f"cat must be 1, 2 or 3; got {level}")
    out = []
    for ex, chunks, kept, per_ref in zip(examples, analysis.chunks, analysis.kept, analysis.labels, strict=True):
        types = chunk_types(ex, kept, chunks, level)
        entries: list[TypeEntry] = []
        for k, labels in enumerate(per_ref):
            for c, (chunk, lab, ts) in enumerate(zip(chunks, labels, types, strict=True)):
                names = attribute(lab, chunk, ts, k)
                entries.extend((k, name, int(lab), 1.0, len(names), k * len(chunks) + c) for name in names)
        out.append(tuple(entries))
    return TypeCounts(level, tuple(out))


def chunk_type_rows(metric: ChunkMetric, analysis: ChunkAnalysis, result: Score) -> dict[str, dict[str, float]]:
    """``details["types"]`` of a chunk metric's ``result`` from the analysis's per-type group: per
    type, the summed counts (each sentence against the kept reference its overall counts used,
    with the metric's chunk weights, :meth:`ChunkMetric.weight_array`) and the metric's values of them."""
    assert analysis.types is not None
    weights = metric.weight_array(analysis)
    # the chosen reference's position among each sentence's kept ones
    chosen = [kept.index(int(row["reference"])) for kept, row in zip(analysis.kept, result.sentences, strict=True)]
    acc = analysis.types.totals(chosen, 5, weights, analysis.flag_offsets)
    return {name: metric.type_row(ChunkCounts(*acc[name])) for name in sorted(acc)}


__all__ = ["UNK", "attribute", "chunk_type_counts", "chunk_type_rows", "chunk_types", "type_name"]
