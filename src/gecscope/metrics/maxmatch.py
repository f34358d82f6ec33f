"""The MaxMatch (M2) edit lattice, reproducing the M2 scorer 3.2's choices without its cost.

For one source/hypothesis pair: the union of the optimal-path edges of two token Levenshtein
lattices (substitution cost 1 and 2; every edge has distance 1), closed under "transitive arcs"
(merging consecutive edits while the merged edit keeps at most ``max_unchanged`` unchanged
words; a pair of nodes keeps the shortest merge found, nodes visited in sorted order as the
middle node), noop merges dropped as the scorer drops them (the one after a dropped edge in its
edge list stays: :func:`build_lattice`). For each annotator the edges matching a gold edit get
weight -|E|, other non-noop edges their distance plus 0.001 per occurrence, and the cheapest path
from (0, 0) to (n, m) gives the hypothesis edits; between equally cheap paths, the one the
scorer's Bellman-Ford keeps (:func:`best_edits`). The closure walks adjacency lists instead of all
node triples, and the path is one pass over the nodes in topological order instead of
Bellman-Ford, which is what made the official scorer take minutes on some sentences.

``lattice="v3.2"`` (the default) initialises the Levenshtein matrix as scorer 3.2 does: the
insertion arc into cell (0, j) is the edit ``ins j-1 j-1``, so a multi-token insertion at the
sentence start gets a shifted span (``Indeed ,`` before "the cat" becomes ``0 1``, never the gold
``0 0``). ``lattice="d12eea2"`` is the later m2scorer fix: every such arc is ``ins 0 0``.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

EPSILON = 0.001
#: Levenshtein-matrix initialisations: the scorer 3.2's, and the later fix (m2scorer commit d12eea2)
LATTICES = ("v3.2", "d12eea2")

# an edit: (op, start, end, original, correction, unchanged_words)
LatticeEdit = tuple[str, int, int, str, str, int]
Node = tuple[int, int]
Arc = tuple[Node, Node]
GoldEdit = tuple[int, int, str, tuple[str, ...]]  # start, end, original, correction alternatives


def _distances(src: Sequence[str], hyp: Sequence[str]) -> tuple[list[list[int]], list[list[int]]]:
    """The token Levenshtein matrices with substitution cost 1 and 2, filled in one pass (the
    loop is shared: a quarter less time than two passes)."""
    prev1 = prev2 = list(range(len(hyp) + 1))
    rows1, rows2 = [prev1], [prev2]
    for i, a in enumerate(src, start=1):
        row1, row2 = [i], [i]
        left1 = left2 = i
        # cells (i-1, j-1) and (i-1, j) of each matrix
        for b, diagonal1, up1, diagonal2, up2 in zip(hyp, prev1, prev1[1:], prev2, prev2[1:], strict=False):
            if a == b:
                best1, best2 = diagonal1, diagonal2
            else:
                best1, best2 = diagonal1 + 1, diagonal2 + 2
            near1 = (up1 if up1 < left1 else left1) + 1  # a deletion or an insertion
            near2 = (up2 if up2 < left2 else left2) + 1
            if near1 < best1:
                best1 = near1
            if near2 < best2:
                best2 = near2
            row1.append(best1)
            row2.append(best2)
            left1, left2 = best1, best2
        rows1.append(row1)
        rows2.append(row2)
        prev1, prev2 = row1, row2
    return rows1, rows2


def _levenshtein_arcs(
    src: Sequence[str], hyp: Sequence[str], cost_sub: int, d: list[list[int]], lattice: str = "v3.2"
) -> dict[Arc, LatticeEdit]:
    """Every arc on an optimal alignment path (the backpointers reachable from (n, m)) of the
    matrix ``d`` with substitution cost ``cost_sub``."""
    shift = lattice == "v3.2"  # scorer 3.2: the insertion into (0, j) is "ins j-1 j-1"
    n, m = len(src), len(hyp)
    arcs: dict[Arc, LatticeEdit] = {}
    seen = {(n, m)}
    queue = [(n, m)]
    while queue:
        v = queue.pop()
        i, j = v
        opts: list[tuple[Node, LatticeEdit]] = []
        if i == 0:
            if j:
                at = j - 1 if shift else 0
                opts.append(((0, j - 1), ("ins", at, at, "", hyp[j - 1], 0)))
        elif j == 0:
            opts.append(((i - 1, 0), ("del", i - 1, i, src[i - 1], "", 0)))
        else:
            a, b, here = src[i - 1], hyp[j - 1], d[i][j]
            if d[i - 1][j - 1] + (0 if a == b else cost_sub) == here:
                opts.append(((i - 1, j - 1), ("noop", i - 1, i, a, b, 1) if a == b else ("sub", i - 1, i, a, b, 0)))
            if d[i - 1][j] + 1 == here:
                opts.append(((i - 1, j), ("del", i - 1, i, a, "", 0)))
            if d[i][j - 1] + 1 == here:
                opts.append(((i, j - 1), ("ins", i, i, "", b, 0)))
        for u, edit in opts:
            arcs[(u, v)] = edit
            if u not in seen:
                seen.add(u)
                queue.append(u)
    return arcs


def merge_edits(e1: LatticeEdit, e2: LatticeEdit) -> LatticeEdit:
    """Join two consecutive edits into one (the M2 scorer's rules)."""
    op1, op2 = e1[0], e2[0]
    unchanged = e1[5] + e2[5]
    if op1 == op2 and op1 in ("ins", "del", "noop"):
        orig = "" if op1 == "ins" else f"{e1[3]} {e2[3]}"
        corr = "" if op1 == "del" else f"{e1[4]} {e2[4]}"
        return (op1, e1[1], e2[2], orig, corr, unchanged)
    o1, o2, c1, c2 = e1[3], e2[3], e1[4], e2[4]  # the non-empty sides, joined by a space
    orig = f"{o1} {o2}" if o1 and o2 else o1 or o2
    corr = f"{c1} {c2}" if c1 and c2 else c1 or c2
    return ("sub", e1[1], e2[2], orig, corr, unchanged)


@dataclass
class Lattice:
    nodes: list[Node]
    edits: dict[Arc, LatticeEdit]
    dist: dict[Arc, int]
    mult: dict[Arc, int]  # occurrences of the arc in the official edge list
    n_edges: int
    #: where each arc's copies stand in the official edge list (ascending): the order its
    #: Bellman-Ford relaxes them in, which decides between equally cheap paths (:func:`best_edits`)
    positions: dict[Arc, list[int]] = field(default_factory=dict)
    #: (every arc's weight where no gold edit shares its span, the arcs of each span with their
    #: copies, sorted): the same for every annotator, made on the first :func:`edge_weights`
    plain: tuple[dict[Arc, float], dict[tuple[int, int], list[Arc]]] | None = field(
        default=None, repr=False, compare=False
    )
    #: each node's outgoing arcs, made on the first :func:`best_edits`
    out: dict[Node, list[Arc]] | None = field(default=None, repr=False, compare=False)


def _plain_weights(lat: Lattice) -> tuple[dict[Arc, float], dict[tuple[int, int], list[Arc]]]:
    """Each arc's weight when no gold edit stands on its span (its distance, plus 0.001 per copy
    for a change, added copy by copy as the scorer adds it), and the arcs by span."""
    if lat.plain is None:
        weight: dict[Arc, float] = {}
        by_span: dict[tuple[int, int], list[Arc]] = defaultdict(list)
        for arc, e in lat.edits.items():
            copies = lat.mult[arc]
            w = float(lat.dist[arc])
            if e[0] != "noop":
                for _ in range(copies):
                    w += EPSILON
            weight[arc] = w
            by_span[(e[1], e[2])].extend([arc] * copies)
        for arcs in by_span.values():
            arcs.sort()
        lat.plain = (weight, dict(by_span))
    return lat.plain


def base_arcs(
    src: Sequence[str], hyp: Sequence[str], lattice: str = "v3.2"
) -> tuple[dict[Arc, LatticeEdit], dict[Arc, int]]:
    """Union of both Levenshtein lattices and each arc's number of copies (1 or 2)."""
    if lattice not in LATTICES:
        raise ValueError(f"edit lattice must be one of {', '.join(LATTICES)}; got {lattice!r}")
    d1, d2 = _distances(src, hyp)
    a1 = _levenshtein_arcs(src, hyp, 1, d1, lattice)
    a2 = _levenshtein_arcs(src, hyp, 2, d2, lattice)
    edits = dict(a2)
    edits.update(a1)  # the substitution-cost-1 lattice's edit wins on shared arcs
    return edits, {arc: (arc in a1) + (arc in a2) for arc in edits}


def build_lattice(max_unchanged: int, base: tuple[dict[Arc, LatticeEdit], dict[Arc, int]]) -> Lattice:
    """The lattice closed under transitive arcs, from the :func:`base_arcs` of a source and hypothesis.

    The scorer's edge list is kept in its order: both Levenshtein lattices' edges sorted (an edge
    of both twice), then each transitive arc when it is made or shortened (middle node, then first,
    then last node, in sorted order), then its noop merges removed as its loop removes them: it
    removes from the list it walks, so the edge after each removed one is never looked at, and a
    noop merge standing there stays in the lattice (an unchanged stretch of weight 2).
    """
    edits, mult = dict(base[0]), dict(base[1])
    dist = dict.fromkeys(edits, 1)
    preds: dict[Node, list[Node]] = defaultdict(list)
    succs: dict[Node, list[Node]] = defaultdict(list)
    for u, v in edits:
        preds[v].append(u)
        succs[u].append(v)
    nodes = sorted({x for arc in edits for x in arc} | {(0, 0)})
    order: list[Arc] = []
    for arc in sorted(mult):
        order.extend((arc,) * mult[arc])
    for k in nodes:
        made = []
        for vi in list(preds[k]):
            dik, eik = dist[(vi, k)], edits[(vi, k)]
            for vj in list(succs[k]):
                total = dik + dist[(k, vj)]
                arc = (vi, vj)
                if total < dist.get(arc, 1 << 60):
                    merged = merge_edits(eik, edits[(k, vj)])
                    if merged[5] <= max_unchanged:
                        if arc not in edits:
                            preds[vj].append(vi)
                            succs[vi].append(vj)
                            mult[arc] = 0
                        dist[arc], edits[arc] = total, merged
                        mult[arc] += 1
                        made.append(arc)
        made.sort()  # the scorer loops over the sorted nodes: first node, then last
        order.extend(made)
    positions: dict[Arc, list[int]] = defaultdict(list)
    removed = {arc for arc, e in edits.items() if e[0] == "noop" and dist[arc] > 1}
    at, skip = 0, False
    for arc in order:
        if skip:  # the edge after a removed one: not looked at
            skip = False
        elif arc in removed:
            removed.discard(arc)
            del mult[arc], edits[arc], dist[arc]  # a copy left in the list is dead (infinite distance)
            skip = True
            continue
        if arc in edits:
            positions[arc].append(at)
        at += 1
    return Lattice(nodes, edits, dist, mult, at, dict(positions))


def _matches(e: LatticeEdit, g: GoldEdit) -> bool:
    return e[1] == g[0] and e[2] == g[1] and e[3] == g[2] and e[4] in g[3]


def edge_weights(lat: Lattice, gold: Sequence[GoldEdit]) -> dict[Arc, float]:
    """The scorer's ``set_weights``: gold-matching arcs -|E|, others distance + 0.001 per copy."""
    gold_weight = -float(lat.n_edges)
    plain, by_span = _plain_weights(lat)
    weight = dict(plain)  # the spans no gold edit stands on keep these
    gold_by_span: dict[tuple[int, int], list[GoldEdit]] = defaultdict(list)
    for g in gold:
        gold_by_span[(g[0], g[1])].append(g)
    for span, golds in gold_by_span.items():
        arcs = by_span.get(span)
        if not arcs:
            continue
        for arc in arcs:
            weight[arc] = float(lat.dist[arc])  # this span's arcs weighed afresh, copy by copy
        if span[0] != span[1]:
            for arc in arcs:
                e = lat.edits[arc]
                if any(_matches(e, g) for g in golds):
                    weight[arc] = gold_weight
                elif e[0] != "noop":
                    weight[arc] += EPSILON
            continue
        # insertions: match parallel arcs to gold insertions from both ends, keeping chains contiguous
        lptr, rptr, cur = 0, len(arcs) - 1, 0
        g_lo, g_hi = 0, len(golds) - 1
        while lptr <= rptr:
            arc = arcs[cur]
            e = lat.edits[arc]
            order = range(g_lo, g_hi + 1) if cur == lptr else range(g_hi, g_lo - 1, -1)
            hit = next((i for i in order if _matches(e, golds[i])), None)
            if hit is None:
                weight[arc] += EPSILON
                if cur == lptr:
                    lptr += 1
                    cur = rptr
                else:
                    rptr -= 1
                    cur = lptr
                continue
            weight[arc] = gold_weight
            if cur == lptr:
                g_lo = hit + 1
                lptr += 1
                while lptr < len(arcs) and arcs[lptr][0] != arc[1]:
                    weight[arcs[lptr]] += EPSILON
                    lptr += 1
                cur = lptr
            else:
                g_hi = hit - 1
                rptr -= 1
                while rptr >= 0 and arcs[rptr][1] != arc[0]:
                    weight[arcs[rptr]] += EPSILON
                    rptr -= 1
                cur = rptr
    return weight


def best_edits(lat: Lattice, weight: dict[Arc, float]) -> list[tuple[int, int, str, str]]:
    """The scorer's cheapest path (0,0) -> (n,m); its non-noop edits, left to right.

    The scorer's Bellman-Ford relaxes the edge list in its order, round after round, and keeps a
    node's first strictly cheaper predecessor: between equally cheap paths it keeps the one whose
    last arc reached the node's final distance first. That moment is computed here in one pass
    over the nodes in topological (sorted) order: an arc fires in the round its tail became final
    if it stands after the arc that made it final in the edge list, else in the next round.
    """
    if lat.out is None:  # the same for every annotator
        out: dict[Node, list[Arc]] = defaultdict(list)
        for arc in lat.edits:
            out[arc[0]].append(arc)
        lat.out = dict(out)
        if not lat.positions:
            lat.positions = {arc: [i] for i, arc in enumerate(sorted(lat.edits))}
    out_arcs, positions = lat.out, lat.positions
    stride = max(lat.n_edges, len(lat.edits)) + 1
    #: round * stride + position at which a node's kept arc first relaxes it (its final distance,
    #: for a visited node); worked out only where a tie asks: (0, 0) is final before round 1
    when: dict[Node, int] = {(0, 0): stride - 1}

    def fire(arc: Arc) -> int:
        """When the scorer's rounds first relax ``arc`` with its tail's final distance."""
        tail = when.get(arc[0])
        rnd, after = divmod(final(arc[0]) if tail is None else tail, stride)
        here = positions[arc]
        if len(here) == 1:  # most arcs stand once in the list
            return rnd * stride + here[0] if here[0] > after else (rnd + 1) * stride + here[0]
        i = bisect.bisect_right(here, after)
        return rnd * stride + here[i] if i < len(here) else (rnd + 1) * stride + here[0]

    def final(v: Node) -> int:
        """When the visited node ``v`` got its final distance (back along its kept arcs to a node
        whose moment is known, then forward)."""
        chain = []
        while v not in when:
            chain.append(v)
            v = back[v][0]
        for u in reversed(chain):
            when[u] = fire(back[u])
        return when[chain[0]] if chain else when[v]

    best: dict[Node, float] = {(0, 0): 0.0}
    back: dict[Node, Arc] = {}
    for v in lat.nodes:
        if v not in best:
            continue
        dv = best[v]
        for arc in out_arcs.get(v, ()):
            w = arc[1]
            cand = dv + weight[arc]
            old = best.get(w)
            if old is None or cand < old:
                best[w], back[w] = cand, arc
                when.pop(w, None)  # its kept arc changed
            elif cand == old:
                kept = when.get(w)
                if kept is None:
                    kept = when[w] = fire(back[w])
                now = fire(arc)
                if now < kept:
                    back[w], when[w] = arc, now
    path = []
    v = lat.nodes[-1]  # (n, m): the largest node
    while v in back:
        arc = back[v]
        e = lat.edits[arc]
        if e[0] != "noop":
            path.append((e[1], e[2], e[3], e[4]))
        v = arc[0]
    path.reverse()
    return path


def gold_matches(edits: Sequence[tuple[int, int, str, str]], gold: Sequence[GoldEdit]) -> list[list[int]]:
    """The gold edits each hypothesis edit matches, as the scorer's ``matchSeq`` scans them (gold
    scanned forward only, resuming after the last match; an edit may match several golds).

    Golds are indexed by (span, original, correction), so that an edit looks only at the golds
    it matches (thousands of golds at one position stay linear, not edits x golds).

    >>> gold_matches([(0, 1, "a", "b"), (0, 1, "a", "b")], [(0, 1, "a", ("b",)), (0, 1, "a", ("b", "c"))])
    [[0, 1], []]
    """
    matching: dict[tuple[int, int, str, str], list[int]] = {}
    for i, g in enumerate(gold):
        for correction in dict.fromkeys(g[3]):
            matching.setdefault((g[0], g[1], g[2], correction), []).append(i)
    out: list[list[int]] = []
    last = 0
    for e in edits:
        golds = matching.get((e[0], e[1], e[2], e[3]), [])
        hits = golds[bisect.bisect_left(golds, last) :]
        last = hits[-1] + 1 if hits else last
        out.append(hits)
    return out


def count_correct(edits: Sequence[tuple[int, int, str, str]], gold: Sequence[GoldEdit]) -> int:
    """The scorer's ``matchSeq`` count: every gold edit that :func:`gold_matches` finds.

    >>> count_correct([(0, 1, "a", "b"), (0, 1, "a", "b")], [(0, 1, "a", ("b",)), (0, 1, "a", ("b", "c"))])
    2
    """
    return sum(len(hits) for hits in gold_matches(edits, gold))
