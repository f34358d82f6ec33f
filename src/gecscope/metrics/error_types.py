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

``gold`` (:data:`GOLD`): the reference M2's own types, whole (EstGEC's ``R:NOM:FORM``, UA-GEC's
``G/Case``, ERRANT's in BEA/CoNLL gold, ChERRANT's), untouched by the language's classifier (a
metric with ``cat="gold"`` does not :attr:`~gecscope.metrics.base.MetricBase.uses_types`). Only
what a gold edit accounts for is counted: TP, FP_ne and FN by the reference chunk's types (the
first kept reference that changed the chunk, else ``UNK``, never the hypothesis's); FP_un has no
gold type and is left out, so a gold row gives recall, Hit and Under; its P, F and Over are
``None`` (shown ``-``). The gold types of the rows sum to the overall TP, FP_ne and FN.

>>> type_name("R:NOUN:NUM", 1), type_name("R:NOUN:NUM", 2), type_name("", 3), type_name("Vt", 1)
('R', 'NOUN:NUM', 'UNK', 'Vt')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from gecscope.classify import Label
from gecscope.metrics.analysis import ChunkAnalysis
from gecscope.result import Score
from gecscope.stats import ChunkCounts, TypeCounts
from gecscope.types import Chunk, Example

if TYPE_CHECKING:
    from gecscope.metrics.chunk_metric import ChunkMetric

UNK = "UNK"
#: the ``cat`` value of the gold's own types
GOLD = "gold"
LEVELS: tuple[int | str, ...] = (1, 2, 3, GOLD)
#: a ``cat`` level: 1-3 or :data:`GOLD`
Level = int | str

#: per chunk, per target (hypothesis first, then kept references): distinct edit types
ChunkTypes = tuple[tuple[tuple[str, ...], ...], ...]


def type_name(edit_type: str, level: Level) -> str:
    """An edit type at ERRANT ``-cat`` granularity ``level`` (1, 2 or 3; :data:`GOLD`: whole)."""
    t = edit_type or UNK
    if len(t) > 2 and t[1] == ":" and t[0] in "MRU" and level in (1, 2):
        return t[0] if level == 1 else t[2:]
    return t


def chunk_types(
    example: Example, kept: Sequence[int], chunks: Sequence[Chunk], level: Level, names: dict[str, str] | None = None
) -> ChunkTypes:
    """The distinct types of each target's edits inside each chunk (``names``: a cache of
    :func:`type_name` at ``level``, filled as it is read).

    Edits are assigned to chunks exactly as :func:`gecscope.chunk.partition` assigns them: a
    target changed in a chunk owns its next edits that start at or before the chunk's end.
    """
    targets = (example.hypothesis, *(example.references[i] for i in kept))
    names = {} if names is None else names
    rows: list[list[tuple[str, ...]]] = [[()] * len(targets) for _ in chunks]
    for t, target in enumerate(targets):
        edits, i = target.edits or (), 0
        for c, chunk in enumerate(chunks):
            if i == len(edits):
                break
            if not chunk.changed[t]:  # an unchanged target owns no edit here
                continue
            j = i
            while j < len(edits) and edits[j].start <= chunk.end:
                j += 1
            if j > i:
                found = [names.get(e.type) or names.setdefault(e.type, type_name(e.type, level)) for e in edits[i:j]]
                rows[c][t] = (found[0],) if j == i + 1 else tuple(dict.fromkeys(found))
            i = j
    return tuple(map(tuple, rows))


def attribute(
    label: Label, chunk: Chunk, types: Sequence[tuple[str, ...]], k: int, gold: bool = False
) -> tuple[str, ...]:
    """The types a chunk labelled ``label`` counts for, judged against kept reference ``k``
    (0-based; target ``k + 1``). Empty for TN (and, with ``gold``, for FP_un: no gold type)."""
    if label == Label.TN or (gold and label == Label.FP_UN):
        return ()
    if label == Label.FP_UN:
        return types[0] or (UNK,)
    if types[k + 1]:
        return types[k + 1]
    changed = [r for r in range(1, len(types)) if types[r]]
    agreeing = [r for r in changed if chunk.outputs[r] == chunk.outputs[0]] if label == Label.TP else []
    if changed:
        return types[(agreeing or changed)[0]]
    return (UNK,) if gold else types[0] or (UNK,)  # the hypothesis's types


def chunk_type_counts(examples: Sequence[Example], analysis: ChunkAnalysis, level: Level) -> TypeCounts:
    """The per-type group of a chunk analysis at ``cat`` ``level`` (under its own assumption):
    per sentence, per kept reference ``k``, per chunk, one entry per type the chunk counts for
    against ``k`` (:func:`attribute`), in its label's field, 1/k of the chunk's weight each.
    Only the (pair, chunk) flags that count for a type are visited (TN, and FP_un for the gold's
    types, never are), and only their sentences' chunks are typed."""
    if level not in LEVELS:
        raise ValueError(f"cat must be 1, 2, 3 or gold; got {level}")
    gold = level == GOLD
    labels = analysis.label_array
    counted = labels != Label.TN
    if gold:
        counted &= labels != Label.FP_UN
    at = np.flatnonzero(counted)  # the counted flags, sentence by sentence, pair by pair, chunk by chunk
    flag_offsets = analysis.flag_offsets
    sentence = np.searchsorted(flag_offsets, at, side="right") - 1
    place = at - flag_offsets[sentence]  # k * n + c within the sentence
    n = np.diff(analysis.chunk_offsets)[sentence]
    slots: dict[str, int] = {}
    names: dict[str, str] = {}
    sizes = [0] * len(analysis)
    option: list[int] = []
    type_id: list[int] = []
    field: list[int] = []
    divisor: list[int] = []
    flag: list[int] = []
    last, count = -1, 0
    chunks: Sequence[Chunk] = ()
    types: ChunkTypes = ()
    pairs, refs, partitions = analysis.pair_offsets, analysis.ref_index, analysis.chunks
    for s, p, size, lab in zip(sentence.tolist(), place.tolist(), n.tolist(), labels[at].tolist(), strict=True):
        if s != last:
            if last >= 0:
                sizes[last] = count
            last, count, chunks = s, 0, partitions[s]
            kept = refs[pairs[s] : pairs[s + 1]].tolist()
            types = chunk_types(examples[s], kept, chunks, level, names)
        k, c = divmod(p, size)
        found = attribute(lab, chunks[c], types[c], k, gold)
        d = len(found)
        for name in found:
            option.append(k)
            type_id.append(slots.setdefault(name, len(slots)))
            field.append(lab)
            divisor.append(d)
            flag.append(p)
        count += d
    if last >= 0:
        sizes[last] = count
    return TypeCounts.build(level, tuple(slots), sizes, option, type_id, field, [1.0] * len(option), divisor, flag)


def chunk_type_rows(
    metric: ChunkMetric, analysis: ChunkAnalysis, result: Score, chosen: Any = None
) -> dict[str, dict[str, float]] | dict[str, dict[str, float | None]]:
    """``details["types"]`` of a chunk metric's ``result`` from the analysis's per-type group: per
    type, the summed counts (each sentence against the kept reference its overall counts used,
    with the metric's chunk weights, :meth:`ChunkMetric.weight_array`) and the metric's values of
    them. ``chosen``: the (sentence, kept reference) pair each sentence's counts used (the
    table's choice), else read from ``result``'s sentence rows."""
    assert analysis.types is not None
    weights = metric.weight_array(analysis)
    if chosen is not None:  # the chosen reference's position among each sentence's kept ones
        position = np.asarray(chosen, dtype=np.int64) - analysis.pair_offsets[:-1]
    else:
        pairs = zip(analysis.kept, result.sentences, strict=True)
        position = np.array([kept.index(int(row["reference"])) for kept, row in pairs], dtype=np.int64)
    acc = analysis.types.totals(position, 5, weights, analysis.flag_offsets)
    rows = {name: empty_cells(metric.type_row(ChunkCounts(*acc[name]))) for name in sorted(acc)}
    return {name: gold_row(row) for name, row in rows.items()} if analysis.types.level == GOLD else rows


#: a chunk metric's per-type rates and the counts their denominators sum
DENOMINATORS = {
    "p": ("tp", "fp"),
    "r": ("tp", "fn"),
    "hit": ("tp", "fp_ne", "fn"),
    "wrong": ("tp", "fp_ne", "fn"),
    "under": ("tp", "fp_ne", "fn"),
    "over": ("tp", "fp_ne", "fp_un"),
}


def empty_cells(row: dict[str, float]) -> dict[str, float | None]:
    """``row`` with each rate whose denominator is 0 ``None`` (no proposal, no gold edit: shown
    ``-``, JSON ``null``), the counts beside it kept."""
    out: dict[str, float | None] = dict(row)
    for rate, counts in DENOMINATORS.items():
        if rate in row and all(c in row for c in counts) and sum(row[c] for c in counts) == 0:
            out[rate] = None
    return out


#: the per-type values a gold type cannot have: they count the proposals no gold edit accounts for
NOT_GOLD = ("fp_un", "over", "p", "f")


def gold_row(row: dict[str, float | None]) -> dict[str, float | None]:
    """A gold type's row: ``row`` with :data:`NOT_GOLD` values ``None`` (shown ``-``)."""
    return {k: None if k in NOT_GOLD else v for k, v in row.items()}


def category_rows(
    totals: Mapping[str, Sequence[float]], beta: float, level: Level
) -> dict[str, dict[str, float | None]]:
    """ERRANT's per-category rows (:func:`type_row`) of its summed ``{name: (tp, fp, fn)}``; for
    :data:`GOLD`, the gold types alone (TP and FN are counted by the gold edit's type, FP by the
    hypothesis's: a name with no TP or FN is no gold type's row)."""
    gold = level == GOLD
    return {k: type_row(v, beta, gold) for k, v in totals.items() if not gold or v[0] + v[2]}


def type_row(counts: Sequence[float], beta: float, gold: bool = False) -> dict[str, float | None]:
    """One type's ``{tp, fp, fn, p, r, f}`` (M2, ERRANT): ERRANT's P/R/F where the counts define
    them; P with no proposal and R with no gold edit are ``None`` (not ERRANT's 1.0: in a per-type
    table that reads as perfect), F stays (0 then); a gold type's FP, P and F are ``None``.

    >>> type_row((0, 0, 2), 0.5)
    {'tp': 0, 'fp': 0, 'fn': 2, 'p': None, 'r': 0.0, 'f': 0.0}
    """
    from gecscope.metrics.counts import prf_row  # start-up: the CLEME family reads no count table

    row: dict[str, float | None] = dict(prf_row(counts, beta))
    tp, fp, fn = counts
    if tp + fp == 0:
        row["p"] = None
    if tp + fn == 0:
        row["r"] = None
    if gold:
        row.update(fp=None, p=None, f=None)
    return row


__all__ = [
    "GOLD",
    "LEVELS",
    "UNK",
    "Level",
    "attribute",
    "category_rows",
    "chunk_type_counts",
    "chunk_type_rows",
    "chunk_types",
    "empty_cells",
    "gold_row",
    "type_name",
    "type_row",
]
