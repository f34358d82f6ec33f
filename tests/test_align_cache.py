"""The persistent alignment cache, the parallel aligner and the runaway guard."""

from __future__ import annotations

import gc
import sqlite3
from pathlib import Path

import pytest

from gecscope import api
from gecscope.align import AlignSettings, align_examples, get_aligner
from gecscope.align.settings import changed_run, too_long
from gecscope.align.store import CachedAligner, decode_edits, encode_edits, pair_key
from gecscope.cli import main
from gecscope.types import Edit

pytest.importorskip("errant")
pytestmark = pytest.mark.text

TEXTS = [
    ("He go to school yesterday .", "He went to school yesterday ."),
    ("She have two cat .", "She has two cats ."),
    ("I like apple .", "I like apples very much ."),
    ("This is fine .", "This is fine ."),
    ("They was happy and it were sunny .", "They were happy , and it was sunny ."),
]
PAIRS = [(tuple(s.split()), tuple(t.split())) for s, t in TEXTS]


def aligner(tmp_path: Path, **kw: object) -> CachedAligner:
    al = get_aligner("errant", AlignSettings(cache_dir=str(tmp_path), **kw))  # type: ignore[arg-type]
    assert isinstance(al, CachedAligner)
    return al


@pytest.fixture(scope="module")
def expected(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Edit, ...]]:
    return aligner(tmp_path_factory.mktemp("ref"), cache=False).edits_batch(PAIRS)


def test_warm_run_loads_no_spacy(tmp_path: Path, expected: list[tuple[Edit, ...]]) -> None:
    cold = aligner(tmp_path)
    assert cold.edits_batch(PAIRS) == expected and cold.computed == len(PAIRS)
    warm = aligner(tmp_path)
    assert warm.edits_batch(PAIRS) == expected
    assert warm.computed == 0 and warm.inner._nlp is None


def test_types_survive_the_round_trip(tmp_path: Path, expected: list[tuple[Edit, ...]]) -> None:
    aligner(tmp_path).edits_batch(PAIRS)
    again = aligner(tmp_path).edits_batch(PAIRS)
    assert [[e.type for e in edits] for edits in again] == [[e.type for e in edits] for edits in expected]
    assert any(e.type for edits in again for e in edits)


def test_cache_of_another_spacy_version_is_never_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, expected: list[tuple[Edit, ...]]
) -> None:
    import gecscope.align.en.errant as mod

    real = mod._version
    monkeypatch.setattr(mod, "_version", lambda d: "0.0-other" if d == "spacy" else real(d))
    other = aligner(tmp_path)
    assert "spacy-0.0-other" in other.signature
    # the other version's cache holds valid-looking edits with a poisoned type
    poisoned = {pair_key(other.signature, s, t): encode_edits([Edit(0, len(s), t, "POISON")]) for s, t in PAIRS}
    other.cache.put_many(poisoned)
    assert other.edits_batch(PAIRS)[0][0].type == "POISON"
    monkeypatch.setattr(mod, "_version", real)
    mine = aligner(tmp_path)
    assert mine.signature != other.signature
    assert mine.edits_batch(PAIRS) == expected and mine.computed == len(PAIRS)


def test_corrupt_cache_file_is_rebuilt_with_the_same_score(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = api.example_dir()
    args = ["score", "--metric", "errant", "--format", "json", "--cache-dir", str(tmp_path), "--jobs", "1"]
    args += [
        "--source",
        str(d / "source.txt"),
        "--hyp",
        str(d / "hypothesis.txt"),
        "--ref-m2",
        str(d / "references.m2"),
    ]
    assert main(args) == 0
    first = capsys.readouterr().out
    # the first run's connection must be gone before the file is spoilt: an open WAL connection,
    # closed later by the garbage collector, checkpoints its pages back over the garbage (CI saw
    # it: no warning, the old cache read back intact)
    gc.collect()
    (tmp_path / "align.sqlite").write_bytes(b"garbage" * 1000)
    for suffix in ("-wal", "-shm"):
        Path(f"{tmp_path / 'align.sqlite'}{suffix}").unlink(missing_ok=True)
    assert main(args) == 0
    out = capsys.readouterr()
    assert out.out == first
    assert out.err.count("\n") == 1 and "corrupt" in out.err and "rebuilding" in out.err
    n = sqlite3.connect(tmp_path / "align.sqlite").execute("SELECT COUNT(*) FROM kv").fetchone()[0]
    assert n > 0


def test_stored_edits_that_do_not_rebuild_the_target_are_recomputed(
    tmp_path: Path, expected: list[tuple[Edit, ...]]
) -> None:
    al = aligner(tmp_path)
    al.cache.put_many({pair_key(al.signature, s, t): [[0, 0, "M:X", "bogus"]] for s, t in PAIRS})
    assert al.edits_batch(PAIRS) == expected and al.rejected == len(PAIRS)


def test_decode_rejects_malformed_values() -> None:
    s, t = PAIRS[0]
    for bad in (None, 3, [[1]], [[2, 1, "R"]], [[-1, 0, "M"]], [[0, 1, 5]], [[0, 99, "R", "x"]]):
        assert decode_edits(bad, s, t) is None


def test_jobs_two_gives_identical_edits(tmp_path: Path, expected: list[tuple[Edit, ...]]) -> None:
    pairs = PAIRS * 4
    par = aligner(tmp_path, cache=False, jobs=2, batch_size=3).edits_batch(pairs)
    assert par == expected * 4


def test_runaway_guard_names_file_line_and_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src.txt"
    hyp = tmp_path / "hyp.txt"
    ref = tmp_path / "ref.txt"
    src.write_text("a short sentence .\n" + " ".join(f"w{i}" for i in range(30)) + "\n")
    hyp.write_text("a short sentence .\n" + " ".join(f"v{i}" for i in range(30)) + "\n")
    ref.write_text("a short sentence .\na b .\n")
    args = ["score", "--metric", "cleme2", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref)]
    assert main([*args, "--no-cache", "--max-align-tokens", "10"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{hyp}:2:" in err and "--max-align-tokens" in err


def test_guard_in_the_api() -> None:
    s = tuple(f"w{i}" for i in range(30))
    t = tuple(f"v{i}" for i in range(30))
    assert changed_run(s, t) == 30 and changed_run(s, s) == 0
    assert too_long(s, t, 10) is not None and too_long(s, t, 0) is None and too_long(s, t, 30) is None
    assert too_long(s * 100, s * 100, 10) is not None  # refused by length alone
    from gecscope.types import Example, Target

    examples = [Example(s, Target(s), (Target(t),))]
    with pytest.raises(ValueError, match="sentence 1: reference 1 has a run of 30 changed tokens"):
        align_examples(examples, get_aligner("errant", AlignSettings(cache=False, max_tokens=10)))


def test_warm_cli_run_never_imports_spacy(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    d = api.example_dir()
    code = (
        "import sys; from gecscope.cli import main; "
        f"rc = main(['score', '--metric', 'cleme2', '--jobs', '1', '--source', {str(d / 'source.txt')!r}, "
        f"'--hyp', {str(d / 'hypothesis.txt')!r}, '--ref-m2', {str(d / 'references.m2')!r}]); "
        "print('spacy' in sys.modules, rc)"
    )
    env = {**os.environ, "GECSCOPE_CACHE": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True) for _ in range(2)]
    assert runs[0].stdout.splitlines()[-1] == "True 0"
    assert runs[1].stdout.splitlines()[-1] == "False 0"
    assert runs[0].stdout == runs[1].stdout.replace("False 0", "True 0")
    assert (tmp_path / "align.sqlite").exists()


def test_no_cache_writes_nothing_and_cache_dir_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = api.example_dir()
    args = ["score", "--metric", "cleme2", "--jobs", "1", "--source", str(d / "source.txt")]
    args += ["--hyp", str(d / "hypothesis.txt"), "--ref-m2", str(d / "references.m2")]
    assert main([*args, "--no-cache", "--cache-dir", str(tmp_path / "off")]) == 0
    assert not (tmp_path / "off").exists()
    assert main([*args, "--cache-dir", str(tmp_path / "on")]) == 0
    assert (tmp_path / "on" / "align.sqlite").exists()
    (tmp_path / "file").write_text("x")
    assert main([*args, "--cache-dir", str(tmp_path / "file")]) == 0  # a file: one warning, same score
    out = capsys.readouterr()
    first, second, third = out.out.split("CLEME2.0")[1:]
    assert first == second == third and out.err.count("warning") == 1


def test_explain_names_the_line_it_was_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``explain --line 2`` aligns only sentence 2: a runaway alignment still names line 2, not line 1."""
    src, hyp, ref = tmp_path / "src.txt", tmp_path / "hyp.txt", tmp_path / "ref.txt"
    src.write_text("a short sentence .\n" + " ".join(f"w{i}" for i in range(30)) + "\n")
    hyp.write_text("a short sentence .\n" + " ".join(f"v{i}" for i in range(30)) + "\n")
    ref.write_text("a short sentence .\na b .\n")
    args = ["explain", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--line", "2"]
    assert main([*args, "--no-cache", "--max-align-tokens", "10"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{hyp}:2:" in err and "--max-align-tokens" in err
