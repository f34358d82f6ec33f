"""What ``compare`` shows (issue 42, item 10): a row that is not significant reads ``n.s.``, not
"better"/"worse"; ``--components NAME...`` keeps chosen components and ``--hide-baseline`` drops
the baseline's own rows, in the CLI and in :func:`gecscope.compare`, checked before any work, and
never changing a number (the corrections are made over every row)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from gecscope import api
from gecscope.cli import main
from gecscope.cli.compare import verdict_cell
from gecscope.comparison import Comparison, compare
from gecscope.comparison_rows import SystemResult
from gecscope.errors import InputError

EXAMPLE = api.example_dir()
GIVEN = ["--source", str(EXAMPLE / "source.txt"), "--ref-m2", str(EXAMPLE / "references.m2")]
HYPS = ["--hyp", str(EXAMPLE / "source.txt"), str(EXAMPLE / "hypothesis.txt"), "--name", "input", "sys"]
FAST = ["--bootstrap", "50", "--trials", "50", "--quiet"]


@cache
def systems() -> dict[str, api.Examples]:
    given = {"source": EXAMPLE / "source.txt", "ref_m2": EXAMPLE / "references.m2"}
    return {name: api.load(hypothesis=EXAMPLE / f"{name}.txt", **given) for name in ("source", "hypothesis")}


def _row(diff: float, p: float) -> SystemResult:
    return SystemResult("m2", "sys", "base", 0.5, (0.4, 0.6), diff, (-0.1, 0.1), None, p, "sig", p_ar_adj=p)


def test_not_significant_reads_ns_whatever_the_sign() -> None:
    assert verdict_cell(_row(-0.04, 0.6), 0.05) == "n.s."  # was "worse"
    assert verdict_cell(_row(+0.04, 0.6), 0.05) == "n.s."  # was "better"
    assert verdict_cell(_row(+0.04, 0.01), 0.05) == "better *"
    assert verdict_cell(_row(-0.04, 0.01), 0.05) == "worse *"


def test_cli_table_labels_ns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # the system with one sentence left as the source: a little worse, not significantly
    lines = (EXAMPLE / "hypothesis.txt").read_text(encoding="utf-8").splitlines()
    lines[0] = (EXAMPLE / "source.txt").read_text(encoding="utf-8").splitlines()[0]
    (tmp_path / "less.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    hyps = ["--hyp", str(EXAMPLE / "hypothesis.txt"), str(tmp_path / "less.txt"), "--name", "sys", "less"]
    assert main(["compare", "--metric", "errant", *GIVEN, *hyps, *FAST]) == 0
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if x.startswith("errant  less"))
    assert "-0.0" in line  # a difference, not significant
    assert line.split()[-1] == "n.s." and "better" not in line and "worse" not in line
    assert "n.s.: no significant difference" in out


def test_api_components_and_hidden_baseline() -> None:
    full = compare("errant", systems(), bootstrap=50, trials=50, cat=1)
    view = compare("errant", systems(), bootstrap=50, trials=50, cat=1, components=["f"], hide_baseline=True)
    assert view.rows == full.rows  # computed and corrected alike
    kept = view.shown()
    assert kept and all(r.system != r.baseline for r in kept)
    assert {r.component for r in kept} == {"score", "f"} and any(r.type for r in kept)
    assert [d["component"] for d in view.as_dicts()] == [r.component for r in kept]
    assert len(full.shown()) == len(full.rows)  # the default keeps every row in JSON/CSV


@pytest.mark.parametrize(
    ("given", "word"),
    [
        ({"components": "f"}, "components"),
        ({"components": ["zz"]}, "zz"),
        ({"components": [3]}, "components"),
        ({"hide_baseline": 1}, "hide_baseline"),
        ({"hide_baseline": "yes"}, "hide_baseline"),
    ],
)
def test_api_refuses_bad_view(given: dict[str, object], word: str) -> None:
    with pytest.raises(InputError) as caught:
        compare("errant", systems(), bootstrap=50, trials=50, **given)  # type: ignore[arg-type]
    assert word in str(caught.value) and "\n" not in str(caught.value)


def test_cli_cat_components_and_hide_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["compare", "--metric", "errant", *GIVEN, *HYPS, *FAST, "--cat", "1", "--min-support", "0"]
    assert main(base) == 0
    every = capsys.readouterr().out.splitlines()
    assert main([*base, "--components", "f", "--hide-baseline"]) == 0
    few = capsys.readouterr().out.splitlines()
    rows = [x for x in few if x.startswith("errant ")]
    assert rows and all("(baseline)" not in x for x in rows)
    assert {x.split()[2] for x in rows} == {"score", "f"}
    assert len(few) < len(every) / 2
    assert main([*base, "--components", "f", "--hide-baseline", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert {r["component"] for r in got} == {"score", "f"} and {r["system"] for r in got} == {"sys"}


def test_cli_components_alone_shows_every_component(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "--metric", "errant", *GIVEN, *HYPS, *FAST, "--hide-baseline", "--components"]) == 0
    comps = {x.split()[2] for x in capsys.readouterr().out.splitlines() if x.startswith("errant ")}
    assert comps == {"score", "p", "r"}  # ERRANT's F is its headline


def test_cli_refuses_unknown_component_before_work(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"  # never read: the option is refused first
    argv = ["compare", "--metric", "errant", *GIVEN, "--hyp", str(missing), str(missing), "--components", "zz"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--components" in err and "'zz'" in err and "p, r, f" in err


def test_comparison_defaults_keep_old_view() -> None:
    res = Comparison((), "b", compare("errant", systems(), bootstrap=5, trials=5).config)
    assert res.components is None and res.hide_baseline is False and res.shown() == []
