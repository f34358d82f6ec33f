"""The M2 lattice search follows the scorer's edge list (issue 40: QALB-2014 test, one last digit).

Between equally cheap paths the M2 scorer (3.2, and the QALB release: ``best_edit_seq_bf``) keeps
the one its Bellman-Ford reached first, which depends on the order of its edge list: base edges
sorted, then transitive arcs as they are made; and its noop merges are removed from the list
while it is walked, so the one after each removed edge stays. Goldens: ``tests/golden/qalb/
ties.json`` (synthetic sentences, ``make_ties.py``: the QALB scorer's own functions under Python
2.7 give the length of the edge list, the edit sequence and the correct count; ``m2scorer.py``
gives the four lines).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import examples
from gecscope.cli import main
from gecscope.metrics.estgec import EdgeList
from gecscope.metrics.maxmatch import GoldEdit, base_arcs, best_edits, build_lattice, count_correct, edge_weights

GOLDEN = json.loads((Path(__file__).parent / "golden" / "qalb" / "ties.json").read_text(encoding="utf-8"))
CASES = GOLDEN["cases"]


def parsed(case: dict) -> tuple[list[str], list[str], list[GoldEdit]]:  # type: ignore[type-arg]
    lines = case["m2"].splitlines()
    src = lines[0][2:].split()
    gold: list[GoldEdit] = []
    for line in lines[1:]:
        span, _, corr, *_ = line[2:].split("|||")
        s, e = map(int, span.split())
        gold.append((s, e, " ".join(src[s:e]), ("" if corr == "-NONE-" else corr,)))
    return src, case["hyp"].split(), gold


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{c['kind']}-{i}" for i, c in enumerate(CASES)])
def test_the_edge_list_and_the_path_are_the_scorer_s(i: int) -> None:
    case = CASES[i]
    src, hyp, gold = parsed(case)
    lat = build_lattice(2, base_arcs(src, hyp, "v3.2"))
    assert lat.n_edges == case["edges"]  # the gold weight is minus this: noop merges kept as the scorer keeps them
    edits = best_edits(lat, edge_weights(lat, gold))
    assert [list(e) for e in edits] == case["path"]
    assert count_correct(edits, gold) == case["correct"]


def test_the_four_lines_equal_the_qalb_scorer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "hyp.txt").write_text("".join(c["hyp"] + "\n" for c in CASES), encoding="utf-8")
    (tmp_path / "gold.m2").write_text("\n".join(c["m2"] for c in CASES), encoding="utf-8")
    argv = ["score", "--protocol", "qalb", "--hyp", str(tmp_path / "hyp.txt"), "--ref-m2", str(tmp_path / "gold.m2")]
    assert main([*argv, "--format", "official", "--allow-tokenization-mismatch", "--no-cache"]) == 0
    assert capsys.readouterr().out == GOLDEN["stdout"]


def test_a_sorted_tie_break_misses_the_tie_cases() -> None:
    """The goldens discriminate: keeping the first equally cheap predecessor in sorted order (a
    lattice without the edge list) gives another path on every ``tie`` case."""
    for case in CASES:
        if case["kind"] == "tie":
            src, hyp, gold = parsed(case)
            lat = build_lattice(2, base_arcs(src, hyp, "v3.2"))
            weight = edge_weights(lat, gold)
            lat.positions = {}
            assert [list(e) for e in best_edits(lat, weight)] != case["path"]


TOKENS = st.lists(st.sampled_from(["a", "b", "c", ",", "."]), min_size=1, max_size=9)


@st.composite
def sentences(draw: st.DrawFn) -> tuple[list[str], list[str], list[GoldEdit]]:
    src, hyp = draw(TOKENS), draw(TOKENS)
    gold: list[GoldEdit] = []
    i = 0
    while i < len(src):
        kind = draw(st.sampled_from(["keep", "keep", "sub", "del", "ins"]))
        corr = " ".join(draw(st.lists(st.sampled_from(["a", "b", ","]), min_size=1, max_size=2)))
        if kind == "sub":
            gold.append((i, i + 1, src[i], (corr,)))
        elif kind == "del":
            gold.append((i, i + 1, src[i], ("",)))
        elif kind == "ins":
            gold.append((i, i, "", (corr,)))
        i += 1
    return src, hyp, gold


@pytest.mark.properties
@settings(max_examples=examples(500), deadline=None)
@given(sentences())
def test_the_one_pass_equals_the_scorer_s_rounds_over_its_edge_list(case: tuple) -> None:  # type: ignore[type-arg]
    """The path found in one pass over the nodes (an arc's round and place in the edge list decide
    ties) is the one of Bellman-Ford rounds over the edge list in its order (the EstGEC port,
    which runs them literally)."""
    src, hyp, gold = case
    if src == hyp:
        return
    lat = build_lattice(2, base_arcs(src, hyp, "v3.2"))
    literal = EdgeList.build(src, hyp, 2)
    assert lat.n_edges == len(literal.order)
    found = best_edits(lat, edge_weights(lat, gold))
    assert found == literal.best_edits(gold)
