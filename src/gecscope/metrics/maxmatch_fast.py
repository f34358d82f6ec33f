"""MaxMatch without materialising transitive arcs, for lattices where the closure explodes.

The scorer's path weights order paths lexicographically by (gold edits matched, base-lattice
distance outside gold edits, number of proposed edits). Here a path is a sequence of *groups*
of consecutive base arcs: a gold group (a chain of base arcs whose merged edit equals a gold
edit) or a free group (any chain with at most ``max_unchanged`` unchanged words). A dynamic
program over (node, noops in the open group, whether it holds a change) finds the best grouping
in O(arcs * max_unchanged) time. It differs from the closure only where the closure keeps one of
several equally short chains between two nodes; `tests/test_golden_errant_m2.py` checks both agree on
CoNLL-2014 sentence.

With ``lattice="v3.2"`` the scorer 3.2's shifted spans of insertions in row 0 (see
:mod:`gecscope.metrics.maxmatch`) are reproduced: a group starting with row-0 insertions at (0, j) starts
at j, a group ending in row 0 at (0, j) ends at j-1; gold groups are those whose shifted span is
the gold span.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from gecscope.metrics.maxmatch import Arc, GoldEdit, LatticeEdit, Node


class GroupingLattice:
    """The reference-independent part: base arcs as integer adjacency in topological order."""

    def __init__(
        self,
        src: Sequence[str],
        hyp: Sequence[str],
        base: tuple[dict[Arc, LatticeEdit], dict[Arc, int]],
        lattice: str = "v3.2",
    ):
        self.src, self.hyp, (self.edits, self.mult) = src, hyp, base
        self.shifted = lattice == "v3.2"
        self.nodes = sorted({x for arc in self.edits for x in arc} | {(0, 0)})
        self.index = {v: i for i, v in enumerate(self.nodes)}
        self.out: list[list[tuple[int, bool, int]]] = [[] for _ in self.nodes]
        for arc in sorted(self.edits):
            u, w = self.index[arc[0]], self.index[arc[1]]
            self.out[u].append((w, self.edits[arc][0] == "noop", self.mult[arc]))

    def best_edits(self, gold: Sequence[GoldEdit], max_unchanged: int) -> list[tuple[int, int, str, str]]:
        """Cheapest grouping. Costs are one integer: -gold * G + distance * D + proposed."""
        big_d = len(self.edits) + 1
        big_g = big_d * (len(self.edits) + 1)
        n_nodes, width = len(self.nodes), 2 * (max_unchanged + 1) + 1  # slot 0 closed, 1 + 2k + h open
        inf = 1 << 62
        cost = [inf] * (n_nodes * width)
        back: list[tuple[int, int] | None] = [None] * (n_nodes * width)  # (previous slot index, how)
        gold_out: dict[int, list[int]] = defaultdict(list)
        for a, b in self.gold_arcs(gold, max_unchanged):
            gold_out[self.index[a]].append(self.index[b])
        cost[0] = 0
        for v in range(n_nodes):
            base_v = v * width
            for slot in range(width):
                c = cost[base_v + slot]
                if c == inf:
                    continue
                here = base_v + slot
                if slot == 0:
                    for w in gold_out.get(v, ()):
                        t, nc = w * width, c - big_g
                        if nc < cost[t]:
                            cost[t], back[t] = nc, (here, 0)
                    for w, noop, mult in self.out[v]:
                        t, nc = w * width, c + big_d + (0 if noop else mult)
                        if nc < cost[t]:  # this arc alone (or an unchanged word)
                            cost[t], back[t] = nc, (here, 1)
                        if noop and max_unchanged < 1:
                            continue
                        t, nc = w * width + 1 + 2 * int(noop) + int(not noop), c + big_d
                        if nc < cost[t]:  # open a group
                            cost[t], back[t] = nc, (here, 2)
                    continue
                k, h = divmod(slot - 1, 2)
                for w, noop, _mult in self.out[v]:
                    k2, h2 = k + noop, h | (not noop)
                    if k2 > max_unchanged:
                        continue
                    t, nc = w * width + 1 + 2 * k2 + h2, c + big_d
                    if nc < cost[t]:  # extend the group
                        cost[t], back[t] = nc, (here, 2)
                    t, nc = w * width, c + big_d + h2
                    if nc < cost[t]:  # extend and close it
                        cost[t], back[t] = nc, (here, 3)
        return self._trace(back, width)

    def gold_arcs(self, gold: Sequence[GoldEdit], max_unchanged: int) -> list[Arc]:
        """Node pairs joined by a chain (at most ``max_unchanged`` noops) whose merged edit is gold.

        When ``shifted``, scorer 3.2's spans (a chain of row-0 insertions from (0, j1) to (0, j2) spans
        j1..j2-1; one from (0, j1 > 0) that starts with a row-0 insertion starts at j1).
        """
        hyp, shifted = self.hyp, self.shifted
        starts: dict[str, list[int]] = defaultdict(list)  # hypothesis positions by token
        for j, tok in enumerate(hyp):
            starts[tok].append(j)
        found: list[Arc] = []
        for gs, ge, orig, alts in gold:
            for alt in alts:
                toks = alt.split()
                if alt == orig:
                    continue
                row0 = ((0, gs), (0, gs + 1))  # a row-0 insertion whose shifted span is gs..gs
                if shifted and 0 < gs == ge and len(toks) == 1 and row0 in self.edits and hyp[gs] == toks[0]:
                    found.append(row0)
                # where the alternative could start: any position for a deletion, else its first token's
                first = range(len(hyp) + 1) if not toks else starts.get(toks[0], ())
                for j1 in first:
                    if j1 > len(hyp) - len(toks):
                        continue
                    a, b = (gs, j1), (ge, j1 + len(toks))
                    if a not in self.index or b not in self.index or list(hyp[j1 : j1 + len(toks)]) != toks:
                        continue
                    if shifted and ge == 0 and (j1, len(toks)) != (0, 1):
                        continue  # row-0 insertions span j1..j2-1: only one token at 0 spans 0..0
                    leave_row0 = shifted and gs == 0 and j1 > 0  # else the span would start at j1
                    # fewest noops from a to b inside the rectangle
                    best = {a: 0}
                    stack = [a]
                    while stack:
                        u = stack.pop()
                        for w, is_noop, _mult in self.out[self.index[u]]:
                            v = self.nodes[w]
                            if v[0] > b[0] or v[1] > b[1] or (leave_row0 and u == a and v[0] == 0):
                                continue
                            k = best[u] + is_noop
                            if k <= max_unchanged and k < best.get(v, max_unchanged + 1):
                                best[v] = k
                                stack.append(v)
                    if b in best:
                        found.append((a, b))
        return found

    def _trace(self, back: list[tuple[int, int] | None], width: int) -> list[tuple[int, int, str, str]]:
        groups: list[tuple[Node, Node, bool]] = []  # start, end, whether it starts with a row-0 arc
        here, group_end = self.index[(len(self.src), len(self.hyp))] * width, -1
        while back[here] is not None:
            prev, how = back[here]  # type: ignore[misc]
            node, prev_node = self.nodes[here // width], self.nodes[prev // width]
            if how in (0, 1):
                groups.append((prev_node, node, node[0] == 0))
            elif how == 3:
                group_end = here // width
            elif prev % width == 0:  # the arc that opened the group
                groups.append((prev_node, self.nodes[group_end], node[0] == 0))
            here = prev
        result = []
        for (i1, j1), (i2, j2), row0 in reversed(groups):
            orig, corr = " ".join(self.src[i1:i2]), " ".join(self.hyp[j1:j2])
            if orig == corr and i2 - i1 == j2 - j1:
                continue  # unchanged words
            start = j1 if self.shifted and row0 else i1
            end = j2 - 1 if self.shifted and i2 == 0 else i2
            result.append((start, end, orig, corr))
        return result
