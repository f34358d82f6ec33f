"""``compare --cat``: a per-type cell without a denominator (P of a type with no proposal, R of a
type with no gold edit, every rate of a type one system never touches) is empty, as in ``score``,
the report and notebooks: ``score`` None (``-``, JSON ``null``), never ERRANT's 1.0, and its row is
not tested (no p-value, in no correction family). Resamples where a cell is empty are left out
of its interval and its tests."""

from __future__ import annotations

import json
import math
from functools import cache
from typing import Any

import numpy as np
import pytest

from gecscope import api
from gecscope.cli import main
from gecscope.comparison import Comparison, compare
from gecscope.comparison_rows import SystemResult
from gecscope.metrics import METRICS
from gecscope.resample.measures import Plan, empty_cells
from gecscope.resample.paired import bootstrap_p, percentile_interval

EXAMPLE = api.example_dir()
GIVEN = {"source": EXAMPLE / "source.txt", "ref_m2": EXAMPLE / "references.m2"}
#: the unchanged source (no proposal at all) against the packaged hypothesis
NAMES = ("source", "hypothesis")
METRIC_NAMES = ("errant", "m2", "cleme2")


@cache
def systems() -> dict[str, Any]:
    return {
        name: api.load(source=GIVEN["source"], hypothesis=EXAMPLE / f"{name}.txt", ref_m2=GIVEN["ref_m2"])
        for name in NAMES
    }


@cache
def comparison() -> Comparison:
    return compare(list(METRIC_NAMES), systems(), bootstrap=60, trials=60, cat=1, min_support=0)


def typed(metric: str) -> list[SystemResult]:
    return [r for r in comparison().rows if r.metric == metric and r.type]


def test_no_proposal_is_an_empty_precision_not_one() -> None:
    """The unchanged source proposes nothing: its per-type P is empty, not 1.0, in ERRANT and M2."""
    for metric in ("errant", "m2"):
        precision = [r for r in typed(metric) if r.system == "source" and r.component == "p"]
        assert precision and all(r.score is None and r.ci is None for r in precision), metric


def test_empty_rows_are_not_tested() -> None:
    """A row whose cell (or the baseline's) is empty has no difference, no p-value and no family."""
    rows = [r for m in METRIC_NAMES for r in typed(m)]
    empty = [r for r in rows if r.score is None or r.diff is None]
    assert empty and any(r.system == "hypothesis" for r in empty)
    for r in empty:
        assert r.diff is None and r.diff_ci is None
        assert (r.p_bootstrap, r.p_ar, r.p_bootstrap_adj, r.p_ar_adj) == (None, None, None, None)
        assert not r.tested and r.family == "" and r.family_size == 0
        assert not r.significant() and r.verdict() in ("-", "untested")
    sizes = {r.family_size for r in rows if r.family == "types"}
    tested = [r for r in rows if r.family == "types"]
    assert tested and all(r.score is not None and r.diff is not None for r in tested)
    assert sizes  # the family counts the defined rows only (per system and metric)


def test_compare_cells_are_score_cells() -> None:
    """Every per-type value compare reports is the value ``score`` gives that type (None where
    score's cell is empty); a type a system never touches is empty in every component."""
    for metric in ("cleme2", "errant"):  # (M2 here types its FPs by ERRANT's edits: compare's other metric)
        for name in NAMES:
            score = api.score(METRICS[metric].build(cat=1), systems()[name])
            cells = score.details.get("types") or score.details.get("categories") or {}
            assert cells or name == "source", (metric, name)
            for r in typed(metric):
                if r.system != name:
                    continue
                if r.type in cells:
                    want = cells[r.type][r.component]
                    assert (r.score is None) == (want is None), (metric, name, r.type, r.component)
                    if want is not None:
                        assert r.score == pytest.approx(want), (metric, name, r.type, r.component)


def test_untouched_type_is_empty_everywhere() -> None:
    """CLEME2.0's M: the source has no chunk of it, so its Hit, Wrong, Under and Over are empty."""
    rows = [r for r in typed("cleme2") if r.system == "source" and r.type == "M"]
    assert {r.component for r in rows} == {"hit", "wrong", "under", "over"}
    assert all(r.score is None for r in rows)


def test_json_and_table_show_empty_cells(capsys: pytest.CaptureFixture[str]) -> None:
    """JSON ``null``; the table ``-`` (no 1.0000 for an empty cell, no verdict)."""
    argv = ["compare", "--metric", "errant", "--source", str(GIVEN["source"]), "--ref-m2", str(GIVEN["ref_m2"])]
    argv += ["--hyp", *(str(EXAMPLE / f"{n}.txt") for n in NAMES), "--cat", "1", "--min-support", "0"]
    argv += ["--bootstrap", "40", "--trials", "40", "-q"]
    assert main([*argv, "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    empty = [r for r in got if r["type"] and r["system"] == "source" and r["component"] == "p"]
    assert empty and all(r["score"] is None and r["ci"] is None and r["diff"] is None for r in empty)
    assert all(not r["tested"] and r["p_ar"] is None for r in empty)
    assert main([*argv, "--format", "csv"]) == 0
    assert capsys.readouterr().out.count("\n") == len(got) + 1
    assert main([*argv, "--format", "table"]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("errant") and " p " in ln]
    source = [ln for ln in lines if "source (baseline)" in ln]
    assert source and all("1.0000" not in ln for ln in source)
    assert main([*argv, "--format", "markdown"]) == 0
    assert "1.0000" not in "".join(ln for ln in capsys.readouterr().out.splitlines() if "source" in ln and "| p" in ln)


def test_empty_cells_mask() -> None:
    """A cell whose denominator fields sum to 0 is NaN; the others keep their value."""
    plan = Plan(("p", "r"), ("X",), 3, (), (("p", (0, 1)), ("r", (0, 2))))
    block = np.array([[0.0, 0.0, 2.0], [1.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    values = {"p": np.array([1.0, 1.0, 1.0]), "r": np.array([0.0, 1.0, 1.0])}
    out = empty_cells(plan, block, values)
    assert np.isnan(out["p"][0]) and out["p"][1] == 1.0 and np.isnan(out["p"][2])
    assert out["r"][0] == 0.0 and out["r"][1] == 1.0 and np.isnan(out["r"][2])


def test_interval_and_p_ignore_empty_resamples() -> None:
    """Resamples where the cell is empty (NaN) are left out of the interval and the p-value."""
    draws = np.array([0.2, np.nan, 0.4, np.nan, 0.6])
    lo, hi = percentile_interval(draws, 0.5)
    assert (lo, hi) == pytest.approx((0.3, 0.5))
    assert bootstrap_p(0.1, np.array([np.nan, 1.0, 1.0, -1.0])) == pytest.approx(min(1.0, 2 * 2 / 4))
    assert not math.isnan(lo)
