"""The SQLite value cache fails cleanly: corrupt files are rebuilt, unusable places are skipped
with one warning, poisoned values are misses, and concurrent writers never hit a lock error."""

from __future__ import annotations

import multiprocessing
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gecscope.cache import ValueCache, cache_key, open_cache
from gecscope.weighting.cache import open_cache as reexported


def fill(path: Path, n: int = 3) -> None:
    c = open_cache("bertscore", path.parent)
    c.put_many({cache_key(str(i)): 0.5 for i in range(n)})
    c.close()


def fresh_read(path: Path) -> dict[str, object]:
    return open_cache("bertscore", path.parent).get_many([cache_key(str(i)) for i in range(3)])


def test_reexport_is_the_same_function() -> None:
    assert reexported is open_cache


def test_round_trip_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "bertscore.sqlite"
    fill(path)
    assert len(fresh_read(path)) == 3
    mode = sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


@pytest.mark.parametrize(
    "damage",
    [
        lambda p: p.write_bytes(b"this is not a database at all" * 100),
        lambda p: p.write_bytes(p.read_bytes()[:1500]),
        lambda p: p.write_bytes(b""),
    ],
    ids=["garbage", "truncated", "empty"],
)
def test_corrupt_file_is_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: object) -> None:
    path = tmp_path / "bertscore.sqlite"
    fill(path, 2000)
    c = sqlite3.connect(path)
    c.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    c.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    damage(path)  # type: ignore[operator]
    cache = open_cache("bertscore", tmp_path)
    found = cache.get_many([cache_key(str(i)) for i in range(3)])
    cache.put_many({cache_key("new"): 0.25})
    assert set(found.values()) <= {0.5}
    err = capsys.readouterr().err
    assert err.count("\n") <= 1
    assert open_cache("bertscore", tmp_path).get_many([cache_key("new")]) == {cache_key("new"): 0.25}


def test_wrong_schema_is_rebuilt(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bertscore.sqlite"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE kv (a INTEGER, b INTEGER, c INTEGER)")
    db.commit()
    db.close()
    cache = open_cache("bertscore", tmp_path)
    cache.put_many({cache_key("x"): 0.5})
    assert cache.enabled
    assert "corrupt" in capsys.readouterr().err
    assert open_cache("bertscore", tmp_path).get_many([cache_key("x")]) == {cache_key("x"): 0.5}


def test_directory_in_place_of_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bertscore.sqlite").mkdir()
    cache = open_cache("bertscore", tmp_path)
    cache.put_many({cache_key("x"): 0.5})
    assert cache.get_many([cache_key("x")]) == {cache_key("x"): 0.5}
    assert not cache.enabled
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "continuing without it" in err


def test_cache_dir_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x")
    cache = open_cache("llm", tmp_path / "f")
    cache.put_many({"k": {"text": "3", "top": None}})
    assert cache.get_many(["k"]) == {"k": {"text": "3", "top": None}}
    assert capsys.readouterr().err.count("warning") == 1


READ_ONLY_RUN = """
import sys
from gecscope.cache import cache_key, open_cache
cache = open_cache("bertscore", sys.argv[1])
cache.put_many({cache_key("x"): 0.5})
cache.put_many({cache_key("y"): 0.25})
got = cache.get_many([cache_key("x"), cache_key("y")])
assert got == {cache_key("x"): 0.5, cache_key("y"): 0.25}, got
"""


@pytest.mark.skipif(sys.platform == "win32", reason="permissions")
def test_read_only_directory_keeps_the_work(tmp_path: Path) -> None:
    """In a child process that cannot write the folder: as root (CI), that child runs in a user
    namespace as an ordinary user (``unshare --user``), where the folder's mode applies."""
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    prefix: list[str] = []
    if os.geteuid() == 0:
        unshare = shutil.which("unshare")
        if unshare is None or subprocess.run([unshare, "--user", "--map-user=1000", "true"]).returncode != 0:
            pytest.fail("running as root without user namespaces: the read-only case cannot be tested here")
        prefix = [unshare, "--user", "--map-user=1000"]
    try:
        proc = subprocess.run([*prefix, sys.executable, "-c", READ_ONLY_RUN, str(ro)], capture_output=True, text=True)
    finally:
        ro.chmod(0o700)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("\n") == 1 and "warning" in proc.stderr, proc.stderr
    assert not list(ro.iterdir())  # nothing was written


def test_full_disk_warns_once_and_keeps_values(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = open_cache("bertscore", tmp_path)
    assert cache._db is not None
    cache._db.execute("PRAGMA max_page_count = 5")  # a "disk" of a few pages
    big = {cache_key(str(i)): 0.5 for i in range(5000)}
    cache.put_many(big)
    cache.put_many({cache_key("more"): 0.1})
    assert len(cache.get_many(list(big))) == 5000
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "full" in err


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        ("bertscore", "NaN"),
        ("bertscore", "5.0"),
        ("bertscore", '"0.5"'),
        ("bertscore", "{not json"),
        ("fluency", "-1.0"),
        ("fluency", "Infinity"),
        ("llm", '{"text": 3}'),
        ("llm", '{"text": "3", "top": {"3": NaN}}'),
        ("llm", "[" * 5000 + "]" * 5000),
    ],
)
def test_poisoned_values_are_misses(tmp_path: Path, kind: str, text: str) -> None:
    open_cache(kind, tmp_path).close()
    db = sqlite3.connect(tmp_path / f"{kind}.sqlite")
    db.execute("INSERT INTO kv VALUES (?, ?)", ("k", text))
    db.commit()
    db.close()
    cache = open_cache(kind, tmp_path)
    assert cache.get_many(["k"]) == {}
    assert cache.rejected == 1


def test_valid_values_are_hits(tmp_path: Path) -> None:
    for kind, value in [
        ("bertscore", 0.9),
        ("fluency", None),
        ("fluency", 2.5),
        ("llm", {"text": "4", "top": {"4": -0.1}}),
    ]:
        open_cache(kind, tmp_path).put_many({"k": value})
        assert open_cache(kind, tmp_path).get_many(["k"]) == {"k": value}


def _writer(args: tuple[str, int]) -> int:
    folder, w = args
    cache = open_cache("bertscore", folder)
    for b in range(3):
        cache.put_many({cache_key(str(w), str(b), str(i)): 0.5 for i in range(20_000)})
    ok = cache.enabled and cache.warning is None
    cache.close()
    return int(ok)


def test_four_concurrent_writers(tmp_path: Path) -> None:
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(4) as pool:
        ok = pool.map(_writer, [(str(tmp_path), w) for w in range(4)])
    assert ok == [1, 1, 1, 1]
    n = sqlite3.connect(tmp_path / "bertscore.sqlite").execute("SELECT COUNT(*) FROM kv").fetchone()[0]
    assert n == 4 * 3 * 20_000


def test_memory_only() -> None:
    c = ValueCache(None)
    c.put_many([("a", 1.0)])
    assert c.get_many(["a", "b"]) == {"a": 1.0} and c.hits == 1 and c.misses == 1


def test_read_only_database_keeps_the_work(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cache = open_cache("bertscore", tmp_path)
    assert cache._db is not None
    cache._db.execute("PRAGMA query_only = 1")  # what a read-only file or folder gives
    cache.put_many({cache_key("x"): 0.5})
    cache.put_many({cache_key("y"): 0.25})
    assert cache.get_many([cache_key("x"), cache_key("y")]) == {cache_key("x"): 0.5, cache_key("y"): 0.25}
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "readonly" in err
