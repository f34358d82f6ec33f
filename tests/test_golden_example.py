"""gecscope on its packaged example equals the official tools' output on it
(``tests/golden/example_official.json``, with the commands that made each number):
``errant_compare`` (ERRANT 3.0.2) and the official CLEME / CLEME2.0 code (THUKElab/CLEME)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

import gecscope

GOLDEN = Path(__file__).parent / "golden" / "example_official.json"


@cache
def official() -> dict[str, Any]:
    result: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return result


def _examples() -> gecscope.Examples:
    d = gecscope.example_dir()
    return gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")


def test_errant_equals_errant_compare() -> None:
    want = official()["errant"]  # errant_compare -hyp hypothesis.m2 -ref references.m2 (printed to 4 dp)
    got = gecscope.score("errant", _examples()).details
    assert (got["tp"], got["fp"], got["fn"]) == (want["tp"], want["fp"], want["fn"])
    assert [round(got[k], 4) for k in ("p", "r", "f")] == [want[k] for k in ("p", "r", "f")]


@pytest.mark.parametrize(("name", "weighting"), [("CLEME-dep", "length"), ("CLEME-dep-unweighted", "none")])
def test_cleme_equals_the_official_code(name: str, weighting: str) -> None:
    want = official()[name]  # main.py --metric cleme --level corpus --assumption dependent (F, P, R to 4 dp)
    got = gecscope.score("cleme", _examples(), weighting=weighting).details
    assert [round(got[k], 4) for k in ("f", "p", "r")] == [want[k] for k in ("f", "p", "r")]
    for key in ("tp", "fp", "fn", "tn"):
        assert got[key] == pytest.approx(want[key], rel=1e-12), key


@pytest.mark.parametrize(("name", "assumption"), [("CLEME2.0-dep", "dependent"), ("CLEME2.0-ind", "independent")])
def test_cleme2_equals_the_official_code(name: str, assumption: str) -> None:
    want = official()[name]  # HEUOEditScorer(0.45, 0.35, 0.15, 0.05), heuo_corpus_unweighted (unrounded)
    score = gecscope.score("cleme2", _examples(), assumption=assumption)
    got = score.details
    names = {"com": "score", "hit": "hit", "err": "wrong", "und": "under", "ove": "over"}
    assert {k: got[v] for k, v in names.items()} == {k: want[k] for k in names}
    assert {k: got[k] for k in ("tp", "fp", "fn", "tn", "fp_ne", "fp_un")} == {
        k: want[k] for k in ("tp", "fp", "fn", "tn", "fp_ne", "fp_un")
    }
    assert score.value == want["com"]
