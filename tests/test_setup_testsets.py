"""``-t multigec-2025 --test-set-file FILE`` (the licence-gated MultiGEC-2025 set, the user's copy):
FILE is one file of a subcorpus (``LANG-CORPUS-orig|refN-SPLIT.md``), which brings the subcorpus's
source and reference files beside it and its language from the name. Before, the set could not
be used at all: its reference file was read as an M2 gold (``essay files (.md) need --source``),
and any language but English was refused (``-t multigec-2025 is --lang en``)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from gecscope.cli import main

SOURCE = {"1": "Já jít domů .", "2": "On mít pes ."}
REF1 = {"1": "Já jdu domů .", "2": "On má psa ."}
REF2 = {"1": "Jdu domů .", "2": "On má psa ."}
HYP = {"1": "Já jdu domů .", "2": "On mít psa ."}


def essay_file(path: Path, essays: dict[str, str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"### essay_id = {i}\n{text}\n\n" for i, text in essays.items()), encoding="utf-8")
    return path


@pytest.fixture
def subcorpus(tmp_path: Path) -> tuple[Path, Path, Path, Path]:
    data = tmp_path / "multigec" / "czech"
    src = essay_file(data / "cs-geccc-orig-dev.md", SOURCE)
    ref1 = essay_file(data / "cs-geccc-ref1-dev.md", REF1)
    ref2 = essay_file(data / "cs-geccc-ref2-dev.md", REF2)
    essay_file(data / "cs-other-ref1-dev.md", HYP)  # another subcorpus in the folder: not read
    hyp = essay_file(tmp_path / "team" / "cs-geccc-hypo-dev.md", HYP)
    return src, ref1, ref2, hyp


def score(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    assert main(["score", *argv, "--metric", "errant", "--format", "json"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


@pytest.mark.parametrize("given", ["orig", "ref1", "ref2"])
def test_a_subcorpus_file_brings_the_subcorpus(
    given: str, subcorpus: tuple[Path, Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    src, ref1, ref2, hyp = subcorpus
    named = {"orig": src, "ref1": ref1, "ref2": ref2}[given]
    row = score(capsys, "-t", "multigec-2025", "--test-set-file", str(named), "--hyp", str(hyp))
    refs = ["--ref", str(ref1), str(ref2)]
    same = score(capsys, "--protocol", "multigec-2025", "--source", str(src), *refs, "--hyp", str(hyp))
    assert (row["score"], row["components"]) == (same["score"], same["components"])
    digest = hashlib.sha256("".join(hashlib.sha256(f.read_bytes()).hexdigest() for f in (src, ref1, ref2)).encode())
    assert f"|test:multigec-2025+user.sha256.{digest.hexdigest()[:12]}|" in row["signature"]
    assert "|lang:cs|" in row["signature"] and "|protocol:multigec-2025|" in row["signature"]
    assert (
        row["signature"].replace(f"test:multigec-2025+user.sha256.{digest.hexdigest()[:12]}|", "") == same["signature"]
    )


@pytest.mark.parametrize(
    ("name", "make", "message"),
    [
        ("notes.md", True, "not a MultiGEC subcorpus file (LANG-CORPUS-orig-SPLIT.md"),
        ("cs-lone-ref1-dev.md", True, "no source file cs-lone-orig-dev.md beside it"),
        ("cs-lone-orig-dev.md", True, "no reference file cs-lone-refN-dev.md beside it"),
        ("cs-none-ref1-dev.md", False, "not found: give your copy of -t multigec-2025"),
    ],
)
def test_a_bad_copy_is_one_line_naming_it(
    name: str, make: bool, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    given = essay_file(tmp_path / name, SOURCE) if make else tmp_path / name
    hyp = essay_file(tmp_path / "team" / "cs-lone-hypo-dev.md", HYP)
    assert main(["score", "-t", "multigec-2025", "--test-set-file", str(given), "--hyp", str(hyp)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{given}: {message}" in err


def test_the_sha256_given_is_checked_against_the_file_named(
    subcorpus: tuple[Path, Path, Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    _, ref1, _, hyp = subcorpus
    argv = ["score", "-t", "multigec-2025", "--test-set-file", str(ref1), "--hyp", str(hyp)]
    assert main([*argv, "--test-set-sha256", "0" * 64]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(ref1) in err and "sha256" in err
    digest = hashlib.sha256(ref1.read_bytes()).hexdigest()
    assert main([*argv, "--test-set-sha256", digest, "--metric", "errant", "--quiet"]) == 0
