"""GLEU's per-sentence statistics (``score --per-sentence``) sum to the corpus score, and a
hybrid of two systems' sentences scores as its summed statistics say (what synthetic systems use)."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gecscope
from conftest import examples
from gecscope.cli import main

words = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), min_size=1, max_size=9).map(" ".join)


def gleu_of(rows: list[dict], chosen: list[int]) -> float:  # type: ignore[type-arg]
    """The official GLEU of summed rows, each at its chosen reference (independent of gecscope's code)."""
    c = sum(r["hyp_len"] for r in rows)
    ref = sum(r["ref_len"][k] for r, k in zip(rows, chosen, strict=True))
    num = [sum(r["matches"][k][n] for r, k in zip(rows, chosen, strict=True)) for n in range(4)]
    den = [sum(r["ngrams"][n] for r in rows) for n in range(4)]
    if 0 in (c, ref, *num, *den):
        return 0.0
    return math.exp(min(0.0, 1 - ref / c) + sum(math.log(x / y) for x, y in zip(num, den, strict=True)) / 4)


def official_draws(sentences: int, refs: int, iterations: int = 500) -> list[list[int]]:
    out = []
    for j in range(iterations):
        rng = random.Random(j * 101)
        out.append([int(rng.random() * refs) for _ in range(sentences)])  # Python 2's randrange
    return out


def test_cli_rows_sum_to_the_corpus_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "-q", "--example", "--metric", "gleu", "--per-sentence", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    rows = doc["sentences"]
    assert set(rows[0]) >= {"hyp_len", "ref_len", "matches", "ngrams"}
    refs = len(rows[0]["ref_len"])
    mean = sum(gleu_of(rows, d) for d in official_draws(len(rows), refs)) / 500
    assert mean == pytest.approx(doc["score"], abs=1e-12)


@pytest.mark.properties
@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.tuples(words, words, words, words, words), min_size=1, max_size=6), st.randoms())
def test_a_hybrid_of_two_systems_scores_as_its_summed_rows(
    sentences: list[tuple[str, str, str, str, str]], rng: random.Random
) -> None:
    src, hyp_a, hyp_b, ref0, ref1 = (list(column) for column in zip(*sentences, strict=True))
    pick = [rng.random() < 0.5 for _ in src]
    mixed = [a if p else b for a, b, p in zip(hyp_a, hyp_b, pick, strict=True)]

    def rows(hyp: list[str]) -> list[dict]:  # type: ignore[type-arg]
        score = gecscope.score(
            "gleu", sources=src, hypotheses=hyp, references=[ref0, ref1], references_by="annotator", iterations=20
        )
        return [dict(r) for r in score.sentences]

    a, b = rows(hyp_a), rows(hyp_b)
    summed = [ra if p else rb for ra, rb, p in zip(a, b, pick, strict=True)]
    rescored = gecscope.score(
        "gleu", sources=src, hypotheses=mixed, references=[ref0, ref1], references_by="annotator", iterations=20
    )
    by_rows = sum(gleu_of(summed, d) for d in official_draws(len(src), 2, 20)) / 20
    assert by_rows == pytest.approx(rescored.value, abs=1e-12)
