"""The bit-parallel ``levenshtein_edits`` gives exactly the edits of the plain table walk it replaced
(the oracle below, copied from gecscope before the change): same minimal script, same tie-breaks."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import CONLL, SYSTEMS, examples, require_shared
from gecscope.align.levenshtein import levenshtein_edits
from gecscope.metrics.char_f import char_edits
from gecscope.types import Edit, Tokens


def oracle_edits(source: Tokens, target: Tokens) -> tuple[Edit, ...]:
    """The former implementation: the full suffix distance table, then a forward walk."""
    n, m = len(source), len(target)
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


# a small alphabet makes ties (several minimal scripts) the common case
SMALL = st.lists(st.sampled_from("abc"), max_size=14).map(tuple)
WORDS = st.lists(st.sampled_from(["the", "a", "cat", "cats", "."]), max_size=10).map(tuple)
# long sequences cross Python's machine-word boundary of the bit vectors
LONG = st.lists(st.sampled_from("ab "), min_size=60, max_size=140).map(tuple)


@pytest.mark.properties
@settings(max_examples=examples(2000), deadline=None)
@given(st.one_of(st.tuples(SMALL, SMALL), st.tuples(WORDS, WORDS)))
def test_edits_equal_the_table_walk(pair: tuple[Tokens, Tokens]) -> None:
    assert levenshtein_edits(*pair) == oracle_edits(*pair)


@pytest.mark.properties
@settings(max_examples=examples(500), deadline=None)
@given(LONG, st.lists(st.tuples(st.integers(0, 140), st.sampled_from(["", "a", "b", " ", "ab"]))))
def test_long_near_copies_equal_the_table_walk(source: Tokens, changes: list[tuple[int, str]]) -> None:
    target = list(source)
    for at, text in changes:  # a few local edits, as char-F sees between a sentence and its correction
        target[min(at, len(target)) : min(at, len(target)) + 1] = list(text)
    assert levenshtein_edits(source, tuple(target)) == oracle_edits(source, tuple(target))


def conll_char_pairs(names: tuple[str, ...]) -> list[tuple[Tokens, Tokens]]:
    """Every CoNLL-2014 sentence against the given corrected files, as char-F reads them (tokens
    joined by single spaces, then characters); unchanged pairs left out."""
    require_shared()

    def read(name: str) -> list[str]:
        return [" ".join(line.split()) for line in (CONLL / name).read_text(encoding="utf-8").splitlines()]

    sources = read("sources.txt")
    targets = [read(name) for name in names]
    return [(tuple(s), tuple(t)) for lines in targets for s, t in zip(sources, lines, strict=True) if s != t]


@pytest.mark.shared
@pytest.mark.parametrize(
    "names",
    [
        ("systems/AMU.txt",),
        pytest.param(
            ("REF0.txt", "REF1.txt", *(f"systems/{s}.txt" for s in SYSTEMS if s != "AMU")),
            marks=pytest.mark.conformance,
            id="every-other-output-and-reference",
        ),
    ],
)
def test_conll14_char_edits_equal_the_table_walk(names: tuple[str, ...]) -> None:
    pairs = conll_char_pairs(names)
    assert [levenshtein_edits(s, t) for s, t in pairs] == [oracle_edits(s, t) for s, t in pairs]


def test_char_edits_of_a_sentence() -> None:
    assert char_edits(("He", "go", "home"), ("He", "goes", "home")) == {(5, 5, "es"): ["char"]}
