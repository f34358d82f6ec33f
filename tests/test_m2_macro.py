"""m2-macro: the mean over the sentences of the M2 scorer's F-beta of each sentence alone.

Goldens (``tests/golden/m2_macro.json``, its README names the command): the official M2 scorer
3.2 run on each sentence alone, ``python2 scripts/m2scorer.py -v --beta B hyp_i.txt gold_i.m2``,
its verbose counts and P, R, F per sentence (printed with 12 significant digits, hence the
5e-13 tolerance on P, R, F; the counts are exact).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gecscope
from conftest import CONLL, require_shared
from gecscope import api
from gecscope.cli import main
from gecscope.errors import SettingError
from gecscope.metrics import METRICS
from gecscope.metrics import statistics as declared
from gecscope.metrics.counts import M2Table
from gecscope.metrics.m2_macro import M2_MACRO, M2Macro, M2MacroConfig
from gecscope.resample import MeanTable, stat_table

GOLDEN = json.loads((Path(__file__).resolve().parent / "golden" / "m2_macro.json").read_text(encoding="utf-8"))
D = api.example_dir()
#: the official scorer prints str(float): 12 significant digits
PRINTED = 5e-13


def _check_against_official(score: Any, official: dict[str, Any]) -> None:
    rows = list(score.sentences)
    assert len(rows) == len(official["sentences"])
    for row, (correct, proposed, gold, *printed) in zip(rows, official["sentences"], strict=True):
        assert (row["correct"], row["proposed"], row["gold"]) == (correct, proposed, gold), row["index"]
        got = [row["f"]] if len(printed) == 1 else [row["p"], row["r"], row["f"]]  # F alone, or P, R, F
        assert got == pytest.approx([float(x) for x in printed], abs=PRINTED), row["index"]
    # the corpus score is the mean of the sentence F-scores (each printed to 12 digits)
    mean = sum(float(s[-1]) for s in official["sentences"]) / len(official["sentences"])
    assert score.value == pytest.approx(mean, abs=PRINTED)


def test_a_hand_computed_case() -> None:
    """Five sentences (correct, proposed, gold per annotator), beta 0.5:
    1. (1,2,2) F .5 beats (0,0,1) F 0 -> P .5 R .5 F .5
    2. (0,0,0) nothing proposed or needed -> P 1 R 1 F 1
    3. (0,1,0) a wrong edit where none was needed -> P 0 R 1 F 0
    4. (0,0,2) nothing proposed, two needed -> P 1 R 0 F 0
    5. (1,1,2) and (2,2,4) tie on F 5/6: more correct wins -> annotator 1, P 1 R .5 F 5/6
    P = 3.5/5 = .7, R = 3/5 = .6, F = (.5 + 1 + 0 + 0 + 5/6) / 5 = 7/15."""
    table = M2Table.build([[(1, 2, 2), (0, 0, 1)], [(0, 0, 0)], [(0, 1, 0)], [(0, 0, 2)], [(1, 1, 2), (2, 2, 4)]])
    score = M2Macro().score_analysis(table)
    assert score.value == pytest.approx(7 / 15, abs=1e-15)
    assert (score.details["p"], score.details["r"]) == pytest.approx((0.7, 0.6), abs=1e-15)
    assert [row["reference"] for row in score.sentences] == [0, 0, 0, 0, 1]
    assert [row["f"] for row in score.sentences] == pytest.approx([0.5, 1.0, 0.0, 0.0, 5 / 6], abs=1e-15)
    # the counts are those of the chosen annotators: correct 3, proposed 5, gold 8
    assert (score.details["tp"], score.details["fp"], score.details["fn"]) == (3, 2, 5)
    # corpus M2 pools the same counts instead: a different number
    assert gecscope.metrics.METRICS["m2"].build().score_analysis(table).value != pytest.approx(score.value)


@pytest.mark.parametrize("beta", ["0.5", "1.0"])
def test_equals_the_official_scorer_sentence_by_sentence_on_the_example(beta: str) -> None:
    examples = api.load(source=D / "source.txt", hypothesis=D / "hypothesis.txt", ref_m2=D / "references.m2")
    score = api.score("m2-macro", examples, beta=float(beta))
    _check_against_official(score, GOLDEN["example"][beta])
    assert score.signature.startswith(f"m2-macro|beta:{float(beta):g}|")


@pytest.mark.conformance
@pytest.mark.parametrize("system", ["AMU", "CAMB", "INPUT"])
def test_equals_the_official_scorer_sentence_by_sentence_on_conll14(system: str) -> None:
    require_shared()
    examples = api.load(
        source=CONLL / "sources.txt",
        hypothesis=CONLL / "systems" / f"{system}.txt",
        ref_m2=CONLL / "official-2014.combined.m2",
    )
    _check_against_official(api.score("m2-macro", examples), GOLDEN["conll14"][system])


def test_the_rule_is_declared_in_the_module_and_found_by_the_registry() -> None:
    from gecscope.metrics import rules

    assert METRICS["m2-macro"].rule is M2_MACRO and rules()["m2-macro"] is M2_MACRO
    assert M2_MACRO.reduction == "mean" and M2_MACRO.code is None


def test_bootstrap_and_compare(capsys: pytest.CaptureFixture[str]) -> None:
    """The resampling table is the sentence mean the rule declares, and re-scores exactly;
    compare runs on two systems from the API and the command line."""
    examples = api.load(hyp_m2=D / "hypothesis.m2", ref_m2=D / "references.m2")
    metric = METRICS["m2-macro"].build()
    analysis = metric.analyse(list(examples))
    table = stat_table(metric, analysis)
    assert isinstance(table, MeanTable)
    n = len(analysis)
    order = np.vstack([np.arange(n), np.random.default_rng(5).integers(0, n, (20, n))]).astype(np.int64)
    take = declared(metric).take
    assert table.scores(order).tolist() == [metric.score_analysis(take(analysis, list(o))).value for o in order]

    source = api.load(source=D / "source.txt", hypothesis=D / "source.txt", ref_m2=D / "references.m2")
    result = gecscope.compare(
        ["m2-macro"], {"example": examples, "unchanged": source}, baseline="unchanged", bootstrap=200, trials=500
    )
    row = result.row("m2-macro", "example")
    assert row.score == api.score("m2-macro", examples).value and row.signature.startswith("m2-macro|")
    assert row.ci[0] <= row.score <= row.ci[1] and row.ci[0] < row.ci[1] and row.p_ar is not None
    argv = ["compare", "--metric", "m2-macro", "--ref-m2", str(D / "references.m2"), "--source", str(D / "source.txt")]
    argv += ["--hyp", str(D / "hypothesis.txt"), str(D / "source.txt"), "--bootstrap", "200", "--trials", "500"]
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    rows = json.loads(capsys.readouterr().out)
    rows = rows["rows"] if isinstance(rows, dict) else rows
    assert {r["metric"] for r in rows} == {"m2-macro"} and any(r["score"] == row.score for r in rows)


def test_bad_input_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SettingError, match=r"beta must be from 0\.01 to 100"):
        M2MacroConfig(beta=0.0)
    with pytest.raises(ValueError, match="algorithm"):
        M2MacroConfig(algorithm="fastest")
    src = tmp_path / "src.txt"
    src.write_text("a b c\n", encoding="utf-8")
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("x b c\n", encoding="utf-8")
    bad = tmp_path / "ref.m2"
    bad.write_text("S a b c\nA 0 x|||R|||x|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    err = _fails(capsys, "--source", str(src), "--hyp", str(hyp), "--ref-m2", str(bad))
    assert "ref.m2:2: malformed edit line" in err
    short = tmp_path / "short.txt"
    short.write_text("", encoding="utf-8")
    err = _fails(capsys, "--source", str(D / "source.txt"), "--hyp", str(short), "--ref-m2", str(D / "references.m2"))
    assert "short.txt" in err


def _fails(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """``gecscope score --metric m2-macro ARGV`` exits 2 with one line on stderr; that line."""
    try:
        code = main(["score", "--metric", "m2-macro", *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    return err
