"""``gecscope score -t SET -t SET ...`` (issue 42, item 11): one table of one or several systems
across several named test sets, each set scored by the single-set path on its own copy of the
options (its protocol's metric where the user gave none)."""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.cli import main

pytestmark = pytest.mark.shared

CONLL, SEEDA = DATA / "conll14", DATA / "seeda" / "outputs" / "subset"


def run(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


@pytest.fixture
def systems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two systems, a folder each holding conll14.txt and seeda.txt."""
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    for name in ("AMU", "CAMB"):
        (tmp_path / name).mkdir()
        shutil.copy(CONLL / "systems" / f"{name}.txt", tmp_path / name / "conll14.txt")
    shutil.copy(SEEDA / "BART.txt", tmp_path / "AMU" / "seeda.txt")
    shutil.copy(SEEDA / "T5.txt", tmp_path / "CAMB" / "seeda.txt")
    return tmp_path


def test_two_systems_across_two_test_sets_one_table(systems: Path) -> None:
    hyps = [str(systems / "AMU"), str(systems / "CAMB")]
    args = ["score", "--metric", "gleu", "-t", "conll14", "-t", "seeda", "--hyp", *hyps, "--quiet"]
    md = run(*args, "--format", "markdown")
    assert md.splitlines()[0] == "| System | conll14 GLEU | seeda GLEU |"
    rows = [line for line in md.splitlines() if line.startswith("| AMU") or line.startswith("| CAMB")]
    assert len(rows) == 2 and md.count("Signature: `gleu|") == 2 and "test:conll14" in md and "test:seeda" in md
    one = run("score", "--metric", "gleu", "-t", "seeda", "--hyp", str(systems / "CAMB" / "seeda.txt"), "--quiet")
    value = next(line for line in one.splitlines() if "GLEU = " in line).split("= ")[1]
    assert rows[1].rstrip(" |").split(" | ")[2] == value  # the single-set path's number
    tex = run(*args, "--format", "latex")
    assert "\\multicolumn{1}{c}{conll14} & \\multicolumn{1}{c}{seeda}" in tex and "\\bottomrule" in tex
    doc = json.loads(run(*args, "--format", "json"))
    assert [(d["test_set"], d["system"]) for d in doc] == [
        ("conll14", "AMU"),
        ("conll14", "CAMB"),
        ("seeda", "AMU"),
        ("seeda", "CAMB"),
    ]


def test_one_system_one_file_per_test_set(systems: Path) -> None:
    files = [str(systems / "AMU" / "conll14.txt"), str(systems / "AMU" / "seeda.txt")]
    md = run("score", "--metric", "gleu", "-t", "conll14", "-t", "seeda", "--hyp", *files, "--name", "AMU", "--quiet")
    assert md.splitlines()[2].startswith("| AMU | 0.")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--hyp", "a.txt"], "1 files for 2 test sets"),
        (["--format", "csv", "--hyp", "AMU", "CAMB"], "--format csv"),
        (["--per-sentence", "--hyp", "AMU", "CAMB"], "one test set at a time"),
    ],
)
def test_refused_in_one_line(systems: Path, extra: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    extra = [str(systems / e) if e in ("AMU", "CAMB") else e for e in extra]
    assert main(["score", "--metric", "gleu", "-t", "conll14", "-t", "seeda", *extra, "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and words in err


def test_other_commands_take_one_test_set(systems: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hyps = [str(systems / "AMU" / "conll14.txt"), str(systems / "CAMB" / "conll14.txt")]
    assert main(["compare", "--metric", "gleu", "-t", "conll14", "-t", "seeda", "--hyp", *hyps]) == 2
    assert "reads one test set at a time" in capsys.readouterr().err
