"""The comparison a paper prints (issue 33, part 1): with the defaults, ``gecscope compare`` on
CoNLL-2014 marks INPUT significantly worse than the baseline AMU, with the direction shown in table,
JSON and CSV; AMU, CAMB and CUUI are each significantly better than INPUT (``--baseline INPUT``);
and a sixth system changes no other system's verdict, nor its adjusted p-value, on the headline
scores (each system against the baseline is its own family)."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from conftest import CONLL, require_shared
from gecscope.cli import main

pytestmark = pytest.mark.conformance

METRICS = ("cleme2", "errant", "m2", "green")
FIVE = ("AMU", "CAMB", "CUUI", "INPUT", "POST")


def argv(systems: tuple[str, ...], *extra: str) -> list[str]:
    """The acceptance command of issue 33 (text hypotheses, defaults) on ``systems``."""
    hyps = [str(CONLL / "systems" / f"{s}.txt") for s in systems]
    return [
        *("compare", "--metric", *METRICS, "--source", str(CONLL / "sources.txt")),
        *("--ref-m2", str(CONLL / "references.m2"), "--hyp", *hyps, "--quiet", *extra),
    ]


@cache
def rows(systems: tuple[str, ...], *extra: str) -> tuple[dict[str, Any], ...]:
    require_shared()
    import io
    from contextlib import redirect_stdout

    out = io.StringIO()
    with redirect_stdout(out):
        assert main([*argv(systems, *extra), "--format", "json"]) == 0
    return tuple(json.loads(out.getvalue()))


def headline(found: tuple[dict[str, Any], ...], system: str) -> dict[str, dict[str, Any]]:
    return {r["metric"]: r for r in found if r["system"] == system and r["component"] == "score" and not r["type"]}


def test_defaults_mark_input_worse_than_amu_with_direction() -> None:
    found = rows(FIVE)
    for r in headline(found, "INPUT").values():
        assert r["baseline"] == "AMU" and r["diff"] < 0, r
        assert r["direction"] == "worse" and r["verdict"] == "worse" and r["significant"], r
        assert r["family"] == "headline" and r["family_size"] == len(METRICS), r
        assert r["p_ar_adj"] is not None and r["p_ar_adj"] < 0.01, r
        assert "|sigtest:ar|bs:1000|ar:10000|" in r["signature"]
        assert "|fam:system(cleme2+errant+m2+green)|" in r["signature"]
    assert set(headline(found, "INPUT")) == set(METRICS)


def test_amu_camb_cuui_each_better_than_input() -> None:
    found = rows(FIVE, "--baseline", "INPUT")
    for system in ("AMU", "CAMB", "CUUI"):
        verdicts = {m: r["verdict"] for m, r in headline(found, system).items()}
        assert verdicts == dict.fromkeys(METRICS, "better"), (system, verdicts)


def test_a_sixth_system_changes_no_verdict_against_the_baseline() -> None:
    five, six = rows(FIVE), rows((*FIVE, "IITB"))
    for system in FIVE[1:]:
        before, after = headline(five, system), headline(six, system)
        for metric in METRICS:
            keep = ("verdict", "direction", "diff", "p_ar", "p_ar_adj", "family_size")
            assert {k: before[metric][k] for k in keep} == {k: after[metric][k] for k in keep}, (system, metric)
    assert len(headline(six, "IITB")) == len(METRICS)


def test_table_prints_direction_families_and_one_summary_line_per_system(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    assert main(argv(FIVE)) == 0
    out = capsys.readouterr().out
    assert "vs AMU" in out and "worse *" in out
    assert "families (holm, each system against AMU; corrected apart): headline (4 tests)" in out
    summary = [line for line in out.splitlines() if line.startswith("INPUT <")]
    assert summary and summary[0].startswith("INPUT < AMU on CLEME2.0 (p_adj = "), summary
    assert all(f"{t} (p_adj" in summary[0] for t in ("CLEME2.0", "ERRANT", "M2", "GREEN")), summary
    assert main([*argv(FIVE), "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    head = lines[0].split(",")
    input_cleme2 = next(line.split(",") for line in lines if line.startswith("cleme2,INPUT,AMU,score,"))
    assert dict(zip(head, input_cleme2, strict=False))["verdict"] == "worse"
