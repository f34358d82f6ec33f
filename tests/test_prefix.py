"""Packing a source and its hypotheses into one row (weighting/prefix.py): every token is
predicted from the hidden state of the token before it in its own text, and a hypothesis token
sees exactly its own text's earlier tokens (no model needed)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.weighting.prefix import Group, make_groups, pack, shared_length


def context(sees: range | tuple[range, range]) -> list[int]:
    parts = sees if isinstance(sees, tuple) else (sees,)
    return sorted(i for part in parts for i in part)


def check(group: Group) -> None:
    p = pack(group)
    texts = [group.root, *(ids for ids, _ in group.branches)]
    assert len(p.targets) == len(texts) and len(p.tokens) == group.width
    for ids, targets in zip(texts, p.targets, strict=True):
        assert [t for _, t in targets] == list(ids[1:])
        for n, (i, _) in enumerate(targets):
            # the state predicting token n + 1 is that of token n of this text, which sees tokens 0..n
            seen = context(p.sees[i])
            assert p.positions[i] == n and p.tokens[i] == ids[n]
            assert [p.tokens[j] for j in seen] == list(ids[: n + 1])
            assert [p.positions[j] for j in seen] == list(range(n + 1))


def test_a_hypothesis_branches_after_the_shared_prefix() -> None:
    names, groups = make_groups({"s": [0, 5, 6, 7], "h": [0, 5, 9, 7, 8], "x": [0]}, [("s", "h"), ("x", "s")])
    assert names == [("s", ["h"])]  # "x" has a single token: no NLL; "s" is a root once
    assert groups == [Group((0, 5, 6, 7), (((0, 5, 9, 7, 8), 2),))]
    p = pack(groups[0])
    assert p.tokens == [0, 5, 6, 7, 9, 7, 8] and p.positions == [0, 1, 2, 3, 2, 3, 4]
    assert p.targets[1] == [(0, 5), (1, 9), (4, 7), (5, 8)]
    check(groups[0])


def test_a_hypothesis_inside_its_source_needs_no_tokens_of_its_own() -> None:
    _, groups = make_groups({"s": [0, 5, 6, 7], "h": [0, 5, 6]}, [("s", "h")])
    assert groups[0].width == 4
    assert pack(groups[0]).targets[1] == [(0, 5), (1, 6)]
    check(groups[0])


def test_a_text_is_placed_once() -> None:
    ids = {"a": [0, 1, 2], "b": [0, 1, 3], "c": [0, 4]}
    names, _ = make_groups(ids, [("a", "b"), ("c", "b"), ("b", "a")])
    assert names == [("a", []), ("c", []), ("b", [])]  # "b" is a source itself: scored whole, once


tokens = st.lists(st.integers(1, 4), min_size=1, max_size=8).map(lambda t: [0, *t])


@settings(max_examples=60, deadline=None)
@given(tokens, st.lists(tokens, max_size=4))
def test_every_prediction_sees_its_own_prefix(root: list[int], hyps: list[list[int]]) -> None:
    check(Group(tuple(root), tuple((tuple(h), shared_length(root, h)) for h in hyps)))
