"""GREEN's vectorised region counts against the paper's definition, n-gram multiset by n-gram
multiset, with ``collections.Counter`` (random sentences, references missing, empty lines)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.metrics.green import REGIONS, Green, GreenConfig
from gecscope.types import Example, Target

words = st.lists(st.sampled_from(["a", "b", "c", "d"]), max_size=7).map(tuple)
sentences = st.tuples(words, words, st.lists(words, min_size=1, max_size=3))


def grams(tokens: tuple[str, ...], n: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))


def regions(s: Counter[tuple[str, ...]], r: Counter[tuple[str, ...]], c: Counter[tuple[str, ...]]) -> list[int]:
    """TD, TI, TK, OD, OI, UD, UI summed over every n-gram (the module docstring's formulas)."""
    out = [0] * 7
    for g in {*s, *r, *c}:
        ms, mr, mc = s[g], r[g], c[g]
        values = (
            max(ms - max(mr, mc), 0),
            max(min(mr, mc) - ms, 0),
            min(ms, mr, mc),
            max(min(ms, mr) - mc, 0),
            max(mc - max(ms, mr), 0),
            max(min(ms, mc) - mr, 0),
            max(mr - max(ms, mc), 0),
        )
        out = [a + b for a, b in zip(out, values, strict=True)]
    return out


@settings(max_examples=150, deadline=None)
@given(st.lists(sentences, min_size=1, max_size=6), st.integers(1, 4))
def test_region_counts_follow_the_definition(data: list[tuple], n_max: int) -> None:
    examples = [
        Example(src, Target(hyp), tuple(Target(r) for r in refs), str(i)) for i, (src, hyp, refs) in enumerate(data)
    ]
    analysis = Green(GreenConfig(n=n_max)).analyse(examples)
    k_max = max(len(refs) for _, _, refs in data)
    assert analysis.regions.shape == (len(REGIONS), len(data), k_max, n_max)
    for i, (src, hyp, refs) in enumerate(data):
        assert analysis.present[i].tolist() == [k < len(refs) for k in range(k_max)]
        for k in range(k_max):
            for n in range(1, n_max + 1):
                ref = refs[k] if k < len(refs) else ()  # a missing reference counts as empty (never chosen)
                want = regions(grams(src, n), grams(ref, n), grams(hyp, n))
                assert analysis.regions[:, i, k, n - 1].tolist() == want, (i, k, n)
