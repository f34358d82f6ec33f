"""charGLEU against the official GLEU script run on characters (tests/golden/chargleu/: goldens,
the commands, and why they are n = 4), its character units, and bad settings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from conftest import CONLL, require_shared
from gecscope import api
from gecscope.errors import SettingError
from gecscope.metrics.chargleu import BOUNDARY, chars
from gecscope.types import Example, Target

GOLDEN = Path(__file__).resolve().parent / "golden" / "chargleu" / "conll14.json"
CASES: dict[str, Any] = json.loads(GOLDEN.read_text(encoding="utf-8")) if GOLDEN.exists() else {"scores": {}}


def _conll(system: str) -> Any:
    require_shared()
    refs = [CONLL / "REF0.txt", CONLL / "REF1.txt"]
    return api.load(source=CONLL / "sources.txt", hypothesis=CONLL / "systems" / f"{system}.txt", references=refs)


@pytest.mark.parametrize("case", sorted(CASES["scores"]))
def test_conll14_equals_the_script_on_characters(case: str) -> None:
    spaces, system = case.split("/")
    score = api.score("chargleu", _conll(system), spaces=spaces, n=4)
    assert f"{score.value:f}" == CASES["scores"][case]
    assert f"|spaces:{spaces}|n:4|" in score.signature


def test_characters() -> None:
    assert chars(" a  bc\td ", "drop") == ("a", "b", "c", "d")
    assert chars(" a  bc\td ", "keep") == ("a", BOUNDARY, "b", "c", BOUNDARY, "d")
    assert chars("", "keep") == ()


def test_characters_are_counted_not_words() -> None:
    """One wrong letter costs charGLEU little and word GLEU a whole word."""
    src, hyp = ("the", "cats", "sits", "here", "now"), ("the", "cats", "sit", "here", "now")
    ex = [Example(src, Target(hyp), (Target(("the", "cats", "sat", "here", "now")),))]
    assert api.score("chargleu", ex, n=4).value > api.score("gleu", ex).value
    assert api.score("chargleu", ex).value != api.score("chargleu", ex, n=4).value  # n = 5 by default


@pytest.mark.parametrize("setting", [{"spaces": "tabs"}, {"n": 0}, {"iterations": 0}])
def test_bad_settings_are_refused(setting: dict[str, Any]) -> None:
    ex = [Example(("a",), Target(("b",)), (Target(("b",)),))]
    with pytest.raises(SettingError):
        api.score("chargleu", ex, **setting)
