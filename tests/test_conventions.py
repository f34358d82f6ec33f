"""The missing-annotator convention belongs to the metric, never to the loader, and is signed.

The tiny case: a reference M2 whose annotator 1 has no line in sentence 2. The M2 scorer and
``errant_compare`` score it against annotator 0 only (F0.5 0.8333), and so does CLEME's official
code (its M2 reader makes one target per annotator with lines: CLEME 0.8859, CLEME2.0 0.7; see
``tests/test_contract.py``); GLEU and GREEN, whose official tools read text references, make
annotator 1 an unchanged reference there. Every loader gives every metric the same examples.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import ROOT
from conftest import TINY_HYP as HYP
from conftest import TINY_REF as REF
from gecscope import pipeline
from gecscope.align import get_aligner
from gecscope.systems import load_systems
from gecscope.types import references_for

OFFICIAL_F = 0.8333  # errant_compare -hyp HYP -ref REF (ERRANT 3.0.2), and the M2 scorer


@pytest.fixture
def tiny(tmp_path: Path) -> dict[str, Path]:
    files = {"ref": REF, "hyp": HYP, "src": "a b c\nd e f\n", "hyp_txt": "x b c\nd e f\n"}
    out = {}
    for name, text in files.items():
        out[name] = tmp_path / name
        out[name].write_text(text, encoding="utf-8")
    return out


def _cli(*argv: str) -> dict[str, Any]:
    import json

    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    cmd = [sys.executable, "-m", "gecscope", "score", "--format", "json", "--quiet", *argv]
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


def test_readers_flag_the_absent_annotator(tiny: dict[str, Path]) -> None:
    for ex in (
        gecscope.load(hyp_m2=tiny["hyp"], ref_m2=tiny["ref"]),
        gecscope.load(source=tiny["src"], hypothesis=tiny["hyp_txt"], ref_m2=tiny["ref"]),
        list(gecscope.Examples.from_m2(tiny["hyp"], tiny["ref"])),
    ):
        assert [[r.absent for r in e.references] for e in ex] == [[False, False], [False, True]]
        assert [len(references_for(e, "absent")) for e in ex] == [2, 1]
        assert [len(references_for(e, "unchanged")) for e in ex] == [2, 2]


def test_every_loader_gives_the_official_errant_and_m2(tiny: dict[str, Path]) -> None:
    tool = shutil.which("errant_compare")
    if tool is not None:  # the oracle itself, when installed
        out = subprocess.run([tool, "-hyp", str(tiny["hyp"]), "-ref", str(tiny["ref"])], capture_output=True, text=True)
        lines = out.stdout.split("\n")
        header = next(i for i, line in enumerate(lines) if line.startswith("TP"))
        assert float(lines[header + 1].split()[5]) == OFFICIAL_F
    m2_in = {"hyp_m2": tiny["hyp"], "ref_m2": tiny["ref"]}
    text_in = {"source": tiny["src"], "hypothesis": tiny["hyp_txt"], "ref_m2": tiny["ref"]}
    for metric in ("errant", "m2"):
        got = {
            "load m2": gecscope.score(metric, gecscope.load(**m2_in)),
            "load text": gecscope.score(metric, gecscope.load(**text_in)),
            "Examples m2": gecscope.score(metric, gecscope.Examples.from_m2(tiny["hyp"], tiny["ref"])),
            "Examples text": gecscope.score(
                metric, gecscope.Examples.from_text(tiny["src"], tiny["hyp_txt"], ref_m2=tiny["ref"])
            ),
        }
        for name, score in got.items():
            assert round(score.value, 4) == OFFICIAL_F, (metric, name)
        ex = gecscope.load(**m2_in)
        compared = gecscope.compare([metric], {"a": ex, "b": ex}, bootstrap=2, trials=2)
        assert compared.row(metric, "b").score == got["load m2"].value
        systems = load_systems(hyp_m2=[tiny["hyp"], tiny["hyp"]], ref_m2=tiny["ref"], names=["a", "b"])
        assert gecscope.score(metric, systems["b"]).value == got["load m2"].value
        cli = _cli("--metric", metric, "--hyp-m2", str(tiny["hyp"]), "--ref-m2", str(tiny["ref"]))
        assert (cli["score"], cli["signature"]) == (got["load m2"].value, got["load m2"].signature)


def test_the_convention_is_the_metrics_and_signed(tiny: dict[str, Path]) -> None:
    ex = gecscope.load(hyp_m2=tiny["hyp"], ref_m2=tiny["ref"])
    official = gecscope.score("errant", ex)
    other = gecscope.score("errant", ex, missing_annotators="unchanged")
    assert other.value == 1.0 and round(official.value, 4) == OFFICIAL_F
    assert "missing:" not in official.signature and "|missing:unchanged|" in other.signature
    green = gecscope.score("green", ex)
    assert "missing:" not in green.signature
    assert gecscope.score("green", ex, missing_annotators="unchanged").signature == green.signature
    assert "|missing:absent|" in gecscope.score("green", ex, missing_annotators="absent").signature
    with pytest.raises(ValueError, match="missing_annotators"):
        gecscope.get_metric("m2", missing_annotators="none")


GRID: dict[str, list[dict[str, Any]]] = {
    "m2": [{}, {"beta": 1.0}, {"level": "sentence"}],
    "errant": [{}, {"beta": 1.0}, {"scheme": "cse"}, {"level": "sentence"}],
    "cleme2": [{}, {"assumption": "independent"}, {"level": "sentence"}],
    "cleme": [{}, {"assumption": "independent"}],
    "green": [{}, {"unit": "char"}],
    "gleu": [{}],
}


def test_signature_completeness(tiny: dict[str, Path]) -> None:
    """Over a grid of settings, conventions, inputs and metrics run beside each other: two runs
    that give different numbers never share a signature (and one metric's signature does not
    depend on the metrics beside it)."""
    example = gecscope.example_dir()
    inputs = {
        "m2": gecscope.load(hyp_m2=tiny["hyp"], ref_m2=tiny["ref"]),
        "text": gecscope.load(source=tiny["src"], hypothesis=tiny["hyp_txt"], ref_m2=tiny["ref"]),
        "example": gecscope.load(hyp_m2=example / "hypothesis.m2", ref_m2=example / "references.m2"),
    }
    seen: dict[tuple[str, str], float] = {}  # (input, signature) -> number (a signature names settings, not data)
    alone: dict[tuple[str, str, str, str | None], set[str]] = {}
    companions = [[], ["cleme2", "errant", "green"]]
    aligner = get_aligner("errant")  # one aligner (spaCy loads once), behind the session's cache
    for (name, grid), convention, (data, ex), beside in itertools.product(
        GRID.items(), (None, "absent", "unchanged"), inputs.items(), companions
    ):
        for options in grid:
            try:
                metric = gecscope.get_metric(name, **options, missing_annotators=convention)
            except (TypeError, ValueError):
                continue
            others = [gecscope.get_metric(m) for m in beside if m != name]
            try:
                score = pipeline.score([metric, *others], {"": ex}, aligner=aligner)[0]
            except ValueError:  # GLEU needs as many references in every sentence
                continue
            previous = seen.setdefault((data, score.signature), score.value)
            assert previous == score.value, score.signature
            alone.setdefault((data, name, repr(options), convention), set()).add(score.signature)
    assert all(len(signatures) == 1 for signatures in alone.values()), alone
    assert len(seen) > 50


@pytest.mark.parametrize(
    ("metric", "official", "other"), [("errant", "absent", "unchanged"), ("cleme2", "absent", "unchanged")]
)
def test_the_cli_option_changes_number_and_signature_together(
    tiny: dict[str, Path], capsys: pytest.CaptureFixture[str], metric: str, official: str, other: str
) -> None:
    """``--missing-annotators`` (score, compare; report has it too): the official value is the default and
    unsigned; the other changes the number and adds ``missing:X`` to the signature."""
    import json

    from gecscope.cli import main

    def run(command: str, *extra: str) -> Any:
        argv = [command, "--metric", metric, "--hyp-m2", str(tiny["hyp"]), "--ref-m2", str(tiny["ref"]), *extra]
        assert main([*argv, "--format", "json", "--quiet"]) == 0
        return json.loads(capsys.readouterr().out)

    default, same, changed = (
        run("score", *opt) for opt in ((), ("--missing-annotators", official), ("--missing-annotators", other))
    )
    assert same == default and "missing:" not in default["signature"]
    assert changed["score"] != default["score"]
    assert changed["signature"].replace(f"|missing:{other}", "") == default["signature"]
    assert (
        f"|missing:{other}|"
        in run("compare", "--bootstrap", "2", "--trials", "2", "--missing-annotators", other)[0]["signature"]
    )
