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
from gecscope.stats import TypeCounts
from gecscope.types import Example

HypEdit = tuple[int, int, str, str]


def m2_type_counts(
    ex: Example,
    annotator: int,
    edits: Sequence[HypEdit],
    gold: Sequence[GoldEdit],
    level: Level,
    matches: Sequence[Sequence[int]] | None = None,
    names: dict[str, str] | None = None,
) -> dict[str, list[float]]:
    """``{type: [tp, fp, fn]}`` of ``ex`` against ``annotator`` (the search's ``edits`` and its
    ``gold``), with the types of the gold edits and the hypothesis's own typed edits, where known
    (:data:`GOLD`: the gold edits' alone, no FP). ``matches``: the gold edits each hypothesis
    edit matches (:func:`gold_matches`, found here if not given); ``names``: a cache of
    :func:`type_name` at ``level``."""
    gold_types = [e.type for e in ex.references[annotator].edits or ()] if ex.references else []
    names = {} if names is None else names
    acc: dict[str, list[float]] = {}

    def name_of(t: str) -> str:
        return names.get(t) or names.setdefault(t, type_name(t, level))

    of_gold = [name_of(t) for t in gold_types]
    matched = [False] * len(gold)
    for e, hits in zip(edits, gold_matches(edits, gold) if matches is None else matches, strict=True):
        for i in hits:
            matched[i] = True
            acc.setdefault(of_gold[i], [0.0, 0.0, 0.0])[0] += 1.0
        if level == GOLD:
            continue
        if len(hits) > 1:
            acc.setdefault(of_gold[hits[0]], [0.0, 0.0, 0.0])[1] += 1.0 - len(hits)
        elif not hits:
            inside = [t.type for t in ex.hypothesis.edits or () if t.type and e[0] <= t.start and t.end <= e[1]]
            inside = inside or [gold_types[i] for i, g in enumerate(gold) if e[0] <= g[0] and g[1] <= e[1]]
            shared = list(dict.fromkeys(name_of(t) for t in inside)) or [UNK]
            for name in shared:
                acc.setdefault(name, [0.0, 0.0, 0.0])[1] += 1.0 / len(shared)
    for i, done in enumerate(matched):
        if not done:
            acc.setdefault(of_gold[i], [0.0, 0.0, 0.0])[2] += 1.0
    return acc


def m2_type_counts_of(
    examples: Sequence[Example],
    pairs: Sequence[Sequence[tuple[Sequence[HypEdit], Sequence[GoldEdit]]]],
    level: Level,
    matches: Sequence[Sequence[Sequence[Sequence[int]]]] | None = None,
) -> TypeCounts:
    """The per-type group of M2's statistics at ``cat`` ``level``: per sentence, per annotator
    ``j`` (its searched ``edits`` and ``gold``, ``pairs``; ``matches``: their
    :func:`gold_matches`, if found already), per type, its ``tp, fp, fn``
    (:func:`m2_type_counts`)."""
    if level not in LEVELS:
        raise ValueError(f"cat must be 1, 2, 3 or gold; got {level}")
    slots: dict[str, int] = {}
    names: dict[str, str] = {}
    sizes: list[int] = []
    option: list[int] = []
    type_id: list[int] = []
    amount: list[float] = []
    for s, (ex, options) in enumerate(zip(examples, pairs, strict=True)):
        count = 0
        for j, (edits, gold) in enumerate(options):
            hits = None if matches is None else matches[s][j]
            for name, values in m2_type_counts(ex, j, edits, gold, level, hits, names).items():
                t = slots.setdefault(name, len(slots))
                option += (j, j, j)
                type_id += (t, t, t)
                amount += values
                count += 3
        sizes.append(count)
    n = len(option)
    return TypeCounts.build(
        level, tuple(slots), sizes, option, type_id, [0, 1, 2] * (n // 3), amount, [1] * n, [-1] * n
    )


def m2_type_rows(
    group: TypeCounts, result: Score, beta: float, chosen: Sequence[int] | None = None
) -> dict[str, dict[str, float | None]]:
    """``details["types"] = {type: {tp, fp, fn, p, r, f}}`` of M2's ``result``: each sentence
    counted against the annotator its overall counts chose (``chosen``, else read from
    ``result``'s sentence rows; gold types: FP, P, F ``None``)."""
    chosen = [int(row["reference"]) for row in result.sentences] if chosen is None else chosen
    acc = group.totals(chosen, 3)
    return {name: type_row(acc[name], beta, group.level == GOLD) for name in sorted(acc)}


__all__ = ["m2_type_counts", "m2_type_counts_of", "m2_type_rows"]
