"""The M2 lattice's two Levenshtein matrices (substitution cost 1 and 2, filled in one pass)
equal the textbook recurrence, cell by cell."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.metrics.maxmatch import _distances

words = st.lists(st.sampled_from(["a", "b", "c", "the"]), max_size=9)


def textbook(src: list[str], hyp: list[str], cost_sub: int) -> list[list[int]]:
    d = [[0] * (len(hyp) + 1) for _ in range(len(src) + 1)]
    for i in range(len(src) + 1):
        for j in range(len(hyp) + 1):
            if i == 0 or j == 0:
                d[i][j] = i + j
                continue
            same = src[i - 1] == hyp[j - 1]
            d[i][j] = min(d[i - 1][j - 1] + (0 if same else cost_sub), d[i - 1][j] + 1, d[i][j - 1] + 1)
    return d


@settings(deadline=None)
@given(src=words, hyp=words)
def test_both_matrices_follow_the_recurrence(src: list[str], hyp: list[str]) -> None:
    assert _distances(src, hyp) == (textbook(src, hyp, 1), textbook(src, hyp, 2))
