"""JFLEG users (issue 42 item 12): GLEU's 95% interval, ``--format official`` as JFLEG's gleu.py
prints it (tests/golden/jfleg_gleu_official.json, with the commands), system names that keep their dots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SHARED, require_shared
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.systems import system_names

GOLDEN = json.loads((Path(__file__).parent / "golden" / "jfleg_gleu_official.json").read_text(encoding="utf-8"))
JFLEG = SHARED / "data" / "multilingual" / "jfleg"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    capsys.readouterr()
    assert main(["score", "-q", *argv]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("case", GOLDEN["cases"], ids=lambda c: f"{len(c['refs'])}refs-{Path(c['hyp']).name}")
def test_format_official_prints_what_gleu_py_prints(case: dict, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[type-arg]
    require_shared()
    refs = [str(JFLEG / r) for r in case["refs"]]
    args = ["--protocol", "jfleg", "--source", str(JFLEG / case["src"]), "--hyp", str(JFLEG / case["hyp"])]
    out = run(capsys, *args, "--ref", *refs, "--format", "official")
    assert out == case["official"] + "\n", case["command"]


def test_the_interval_is_in_every_output(capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(run(capsys, "--example", "--metric", "gleu", "--format", "json"))
    d = doc["details"]
    assert (d["ci95_low"], d["ci95_high"]) == (
        doc["score"] - 1.959963984540054 * d["std"],
        doc["score"] + 1.959963984540054 * d["std"],
    )
    assert d["ci95_low"] < doc["score"] < d["ci95_high"]
    table = run(capsys, "--example", "--metric", "gleu")
    assert f"ci95_low {d['ci95_low']:.4f}  ci95_high {d['ci95_high']:.4f}" in table


def test_official_is_one_system_and_one_metric(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "-q", "--example", "--metric", "gleu", "green", "--format", "official"]) == 2
    assert "--format official is available for" in capsys.readouterr().err


def test_names_keep_their_dots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "dev.src"
    src.write_text("a b c .\n", encoding="utf-8")
    (tmp_path / "dev.ref0").write_text("a b d .\n", encoding="utf-8")
    for name in ("dev.mix", "dev.srcpert"):
        (tmp_path / name).write_text("a b d .\n", encoding="utf-8")
    hyps = [str(tmp_path / "dev.mix"), str(tmp_path / "dev.srcpert")]
    out = run(capsys, "--metric", "gleu", "--source", str(src), "--hyp", *hyps, "--ref", str(tmp_path / "dev.ref0"))
    assert "dev.mix" in out and "dev.srcpert" in out
    doc = json.loads(run(capsys, "--metric", "gleu", "--source", str(src), "--hyp", *hyps, "--ref",
                         str(tmp_path / "dev.ref0"), "--format", "json"))  # fmt: skip
    assert [d["system"] for d in doc] == ["dev.mix", "dev.srcpert"]


def test_names_from_files() -> None:
    assert system_names(["out/a.txt", "b.M2", "c.jsonl", "d", ".txt"]) == ["a", "b", "c", "d", ".txt"]
    assert system_names(["x/dev.mix", "x/dev.srcpert.txt"]) == ["dev.mix", "dev.srcpert"]
    assert system_names(["a/b/out.txt", "c/b/out.txt", "d/out.m2"]) == ["a/b/out", "c/b/out", "d/out"]
    assert system_names(["x.txt", "y.txt"], ["one", "two"]) == ["one", "two"]
    with pytest.raises(InputError, match="duplicate system name 'out'"):
        system_names(["out.txt", "out.txt"])
    with pytest.raises(InputError, match="1 names for 2 systems"):
        system_names(["a.txt", "b.txt"], ["one"])
