"""GLEU's one-pass n-gram statistics equal the Counter-algebra definitions (both variants)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from gecscope.metrics.gleu import ngram_counts, sentence_stats

tokens = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=12).map(tuple)


def by_definition(source: tuple[str, ...], hyp: tuple[str, ...], ref: tuple[str, ...], variant: str) -> list[float]:
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
@given(tokens, tokens, tokens, st.sampled_from(["official", "corrected"]))
def test_one_pass_equals_counter_algebra(
    source: tuple[str, ...], hyp: tuple[str, ...], ref: tuple[str, ...], variant: str
) -> None:
    assert sentence_stats(source, hyp, ref, 4, variant) == by_definition(source, hyp, ref, variant)
