"""Every entry point gives the official number: ``gecscope.score``, ``gecscope.compare``,
``gecscope.Examples``, the CLI (``python -m gecscope score``) and the Hugging Face ``evaluate``
module (marker ``hf``), on CoNLL-2014 with both golds (``references.m2``, the original
``official-2014.combined.m2``) and on SEEDA.

Golden numbers: /work/shared/golden/baselines.json and cleme.json, each with the official command
that produced it (M2 scorer v3.2, errant_compare, the official CLEME code, green, compute_gleu).
The original gold has golden numbers for the M2 scorer only. The default tier takes a few
systems; whole-corpus sweeps are marked ``conformance``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import CONLL, DATA, ROOT, SYSTEMS, golden, require_shared

pytestmark = pytest.mark.shared

SEEDA_ALL = DATA / "seeda" / "outputs" / "all"
REFS = [CONLL / "REF0.txt", CONLL / "REF1.txt"]
OFFICIAL = "official-2014.combined.m2"


@dataclass(frozen=True)
class Case:
    """One metric on one input, its official number and the tolerance of the official tool's print."""

    metric: str
    inputs: dict[str, Any]
    expected: Callable[[], float]
    digits: int | None = None  # compare rounded to the official print; None: absolute 1e-9
    options: dict[str, Any] = field(default_factory=dict)

    def check(self, got: float) -> None:
        want = self.expected()
        if self.digits is None:
            assert got == pytest.approx(want, abs=1e-9), (self, got, want)
        else:
            assert round(got, self.digits) == want, (self, got, want)


def _text(hyp: Path, *, ref_m2: str | None = None, refs: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"source": CONLL / "sources.txt", "hypothesis": hyp}
    if ref_m2:
        out["ref_m2"] = CONLL / ref_m2
    if refs:
        out["references"] = REFS
    return out


def _base(key: str, system: str, name: str) -> Callable[[], float]:
    return lambda: float(golden("baselines.json")[key][system][name])


def _m2(gold: str, system: str) -> Callable[[], float]:
    """The M2 scorer v3.2's F0.5 where it finished on this system, else the fast Python 3 port's
    (identical on every pair where both finished: see test_golden_errant_m2)."""

    def want() -> float:
        table = golden("baselines.json")
        official = table[f"m2_official_v3.2_{gold}"]
        row = official[system] if system in official else table[f"m2_fastpy3_{gold}"][system]
        return float(row["F0_5"])

    return want


def conll_cases(system: str, errant_system: str) -> list[Case]:
    txt = CONLL / "systems" / f"{system}.txt"
    return [
        Case("m2", _text(txt, ref_m2="references.m2"), _m2("gold_references.m2", system), 4),
        Case("m2", _text(txt, ref_m2=OFFICIAL), _m2("gold_original_official2014", system), 4),
        Case(
            "errant",
            _text(CONLL / "systems" / f"{errant_system}.txt", ref_m2="references.m2"),
            _base("errant", errant_system, "F0_5_unrounded"),
        ),
        Case(
            "cleme2",
            {"hyp_m2": CONLL / "systems_m2" / f"{system}.m2", "ref_m2": CONLL / "references.m2"},
            lambda: float(golden("cleme.json")["CLEME2.0-dep"][system]["com"]),
        ),
        Case("green", _text(txt, refs=True), _base("green_word", system, "corpus_F2")),
        Case("gleu", _text(txt, refs=True), _base("gleu_official_py2_ptm2refs", system, "GLEU"), 6),
    ]


def seeda_cases(system: str, *, errant: bool = False) -> list[Case]:
    txt = SEEDA_ALL / f"{system}.txt"
    out = [Case("gleu", _text(txt, refs=True), _base("seeda_gleu_official_py2_ptm2refs", system, "GLEU"), 6)]
    m2 = golden("baselines.json")["seeda_m2_fastpy3_gold_original_official2014"]
    if system in m2:
        out.append(
            Case(
                "m2",
                _text(txt, ref_m2=OFFICIAL),
                _base("seeda_m2_fastpy3_gold_original_official2014", system, "F0_5"),
                4,
            )
        )
    if errant:
        out.append(Case("errant", _text(txt, ref_m2="references.m2"), _base("seeda_errant", system, "F0_5_unrounded")))
    return out


# ---- the entry points -------------------------------------------------------------------------


def via_api(case: Case) -> gecscope.Score:
    return gecscope.score(case.metric, gecscope.load(**case.inputs), **case.options)


def via_examples(case: Case) -> gecscope.Score:
    i = case.inputs
    if "hyp_m2" in i:
        ex = gecscope.Examples.from_m2(i["hyp_m2"], i["ref_m2"])
    else:
        ex = gecscope.Examples.from_text(i["source"], i["hypothesis"], i.get("references", ()), i.get("ref_m2"))
    return gecscope.score(case.metric, ex, **case.options)


def via_compare(case: Case) -> tuple[float, str]:
    ex = gecscope.load(**case.inputs)
    row = gecscope.compare([case.metric], {"a": ex, "b": ex}, bootstrap=2, trials=2).row(case.metric, "b")
    return row.score, row.signature


def via_cli(case: Case) -> dict[str, Any]:
    flags = {"source": "--source", "hypothesis": "--hyp", "hyp_m2": "--hyp-m2", "ref_m2": "--ref-m2"}
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", case.metric, "--format", "json", "--quiet"]
    for key, value in case.inputs.items():
        argv += ["--ref", *map(str, value)] if key == "references" else [flags[key], str(value)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert isinstance(data, dict)
    return data


def check_every_entry_point(case: Case) -> None:
    api = via_api(case)
    case.check(api.value)
    examples = via_examples(case)
    assert (examples.value, examples.signature) == (api.value, api.signature), case
    score, signature = via_compare(case)
    assert score == api.value, case
    assert signature.startswith(api.signature.rpartition("|")[0] + "|sigtest:"), (signature, api.signature)
    cli = via_cli(case)
    assert (cli["score"], cli["signature"]) == (pytest.approx(api.value, abs=1e-12), api.signature), case


def _id(case: Case) -> str:
    what = case.inputs.get("hypothesis") or case.inputs.get("hyp_m2")
    gold = Path(case.inputs.get("ref_m2", "refs")).name
    return f"{case.metric}-{Path(str(what)).parent.parent.name}-{Path(str(what)).stem}-{gold}"


def _cases() -> list[Case]:
    if not (CONLL / "references.m2").exists():
        return []
    return [*conll_cases("AMU", "IITB"), *seeda_cases("BART")]


@pytest.mark.parametrize("case", _cases(), ids=_id)
def test_every_entry_point_gives_the_official_number(case: Case) -> None:
    require_shared()
    check_every_entry_point(case)


@pytest.mark.conformance
@pytest.mark.parametrize("system", SYSTEMS)
def test_conll_every_system(system: str) -> None:
    for case in conll_cases(system, system):
        check_every_entry_point(case)


@pytest.mark.conformance
@pytest.mark.parametrize("system", sorted(p.stem for p in SEEDA_ALL.glob("*.txt")))
def test_seeda_every_system(system: str) -> None:
    for case in seeda_cases(system, errant=system in golden("baselines.json")["seeda_errant"]):
        check_every_entry_point(case)


@pytest.mark.hf
@pytest.mark.parametrize("case", [c for c in _cases() if "references" in c.inputs], ids=_id)
def test_evaluate_module_gives_the_official_number(case: Case) -> None:
    from gecscope.io import read_lines
    from hf_module import compute

    require_shared()
    i = case.inputs
    refs = [read_lines(p) for p in i["references"]]
    got = compute(
        sources=read_lines(i["source"]),
        predictions=read_lines(i["hypothesis"]),
        references=[list(r) for r in zip(*refs, strict=True)],
        metric=case.metric,
    )
    case.check(got["score"])
    api = via_api(case)
    assert (got["score"], got["signature"]) == (api.value, api.signature)
