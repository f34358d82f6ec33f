"""EstGEC's M2 scorer (TartuNLP/estgec ``M2_scorer_est/m2scorer_by_type``): the M2 scorer 3.2
with Estonian word-order edits and recall per error type.

What differs from :mod:`gecscope.metrics.m2` (formulas read from the official script):

- at most 15 unchanged words inside one hypothesis edit (3.2: 2), so long word moves stay one edit;
- gold edits keep their file order and may overlap: an ``R:WO`` edit encloses the edits inside
  its span. For every ``R:WO`` edit of an annotator that encloses others, two pseudo-annotators
  are added after the annotators of the sentence (numbered from their count): one without the
  enclosed edits, one without that ``R:WO`` edit. The greedy annotator choice of the M2 scorer
  (running F, then more correct, then fewer proposed + beta^2 gold, then the first) runs over
  all of them;
- per gold edit of the chosen annotator: full match (the scorer's match), same span, and
  overlap (some hypothesis edit has the same span or crosses it); summed per error type, in the
  order the types are first met, and printed as recall rounded to 2 places. A second table adds,
  for each ``R:WO`` gold edit of the chosen annotator, the edits that the annotator (among all,
  pseudo-annotators included) enclosing the most edits in that exact ``R:WO`` edit has inside
  it, unless the hypothesis made the same edit. The official script counts those added edits
  as fully corrected whether or not the word-order edit was (it tests the type name, always
  true, where its comment says "full match"): reproduced, so the numbers equal the script's;
- P, R, F from the summed counts of the chosen annotators, as the M2 scorer.

The reference M2 is read with ``overlaps`` (file order, overlapping edits kept): score this
metric alone.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gecscope import scoring
from gecscope.errors import InputError
from gecscope.finite import check_finite
from gecscope.layout import prf_layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import MetricBase, check_convention, convention
from gecscope.metrics.counts import M2Table, prf_score
from gecscope.metrics.m2 import MAX_LATTICE_CELLS
from gecscope.metrics.maxmatch import Arc, Lattice, LatticeEdit, Node, base_arcs, edge_weights, merge_edits
from gecscope.result import Score
from gecscope.signature import number
from gecscope.types import Example

WORD_ORDER = "R:WO"
#: a gold edit: start, end, original words, correction alternatives, error type
Gold = tuple[int, int, str, tuple[str, ...], str]
HypEdit = tuple[int, int, str, str]
#: per gold edit of an annotator: [type, full match, same span, overlap] (+ the R:WO edit itself)
Flags = list[Any]


@dataclass(frozen=True)
class EstgecConfig:
    beta: float = 0.5
    #: the official script's default (the M2 scorer 3.2's is 2)
    max_unchanged_words: int = 15
    #: missing-annotator convention (``absent``/``unchanged``); None: the official one (absent)
    missing_annotators: str | None = None

    def __post_init__(self) -> None:
        check_convention(self.missing_annotators)
        check_finite(beta=self.beta)
        o.BETA.check(self.beta)  # the declared ranges, as the command line's
        o.MAX_UNCHANGED.check(self.max_unchanged_words)


@dataclass(frozen=True)
class EstgecAnalysis:
    """Per sentence: each annotator's (correct, proposed, gold), its per-gold flags and hypothesis
    edits, and every annotator's gold edits (for the word-order table)."""

    counts: tuple[list[tuple[int, int, int]], ...]
    flags: tuple[list[list[Flags]], ...]
    edits: tuple[list[list[HypEdit]], ...]
    golds: tuple[list[list[Gold]], ...]


def annotators(ex: Example, keep_absent: bool) -> list[list[Gold]]:
    """The sentence's annotators as the script orders them: those with lines (by id), then two
    pseudo-annotators per enclosing ``R:WO`` edit; one empty annotator when there is none."""
    by_id: dict[int, list[Gold]] = {}
    for k, ref in enumerate(ex.references):
        if ref.edits is None:
            raise InputError(f"sentence {ex.id}: estgec-m2 needs M2 references (--ref-m2)")
        if ref.absent and not keep_absent:
            continue
        by_id[k] = [
            (
                e.start,
                e.end,
                " ".join(ex.source[e.start : e.end]),
                tuple(" ".join(a) for a in e.alternatives or (e.correction,)),
                e.type,
            )
            for e in ref.edits
        ]
    count = len(by_id) - 1  # the script numbers pseudo-annotators from its annotator count
    pseudo: dict[int, list[Gold]] = {}
    for gold in by_id.values():
        for wo in (g for g in gold if g[4] == WORD_ORDER):
            inside = [g for g in gold if g[0] >= wo[0] and g[1] <= wo[1] and g[4] != WORD_ORDER]
            if inside:
                pseudo[count + 1] = [g for g in gold if g not in inside]
                pseudo[count + 2] = [g for g in gold if g != wo]
                count += 2
    merged = {**by_id, **pseudo}  # a pseudo number equal to an id replaces it in place, as in the script
    return list(merged.values()) or [[]]


@dataclass
class EdgeList:
    """The scorer's edge list, in its order: both Levenshtein lattices' edges sorted (an edge of
    both twice), then each transitive arc when it is made or shortened (middle node, then first,
    then last node in sorted order), then the noop merges removed as its loop removes them
    (removing from the list it walks skips the next edge)."""

    nodes: list[Node]
    order: list[Arc]
    lattice: Lattice

    @classmethod
    def build(cls, src: Sequence[str], hyp: Sequence[str], max_unchanged: int) -> EdgeList:
        edits, mult = base_arcs(src, hyp, "v3.2")
        order = sorted(arc for arc, k in mult.items() for _ in range(k))
        dist: dict[Arc, float] = dict.fromkeys(edits, 1)
        nodes = sorted({x for arc in edits for x in arc} | {(0, 0)})
        preds: dict[Node, list[Node]] = {}
        succs: dict[Node, list[Node]] = {}
        for u, v in edits:
            preds.setdefault(v, []).append(u)
            succs.setdefault(u, []).append(v)
        for k in nodes:
            for vi in sorted(preds.get(k, ())):
                for vj in sorted(succs.get(k, ())):
                    arc = (vi, vj)
                    total = dist[(vi, k)] + dist[(k, vj)]
                    if total < dist.get(arc, float("inf")):
                        merged: LatticeEdit = merge_edits(edits[(vi, k)], edits[(k, vj)])
                        if merged[5] <= max_unchanged:
                            if arc not in edits:
                                preds.setdefault(vj, []).append(vi)
                                succs.setdefault(vi, []).append(vj)
                            order.append(arc)
                            dist[arc], edits[arc] = total, merged
        i = 0
        while i < len(order):
            arc = order[i]
            e = edits.get(arc)
            if e is not None and e[0] == "noop" and dist[arc] > 1:
                order.remove(arc)
                del edits[arc]
                dist[arc] = float("inf")
            i += 1
        order = [arc for arc in order if arc in edits]
        count: dict[Arc, int] = {}
        for arc in order:
            count[arc] = count.get(arc, 0) + 1
        kept = {arc: int(dist[arc]) for arc in count}
        return cls(nodes, order, Lattice(nodes, {a: edits[a] for a in count}, kept, count, len(order)))

    def best_edits(self, gold: Sequence[tuple[int, int, str, tuple[str, ...]]]) -> list[HypEdit]:
        """The scorer's Bellman-Ford path (rounds over the edge list in its order, strict
        improvements only, until a round changes nothing); its non-noop edits, left to right."""
        weight = edge_weights(self.lattice, gold)
        best: dict[Node, float] = dict.fromkeys(self.nodes, float("inf"))
        best[(0, 0)] = 0.0
        back: dict[Node, Node] = {}
        for _ in range(len(self.nodes) - 1):
            changed = False
            for arc in self.order:
                cand = best[arc[0]] + weight[arc]
                if cand < best[arc[1]]:
                    best[arc[1]] = cand
                    back[arc[1]] = arc[0]
                    changed = True
            if not changed:
                break
        out = []
        v = self.nodes[-1]
        while v in back:
            e = self.lattice.edits[(back[v], v)]
            if e[0] != "noop":
                out.append((e[1], e[2], e[3], e[4]))
            v = back[v]
        return out[::-1]


def gold_flags(edits: Sequence[HypEdit], gold: Sequence[Gold]) -> tuple[int, list[Flags]]:
    """The scorer's ``matchSeq``: correct count and, per gold edit, [type, full, scope, overlap]."""
    flags: list[Flags] = [[g[4], False, False, False] for g in gold]
    correct, last = 0, 0
    for e in edits:  # left to right; the gold scan resumes after the last match
        for i in range(last, len(gold)):
            g = gold[i]
            if e[0] == g[0] and e[1] == g[1]:
                flags[i][2] = True
                if e[2] == g[2] and e[3] in g[3]:
                    correct += 1
                    flags[i][1] = True
                    last = i + 1
    for i, g in enumerate(gold):
        if any((e[0] == g[0] and e[1] == g[1]) or (e[0] < g[1] and e[1] > g[0]) for e in edits):
            flags[i][3] = True
        if g[4] == WORD_ORDER:
            flags[i].append((g[0], g[1], g[3]))
    return correct, flags


def type_rows(counts: dict[str, list[int]]) -> dict[str, dict[str, Any]]:
    """Per type, in the order met: gold edits (``total``), fully corrected (``tp``; ``fn`` the
    rest), with the same span (``scope``), overlapped (``overlap``), and the three recalls. The
    scorer gives no per-type precision (hypothesis edits carry no type): ``fp``, ``p``, ``f`` are None."""
    return {
        t: {
            "tp": c[1],
            "fp": None,
            "fn": c[0] - c[1],
            "p": None,
            "r": c[1] / c[0],
            "f": None,
            "total": c[0],
            "scope": c[2],
            "overlap": c[3],
            "r_scope": c[2] / c[0],
            "r_overlap": c[3] / c[0],
        }
        for t, c in counts.items()
    }


class Estgec(MetricBase):
    name = "estgec-m2"
    layout = prf_layout("EstGEC M2", ("tp", "fp", "fn", "proposed", "gold"))
    needs_edits = False  # the hypothesis is re-aligned on the lattice
    needs_reference_edits = True
    missing_annotators = "absent"
    reads_overlapping_edits = True

    def __init__(self, config: EstgecConfig | None = None) -> None:
        self.config = config or EstgecConfig()

    def _sentence(
        self, ex: Example
    ) -> tuple[list[tuple[int, int, int]], list[Flags], list[list[HypEdit]], list[list[Gold]]]:
        src, hyp, u = ex.source, ex.hypothesis.tokens, self.config.max_unchanged_words
        golds = annotators(ex, convention(self) != "absent")
        if hyp != src and (len(src) + 1) * (len(hyp) + 1) > MAX_LATTICE_CELLS:
            raise InputError(f"sentence {ex.id}: {len(src)} x {len(hyp)} tokens is too long for the M2 edit lattice")
        lattice = None if hyp == src else EdgeList.build(src, hyp, u)
        counts, flags, edits = [], [], []
        for gold in golds:
            found = [] if lattice is None else lattice.best_edits([g[:4] for g in gold])
            correct, f = gold_flags(found, gold)
            counts.append((correct, len(found), len(gold)))
            flags.append(f)
            edits.append(found)
        return counts, flags, edits, golds

    def analyse(self, examples: Sequence[Example]) -> EstgecAnalysis:
        require_references(examples)
        rows = [self._sentence(ex) for ex in examples]
        return EstgecAnalysis(
            tuple(r[0] for r in rows), tuple(r[1] for r in rows), tuple(r[2] for r in rows), tuple(r[3] for r in rows)
        )

    def score_analysis(self, analysis: EstgecAnalysis) -> Score:
        table = M2Table.build(list(analysis.counts))
        chosen = table.choose(*scoring.M2.keys, (self.config.beta,), "corpus")
        by_type: dict[str, list[int]] = {}
        with_wo: dict[str, list[int]] = {}
        for i, k in enumerate(chosen):
            flags, edits = analysis.flags[i][k], analysis.edits[i][k]
            extended = list(flags)
            for f in (f for f in flags if f[0] == WORD_ORDER):
                start, end, corrections = f[-1]
                best: list[Gold] = []
                for gold in analysis.golds[i]:
                    inside = [g for g in gold if g[0] >= start and g[1] <= end and g[4] != WORD_ORDER]
                    same = any(g[:2] == (start, end) and g[3] == corrections and g[4] == WORD_ORDER for g in gold)
                    if same and len(inside) > len(best):
                        best = inside
                # the script's test of the word-order edit's first field (its type) is always true
                extended += [[g[4], True, True, True] for g in best if (g[0], g[1], g[2], g[3][0]) not in edits]
            for target, rows in ((by_type, flags), (with_wo, extended)):
                for f in rows:
                    c = target.setdefault(f[0], [0, 0, 0, 0])
                    c[0] += 1
                    c[1] += bool(f[1])
                    c[2] += bool(f[2])
                    c[3] += bool(f[3])
        fields = {"beta": number(self.config.beta), "max_unchanged": str(self.config.max_unchanged_words)}
        score = prf_score(
            self, table, chosen, "corpus", fields, lambda tp, fp, fn: {"proposed": tp + fp, "gold": tp + fn}
        )
        details = {**score.details, "types": type_rows(by_type), "types_wo": type_rows(with_wo)}
        return dataclasses.replace(score, details=details)

    def sentence_scores(self, analysis: EstgecAnalysis) -> list[float]:
        """Sentence F-beta against the annotator best for that sentence alone."""
        table = M2Table.build(list(analysis.counts))
        return table.best_values(lambda c, p: scoring.prf(c[0], c[1], c[2], p)[2], self.config.beta)

    def official_text(self, score: Score) -> str:
        """What the official script prints: the two recall tables, then P, R, F."""
        d = score.details
        head = "\t type \t total \t correct \t scope \t overlap"
        lines = []
        for title, key in (
            ("Recall by error type:", "types"),
            ("Recall by error type, accounting for edits within encompassing WO:", "types_wo"),
        ):
            lines += [title, head]
            for name, row in d[key].items():
                rates = (round(row[k] / row["total"], 2) for k in ("tp", "scope", "overlap"))
                lines.append(f"\t {name}\t{row['total']}\t" + "".join(f"{r!r}\t" for r in rates))
            lines.append("")
        beta = self.config.beta
        lines += [f"Precision   : {d['p']:.4f}", f"Recall      : {d['r']:.4f}", f"F_{beta:.1f}       : {d['f']:.4f}"]
        return "\n".join(lines)


__all__ = ["Estgec", "EstgecConfig"]
