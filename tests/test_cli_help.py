"""The rough edges a new user met in the command line's help and outputs (issue 33, part 4)."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gecscope import api
from gecscope.cli import HELP, HELP_LINES, build_parser, main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = api.example_dir()


def help_text(*argv: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        main(list(argv))
    return out.getvalue()


def command_parser(command: str) -> argparse.ArgumentParser:
    parser = build_parser(command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return sub.choices[command]


@pytest.fixture(autouse=True)
def _columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps at the terminal's width


@pytest.mark.parametrize("command", list(HELP))
def test_each_help_fits_in_80_lines_and_help_all_has_every_option(command: str) -> None:
    short, full = help_text(command, "--help"), help_text(command, "--help-all")
    assert len(short.splitlines()) <= HELP_LINES, short
    flags = {o for a in command_parser(command)._actions for o in a.option_strings if a.help is not argparse.SUPPRESS}
    assert all(flag in full for flag in flags), sorted(f for f in flags if f not in full)
    if len(full.splitlines()) > HELP_LINES:
        assert f"'gecscope {command} --help-all', or docs/cli.md" in " ".join(short.split())


@pytest.mark.parametrize("command", list(HELP))
def test_every_option_has_help_and_a_line_in_docs_cli(command: str) -> None:
    docs = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    section = docs.split(f"## `gecscope {command}`")[1].split("\n## ")[0]
    for action in command_parser(command)._actions:
        if action.option_strings and action.help is not argparse.SUPPRESS:
            assert action.help, f"{command} {action.option_strings} has no help"
            assert f"`{action.option_strings[0]}`" in section, f"{command} {action.option_strings} not in docs/cli.md"


def test_docs_cli_is_generated_from_the_parsers() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "cli_docs.py"), "--check"], env=env, check=False)
    assert done.returncode == 0, "docs/cli.md is out of date: run python scripts/cli_docs.py"


def test_report_help_and_docs_name_the_correction_the_code_uses(monkeypatch: pytest.MonkeyPatch) -> None:
    from gecscope.report import overview

    seen = []
    monkeypatch.setattr(overview, "compare_aligned", lambda *a, **k: seen.append(a[3]))
    overview.significance(
        [overview.SystemData("a", api.load(hyp_m2=EXAMPLE / "hypothesis.m2", ref_m2=EXAMPLE / "references.m2"))],
        overview.ReportSettings(),
    )
    assert seen[0].correction == "bh" and seen[0].test == "ar"
    text = " ".join(help_text("report", "--help").split())
    assert "Benjamini-Hochberg" in text and "Holm" not in text
    docs = (ROOT / "docs" / "report.md").read_text(encoding="utf-8")
    assert "**Benjamini–Hochberg**" in docs


def test_zero_is_explained_where_it_is_a_default() -> None:
    text = " ".join(help_text("score", "--help-all").split())
    assert "3 full ERRANT type; gold: the reference M2's own types" in text and "0: none; default 0" in text
    assert "maximum n-gram order (GREEN: 0 = the unit's default)" in text and "default 0 (gleu 4, chargleu 5)" in text


def test_cite_lists_no_progress_option_but_accepts_quiet(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--quiet" not in help_text("cite", "--help")
    assert main(["cite", "--quiet", "errant"]) == 0
    assert "errant" in capsys.readouterr().out


def test_echo_only_where_a_test_set_is_scored() -> None:
    assert "--echo" in help_text("score", "--help-all")
    assert "--echo" not in help_text("compare", "--help-all") and "--echo" not in help_text("report", "--help-all")


def test_compare_sets_wodafes_alpha_and_explains_a_misplaced_one(capsys: pytest.CaptureFixture[str]) -> None:
    args = command_parser("compare").parse_args(["--metric", "wodafe", "--alpha", "0.3"])
    assert args.alpha == 0.3
    base = ["compare", "--example", "--hyp-m2", str(EXAMPLE / "hypothesis.m2"), "--quiet"]
    assert main([*base, "--metric", "errant", "--alpha", "0.01"]) == 2
    assert capsys.readouterr().err == (
        "gecscope: error: --alpha is WODAFE's over-correction weight; the significance level is --significance\n"
    )


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_a_single_system_is_named_by_its_file_stem(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    m2 = ["--hyp-m2", str(EXAMPLE / "hypothesis.m2"), "--ref-m2", str(EXAMPLE / "references.m2")]
    assert main(["score", "--metric", "errant", *m2, "--format", fmt, "--quiet"]) == 0
    out = capsys.readouterr().out
    if fmt == "json":
        assert json.loads(out)["system"] == "hypothesis"
    else:
        assert out.splitlines()[1].startswith("errant,hypothesis,corpus,")


def test_gleu_docs_say_which_references_to_report() -> None:
    docs = (ROOT / "docs" / "metrics" / "gleu.md").read_text(encoding="utf-8")
    assert "## Which references: say them, or name the test set" in docs
    for number in ("0.5898", "0.5833", "0.5961"):
        assert number in docs
    assert "**Report GLEU with a named test set**" in docs


def test_factors_example_for_the_readme_prints_three_values() -> None:
    """The README's factors loop, corrected: at corpus level the packaged example's ``paper`` and
    ``table12`` coincide (hit 4/7, wrong 1/7, under 2/7, over 1/6 give 0.706 under both); at
    sentence level the three factor sets differ."""
    import gecscope

    examples = gecscope.load(hyp_m2=EXAMPLE / "hypothesis.m2", ref_m2=EXAMPLE / "references.m2")
    analysis = gecscope.get_metric("cleme2").analyse(examples)
    values = {
        factors: round(
            gecscope.get_metric("cleme2", factors=factors, level="sentence").score_analysis(analysis).value, 4
        )
        for factors in ("paper", "table12", "0.4,0.3,0.2,0.1")
    }
    assert values == {"paper": 0.7075, "table12": 0.67, "0.4,0.3,0.2,0.1": 0.69}


def test_missing_chinese_tables_name_gecscope_download(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gecscope.align.zh.resources import load_resources
    from gecscope.errors import InputError

    with pytest.raises(InputError, match="run 'gecscope download'"):
        load_resources(tmp_path)


def test_an_interrupted_write_leaves_no_partial_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from gecscope.cli import output

    out = tmp_path / "report.html"
    out.write_text("before")

    def interrupt(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(output.os, "replace", interrupt)
    with pytest.raises(KeyboardInterrupt):
        output.write_output(out, "after")
    assert out.read_text() == "before" and [p.name for p in tmp_path.iterdir()] == ["report.html"]
    monkeypatch.undo()
    output.write_output(out, "after")
    assert out.read_text() == "after" and [p.name for p in tmp_path.iterdir()] == ["report.html"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_device_is_written_in_place_never_replaced() -> None:
    from gecscope.cli import output
    from gecscope.errors import InputError

    with pytest.raises(InputError, match="cannot write: No space left on device"):
        output.write_output("/dev/full", "text")
    assert Path("/dev/full").is_char_device()
