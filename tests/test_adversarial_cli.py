"""Issue 21: every traceback or hang of the adversarial run is one line with exit status 2.

Output into a missing folder, onto a directory or a full disk; huge resample counts; a huge
sentence for the M2 lattice; thousands of insertions at one position; standard input closed;
and the LLM client against a garbage status line, an endpoint with a space or CR/LF, and huge
timeouts or retry counts (servers on 127.0.0.1 only).
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from gecscope.api import example_dir
from gecscope.cli import main
from gecscope.errors import InputError, SettingError
from gecscope.metrics import METRICS
from gecscope.metrics.maxmatch import count_correct
from gecscope.types import Example, Target

EX = example_dir()
TWO = ["--hyp-m2", str(EX / "hypothesis.m2"), str(EX / "hypothesis.m2"), "--name", "a", "b"]
TWO += ["--ref-m2", str(EX / "references.m2")]


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("gecscope: error: ") and "Traceback" not in err
    return err


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_report_into_a_missing_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    out = tmp_path / "nope" / "r.out"
    err = one_line(capsys, ["report", *TWO, "--format", fmt, "-o", str(out), "--quiet"])
    assert f"-o {out}" in err and "does not exist" in err


@pytest.mark.parametrize("fmt", ["html", "md"])
def test_report_onto_a_directory(capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str) -> None:
    err = one_line(capsys, ["report", *TWO, "--format", fmt, "-o", str(tmp_path), "--quiet"])
    assert f"-o {tmp_path} is a directory" in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("fmt", ["html", "md"])
def test_report_onto_a_full_disk(capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    err = one_line(capsys, ["report", *TWO, "--format", fmt, "-o", "/dev/full", "--quiet"])
    assert "-o /dev/full: cannot write: No space left on device" in err


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["score", "--metric", "errant"], ["report", "--format", "md"]])
def test_standard_output_onto_a_full_disk(command: list[str]) -> None:
    argv = [sys.executable, "-m", "gecscope", *command, *TWO, "--quiet"]
    with open("/dev/full", "w") as full:
        done = subprocess.run(argv, stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "gecscope: error: standard output: No space left on device\n"


@pytest.mark.parametrize("option", ["--bootstrap", "--trials"])
@pytest.mark.parametrize("value", ["1000000000000", "0"])
def test_huge_or_zero_resample_counts(capsys: pytest.CaptureFixture[str], option: str, value: str) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["compare", *TWO, option, value, "--quiet"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1
    assert f"argument {option}: {value}: give a count from 1 to" in err


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["compare", "--significance", "2"], "--significance: 2: give a level between 0 and 1 (both excluded)"),
        (["compare", "--significance", "0"], "--significance: 0: give a level between 0 and 1 (both excluded)"),
        (["compare", "--significance", "nan"], "--significance: nan: give a level between 0 and 1 (both excluded)"),
        (["compare", "--resample-seed", "-1"], "--resample-seed: -1: give a whole number of at least 0"),
        (["compare", "--min-support", "-1"], "--min-support: -1: give a number of at least 0"),
        (["compare", "--min-support", "nan"], "--min-support: nan: give a number of at least 0"),
        (["report", "--intervals", "--bootstrap", "0"], "--bootstrap: 0: give a count from 1 to 268435456"),
        (["report", "--intervals", "--trials", "-5"], "--trials: -5: give a count from 1 to 268435456"),
    ],
)
def test_a_bad_resampling_option_names_its_flag_and_range(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    with pytest.raises(SystemExit) as stop:
        main([argv[0], *TWO, *argv[1:], "--quiet"])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err == f"gecscope: error: argument {line} (see 'gecscope {argv[0]} --help')\n"


@pytest.mark.parametrize("option", ["--bootstrap", "--trials"])
def test_resample_count_bounded_by_the_corpus_size(capsys: pytest.CaptureFixture[str], option: str) -> None:
    err = one_line(capsys, ["compare", *TWO, option, "100000000", "--quiet"])
    assert f"{option} 100000000 is too many for 10 sentences: at most 26843545" in err


def test_a_huge_sentence_is_refused_by_the_m2_lattice_not_aligned_for_hours() -> None:
    src = tuple(["w"] * 5000)
    hyp = ("x", *src[1:])
    ex = Example(src, Target(hyp), (Target(src, ()),), "41")
    start = time.process_time()
    with pytest.raises(InputError, match=r"^sentence 42: 5000 source x 5000 hypothesis tokens is too long"):
        METRICS["m2"].build().analyse([ex])
    assert time.process_time() - start < 5


def test_many_insertions_at_one_position(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """5,000 gold insertions at one position: M2 (linear gold matching) and CLEME (no exp overflow)."""
    edits = "\n".join(f"A 1 1|||M:OTHER|||w{i}|||REQUIRED|||-NONE-|||0" for i in range(5000))
    (tmp_path / "ref.m2").write_text(f"S a b c\n{edits}\n\n")
    (tmp_path / "hyp.m2").write_text("S a b c\nA 1 1|||M:OTHER|||w1|||REQUIRED|||-NONE-|||0\n\n")
    inputs = ["--hyp-m2", str(tmp_path / "hyp.m2"), "--ref-m2", str(tmp_path / "ref.m2"), "--quiet"]
    for metric in ("m2", "cleme", "cleme2", "errant"):
        assert main(["score", "--metric", metric, *inputs, "--format", "json"]) == 0, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "Traceback" not in out


def test_gold_matching_is_linear_in_golds_at_one_position() -> None:
    gold = [(1, 1, "", (f"w{i}",)) for i in range(20000)]
    edits = [(1, 1, "", f"w{i}") for i in range(0, 20000, 2)]
    start = time.process_time()
    assert count_correct(edits, gold) == 10000
    assert time.process_time() - start < 2


@pytest.mark.parametrize("option", ["--hyp", "--source"])
def test_standard_input_closed(option: str) -> None:
    files = {"--source": str(EX / "source.txt"), "--hyp": str(EX / "hypothesis.txt")}
    files[option] = "-"
    argv = [sys.executable, "-m", "gecscope", "score", "--source", files["--source"], "--hyp", files["--hyp"]]
    argv += ["--ref", str(EX / "reference0.txt"), "--quiet"]
    # the shell's <&-: the command starts with file descriptor 0 closed
    done = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == f"gecscope: error: {option} -: cannot read standard input: it is closed\n"


def test_library_messages_name_options_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = one_line(capsys, ["score", "--quiet"])
    assert err == "gecscope: error: give --hyp-m2 + --ref-m2, --source + --hyp + --ref/--ref-m2/--ref-tsv, or --jsonl\n"
    err = one_line(capsys, ["score", "--hyp-m2", str(EX / "hypothesis.m2"), "--quiet"])
    assert err.endswith(": a hypothesis M2 needs a reference M2 (--ref-m2)\n")


def test_the_python_api_keeps_its_parameter_names() -> None:
    from gecscope import api

    with pytest.raises(SettingError, match=r"^give hyp_m2 \+ ref_m2, source"):
        api.load()


def test_a_huge_source_line_is_refused_before_spacy_reads_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """One 1,000,000-character token (a huge M2 source line) used to keep spaCy busy for minutes."""
    huge = "x" * 1_000_000
    (tmp_path / "ref.m2").write_text(f"S {huge}\nA 0 1|||R:OTHER|||y|||REQUIRED|||-NONE-|||0\n\n")
    (tmp_path / "src.txt").write_text(huge + "\n")
    (tmp_path / "hyp.txt").write_text("y\n")
    argv = ["score", "--metric", "errant", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "hyp.txt")]
    err = one_line(capsys, [*argv, "--ref-m2", str(tmp_path / "ref.m2"), "--no-cache", "--quiet"])
    assert "a sentence of 1000000 characters (more than 750000" in err and "--max-align-tokens" in err
