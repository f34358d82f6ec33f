"""The command line as users and scripts call it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import CONLL, require_shared
from gecscope import api
from gecscope.cli import main

EX = api.example_dir()
TEXT_ARGS = ["--source", str(EX / "source.txt"), "--hyp", str(EX / "hypothesis.txt")]
REF_TEXT_ARGS = ["--ref", str(EX / "reference0.txt"), str(EX / "reference1.txt")]
CLEME2_KEYS = {"score", "hit", "wrong", "under", "over", "tp", "fp", "fp_ne", "fp_un", "fn", "tn", "signature"}
CLEME_KEYS = {"f", "p", "r", "acc", "tp", "fp", "fn", "tn", "signature"}


def flat(doc: dict) -> dict:  # type: ignore[type-arg]
    """The shared JSON shape with its sections merged (score, components, counts, details)."""
    out = {k: v for k, v in doc.items() if not isinstance(v, dict)}
    for section in ("components", "counts", "details"):
        out.update(doc.get(section) or {})
    return out


def run_json(capsys: pytest.CaptureFixture[str], *argv: str, raw: bool = False) -> dict:  # type: ignore[type-arg]
    assert main([*argv, "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    return doc if raw or "chunks" in doc else flat(doc)


def test_cleme2_json_from_m2(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "score",
        "--metric",
        "cleme2",
        "--hyp-m2",
        str(EX / "hypothesis.m2"),
        "--ref-m2",
        str(EX / "references.m2"),
    )
    assert set(out) >= CLEME2_KEYS
    assert (out["tp"], out["fp_ne"], out["fp_un"], out["fn"], out["tn"]) == (8, 2, 2, 4, 28)
    assert out["score"] == pytest.approx(
        0.45 * 8 / 14 + 0.35 * (1 - 2 / 14) + 0.15 * (1 - 4 / 14) + 0.05 * (1 - 2 / 12)
    )
    assert out["signature"].startswith(
        "cleme2|assume:dep|level:corpus|weight:none|refs:all|mode:official|factors:paper"
    )


def test_same_numbers_from_text_and_from_m2(capsys: pytest.CaptureFixture[str]) -> None:
    m2 = run_json(capsys, "score", "--example")
    text = run_json(capsys, "score", *TEXT_ARGS, *REF_TEXT_ARGS)
    mixed = run_json(
        capsys,
        "score",
        *TEXT_ARGS,
        "--ref-m2",
        str(EX / "references.m2"),
    )
    strip = lambda d: {k: v for k, v in d.items() if k not in ("signature", "system")}  # noqa: E731
    assert strip(m2) == strip(text) == strip(mixed)
    assert "edits:hyp=errant-3.0.2" in text["signature"] and "ref=m2" in mixed["signature"]


@pytest.mark.parametrize("level", ["corpus", "sentence"])
@pytest.mark.parametrize("assumption", ["dependent", "independent"])
def test_cleme_json(capsys: pytest.CaptureFixture[str], level: str, assumption: str) -> None:
    out = run_json(capsys, "score", "--metric", "cleme", "--example", "--level", level, "--assumption", assumption)
    assert set(out) >= CLEME_KEYS
    assert "weight:length" in out["signature"] and f"level:{level}" in out["signature"]


def test_factor_options_and_per_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    a = run_json(capsys, "score", "--example", "--factors", "table12")
    b = run_json(capsys, "score", "--example", "--factors", "0.5,0.4,0.05,0.05")
    assert a["score"] == b["score"]
    s = run_json(capsys, "score", "--example", "--level", "sentence", "--per-sentence")
    assert len(s["sentences"]) == 10 and [r["line"] for r in s["sentences"]] == list(range(1, 11))
    assert s["score"] == pytest.approx(sum(r["score"] for r in s["sentences"]) / 10)


def test_table_output_has_signature(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--example"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("CLEME2.0 = 0.7060") and "signature: cleme2|" in out


def test_explain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "--example", "--line", "7", "--color", "always"]) == 0
    out = capsys.readouterr().out
    assert "They were very happy" in out and "\x1b[32mTP" in out and "\x1b[34mFN" in out
    data = run_json(capsys, "explain", "--example", "--line", "2")
    assert [c["dependent"] for c in data["chunks"]] == [["TN", "TN"], ["FP_ne", "FP_ne"], ["TN", "TN"]]


def test_convert_round_trip(tmp_path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "hyp.m2"
    assert main(["convert", *TEXT_ARGS, "-o", str(out)]) == 0
    assert out.read_text() == (EX / "hypothesis.m2").read_text()


def test_levenshtein_aligner(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "score",
        *TEXT_ARGS,
        "--ref",
        str(EX / "reference0.txt"),
        "--aligner",
        "levenshtein",
    )
    assert "edits:hyp=levenshtein,ref=levenshtein" in out["signature"]


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "gecscope", "score", "--example", "--format", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(proc.stdout)["counts"]["tp"] == 8


def test_meta_table1(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    out = run_json(capsys, "meta", "table1", "--data", str(CONLL.parent), raw=True)
    row = out["SentCLEME2.0-dep"]
    assert row["ours"]["spearman_EW"] == pytest.approx(row["paper"]["spearman_EW"], abs=0.0005)


@pytest.mark.parametrize(
    ("metric", "keys"),
    [
        ("m2", {"score", "f", "p", "r", "tp", "fp", "fn", "signature"}),
        ("errant", {"score", "f", "p", "r", "tp", "fp", "fn", "signature", "categories"}),
        ("gleu", {"score", "signature"}),
        ("green", {"score", "f", "p", "r", "tp", "fp", "fn", "regions", "signature"}),
    ],
)
def test_baseline_metrics_json(capsys: pytest.CaptureFixture[str], metric: str, keys: set[str]) -> None:
    out = run_json(capsys, "score", "--metric", metric, *TEXT_ARGS, *REF_TEXT_ARGS)
    assert keys <= set(out) and out["signature"].startswith(f"{metric}|")


def test_official_output_formats(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["score", "--metric", "m2", *TEXT_ARGS, "--ref-m2", str(EX / "references.m2"), "--format", "official"])
        == 0
    )
    out = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0].strip() for line in out] == ["Precision", "Recall", "F_0.5"]
    assert main(["score", "--metric", "errant", "--example", "--format", "official", "--cat", "1"]) == 0
    out = capsys.readouterr().out
    assert "Span-Based Correction" in out and "TP\tFP\tFN\tPrec\tRec\tF0.5" in out and "\nR " in out
    assert main(["score", "--metric", "green", "--example", "--format", "official"]) == 2
    assert "--format official is available for errant, m2, estgec-m2" in capsys.readouterr().err


def test_option_that_does_not_apply_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--metric", "green", "--example", "--assumption", "dependent"]) == 2
    assert "--assumption does not apply to --metric green" in capsys.readouterr().err


@pytest.mark.parametrize("command", ["score", "compare", "explain"])
def test_cat_0_is_none_as_the_help_says(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """(fresh-eyes review) ``--help`` says ``--cat ... 0: none; default 0``: ``--cat 0`` is accepted,
    the same run as without ``--cat``."""
    from gecscope.cli import build_parser

    inputs = ["--hyp-m2", str(EX / "hypothesis.m2"), "--ref-m2", str(EX / "references.m2")]
    assert build_parser(command).parse_args([command, *inputs, "--cat", "0"]).cat == 0
    if command == "score":
        with pytest.raises(SystemExit):
            main(["score", "--help-all"])
        shown = " ".join(capsys.readouterr().out.split())
        assert "--cat {0,1,2,3,gold}" in shown and "0: none; default 0" in shown
        with_0 = run_json(capsys, "score", *inputs, "--cat", "0")
        assert with_0 == run_json(capsys, "score", *inputs) and "types" not in with_0
