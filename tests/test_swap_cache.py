"""The swap check's verdict cache (``gecscope.setup.swap_verdicts``): a second run on the same
lines says the same warning without tallying; ``--no-cache``, a changed hypothesis, a corrupt
file or an invalid value compute it again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

import gecscope.io.sanity as sanity
from gecscope.cli import main
from gecscope.setup import swap_verdicts
from test_swap_check import _learners, _system

WARNING = "are --source and --hyp swapped?"


def _files(tmp_path: Path, n: int = 300) -> list[str]:
    """A swapped run's arguments (``gecscope score --metric gleu``), its cache in ``tmp_path/c``."""
    sources, refs = _learners(n)
    hyp = _system(sources, refs, 0.8)
    files = {"src": hyp, "hyp": sources, "ref0": [r[0] for r in refs], "ref1": [r[1] for r in refs]}  # swapped
    for name, lines in files.items():
        (tmp_path / f"{name}.txt").write_text("".join(" ".join(line) + "\n" for line in lines))
    argv = ["score", "--metric", "gleu", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "hyp.txt")]
    return [*argv, "--ref", str(tmp_path / "ref0.txt"), str(tmp_path / "ref1.txt"), "--cache-dir", str(tmp_path / "c")]


def _refuse(*_: object) -> None:
    raise AssertionError("the swap check tallied")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    assert main(argv) == 0
    got = capsys.readouterr()
    return got.out, got.err


def test_a_second_run_says_the_same_warning_without_tallying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    out, err = _run(argv, capsys)
    assert WARNING in err and err.count("\n") == 1
    monkeypatch.setattr(sanity, "swap_tally", _refuse)
    assert _run(argv, capsys) == (out, err)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "7")  # the same lines read in other shards: the same key
    assert _run(argv, capsys) == (out, err)


def test_no_cache_recomputes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    _, err = _run(argv, capsys)
    assert WARNING in err
    assert _run([*argv, "--no-cache"], capsys)[1] == err
    monkeypatch.setattr(sanity, "swap_tally", _refuse)
    with pytest.raises(AssertionError, match="tallied"):
        main([*argv, "--no-cache"])


def test_a_changed_hypothesis_or_check_misses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    _run(argv, capsys)
    hyp = tmp_path / "hyp.txt"
    lines = hyp.read_text().splitlines()
    hyp.write_text("\n".join([*lines[:-1], lines[-1] + " ."]) + "\n")
    calls: list[int] = []
    tally = sanity.swap_tally
    monkeypatch.setattr(sanity, "swap_tally", lambda examples: calls.append(len(examples)) or tally(examples))
    _run(argv, capsys)
    assert calls == [300]
    _run(argv, capsys)
    assert calls == [300]  # the changed file's verdict is kept in its turn
    monkeypatch.setattr(swap_verdicts, "SWAP_CHECK_VERSION", "bumped")
    _run(argv, capsys)
    assert calls == [300, 300]
    monkeypatch.setattr(sanity, "LINES", 100)  # a setting of the check: other lines read, another key
    _run(argv, capsys)
    assert calls == [300, 300, 100]


@pytest.mark.parametrize("damage", ["corrupt", "invalid"])
def test_a_damaged_cache_computes_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    argv = _files(tmp_path)
    _, err = _run(argv, capsys)
    path = tmp_path / "c" / f"{swap_verdicts.KIND}.sqlite"
    if damage == "corrupt":
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.write_bytes(b"not a database" * 100)
    else:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE kv SET v = ?", ('{"warning": 3}',))
    calls: list[int] = []
    tally = sanity.swap_tally
    monkeypatch.setattr(sanity, "swap_tally", lambda examples: calls.append(len(examples)) or tally(examples))
    _, again = _run(argv, capsys)
    assert calls == [300]
    assert again.splitlines()[-1] == err.strip()  # the same warning (after the cache's own, when rebuilt)
