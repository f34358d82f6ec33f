"""Each scoring rule is written once, in :mod:`gecscope.scoring`; every derived form must agree
with it bit for bit on random statistics (small integers, so that keys tie often, and weights):

* the formulas and keys on numpy arrays (fields first) and compiled by numba (the kernel);
* the greedy corpus choice: the array walk of the metrics (``greedy_pairs``), the resampling
  replay (compiled and vectorised), and the parameter-grid walk of the meta searches;
* the per-sentence choice (``best_pairs``).
The reference is :func:`gecscope.scoring.greedy_choice` / ``best_choice`` with the scalar keys.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope import scoring
from gecscope.meta.protocols.search import grid_totals
from gecscope.metrics import METRICS, rules
from gecscope.metrics.base import Greedy, declared_rule
from gecscope.metrics.chunk_choice import best_pairs, greedy_pairs, rule_parts
from gecscope.resample import GreedyTable, adapters, kernel
from gecscope.resample.rules import KINDS, GreedyRule


class Row(tuple[float, ...]):
    """Statistics as a summable tuple of Python floats (the scalar reference's objects)."""

    def __add__(self, other: Any) -> Row:  # type: ignore[override]
        return Row(a + b for a, b in zip(self, other, strict=True))


#: every declared rule (built-in and the metric modules' own): the registry's list
ALL = rules()
#: name -> (fields, corpus key, sentence key, corpus score, parameter strategy): from the declarations
RULES: dict[str, tuple[int, Any, Any, Any, Any]] = {
    name: (len(r.fields), r.corpus_key, r.sentence_key, r.score, st.sampled_from(r.settings)) for name, r in ALL.items()
}


def test_every_rule_is_tested_and_named_consistently() -> None:
    assert set(scoring.RULES) <= set(ALL) and all(r.settings for r in ALL.values())
    assert all(name == r.name and r.headline in r.components((1.0,) * 5, r.settings[0]) for name, r in ALL.items())
    # the compiled replay knows exactly the codes the rules declare, each once
    codes = [r.code for r in ALL.values() if r.code is not None]
    assert sorted(codes) == list(kernel.COMPILED) and set(KINDS) == {r.name for r in ALL.values() if r.code is not None}
    # a registry entry that names a rule declares the rule's statistics
    named = {n: s.rule for n, s in METRICS.items() if s.rule is not None}
    assert {"cleme2", "cleme", "errant", "m2", "estgec-m2", "wodafe", "char-f", "cherrant"} <= set(named)
    assert all(METRICS[n].statistics.fields == r.fields for n, r in named.items())  # type: ignore[union-attr]


def test_an_unknown_or_misdeclared_rule_is_refused() -> None:
    with pytest.raises(ValueError, match="no corpus rule 'wodafe2'"):
        GreedyRule("wodafe2", (0.5, 0.0))
    with pytest.raises(ValueError, match="reduction must be one of greedy, mean"):
        dataclasses.replace(scoring.M2, reduction="median")
    with pytest.raises(ValueError, match="a mean rule has no compiled code"):
        dataclasses.replace(scoring.M2, reduction="mean")
    with pytest.raises(ValueError, match="declare the parameter settings"):
        dataclasses.replace(scoring.M2, settings=())
    with pytest.raises(ValueError, match="declares no CorpusRule NOPE"):
        declared_rule("m2:NOPE")
    with pytest.raises(ValueError, match="is not greedy"):
        GreedyRule("m2-macro", (0.5,))


value = st.one_of(st.integers(0, 3).map(float), st.sampled_from([0.5, 1.25, 2.0 / 3.0]))


@st.composite
def cases(draw: st.DrawFn) -> tuple[str, tuple[float, ...], list[list[Row]]]:
    name = draw(st.sampled_from(sorted(RULES)))
    fields, *_, params = RULES[name]
    row = st.lists(value, min_size=fields, max_size=fields).map(Row)
    sentences = draw(st.lists(st.lists(row, min_size=1, max_size=3), min_size=1, max_size=10))
    if ALL[name].fields[:2] == ("correct", "proposed"):  # correct <= proposed, as the M2 scorer counts
        sentences = [[Row((min(r[0], r[1]), r[1], r[2])) for r in s] for s in sentences]
    return name, draw(params), sentences


def arrays(sentences: list[list[Row]]) -> tuple[Any, Any, Any, Any]:
    """(pairs, fields) rows with their offsets, and (sentences, K, fields) with the mask."""
    flat = np.array([r for s in sentences for r in s], dtype=np.float64)
    offsets = np.cumsum([0] + [len(s) for s in sentences]).astype(np.int64)
    k = max(len(s) for s in sentences)
    padded = np.zeros((len(sentences), k, flat.shape[1]))
    mask = np.zeros((len(sentences), k), dtype=bool)
    for i, s in enumerate(sentences):
        padded[i, : len(s)], mask[i, : len(s)] = s, True
    return flat, offsets, padded, mask


def reference(name: str, p: tuple[float, ...], sentences: list[list[Row]]) -> tuple[list[int], Row]:
    """The scalar definition: the greedy choice with the scalar key, and the chosen totals."""
    key = RULES[name][1]
    zero = Row((0.0,) * len(sentences[0][0]))
    chosen = scoring.greedy_choice(sentences, zero, lambda t, c: key(t, c, p))
    return chosen, scoring.sum_chosen(sentences, chosen, zero)


def mean_of(name: str, p: tuple[float, ...], sentences: list[list[Row]]) -> float:
    """The scalar definition of a mean rule: per sentence the reference its sentence key picks,
    the sentences' scores summed left to right over their number."""
    _, _, sentence_key, score, _ = RULES[name]
    chosen = scoring.best_choice(sentences, lambda c: sentence_key(c, p))
    return sum(float(score(s[i], p)) for s, i in zip(sentences, chosen, strict=True)) / len(sentences)


@settings(max_examples=100, deadline=None)
@given(cases(), st.integers(0, 2**32 - 1))
def test_every_derived_form_equals_the_scalar_definition(case: Any, seed: int) -> None:
    name, p, sentences = case
    _, key, sentence_key, score, _ = RULES[name]
    flat, offsets, padded, mask = arrays(sentences)
    chosen, totals = reference(name, p, sentences)
    start = offsets[:-1]

    # the formulas and keys on arrays, elementwise (totals + candidate against the candidate)
    rows = [r for s in sentences for r in s]
    assert [tuple(k) for k in zip(*key(flat.T + flat.T, flat.T, p), strict=True)] == [key(r + r, r, p) for r in rows]
    assert [tuple(k) for k in zip(*sentence_key(flat.T, p), strict=True)] == [sentence_key(r, p) for r in rows]

    # the metrics' array walks
    pairs, tot = greedy_pairs(flat, offsets, key, p)
    assert (pairs - start).tolist() == chosen and tot == list(totals)
    want = scoring.best_choice(sentences, lambda c: sentence_key(c, p))
    assert (best_pairs(sentence_key(flat.T, p), offsets) - start).tolist() == want

    # the parameter-grid walk (the same setting three times, and a column of its own)
    grid = tuple(np.full(3, x) for x in p)
    assert grid_totals(padded, mask, key, grid).T.tolist() == [list(totals)] * 3
    order = np.random.default_rng(seed).integers(0, len(sentences), (4, len(sentences)))
    if ALL[name].reduction == "mean":
        # a mean rule's corpus key is its sentence key; its score is the mean of each sentence's
        # score against the reference that key picks, also as the metrics and the resampling read it
        assert chosen == want
        mean_table = adapters.mean_table(Greedy(name, p, flat, offsets))
        assert rule_parts(ALL[name], flat, offsets, p)[1][ALL[name].headline] == mean_of(name, p, sentences)
        assert mean_table.scores(order).tolist() == [mean_of(name, p, [sentences[i] for i in o]) for o in order]
        return
    # the compiled replay (a rule that declares a code; else the vectorised one) and the vectorised one
    expected = [score(reference(name, p, [sentences[i] for i in o])[1], p) for o in order]
    table = GreedyTable(GreedyRule(name, p), padded, mask)
    assert table.scores(order).tolist() == expected
    if ALL[name].code is not None:
        original = kernel.available
        try:
            kernel.available = lambda: False  # type: ignore[assignment]
            assert table.scores(order).tolist() == expected
        finally:
            kernel.available = original  # type: ignore[assignment]


@pytest.mark.parametrize("x", [0.03125, 0.12345, 0.5, 0.99995, 1 / 3, 0.00005, 0.46875, 0.15625])
def test_rounding_is_pythons_in_every_form(x: float) -> None:
    assert scoring.py_round(np.array([x]), 4).tolist() == [round(x, 4)] == [kernel.round4(x)]


def test_an_unknown_kernel_code_raises() -> None:
    """A code the compiled replay does not know is refused, never replayed with another rule's formula."""
    values = np.ones((2, 1, 3))
    mask = np.ones((2, 1), dtype=bool)
    z = np.zeros(3, dtype=np.int64)
    with pytest.raises(ValueError, match="unknown corpus rule code 9"):
        kernel.replay_totals(
            9, np.array([0.5]), values, mask, np.full(2, -1), np.zeros((1, 2), dtype=np.int64), z, z, np.zeros(0), 0
        )
