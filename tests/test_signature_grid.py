"""One signature grid over the doors of the pipeline (issue 30): on the packaged example, every
entry point x tokeniser x metric x input kind gives, for the same inputs and settings, the same
number and the same signature; and two different numbers never share a signature.

Doors: ``gecscope score`` / ``compare`` / ``report`` (in process), ``gecscope.score`` on
``gecscope.load``, on ``Examples`` (``from_text`` / ``from_m2`` / ``from_lists``, the call the
Hugging Face ``evaluate`` module makes, or the module itself when ``evaluate`` is installed),
``gecscope.compare`` and ``pipeline.score_files``.
"""

from __future__ import annotations

import importlib.util
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gecscope
from gecscope import pipeline
from gecscope.cli import main

D = gecscope.example_dir()
METRICS = ("green", "errant", "cleme2", "gleu", "char-f", "m2")
#: input kind -> its files, as the Python settings and as the command line's options
KINDS: dict[str, tuple[dict[str, Any], list[str]]] = {
    "m2": (
        {"hyp_m2": D / "hypothesis.m2", "ref_m2": D / "references.m2"},
        ["--hyp-m2", str(D / "hypothesis.m2"), "--ref-m2", str(D / "references.m2")],
    ),
    "text": (
        {
            "source": D / "source.txt",
            "hypothesis": D / "hypothesis.txt",
            "references": [D / "reference0.txt", D / "reference1.txt"],
        },
        [
            "--source",
            str(D / "source.txt"),
            "--hyp",
            str(D / "hypothesis.txt"),
            "--ref",
            str(D / "reference0.txt"),
            str(D / "reference1.txt"),
        ],
    ),
    "text+ref-m2": (
        {"source": D / "source.txt", "hypothesis": D / "hypothesis.txt", "ref_m2": D / "references.m2"},
        ["--source", str(D / "source.txt"), "--hyp", str(D / "hypothesis.txt"), "--ref-m2", str(D / "references.m2")],
    ),
}
#: (input kind, --tokenize) cells; M2 input has the M2's tokens
CELLS = [("m2", "none"), ("text", "none"), ("text", "char"), ("text+ref-m2", "none")]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def _sans_resampling(signature: str) -> str:
    """A compare signature without its resampling fields: the scoring signature."""
    return re.sub(r"\|test:.*?(?=\|version:)", "", signature)


def _evaluate_door(inputs: dict[str, Any], tok: str, metric: str) -> tuple[float, str]:
    """What the Hugging Face module computes (the module itself when ``evaluate`` is installed)."""
    from gecscope.io import read_lines

    sources = read_lines(inputs["source"])
    predictions = read_lines(inputs["hypothesis"])
    references = [list(r) for r in zip(*(read_lines(p) for p in inputs["references"]), strict=True)]
    tokenize = "whitespace" if tok == "none" else tok
    if importlib.util.find_spec("evaluate") is not None:
        from hf_module import compute

        got = compute(sources=sources, predictions=predictions, references=references, metric=metric, tokenize=tokenize)
        return float(got["score"]), str(got["signature"])
    s = gecscope.score(
        metric,
        sources=sources,
        hypotheses=predictions,
        references=references,
        references_by="sentence",
        tokenize=tokenize,
    )
    return s.value, s.signature


def _doors(
    kind: str, tok: str, metric: str, capsys: pytest.CaptureFixture[str], tmp: Path
) -> dict[str, tuple[float, str]]:
    inputs, argv = KINDS[kind]
    out: dict[str, tuple[float, str]] = {}
    ex = gecscope.load(**inputs, tokenize=tok)
    s = gecscope.score(metric, ex)
    out["gecscope.score(load)"] = (s.value, s.signature)
    if kind == "m2":
        examples = gecscope.Examples.from_m2(inputs["hyp_m2"], inputs["ref_m2"])
    else:
        examples = gecscope.Examples.from_text(
            inputs["source"], inputs["hypothesis"], inputs.get("references", ()), inputs.get("ref_m2"), tokenize=tok
        )
    s = gecscope.score(metric, examples)
    out["gecscope.score(Examples)"] = (s.value, s.signature)
    row = gecscope.compare([metric], {"a": ex, "b": ex}, bootstrap=2, trials=2).row(metric, "b")
    out["gecscope.compare"] = (row.score, _sans_resampling(row.signature))
    if tok == "none":
        files = {
            ("hypotheses" if k == "hypothesis" else k): ([v] if k in ("hypothesis", "hyp_m2") else v)
            for k, v in inputs.items()
        }
        [s] = pipeline.score_files([gecscope.get_metric(metric)], **files)
        out["pipeline.score_files"] = (s.value, s.signature)
    if kind == "text":
        out["evaluate"] = _evaluate_door(inputs, tok, metric)
    flags = ["--tokenize", tok] if tok != "none" else []
    got = _cli(capsys, "score", "--metric", metric, *argv, *flags)
    out["gecscope score"] = (got["score"], got["signature"])
    rows = _cli(capsys, "compare", "--metric", metric, *argv, *flags, "--bootstrap", "2", "--trials", "2")
    out["gecscope compare"] = (rows[0]["score"], _sans_resampling(rows[0]["signature"]))
    return out


def test_every_door_gives_one_number_and_one_signature(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    seen: dict[str, tuple[float, str]] = {}  # signature -> (number, where)
    for kind, tok in CELLS:
        for metric in METRICS:
            doors = _doors(kind, tok, metric, capsys, tmp_path)
            first = next(iter(doors.values()))
            for door, got in doors.items():
                assert got == first, (kind, tok, metric, door, got, first)
            value, signature = first
            assert f"|tok:{'whitespace' if tok == 'none' else tok}|" in signature
            where = f"{kind}/{tok}/{metric}"
            previous = seen.setdefault(signature, (value, where))
            assert previous[0] == value, (signature, previous, where, value)
    assert len(seen) >= 15  # the cells sign differently (tok, edits) where their numbers can differ


@pytest.mark.parametrize(("kind", "tok"), [("m2", "none"), ("text", "char")])
def test_report_signs_as_score_does(kind: str, tok: str, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, argv = KINDS[kind]
    flags = ["--tokenize", tok] if tok != "none" else []
    out = tmp_path / "report.md"
    assert main(["report", "--metric", *METRICS, *argv, *flags, "--format", "md", "-o", str(out), "--quiet"]) == 0
    capsys.readouterr()
    signed = re.findall(r"^- \S+: `([^`]+)`$", out.read_text(encoding="utf-8"), flags=re.M)
    for metric in METRICS:
        [mine] = [s for s in signed if s.startswith(metric + "|")]
        assert mine == _cli(capsys, "score", "--metric", metric, *argv, *flags)["signature"]


def test_a_setting_that_changes_the_number_changes_the_signature() -> None:
    """The same metric on the same input under different tokenisations: different numbers, so
    different signatures (the tokenise step signs)."""
    inputs, _ = KINDS["text"]
    by: dict[str, Callable[[], Any]] = {t: (lambda t=t: gecscope.load(**inputs, tokenize=t)) for t in ("none", "char")}
    scores = {t: gecscope.score("green", make()) for t, make in by.items()}
    assert scores["none"].value != scores["char"].value
    assert scores["none"].signature != scores["char"].signature
