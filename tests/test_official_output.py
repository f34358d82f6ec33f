"""``--format official`` prints errant_compare's text byte for byte (blank first line included)."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from gecscope import api

EX = api.example_dir()
HYP, REF = EX / "hypothesis.m2", EX / "references.m2"


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        ([], []),
        (["--cat", "1"], ["-cat", "1"]),
        (["--cat", "2"], ["-cat", "2"]),
        (["--cat", "3"], ["-cat", "3"]),
        (["--scheme", "ds", "--cat", "3"], ["-ds", "-cat", "3"]),
        (["--scheme", "cse", "--cat", "2"], ["-cse", "-cat", "2"]),
    ],
)
def test_errant_official_text_equals_errant_compare(ours: list[str], theirs: list[str]) -> None:
    exe = shutil.which("errant_compare")
    if exe is None:
        pytest.skip("errant_compare is not on PATH (the 'text' extra installs it)")
    want = subprocess.run([exe, "-hyp", str(HYP), "-ref", str(REF), *theirs], capture_output=True, check=True).stdout
    cmd = [sys.executable, "-m", "gecscope", "score", "--metric", "errant", "--hyp-m2", str(HYP), "--ref-m2", str(REF)]
    got = subprocess.run([*cmd, "--format", "official", *ours], capture_output=True, check=True).stdout
    assert got == want
