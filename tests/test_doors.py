"""The five doors of issue 30 that gave a number whose signature did not say how it was made (or a
wrong number): each one through the pipeline, which owns every step and signs it.

- ``gecscope.load(..., tokenize="char")`` and ``Examples.from_text(..., tokenize="char")`` sign
  ``tok:char`` from ``gecscope.score`` and ``gecscope.compare``;
- ``gecscope report`` signs each metric with its own fields, equal to ``gecscope score``'s;
- char-f applies the official missing-annotator convention on the tiny case (0.8333, as
  ``errant_compare``; the pipeline applies the convention, so no metric can skip it);
- ``meta run --metric cleme``, ``char-f`` and ``cherrant`` are known presets.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import DATA, require_shared
from conftest import TINY_HYP as HYP
from conftest import TINY_REF as REF
from gecscope.cli import main

SOURCE = "He go to school yesterday .\nShe like apples .\n"
HYPOTHESIS = "He went to school yesterday .\nShe likes apple .\n"
REFERENCE = "He went to school yesterday .\nShe likes apples .\n"


@pytest.fixture
def text(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, body in (("src", SOURCE), ("hyp", HYPOTHESIS), ("ref", REFERENCE)):
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_text(body, encoding="utf-8")
    return out


def test_load_with_char_tokens_signs_tok_char(text: dict[str, Path]) -> None:
    char = gecscope.load(source=text["src"], hypothesis=text["hyp"], references=[text["ref"]], tokenize="char")
    none = gecscope.load(source=text["src"], hypothesis=text["hyp"], references=[text["ref"]], tokenize="none")
    by_char, by_space = gecscope.score("green", char), gecscope.score("green", none)
    assert "|tok:char|" in by_char.signature and "|tok:whitespace|" in by_space.signature
    assert by_char.value != by_space.value and by_char.signature != by_space.signature


def test_compare_signs_the_tokenisation_of_its_examples(text: dict[str, Path]) -> None:
    ex = gecscope.Examples.from_text(text["src"], text["hyp"], [text["ref"]], tokenize="char")
    compared = gecscope.compare(["green"], {"A": ex, "B": ex}, bootstrap=2, trials=2)
    row = compared.row("green", "B")
    assert "|tok:char|" in row.signature
    alone = gecscope.score("green", ex)
    assert row.score == alone.value  # compare's signature is score's plus its resampling fields
    assert row.signature.startswith(alone.signature.rsplit("|version:", 1)[0] + "|sigtest:")


def _cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("metric", ["green", "errant", "cleme2", "gleu", "char-f", "m2"])
def test_report_signs_each_metric_as_score_does(
    metric: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    d = gecscope.example_dir()
    inputs = ["--hyp-m2", str(d / "hypothesis.m2"), "--ref-m2", str(d / "references.m2")]
    score = _cli_json(capsys, "score", "--metric", metric, *inputs)
    out = tmp_path / "report.md"
    assert main(["report", "--metric", metric, *inputs, "--format", "md", "-o", str(out), "--quiet"]) == 0
    capsys.readouterr()
    signed = dict(re.findall(r"^- (\S+): `([^`]+)`$", out.read_text(encoding="utf-8"), flags=re.M))
    [mine] = [s for s in signed.values() if s.startswith(metric + "|")]
    assert mine == score["signature"]


#: errant_compare -hyp HYP -ref REF (ERRANT 3.0.2): annotator 1 has no line in sentence 2 and is left out
OFFICIAL_F = 0.8333


def test_char_f_applies_the_official_missing_annotator_convention(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "h.m2").write_text(HYP, encoding="utf-8")
    (tmp_path / "r.m2").write_text(REF, encoding="utf-8")
    got = _cli_json(
        capsys, "score", "--metric", "char-f", "--hyp-m2", str(tmp_path / "h.m2"), "--ref-m2", str(tmp_path / "r.m2")
    )
    assert round(got["score"], 4) == OFFICIAL_F
    ex = gecscope.load(hyp_m2=tmp_path / "h.m2", ref_m2=tmp_path / "r.m2")
    assert round(gecscope.score("char-f", ex).value, 4) == OFFICIAL_F
    assert gecscope.score("char-f", ex, missing_annotators="unchanged").value == 1.0


@pytest.mark.parametrize("name", ["cleme", "char-f", "cherrant"])
def test_every_reference_based_metric_has_a_meta_preset(name: str) -> None:
    from gecscope.meta.reports.presets import META_METRICS, preset_name

    preset = preset_name(name)
    assert META_METRICS[preset][0] == name


def test_meta_presets_cover_the_registry() -> None:
    from gecscope.meta.reports.presets import DEFAULT_PRESET
    from gecscope.metrics import METRICS

    assert sorted(DEFAULT_PRESET) == sorted(METRICS)


@pytest.mark.conformance
def test_meta_run_cleme_char_f_cherrant(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    argv = ["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "cleme", "char-f", "cherrant"]
    doc = _cli_json(capsys, *argv)
    assert sorted(doc["metrics"]) == ["CLEME", "CherrANT", "char-F"] or len(doc["metrics"]) == 3
    for got in doc["metrics"].values():
        assert -1.0 <= got["system"]["TS_edit"]["pearson"] <= 1.0


def test_the_python_api_runs_the_input_checks(tmp_path: Path) -> None:
    """The tokenisation-mismatch and swap checks are the pipeline's (not only the CLI's)."""
    from gecscope.errors import InputError

    (tmp_path / "src.txt").write_text("He go home .\nI do n't know , he said .\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("He goes home.\nI don't know, he said.\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("He goes home .\nI do n't know , he said .\n", encoding="utf-8")
    text = {"source": tmp_path / "src.txt", "hypothesis": tmp_path / "hyp.txt", "references": [tmp_path / "ref.txt"]}
    with pytest.raises(InputError, match=r"hyp\.txt: looks detokenised.*allow_tokenization_mismatch"):
        gecscope.load(**text)
    with pytest.raises(InputError, match="looks detokenised"):
        gecscope.Examples.from_text(tmp_path / "src.txt", tmp_path / "hyp.txt", [tmp_path / "ref.txt"])
    assert len(gecscope.load(**text, allow_tokenization_mismatch=True)) == 2
    (tmp_path / "h.m2").write_text(REF, encoding="utf-8")
    (tmp_path / "r.m2").write_text(REF, encoding="utf-8")
    with pytest.raises(InputError, match=r"h\.m2:3: this hyp_m2 file has several annotators"):
        gecscope.load(hyp_m2=tmp_path / "h.m2", ref_m2=tmp_path / "r.m2")
    assert len(gecscope.load(hyp_m2=tmp_path / "h.m2", ref_m2=tmp_path / "r.m2", multi_annotator_hyp=True)) == 2
    with pytest.raises(InputError, match="looks like an M2 file, given to references: use ref_m2"):
        gecscope.load(source=tmp_path / "src.txt", hypothesis=tmp_path / "src.txt", references=[tmp_path / "r.m2"])
