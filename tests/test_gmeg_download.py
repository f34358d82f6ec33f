"""``gecscope download gmeg``: pinned commit, verified digests, the domains' terms shown."""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import QuietHandler
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.meta.data import gmeg_manifest
from gecscope.meta.data.gmeg import TERMS, gmeg
from gecscope.meta.data.gmeg_manifest import GMEG_COMMIT, GMEG_SHA256, download_gmeg
from gecscope.meta.data.gmeg_manifest import gmeg_manifest as manifest
from gmeg_fixture import write_gmeg


@pytest.fixture
def fixture_mirror(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The synthetic fixture served at the pinned upstream paths, its digests pinned instead."""
    made = write_gmeg(tmp_path / "made") / "gmeg"
    digests = {}
    for path in sorted(made.rglob("*")):
        if path.is_file():
            rel = path.relative_to(made).as_posix()
            digests[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
            target = tmp_path / "mirror" / "grammarly" / "GMEG" / GMEG_COMMIT / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
    monkeypatch.setattr(gmeg_manifest, "GMEG_SHA256", digests)
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(tmp_path / "mirror")))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_manifest_is_pinned_and_complete() -> None:
    assert len(GMEG_COMMIT) == 40
    pinned = manifest()
    assert len(pinned) == 60  # 2 splits x (2 domains x 12 texts + 3 domains x 2 score files)
    for dest, (remote, digest) in pinned.items():
        assert dest.startswith("gmeg/data/") and remote == f"grammarly/GMEG/{GMEG_COMMIT}/{dest.removeprefix('gmeg/')}"
        assert len(digest) == 64
    assert not any("/yahoo/" in dest for dest in pinned)  # Yahoo's texts are not public


def test_cli_downloads_verifies_and_shows_the_terms(
    fixture_mirror: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "data"
    assert main(["download", "gmeg", str(out), "--base-url", fixture_mirror]) == 0
    text = capsys.readouterr().out
    assert f"downloaded 56 of 56 files into {out / 'gmeg'}" in text
    for terms in TERMS.values():
        assert terms in text
    assert gmeg(out, "wiki").examples("amu")  # readable as published
    assert main(["download", "gmeg", str(out), "--base-url", fixture_mirror]) == 0  # verified, kept
    assert "downloaded 0 of 56" in capsys.readouterr().out
    (out / "gmeg" / "data" / "test" / "fce" / "amu").write_text("tampered\n", encoding="utf-8")
    assert main(["download", "gmeg", str(out), "--base-url", fixture_mirror]) == 0  # fetched again
    assert "downloaded 1 of 56" in capsys.readouterr().out


def test_a_body_with_another_digest_is_never_written(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="sha256 mismatch"):
        download_gmeg(tmp_path, "http://mirror.invalid/", fetch=lambda url: b"<html>404</html>")
    assert not (tmp_path / "gmeg").exists() or not any(p.is_file() for p in (tmp_path / "gmeg").rglob("*"))


def test_two_directories_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["download", str(tmp_path / "a"), str(tmp_path / "b")]) == 2
    assert "one directory only" in capsys.readouterr().err


def test_pinned_digests_equal_the_real_files() -> None:
    """Where GMEG-Data is present (``$GECSCOPE_GMEG``), every pinned digest is that of its file."""
    given = os.environ.get("GECSCOPE_GMEG")
    if not given or not (Path(given) / "gmeg" / "data").is_dir():
        pytest.skip("GMEG-Data not found: set GECSCOPE_GMEG to a folder holding gmeg/ ('gecscope download gmeg DIR')")
    for path, digest in GMEG_SHA256.items():
        assert hashlib.sha256((Path(given) / "gmeg" / path).read_bytes()).hexdigest() == digest, path
