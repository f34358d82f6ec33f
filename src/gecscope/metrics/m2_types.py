"""Per-error-type P/R/F for M2 (``cat`` 1-3, ERRANT's ``-cat`` levels).

The M2 scorer's hypothesis edits come from its edit lattice and carry no type, so types come
from the gold edits of the annotator chosen for the sentence (the choice behind the overall
counts):

* a hypothesis edit that matches gold edits (the scorer's ``matchSeq``) is a TP of each matched
  gold edit's type;
* an unmatched hypothesis edit is an FP of the types of the hypothesis's own typed edits
  inside its source span (a hypothesis M2 file, or ERRANT on text), else of the gold edits
  inside it, else ``UNK``; k distinct types share it, 1/k each (the lattice joins adjacent
  changes with up to ``max_unchanged_words`` words between them into one proposal);
* an unmatched gold edit is an FN of its own type.

The scorer lets one hypothesis edit match several identical gold edits, each a correct edit,
so its proposed count is one less than its correct count per extra match; that -1 is booked as
FP of the first matched gold edit's type, which keeps the per-type TP, FP and FN summing
exactly to the overall counts. Untyped gold edits are ``UNK``.

With ``cat="gold"`` (:data:`~gecscope.metrics.error_types.GOLD`) a type is a gold edit's own,
whole, and only TP and FN are counted (an unmatched hypothesis edit has no gold type): a row's
TP and FN sum to the overall ones, its FP, P and F are ``None``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.metrics.error_types import GOLD, LEVELS, UNK, Level, type_name, type_row
from gecscope.metrics.maxmatch import GoldEdit, gold_matches
from gecscope.result import Score
from gecscope.stats import TypeCounts, TypeEntry
from gecscope.types import Example

HypEdit = tuple[int, int, str, str]


def m2_type_counts(
    ex: Example, annotator: int, edits: Sequence[HypEdit], gold: Sequence[GoldEdit], level: Level
) -> dict[str, list[float]]:
    """``{type: [tp, fp, fn]}`` of ``ex`` against ``annotator`` (the search's ``edits`` and its
    ``gold``), with the types of the gold edits and the hypothesis's own typed edits, where known
    (:data:`GOLD`: the gold edits' alone, no FP)."""
    gold_types = [e.type for e in ex.references[annotator].edits or ()] if ex.references else []
    hyp_types = [(e.start, e.end, e.type) for e in ex.hypothesis.edits or () if e.type]
    acc: dict[str, list[float]] = {}

    def add(name: str, slot: int, amount: float) -> None:
        acc.setdefault(name, [0.0, 0.0, 0.0])[slot] += amount

    names = [type_name(t, level) for t in gold_types]
    matched = [False] * len(gold)
    for e, hits in zip(edits, gold_matches(edits, gold), strict=True):
        for i in hits:
            matched[i] = True
            add(names[i], 0, 1.0)
        if level == GOLD:
            continue
        if len(hits) > 1:
            add(names[hits[0]], 1, 1.0 - len(hits))
        elif not hits:
            inside = [t for a, b, t in hyp_types if e[0] <= a and b <= e[1]]
            inside = inside or [gold_types[i] for i, g in enumerate(gold) if e[0] <= g[0] and g[1] <= e[1]]
            shared = list(dict.fromkeys(type_name(t, level) for t in inside)) or [UNK]
            for name in shared:
                add(name, 1, 1.0 / len(shared))
    for i, done in enumerate(matched):
        if not done:
            add(names[i], 2, 1.0)
    return acc


def m2_type_counts_of(
    examples: Sequence[Example], pairs: Sequence[Sequence[tuple[Sequence[HypEdit], Sequence[GoldEdit]]]], level: Level
) -> TypeCounts:
    """The per-type group of M2's statistics at ``cat`` ``level``: per sentence, per annotator
    ``j`` (its searched ``edits`` and ``gold``, ``pairs``), per type, its ``tp, fp, fn``
    (:func:`m2_type_counts`)."""
    if level not in LEVELS:
        raise ValueError(f"cat must be 1, 2, 3 or gold; got {level}")
    out = []
    for ex, options in zip(examples, pairs, strict=True):
        entries: list[TypeEntry] = []
        for j, (edits, gold) in enumerate(options):
            for name, values in m2_type_counts(ex, j, edits, gold, level).items():
                entries.extend((j, name, f, v, 1, -1) for f, v in enumerate(values))
        out.append(tuple(entries))
    return TypeCounts(level, tuple(out))


def m2_type_rows(group: TypeCounts, result: Score, beta: float) -> dict[str, dict[str, float | None]]:
    """``details["types"] = {type: {tp, fp, fn, p, r, f}}`` of M2's ``result``: each sentence
    counted against the annotator its overall counts chose (gold types: FP, P, F ``None``)."""
    acc = group.totals([int(row["reference"]) for row in result.sentences], 3)
    return {name: type_row(acc[name], beta, group.level == GOLD) for name in sorted(acc)}


__all__ = ["m2_type_counts", "m2_type_counts_of", "m2_type_rows"]
