"""MultiGEC essay files read as the official scripts read them, their quirks said (issue 42,
brief B item 2): a duplicated essay id (the last text is read, in the first one's place) and text
before the first ``### essay_id =`` line (not read) each give one warning naming the ``.md`` file
and line; the number is the official reading's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gecscope.cli import main
from gecscope.io.essays import parse_blocks

pytestmark = pytest.mark.text

SOURCE = {"1": "He go to school every day .", "2": "She like apples ."}
REF = {"1": "He goes to school every day .", "2": "She likes apples ."}
GOOD = {"1": "He goes to school every day .", "2": "She like apples ."}


def blocks(essays: list[tuple[str, str]]) -> str:
    return "".join(f"### essay_id = {i}\n{text}\n\n" for i, text in essays)


def score(capsys: pytest.CaptureFixture[str], src: Path, hyp: Path, ref: Path) -> tuple[dict, list[str]]:  # type: ignore[type-arg]
    argv = ["score", "--metric", "errant", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref)]
    assert main([*argv, "--no-cache", "--format", "json"]) == 0, capsys.readouterr().err
    captured = capsys.readouterr()
    return json.loads(captured.out), [line for line in captured.err.splitlines() if "warning" in line]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> tuple[Path, Path, Path]:
    src = write(tmp_path / "en-x-orig-dev.md", blocks(list(SOURCE.items())))
    ref = write(tmp_path / "en-x-ref1-dev.md", blocks(list(REF.items())))
    good = write(tmp_path / "en-x-hypo-dev.md", blocks(list(GOOD.items())))
    return src, ref, good


def test_a_duplicated_essay_id_is_read_as_the_official_script_reads_it_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: tuple[Path, Path, Path]
) -> None:
    src, ref, good = files
    expected, quiet = score(capsys, src, good, ref)
    assert quiet == []
    # essay 1 first uncorrected, then again corrected: the official md_to_dict keeps the last text
    (tmp_path / "dup").mkdir()
    hyp = write(tmp_path / "dup" / "en-x-hypo-dev.md", blocks([("1", SOURCE["1"]), ("2", GOOD["2"]), ("1", GOOD["1"])]))
    row, warnings = score(capsys, src, hyp, ref)
    assert (row["score"], row["components"]) == (expected["score"], expected["components"])
    assert row["components"]["r"] == 0.5  # the second text of essay 1 (the first one corrects nothing)
    assert len(warnings) == 1
    assert warnings[0].endswith(
        f"warning: {hyp}:7: essay 1 again (first at line 1): its text replaces the first (as MultiGEC reads the file)"
    )


def test_text_before_the_first_essay_is_not_read_and_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], files: tuple[Path, Path, Path]
) -> None:
    src, ref, good = files
    expected, _ = score(capsys, src, good, ref)
    (tmp_path / "head").mkdir()
    hyp = write(tmp_path / "head" / "en-x-hypo-dev.md", "\n\n# Team X, run 2\n" + blocks(list(GOOD.items())))
    row, warnings = score(capsys, src, hyp, ref)
    assert (row["score"], row["components"]) == (expected["score"], expected["components"])
    assert len(warnings) == 1 and f"{hyp}:3: text before the first '### essay_id =' line: not read" in warnings[0]


def test_a_duplicated_source_essay_keeps_its_first_place() -> None:
    said: list[str] = []
    found = parse_blocks(blocks([("b", "x ."), ("a", "y ."), ("b", "z .")]), "s.md", said.append)
    assert list(found) == ["b", "a"] and found["b"] == ("z .\n\n", 7)
    assert said == [
        "warning: s.md:7: essay b again (first at line 1): its text replaces the first (as MultiGEC reads the file)"
    ]
    assert (
        parse_blocks("  \n\n" + blocks([("1", "x")]), "s.md", said.append) and len(said) == 1
    )  # blank: nothing to say


LONG = " ".join(f"w{i % 50}" for i in range(600))


def refused(capsys: pytest.CaptureFixture[str], src: Path, hyp: Path, *refs: Path) -> str:
    argv = ["score", "--protocol", "multigec-2025", "--metric", "errant", "--source", str(src), "--hyp", str(hyp)]
    assert main([*argv, "--ref", *map(str, refs), "--max-align-tokens", "10", "--no-cache"]) == 2
    [err] = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]  # (a notice may come first)
    assert "a sentence of" in err
    return err


def test_an_alignment_error_names_the_essays_block(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``en-x-hypo-dev.md:2`` (the essay's place in the source), the first reference file
    for reference 1 although it lacks the essay, and a line for an essay the file does not have."""
    src = write(tmp_path / "en-x-orig-dev.md", blocks([("1", SOURCE["1"]), ("2", LONG)]))
    ref1 = write(tmp_path / "en-x-ref1-dev.md", blocks([("1", REF["1"])]))
    ref2 = write(tmp_path / "en-x-ref2-dev.md", blocks([("1", REF["1"]), ("2", LONG + " .")]))
    hyp = write(tmp_path / "en-x-hypo-dev.md", blocks([("2", LONG.replace("w7 ", "w7s ", 1)), ("1", SOURCE["1"])]))
    assert f"error: {hyp}:1: essay 2: hypothesis has a sentence of 600 tokens" in refused(capsys, src, hyp, ref1, ref2)
    (tmp_path / "same").mkdir()
    (tmp_path / "missing").mkdir()
    same = write(tmp_path / "same" / "en-x-hypo-dev.md", blocks([("1", SOURCE["1"]), ("2", LONG)]))
    # essay 2's first reference is the first file that has it (the official reading): ref2's block
    assert f"error: {ref2}:4: essay 2: reference 1 has a sentence of 601 tokens" in refused(
        capsys, src, same, ref1, ref2
    )
    missing = write(tmp_path / "missing" / "en-x-hypo-dev.md", blocks([("1", SOURCE["1"])]))
    err = refused(capsys, src, missing, ref1, ref2)
    assert f"error: {missing}: essay 2 (not in the file: '!'): hypothesis has a sentence of 600 tokens" in err


def test_multigec_names_the_system_file_and_essay_block(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``sentence 4: hypothesis has ...`` (no file, no essay) advising ``--aligner``, an option
    ``gecscope multigec`` does not take."""
    ref, good, bad = tmp_path / "ref", tmp_path / "good", tmp_path / "bad"
    for folder in (ref, good, bad):
        folder.mkdir()
    write(ref / "en-x-orig-dev.md", blocks([("1", SOURCE["1"]), ("2", LONG)]))
    write(ref / "en-x-ref1-dev.md", blocks([("1", REF["1"]), ("2", LONG)]))
    write(good / "en-x-hypo-dev.md", blocks([("1", REF["1"]), ("2", LONG)]))
    hyp = write(bad / "en-x-hypo-dev.md", blocks([("1", REF["1"]), ("2", LONG.replace("w7 ", "w7s ", 1))]))
    argv = ["multigec", "--ref-dir", str(ref), "--hyp-dir", str(good), str(bad), "--max-align-tokens", "10"]
    assert main(argv) == 2
    [err] = [line for line in capsys.readouterr().err.splitlines() if "error:" in line]
    assert f"error: {hyp}:4: essay 2: hypothesis has a sentence of 600 tokens" in err
    assert err.endswith("raise the limit with --max-align-tokens N (0: none)")
