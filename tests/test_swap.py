"""Issue 21: ``--hyp-m2``/``--ref-m2`` swapped scored silently (0.4325 instead of 0.4632). A
hypothesis M2 with two or more annotators is refused in one line naming both options."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONLL, require_shared
from gecscope.cli import main
from gecscope.cli.swap import annotators

REF = "S the cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\nA 2 3|||R:VERB|||sits|||REQUIRED|||-NONE-|||1\n\n"
HYP = "S the cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n"


def test_a_swapped_pair_is_refused_naming_both_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ref.m2").write_text(REF)
    (tmp_path / "hyp.m2").write_text(HYP)
    swapped = ["score", "--hyp-m2", str(tmp_path / "ref.m2"), "--ref-m2", str(tmp_path / "hyp.m2"), "--quiet"]
    assert main(swapped) == 2
    err = capsys.readouterr().err
    assert err == (
        f"gecscope: error: {tmp_path / 'ref.m2'}:3: this --hyp-m2 file has several annotators, as a reference M2 "
        "has: are --hyp-m2 and --ref-m2 swapped? (if not, give --multi-annotator-hyp to score its annotator 0)\n"
    )
    assert main([*swapped, "--multi-annotator-hyp"]) == 0  # intentional: annotator 0 is scored
    right = ["score", "--hyp-m2", str(tmp_path / "hyp.m2"), "--ref-m2", str(tmp_path / "ref.m2"), "--quiet"]
    assert main(right) == 0


def test_compare_and_report_refuse_it_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "ref.m2").write_text(REF)
    (tmp_path / "hyp.m2").write_text(HYP)
    systems = ["--hyp-m2", str(tmp_path / "hyp.m2"), str(tmp_path / "ref.m2"), "--name", "a", "b"]
    for command in ("compare", "report"):
        assert main([command, *systems, "--ref-m2", str(tmp_path / "ref.m2"), "--quiet"]) == 2
        assert "are --hyp-m2 and --ref-m2 swapped?" in capsys.readouterr().err


@pytest.mark.shared
def test_no_real_system_output_looks_swapped_and_every_gold_does() -> None:
    require_shared()
    for path in sorted((CONLL / "systems_m2").glob("*.m2")):
        assert annotators(str(path))[0] == 1, path
    for gold in ("references.m2", "official-2014.combined.m2"):
        assert annotators(str(CONLL / gold))[0] == 2


@pytest.mark.parametrize("option", ["--ref", "--hyp"])
def test_an_m2_file_given_as_text_names_the_m2_option(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], option: str
) -> None:
    (tmp_path / "ref.m2").write_text(REF)
    (tmp_path / "src.txt").write_text("the cat sat .\n")
    files = {"--ref": str(tmp_path / "src.txt"), "--hyp": str(tmp_path / "src.txt")}
    files[option] = str(tmp_path / "ref.m2")
    argv = ["score", "--source", str(tmp_path / "src.txt"), "--hyp", files["--hyp"], "--ref", files["--ref"]]
    assert main([*argv, "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == f"gecscope: error: {files[option]}:1: looks like an M2 file, given to {option}: use {option}-m2\n"


def test_a_text_line_starting_like_m2_is_still_text(tmp_path: Path) -> None:
    from gecscope.cli.swap import looks_like_m2

    (tmp_path / "t.txt").write_text("S . Korea won .\nA man came .\n")
    assert not looks_like_m2(str(tmp_path / "t.txt"))


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["A typical example .", "A second one ."], "missing 'S' line"),  # a text file given as --hyp-m2
        (["S That is it .", "A 0 1|||R:NOUN|||This|||REQUIRED|||-NONE-|||0", "A x y|||bad"], "malformed edit line"),
    ],
)
def test_only_well_formed_edit_lines_count_as_annotators(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str], expected: str
) -> None:
    """Lines that are not edit lines are the M2 reader's to name, not a "swapped?" hint."""
    hyp = tmp_path / "hyp.m2"
    hyp.write_text("\n".join(lines) + "\n\n", encoding="utf-8")
    ref = tmp_path / "ref.m2"
    ref.write_text("S That is it .\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n", encoding="utf-8")
    assert main(["score", "--metric", "m2", "--hyp-m2", str(hyp), "--ref-m2", str(ref), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert expected in err and "swapped" not in err
