"""Language-agnostic token alignment: minimal Levenshtein edit script, with every maximal
run of non-matching operations turned into one edit (so ``a b -> x y`` is a single edit)."""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.align.aligner import Aligner
from gecscope.types import Edit, Tokens


def _suffix_columns(source: Tokens, target: Tokens) -> tuple[list[int], list[int]]:
    """Bit-parallel (Myers/Hyyrö) columns of the suffix distance table.

    Bit ``k`` stands for ``source[n-1-k]``; after ``b`` target tokens from the end, ``up[b]`` /
    ``down[b]`` set bit ``k`` where ``d(source[n-1-k:], target[m-b:])`` is one more / one less than
    ``d(source[n-k:], target[m-b:])``.
    """
    n = len(source)
    full = (1 << n) - 1
    masks: dict[str, int] = {}
    for k, token in enumerate(reversed(source)):
        masks[token] = masks.get(token, 0) | (1 << k)
    up, down = [full], [0]
    vp, vn = full, 0
    for token in reversed(target):
        eq = masks.get(token, 0)
        d0 = (((eq & vp) + vp) ^ vp) | eq | vn
        hp = (vn | ~(d0 | vp)) << 1 | 1
        hn = (vp & d0) << 1
        vp = (hn | ~(d0 | hp)) & full
        vn = hp & d0 & full
        up.append(vp)
        down.append(vn)
    return up, down


def levenshtein_edits(source: Tokens, target: Tokens) -> tuple[Edit, ...]:
    """
    >>> levenshtein_edits(("a", "b", "c"), ("a", "x", "c", "d"))
    (Edit(start=1, end=2, correction=('x',), type=''), Edit(start=3, end=3, correction=('d',), type=''))
    """
    n, m = len(source), len(target)
    up, down = _suffix_columns(source, target)

    def cost(i: int, j: int) -> int:  # distance between source[i:] and target[j:]
        rows = (1 << (n - i)) - 1
        return m - j + (up[m - j] & rows).bit_count() - (down[m - j] & rows).bit_count()

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
