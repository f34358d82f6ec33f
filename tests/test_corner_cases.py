"""Corner cases of the official behaviour (spec cleme.md §3.6 and §8)."""

from __future__ import annotations

import pytest

from gecscope.classify import Label, classify_dependent, classify_independent
from gecscope.metrics.analysis import analyse, kept_references, partition_example
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config, Factors, heuo
from gecscope.stats import ChunkCounts
from gecscope.types import Edit, Example, Target, apply_edits

TP, NE, UN, FN, TN = Label.TP, Label.FP_NE, Label.FP_UN, Label.FN, Label.TN


def target(source: tuple[str, ...], *edits: tuple[int, int, str]) -> Target:
    es = tuple(Edit(s, e, tuple(c.split())) for s, e, c in edits)
    return Target(apply_edits(source, es), es)


def case(src: str, hyp: list[tuple[int, int, str]], *refs: list[tuple[int, int, str]]) -> Example:
    s = tuple(src.split())
    return Example(s, target(s, *hyp), tuple(target(s, *r) for r in refs), "case")


def chunk_table(ex: Example) -> tuple[list[str], tuple[tuple[Label, ...], ...], tuple[Label, ...]]:
    kept = kept_references(ex, False)
    chunks = partition_example(ex, kept)
    return (
        [" ".join(c.source) for c in chunks],
        classify_dependent(chunks, len(kept)),
        classify_independent(chunks, len(kept))[0],
    )


CASES = {
    "adjacent edits merge": (
        case("a b c d e", [(1, 2, "X")], [(1, 2, "X")], [(2, 3, "Y")]),
        ["a", "b c", "d e"],
        [(TN, TP, TN), (TN, NE, TN)],
        (TN, TP, TN),
    ),
    "insertion touching substitution": (
        case("a b c d e", [(2, 3, "Z")], [(2, 2, "the")], []),
        ["a b", "c", "d e"],
        [(TN, NE, TN), (TN, UN, TN)],
        (TN, NE, TN),
    ),
    "dummy chunks at both ends": (
        case("a b c", [(0, 0, "X")], [(0, 0, "X"), (3, 3, "!")], [(3, 3, ".")]),
        ["", "a b c", ""],
        [(TP, TN, FN), (UN, TN, FN)],
        (TP, TN, FN),
    ),
    "one unchanged reference, hyp unchanged": (
        case("a b c d", [], [], [(1, 2, "B")]),
        ["a", "b", "c d"],
        [(TN, TN, TN), (TN, FN, TN)],
        (TN, TN, TN),
    ),
    "empty hypothesis": (
        case("a b c d", [(0, 4, "")], [(1, 2, "B")], []),
        ["a b c d"],
        [(NE,), (UN,)],
        (NE,),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_spec_micro_examples(name: str) -> None:
    ex, spans, dep, ind = CASES[name]
    got_spans, got_dep, got_ind = chunk_table(ex)
    assert got_spans == spans
    assert [tuple(x) for x in got_dep] == dep
    assert got_ind == ind


def test_no_edits_anywhere() -> None:
    ex = case("a b c", [], [], [])
    spans, dep, _ = chunk_table(ex)
    assert spans == ["a b c"] and dep == ((TN,), (TN,))
    assert Cleme2(Cleme2Config(level="sentence")).score([ex]).value == pytest.approx(0.65)
    assert Cleme2(Cleme2Config(level="sentence", factors="0.45,0.35,0.15,0.05")).score([ex]).value == pytest.approx(
        0.55
    )
    assert Cleme(ClemeConfig(level="sentence")).score([ex]).details["f"] == 1.0


def test_heuo_corner_values() -> None:
    f = Factors(0.45, 0.35, 0.15, 0.05)
    assert heuo(ChunkCounts(tn=3), f) == pytest.approx((1 - 0.45, 0, 0, 0, 0))
    assert heuo(ChunkCounts(fn=2, tn=1), f)[0] == pytest.approx(0.35 + 0.05)
    assert heuo(ChunkCounts(fp_un=2), f) == pytest.approx((0.35 + 0.15, 0, 0, 0, 1))


def test_unchanged_reference_wins_at_sentence_level_under_dep() -> None:
    ex = case("a b c d", [], [(1, 2, "B")], [])
    score = Cleme2(Cleme2Config(level="sentence")).score([ex])
    assert score.sentences[0]["reference"] == 1 and score.value == pytest.approx(0.65)


def test_unchanged_reference_blocks_fn_under_ind() -> None:
    ex = case("a b c d", [(3, 4, "D")], [(1, 2, "B")], [])
    _, _, ind = chunk_table(ex)
    assert ind == (TN, TN, TN, UN)  # b->B is not FN: the second reference left it alone
    ex2 = case("a b c d", [(1, 2, "Q")], [(1, 2, "B")], [])
    assert chunk_table(ex2)[2] == (TN, NE, TN)


def test_exclude_unchanged_references() -> None:
    ex = case("a b c d", [], [(1, 2, "B")], [])
    assert kept_references(ex, True) == (0,)
    all_unchanged = case("a b c d", [], [], [])
    assert kept_references(all_unchanged, True) == (0,)
    score = Cleme2(Cleme2Config(level="sentence", exclude_unchanged_refs=True)).score([ex])
    assert score.details["fn"] == 1 and "refs:changed" in score.signature


def test_empty_reference_is_dropped_unless_all_empty() -> None:
    s = ("a", "b")
    gone = Target((), (Edit(0, 2, ()),))
    ex = Example(s, Target(s, ()), (gone, Target(s, ())), "x")
    assert kept_references(ex, False) == (1,)
    ex_all = Example(s, Target(s, ()), (gone, gone), "x")
    assert kept_references(ex_all, False) == (0,)


def test_touching_edits_of_one_target_form_one_chunk() -> None:
    ex = case("a b c d", [(1, 2, "X"), (2, 3, "Y")], [])
    spans, dep, _ = chunk_table(ex)
    assert spans == ["a", "b c", "d"] and dep == ((TN, UN, TN),)


def test_greedy_corpus_choice_is_order_dependent() -> None:
    # sentence 1 can only be matched by ref 1 once sentence 0 fixed the running totals
    s0 = case("a b", [(0, 1, "A")], [(0, 1, "A")], [(1, 2, "B")])
    s1 = case("a b", [(1, 2, "B")], [(0, 1, "A")], [(1, 2, "B")])
    metric = Cleme2()
    forward = [r["reference"] for r in metric.score([s0, s1]).sentences]
    backward = [r["reference"] for r in metric.score([s1, s0]).sentences]
    assert forward == [0, 1] and backward == [1, 0]


def test_analysis_reused_across_factors() -> None:
    ex = [case("a b c d", [(1, 2, "X")], [(1, 2, "X")], [(2, 3, "Y")]), case("a b", [(0, 1, "Q")], [(1, 2, "B")])]
    analysis = analyse(ex)
    a = Cleme2(Cleme2Config(factors="paper")).score_analysis(analysis)
    b = Cleme2(Cleme2Config(factors="table12")).score_analysis(analysis)
    assert a.details["tp"] == b.details["tp"] == 1 and a.value != b.value
