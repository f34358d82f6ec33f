"""M2 exactly as scorer 3.2 (issue 16): its lattice initialisation shifts the spans of
insertions in row 0, so a multi-token insertion at the sentence start never matches the gold.
``../shared/golden/m2_v32_cases.json``: 101 random cases with the official v3.2 P/R/F."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import golden, require_shared
from gecscope.metrics.m2 import M2, M2Config
from gecscope.pipeline import read
from gecscope.types import Edit, Example, Target


def case_examples(case: dict, tmp: Path) -> list[Example]:  # type: ignore[type-arg]
    for key in ("source", "hypothesis", "ref_m2"):
        (tmp / key).write_text(case[key], encoding="utf-8")
    [examples] = read(source=tmp / "source", hypotheses=[tmp / "hypothesis"], ref_m2=tmp / "ref_m2")
    return examples


def prf(config: M2Config, examples: list[Example]) -> list[float]:
    d = M2(config).score(examples).details
    return [round(d[k], 4) for k in ("p", "r", "f")]


@pytest.mark.parametrize("algorithm", ["exact", "fast"])
def test_official_v32_cases(algorithm: str, tmp_path: Path) -> None:
    require_shared()
    cases = golden("m2_v32_cases.json")["cases"]
    assert len(cases) == 101
    wrong = []
    for case in cases:
        if prf(M2Config(algorithm=algorithm), case_examples(case, tmp_path)) != case["official_v32_p_r_f"]:
            wrong.append(case["id"])
    assert wrong == []


def test_the_later_fix_is_an_option(tmp_path: Path) -> None:
    require_shared()
    cases = [c for c in golden("m2_v32_cases.json")["cases"] if c["differs_from_later_fix"]]
    later = M2Config(edit_lattice="d12eea2")
    assert all(prf(later, case_examples(c, tmp_path)) != c["official_v32_p_r_f"] for c in cases)


def test_insertion_at_sentence_start() -> None:
    src = tuple(["the", "cat", "sat", "."])
    gold = Target(tuple(["Indeed", ",", "the", "cat", "sat", "."]), (Edit(0, 0, ("Indeed", ",")),))
    ex = [Example(src, Target(gold.tokens), (gold,))]
    for algorithm in ("exact", "fast"):
        v32 = M2(M2Config(algorithm=algorithm)).score(ex)
        fixed = M2(M2Config(algorithm=algorithm, edit_lattice="d12eea2")).score(ex)
        assert (v32.value, fixed.value) == (0.0, 1.0)
        assert "lattice:v3.2" in v32.signature and "lattice:d12eea2" in fixed.signature


def test_unknown_lattice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"edit_lattice must be one of v3\.2, d12eea2"):
        M2Config(edit_lattice="v3.3")
