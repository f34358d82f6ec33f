"""Language-agnostic token alignment: minimal Levenshtein edit script, with every maximal
run of non-matching operations turned into one edit (so ``a b -> x y`` is a single edit)."""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.types import Edit, Tokens


def levenshtein_edits(source: Tokens, target: Tokens) -> tuple[Edit, ...]:
    """
    >>> levenshtein_edits(("a", "b", "c"), ("a", "x", "c", "d"))
    (Edit(start=1, end=2, correction=('x',), type=''), Edit(start=3, end=3, correction=('d',), type=''))
    """
    n, m = len(source), len(target)
    # cost[i][j]: distance between source[i:] and target[j:] (suffix table, for a forward walk)
    cost = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n, -1, -1):
        row, below = cost[i], cost[i + 1] if i < n else None
        for j in range(m, -1, -1):
            if i == n:
                row[j] = m - j
            elif j == m:
                row[j] = n - i
            else:
                assert below is not None
                sub = below[j + 1] + (0 if source[i] == target[j] else 1)
                row[j] = min(sub, below[j] + 1, row[j + 1] + 1)
    edits: list[Edit] = []
    i = j = 0
    open_at: tuple[int, int] | None = None
    while i < n or j < m:
        if i < n and j < m and source[i] == target[j] and cost[i][j] == cost[i + 1][j + 1]:
            if open_at is not None:
                edits.append(Edit(open_at[0], i, target[open_at[1] : j]))
                open_at = None
            i, j = i + 1, j + 1
            continue
        if open_at is None:
            open_at = (i, j)
        if i < n and j < m and cost[i][j] == cost[i + 1][j + 1] + 1:
            i, j = i + 1, j + 1
        elif i < n and cost[i][j] == cost[i + 1][j] + 1:
            i += 1
        else:
            j += 1
    if open_at is not None:
        edits.append(Edit(open_at[0], n, target[open_at[1] :]))
    return tuple(edits)


class LevenshteinAligner:
    name = "levenshtein"

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return [levenshtein_edits(s, t) for s, t in pairs]
