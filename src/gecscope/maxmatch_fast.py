"""MaxMatch without materialising transitive arcs, for lattices where the closure explodes.

The scorer's path weights order paths lexicographically by (gold edits matched, base-lattice
distance outside gold edits, number of proposed edits). Here a path is a sequence of *groups*
of consecutive base arcs: a gold group (a chain of base arcs whose merged edit equals a gold
edit) or a free group (any chain with at most ``max_unchanged`` unchanged words). A dynamic
program over (node, noops in the open group, whether it holds a change) finds the best grouping
in O(arcs * max_unchanged) time. It differs from the closure only where the closure keeps one of
several equally short chains between two nodes; `tests/test_m2.py` checks both agree on every
CoNLL-2014 sentence.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from gecscope.maxmatch import Arc, GoldEdit, LatticeEdit, Node

Cost = tuple[int, int, int]  # (-gold matched, distance, proposed edits)
State = tuple[Node, int, int]  # node, noops in open group (-1: closed), open group holds a change


def _gold_arcs(
    src: Sequence[str], hyp: Sequence[str], edits: dict[Arc, LatticeEdit], gold: Sequence[GoldEdit], max_unchanged: int
) -> list[Arc]:
    """Node pairs joined by a chain (at most ``max_unchanged`` noops) whose merged edit is gold."""
    succ: dict[Node, list[tuple[Node, bool]]] = defaultdict(list)
    nodes = set()
    for (u, v), e in edits.items():
        succ[u].append((v, e[0] == "noop"))
        nodes.update((u, v))
    found = []
    for s, e, orig, alts in gold:
        for alt in alts:
            toks = alt.split()
            if alt == orig:
                continue
            for j1 in range(len(hyp) - len(toks) + 1):
                a, b = (s, j1), (e, j1 + len(toks))
                if a not in nodes or b not in nodes or list(hyp[j1 : j1 + len(toks)]) != toks:
                    continue
                # fewest noops from a to b inside the rectangle
                best = {a: 0}
                stack = [a]
                while stack:
                    u = stack.pop()
                    for v, is_noop in succ.get(u, ()):
                        if v[0] > b[0] or v[1] > b[1]:
                            continue
                        k = best[u] + is_noop
                        if k <= max_unchanged and k < best.get(v, max_unchanged + 1):
                            best[v] = k
                            stack.append(v)
                if b in best:
                    found.append((a, b))
    return found


def fast_best_edits(
    src: Sequence[str],
    hyp: Sequence[str],
    gold: Sequence[GoldEdit],
    max_unchanged: int,
    base: tuple[dict[Arc, LatticeEdit], dict[Arc, int]],
) -> list[tuple[int, int, str, str]]:
    edits, mult = base
    out: dict[Node, list[Arc]] = defaultdict(list)
    for arc in edits:
        out[arc[0]].append(arc)
    gold_out: dict[Node, list[Arc]] = defaultdict(list)
    for arc in _gold_arcs(src, hyp, edits, gold, max_unchanged):
        gold_out[arc[0]].append(arc)
    nodes = sorted({x for arc in edits for x in arc} | {(0, 0)})
    best: dict[State, Cost] = {((0, 0), -1, 0): (0, 0, 0)}
    back: dict[State, tuple[State, Node, str]] = {}

    def relax(state: State, cost: Cost, prev: State, frm: Node, how: str) -> None:
        if cost < best.get(state, (1 << 30, 0, 0)):
            best[state] = cost
            back[state] = (prev, frm, how)

    for v in nodes:
        for k in range(-1, max_unchanged + 1):
            for h in (0, 1):
                st = (v, k, h)
                if st not in best:
                    continue
                g, d, p = best[st]
                if k == -1:
                    for arc in gold_out.get(v, ()):
                        relax((arc[1], -1, 0), (g - 1, d, p), st, v, "gold")
                for arc in sorted(out.get(v, ())):
                    w, e = arc[1], edits[arc]
                    noop = e[0] == "noop"
                    k2 = (0 if k == -1 else k) + noop
                    h2 = 1 if (h or not noop) else 0
                    if k == -1:  # a group of this arc alone, or a standalone unchanged word
                        relax((w, -1, 0), (g, d + 1, p + (0 if noop else mult[arc])), st, v, "arc")
                    if k2 <= max_unchanged:
                        relax((w, k2, h2), (g, d + 1, p), st, v, "open")
                        if k != -1:
                            relax((w, -1, 0), (g, d + 1, p + h2), st, v, "close")
    end = (len(src), len(hyp))
    state: State = (end, -1, 0)
    groups: list[tuple[Node, Node, str]] = []
    group_end: Node | None = None
    while state in back:
        prev, frm, how = back[state]
        if how in ("gold", "arc"):
            groups.append((frm, state[0], how))
        elif how == "close":
            group_end = state[0]
        elif how == "open" and prev[1] == -1:
            assert group_end is not None
            groups.append((frm, group_end, "group"))
            group_end = None
        state = prev
    result = []
    for (i1, j1), (i2, j2), _how in reversed(groups):
        orig, corr = " ".join(src[i1:i2]), " ".join(hyp[j1:j2])
        if orig == corr and i2 - i1 == j2 - j1:
            continue  # unchanged words
        result.append((i1, i2, orig, corr))
    return result
