"""Issue 21: one option name per meaning (compare's ``--significance`` and ``--resample-seed``,
meta's ``--resample-seed`` and ``--trueskill-seed``; the old names stop with one line naming the
new one), and ``--cache-dir``/``--no-cache`` on every command that aligns."""

from __future__ import annotations

from pathlib import Path

import pytest

from gecscope.api import example_dir
from gecscope.cli import build_parser, main

EX = example_dir()
TEXT = ["--source", str(EX / "source.txt"), "--hyp", str(EX / "hypothesis.txt")]
TEXT += ["--ref", str(EX / "reference0.txt"), str(EX / "reference1.txt")]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        # compare --alpha is WODAFE's weight again (issue 33): test_cli_help.py checks its message
        (["compare", "--example", "--seed", "3"], "--seed is now --resample-seed"),
        (["meta", "run", "--seed", "3"], "--seed is now --resample-seed"),
        (["meta", "human", "--seed", "3"], "--seed is now --trueskill-seed"),
    ],
)
def test_an_old_name_stops_with_one_line_naming_the_new(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and message in err


def test_the_new_names_reach_the_comparison() -> None:
    args = build_parser().parse_args(["compare", "--example", "--significance", "0.01", "--resample-seed", "7"])
    assert (args.significance, args.resample_seed) == (0.01, 7)


@pytest.mark.parametrize("command", ["score", "compare", "report", "explain", "convert"])
def test_every_aligning_command_has_the_cache_options(command: str) -> None:
    args = build_parser().parse_args([command, "--example", "--no-cache", "--cache-dir", "x"])
    assert (args.cache, args.cache_dir) == (False, "x")


@pytest.mark.parametrize("command", [["convert"], ["explain", "--line", "1"], ["compare", "--quiet"]])
def test_cache_dir_is_where_the_alignments_go(command: list[str], tmp_path: Path) -> None:
    assert main([*command, *TEXT, "--cache-dir", str(tmp_path)]) == 0
    assert (tmp_path / "align.sqlite").exists()


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--metric", "green", "--n", "99999999999"], "argument --n: 99999999999: give a whole number from 0 to 100"),
        (["--metric", "green", "--beta", "0"], "argument --beta: 0: give a finite number from 0.01 to 100"),
        (
            ["--metric", "gleu", "--iterations", "100000000000"],
            "--iterations: 100000000000: give a whole number from 1",
        ),
        (["--metric", "m2", "--max-unchanged-words", "-3"], "--max-unchanged-words: -3: give a whole number from 0 to"),
        (["--metric", "gleu", "--n", "0"], "--n: must be a whole number (int) from 1 to 100"),
    ],
)
def test_out_of_range_metric_settings_name_their_options(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """An order or iteration count that would exhaust memory or time is refused before any work:
    outside the option's documented range by the command line, inside it by the metric's config."""
    try:
        code = main(["score", *argv, "--example", "--quiet"])
    except SystemExit as stop:
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert expected in err and len(err.strip().splitlines()) == 1


def test_a_file_path_keeps_its_name_when_settings_are_renamed(capsys: pytest.CaptureFixture[str]) -> None:
    """The message names the file ``.../hypothesis.txt``; only the message after it names options."""
    code = main(["score", "--metric", "m2", "--hyp", str(EX / "hypothesis.txt"), "--ref", str(EX / "reference0.txt")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert str(EX / "hypothesis.txt") in err and "--hyp.txt" not in err and "--source + --hyp" in err


def test_meta_run_names_the_metrics_a_setting_does_not_apply_to(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """meta run's presets (ERRANT, ...) declare no registry settings: the error names them, not an empty list."""
    (tmp_path / "conll14").mkdir()  # a data directory, so that the settings are checked next
    code = main(["meta", "run", "--data", str(tmp_path), "--metric", "ERRANT", "--level", "sentence", "--quiet"])
    err = capsys.readouterr().err
    assert code == 2 and err.strip() == "gecscope: error: --level does not apply to --metric ERRANT"
