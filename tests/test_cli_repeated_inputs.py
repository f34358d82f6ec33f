"""A repeated ``--ref`` (or ``--hyp``/``--hyp-m2`` where a command takes several systems) adds its
files: ``--ref A --ref B`` used to keep B alone, silently (a MultiGEC subcorpus with two reference
files scored 0.4545 against B where A and B give 0.9091)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gecscope.cli import main


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    return {
        "src": write(tmp_path / "src.txt", "he go .\nshe like it .\n"),
        "a": write(tmp_path / "a.txt", "he goes .\nshe likes it .\n"),
        "b": write(tmp_path / "b.txt", "he went .\nshe liked it .\n"),
        "hyp": write(tmp_path / "hyp.txt", "he goes .\nshe liked it .\n"),
    }


def rows(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:  # type: ignore[type-arg]
    assert main(["score", "--metric", "exact-match", *argv, "--format", "json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    return out if isinstance(out, list) else [out]


def test_a_repeated_ref_adds_its_files(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--source", str(files["src"]), "--hyp", str(files["hyp"])]
    [together] = rows(capsys, *base, "--ref", str(files["a"]), str(files["b"]))
    [repeated] = rows(capsys, *base, "--ref", str(files["a"]), "--ref", str(files["b"]))
    [only_b] = rows(capsys, *base, "--ref", str(files["b"]))
    assert repeated["score"] == together["score"] == 1.0 and only_b["score"] == 0.5


def test_a_repeated_hyp_adds_a_system(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--source", str(files["src"]), "--ref", str(files["a"])]
    found = rows(capsys, *base, "--hyp", str(files["hyp"]), "--hyp", str(files["b"]))
    assert len(found) == 2 and [r["score"] for r in found] == [0.5, 0.0]
