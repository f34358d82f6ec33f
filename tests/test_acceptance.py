"""Acceptance: the same CoNLL-2014 AMU scores from the CLI, the in-memory API, the Hugging Face
``evaluate`` module and the installed wheel (numbers only; JSON read through ``score``, else ``f``).

Run with ``-m packaging`` (builds the wheel) after installing the ``hf`` and ``text`` extras.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

import gecscope
from conftest import CONLL, SHARED, require_shared
from gecscope.cli import main
from hf_module import compute
from wheel_env import wheel_command

pytestmark = [pytest.mark.packaging, pytest.mark.hf, pytest.mark.text, pytest.mark.slow]

METRICS = ("cleme2", "errant", "m2", "green")
M2_ARGS = ["--hyp-m2", str(CONLL / "systems_m2" / "AMU.m2"), "--ref-m2", str(CONLL / "references.m2")]
TEXT_ARGS = [
    *("--source", str(CONLL / "sources.txt"), "--hyp", str(CONLL / "systems" / "AMU.txt")),
    *("--ref", str(CONLL / "REF0.txt"), str(CONLL / "REF1.txt")),
]


def main_value(out: dict[str, Any]) -> float:
    """The main number of a result, whichever JSON layout the CLI prints."""
    return float(out["score"] if "score" in out else out["f"])


def cli_value(argv: list[str], capsys: pytest.CaptureFixture[str]) -> float:
    assert main(["score", *argv, "--format", "json"]) == 0
    return main_value(json.loads(capsys.readouterr().out))


def wheel_value(argv: list[str]) -> float:
    return main_value(json.loads(wheel_command("score", *argv, "--format", "json")))


def lines(name: str) -> list[str]:
    return (CONLL / name).read_text(encoding="utf-8").splitlines()


def collect(routes: dict[str, Callable[[str], float]]) -> dict[str, dict[str, float]]:
    return {route: {metric: get(metric) for metric in METRICS} for route, get in routes.items()}


def test_amu_from_m2_same_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    examples = gecscope.Examples.from_m2(CONLL / "systems_m2" / "AMU.m2", CONLL / "references.m2")
    values = collect(
        {
            "cli": lambda m: cli_value(["--metric", m, *M2_ARGS], capsys),
            "api": lambda m: gecscope.score(m, examples).value,
            "wheel": lambda m: wheel_value(["--metric", m, *M2_ARGS]),
        }
    )
    assert values["api"] == values["cli"]
    assert values["wheel"] == values["cli"]
    # and the official tool's: M2 scorer 3.2 on AMU.m2 against references.m2 prints F0.5 0.3488
    golden = json.loads((SHARED / "golden" / "baselines.json").read_text())
    assert round(values["cli"]["m2"], 4) == golden["m2_official_v3.2_gold_references.m2"]["AMU"]["F0_5"]


def test_amu_from_text_same_everywhere(capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    from gecscope.align.en.errant import ErrantAligner

    sources, hypotheses = lines("sources.txt"), lines("systems/AMU.txt")
    references = [lines("REF0.txt"), lines("REF1.txt")]
    per_sentence = [list(pair) for pair in zip(*references, strict=True)]
    aligner = ErrantAligner()  # shared by the in-process API and evaluate routes (parses cached)
    values = collect(
        {
            "cli": lambda m: cli_value(["--metric", m, *TEXT_ARGS], capsys),
            "api": lambda m: (
                gecscope.score(m, sources=sources, hypotheses=hypotheses, references=references, aligner=aligner).value
            ),
            "evaluate": lambda m: float(
                compute(sources=sources, predictions=hypotheses, references=per_sentence, metric=m, aligner=aligner)[
                    "score"
                ]
            ),
            "wheel": lambda m: wheel_value(["--metric", m, *TEXT_ARGS]),
        }
    )
    for route in ("api", "evaluate", "wheel"):
        assert values[route] == values["cli"], route
    # and the official tools': GREEN (word) on the text files; errant_parallel + errant_compare
    # 3.0.2 with the references re-extracted from the same reference texts
    golden = json.loads((SHARED / "golden" / "baselines.json").read_text())
    assert values["cli"]["green"] == golden["green_word"]["AMU"]["corpus_F2"]
    assert values["cli"]["errant"] == golden["errant_refs_regenerated_ref_ptm2_txt"]["AMU"]["F0_5_unrounded"]
