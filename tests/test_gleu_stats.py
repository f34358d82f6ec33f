"""GLEU's vectorised n-gram statistics equal the Counter-algebra definitions (both variants)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from gecscope.metrics.gleu import gleu_stats

tokens = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=12).map(tuple)
Tokens = tuple[str, ...]


def ngram_counts(tokens: Tokens, n: int) -> Counter[Tokens]:
    return Counter(tokens[i : i + n] for i in range(len(tokens) + 1 - n))


def by_definition(source: Tokens, hyp: Tokens, ref: Tokens, variant: str) -> list[float]:
    stats = [float(len(hyp)), float(len(ref))]
    for n in range(1, 5):
        h, s, r = ngram_counts(hyp, n), ngram_counts(source, n), ngram_counts(ref, n)
        if variant == "official":
            s_minus_r = Counter({g: c for g, c in s.items() if g not in r})
            num = max(sum((h & r).values()) - sum((h & s_minus_r).values()), 0)
        else:
            num = sum((h & r).values()) - sum(max(min(c, s[g]) - r[g], 0) for g, c in h.items() if g in s)
        stats += [float(num), float(max(len(hyp) + 1 - n, 0))]
    return stats


@pytest.mark.properties
@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(st.tuples(tokens, tokens, tokens, tokens), min_size=1, max_size=4),
    st.sampled_from(["official", "corrected"]),
)
def test_vectorised_equals_counter_algebra(
    sentences: list[tuple[Tokens, Tokens, Tokens, Tokens]], variant: str
) -> None:
    """Several sentences of two references each: every (sentence, reference) row is its own."""
    segments = [segment for sentence in sentences for segment in sentence]
    stats = gleu_stats(segments, 4, 4, variant)
    for i, (source, hyp, *refs) in enumerate(sentences):
        for j, ref in enumerate(refs):
            assert stats[i, j].tolist() == by_definition(source, hyp, ref, variant)


@settings(deadline=None)
@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000)))
def test_ascii_split_is_python2_split_of_the_utf8_bytes(line: str) -> None:
    from gecscope.metrics.gleu import ascii_split

    assert ascii_split(line) == tuple(t.decode("utf-8") for t in line.encode("utf-8").split())
