"""``--lang`` on the command line, and GREEN at character level on Chinese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA
from gecscope import api
from gecscope.cli import main
from gecscope.types import Example, Target

ZH = DATA / "zh"
DEMO = ZH / "cherrant_demo"
pytest.importorskip("opencc")
pytest.importorskip("pypinyin")


def require_zh() -> None:
    if not (DEMO / "references.m2").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    assert main([*argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_lang_zh_text_equals_official(capsys: pytest.CaptureFixture[str]) -> None:
    """ChERRANT's demo from text: ``compare_m2_for_evaluation.py`` prints TP 8, FP 19, FN 35."""
    require_zh()
    text = ["--source", str(DEMO / "sources.txt"), "--hyp", str(DEMO / "systems" / "demo.txt")]
    args = [*text, "--ref-tsv", str(DEMO / "references.tsv"), "--lang", "zh", "--zh-resources", str(ZH / "resources")]
    out = run_json(capsys, "score", "--metric", "cherrant", *args)
    assert "tok:zh-char|t2s:opencc|edits:hyp=cherrant-char+tables-" in out["signature"]
    assert json.dumps(out).count("0.2649006622516556") >= 1
    m2 = ["--hyp-m2", str(DEMO / "systems_m2" / "demo.m2"), "--ref-m2", str(DEMO / "references.m2"), "--lang", "zh"]
    assert run_json(capsys, "score", "--metric", "cleme2", *m2)["signature"].startswith("cleme2")


def test_chinese_without_lang_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    require_zh()
    m2 = ["--hyp-m2", str(DEMO / "systems_m2" / "demo.m2"), "--ref-m2", str(DEMO / "references.m2")]
    assert main(["score", "--metric", "cleme2", *m2]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("add --lang zh") and "\n" not in err


def test_other_language_uses_its_unit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """German: tag-free ERRANT by default (its unit), Levenshtein when asked, the language signed."""
    for name, text in {"s": "Das ist ein Haus .\n", "h": "Das ist ein Hause .\n", "r": "Das ist ein Haus .\n"}.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    files = ["--source", str(tmp_path / "s.txt"), "--hyp", str(tmp_path / "h.txt"), "--ref", str(tmp_path / "r.txt")]
    out = run_json(capsys, "score", "--metric", "errant", *files, "--lang", "de")
    assert "|lang:de|tok:whitespace|edits:hyp=errant-notag+" in out["signature"]
    out = run_json(capsys, "score", "--metric", "errant", *files, "--lang", "de", "--aligner", "levenshtein")
    assert "|lang:de|tok:whitespace|edits:hyp=levenshtein,ref=levenshtein|" in out["signature"]


def test_green_char_level_on_chinese() -> None:
    """GREEN on characters sees the prepared lines (no spaces, t2s targets), from text or from M2."""
    require_zh()
    files = {"source": DEMO / "sources.txt", "hypothesis": DEMO / "systems" / "demo.txt"}
    text = api.load(**files, ref_tsv=DEMO / "references.tsv", lang="zh")
    m2 = api.load(hyp_m2=DEMO / "systems_m2" / "demo.m2", ref_m2=DEMO / "references.m2", lang="zh")
    assert all(" " not in ex.hypothesis.line and " " not in ex.source_line for ex in text + m2)
    a = api.score("green", text, unit="char")
    b = api.score("green", m2, unit="char")
    assert a.value == pytest.approx(b.value, abs=1e-12, rel=0)
    assert 0 < a.value < 1
    spaced = [Example(ex.source, Target(ex.hypothesis.tokens), ex.references) for ex in m2]
    assert api.score("green", spaced, unit="char").value != a.value


@pytest.mark.parametrize("resources", [True, False])
def test_several_chinese_text_systems_in_one_call(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, resources: bool
) -> None:
    """ChERRANT aligns every system in one pass (``score`` and ``compare`` used to stop with a TypeError):
    the demo system scores TP 8, FP 19, FN 35 beside the unchanged input."""
    require_zh()
    hyps = [str(DEMO / "systems" / "demo.txt"), str(DEMO / "systems" / "INPUT.txt")]
    args = ["--source", str(DEMO / "sources.txt"), "--hyp", *hyps, "--ref-tsv", str(DEMO / "references.tsv")]
    args += ["--lang", "zh", "--metric", "cherrant", "--no-cache", "--quiet"]
    if resources:
        args += ["--zh-resources", str(ZH / "resources")]
    else:  # found in the data directory
        monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    demo, unchanged = run_json(capsys, "score", *args)
    assert (demo["system"], demo["counts"], unchanged["counts"]["tp"]) == ("demo", {"tp": 8, "fp": 19, "fn": 35}, 0)
    rows = run_json(capsys, "compare", *args, "--bootstrap", "10", "--trials", "10")
    assert [(r["system"], r["score"]) for r in rows[:2]] == [("demo", demo["score"]), ("INPUT", 0.0)]
