"""Issue 21: one name per metric; the papers' names are aliases (any case) everywhere a metric
name is accepted, and a near miss gets a "did you mean"."""

from __future__ import annotations

import pytest

from gecscope.api import get_metric
from gecscope.cli import main
from gecscope.errors import SettingError
from gecscope.meta.reports.presets import META_METRICS, preset_name
from gecscope.metrics import METRICS, aliases, canonical

PAPER = {"CLEME2.0": "cleme2", "CLEME": "cleme", "ERRANT": "errant", "M2": "m2", "GLEU": "gleu", "GREEN": "green"}
PAPER |= {"PT-M2": "pt-m2", "PT-ERRANT": "pt-errant", "WODAFE": "wodafe", "ChERRANT": "cherrant", "MaxMatch": "m2"}


@pytest.mark.parametrize(("paper", "name"), sorted(PAPER.items()))
def test_the_papers_names_are_aliases_in_any_case(paper: str, name: str) -> None:
    for spelling in (paper, paper.lower(), paper.upper()):
        assert canonical(spelling) == name
        assert get_metric(spelling).name == METRICS[name].metric.name


def test_every_alias_points_at_a_registered_metric() -> None:
    assert set(aliases().values()) <= set(METRICS)
    assert all(alias == alias.lower() for alias in aliases())


@pytest.mark.parametrize(("typo", "meant"), [("CLEME2.1", "cleme2"), ("ERANT", "errant"), ("GLUE", "gleu")])
def test_a_near_miss_gets_did_you_mean(typo: str, meant: str) -> None:
    with pytest.raises(SettingError, match=rf"unknown metric '{typo}' \(did you mean '{meant}'\?\)"):
        get_metric(typo)


@pytest.mark.parametrize("command", ["score", "compare", "report"])
def test_the_commands_accept_aliases_and_suggest(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--example", "--metric", "CLEME2.1", "--quiet"])
    err = capsys.readouterr().err
    assert "argument --metric: unknown metric 'CLEME2.1' (did you mean 'cleme2'?)" in err


def test_score_takes_the_papers_name(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--example", "--metric", "CLEME2.0", "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("CLEME2.0 = ")


def test_meta_run_takes_registry_names_paper_names_and_its_presets() -> None:
    assert preset_name("cleme2") == preset_name("CLEME2.0") == "CLEME2.0-dep"
    assert preset_name("errant") == "ERRANT" and preset_name("pt-m2") == "PT-M2"
    for preset in META_METRICS:
        assert preset_name(preset) == preset == preset_name(preset.lower())
    with pytest.raises(SettingError, match=r"did you mean 'CLEME2\.0-dep'"):
        preset_name("CLEME2.0-dap")
