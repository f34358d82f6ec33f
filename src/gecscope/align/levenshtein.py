"""Language-agnostic token alignment: minimal Levenshtein edit script, with every maximal
run of non-matching operations turned into one edit (so ``a b -> x y`` is a single edit)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from gecscope.align.aligner import Aligner
from gecscope.types import Edit, Tokens


class SuffixColumns:
    """Bit-parallel (Myers/Hyyrö) columns of the suffix distance table, in bounded memory.

    Bit ``k`` stands for ``source[n-1-k]``; after ``b`` target tokens from the end, column ``b``
    is ``(up, down)``, setting bit ``k`` where ``d(source[n-1-k:], target[m-b:])`` is one more / one
    less than ``d(source[n-k:], target[m-b:])``. Every column is n bits: keeping all of them would
    take n x m / 4 bytes (10 GB for two 200,000-character lines), so only every ``block``-th one is
    kept, and a block is recomputed from its first column when asked for (columns are asked for
    from the last to the first, so each block is recomputed once: twice the work, about
    2 sqrt(m) columns in memory).
    """

    def __init__(self, source: Tokens, target: Tokens) -> None:
        n = len(source)
        self.full = (1 << n) - 1
        self.masks: dict[str, int] = {}
        for k, token in enumerate(reversed(source)):
            self.masks[token] = self.masks.get(token, 0) | (1 << k)
        self.eqs = [self.masks.get(token, 0) for token in reversed(target)]
        m = len(target)
        self.block = max(16, math.isqrt(m) + 1)
        self.starts: list[tuple[int, int]] = []
        vp, vn = self.full, 0
        for b in range(m + 1):
            if b % self.block == 0:
                self.starts.append((vp, vn))
            if b < m:
                vp, vn = self.step(vp, vn, self.eqs[b])
        self.cached_block = -1
        self.cached: list[tuple[int, int]] = []

    def step(self, vp: int, vn: int, eq: int) -> tuple[int, int]:
        """The next column from column ``(vp, vn)`` and the next target token's match mask."""
        full = self.full
        d0 = (((eq & vp) + vp) ^ vp) | eq | vn
        hp = (vn | ~(d0 | vp)) << 1 | 1
        hn = (vp & d0) << 1
        return (hn | ~(d0 | hp)) & full, hp & d0 & full

    def __getitem__(self, b: int) -> tuple[int, int]:
        which = b // self.block
        first = which * self.block
        if which != self.cached_block:
            column = self.starts[which]
            self.cached = [column]
            for c in range(first, min(first + self.block, len(self.eqs) + 1) - 1):
                column = self.step(*column, self.eqs[c])
                self.cached.append(column)
            self.cached_block = which
        return self.cached[b - first]


def levenshtein_edits(source: Tokens, target: Tokens) -> tuple[Edit, ...]:
    """
    >>> levenshtein_edits(("a", "b", "c"), ("a", "x", "c", "d"))
    (Edit(start=1, end=2, correction=('x',), type=''), Edit(start=3, end=3, correction=('d',), type=''))
    """
    n, m = len(source), len(target)
    columns = SuffixColumns(source, target)

    def cost(i: int, j: int) -> int:  # distance between source[i:] and target[j:]
        rows = (1 << (n - i)) - 1
        up, down = columns[m - j]
        return m - j + (up & rows).bit_count() - (down & rows).bit_count()

    edits: list[Edit] = []
    i = j = 0
    open_at: tuple[int, int] | None = None
    while i < n or j < m:
        # equal first tokens: d(x+u, x+v) == d(u, v), so a match is always on an optimal path
        if i < n and j < m and source[i] == target[j]:
            if open_at is not None:
                edits.append(Edit(open_at[0], i, target[open_at[1] : j]))
                open_at = None
            i, j = i + 1, j + 1
            continue
        if open_at is None:
            open_at = (i, j)
        here = cost(i, j)
        if i < n and j < m and here == cost(i + 1, j + 1) + 1:
            i, j = i + 1, j + 1
        elif i < n and here == cost(i + 1, j) + 1:
            i += 1
        else:
            j += 1
    if open_at is not None:
        edits.append(Edit(open_at[0], n, target[open_at[1] :]))
    return tuple(edits)


class LevenshteinAligner(Aligner):
    name = "levenshtein"

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return [levenshtein_edits(s, t) for s, t in pairs]
