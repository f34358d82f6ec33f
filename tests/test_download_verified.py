"""Verified downloads (issue 16): pinned commits and sha256, atomic writes, re-fetching what fails
verification, one-line errors for bad status and truncated bodies, no IndexError in ``derive``."""

from __future__ import annotations

import hashlib
import socketserver
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.errors import InputError
from gecscope.fetch import fetch_verified, http_fetch
from gecscope.meta.data.download import MANIFEST, SHA256, derive, download


def one_line(err: pytest.ExceptionInfo[InputError]) -> str:
    msg = str(err.value)
    assert "\n" not in msg
    return msg


def test_every_file_is_pinned_to_a_commit_and_a_digest() -> None:
    assert set(SHA256) == set(MANIFEST)
    for remote in MANIFEST.values():
        commit = remote.split("/")[2]
        assert len(commit) == 40 and int(commit, 16) >= 0, remote
    assert all(len(h) == 64 for h in SHA256.values())


def test_shared_copies_match_the_pinned_digests() -> None:
    require_shared()
    for dest, digest in SHA256.items():
        assert hashlib.sha256((DATA / dest).read_bytes()).hexdigest() == digest, dest


def test_a_tampered_file_is_refused_and_not_written(mirror_root: Path, mirror: str, tmp_path: Path) -> None:
    remote = mirror_root / MANIFEST["conll14/references.m2"]
    lines = remote.read_text(encoding="utf-8").split("\n")
    for i in range(8):  # a valid M2 with 8 corrections changed
        k = next(j for j in range(i * 500, len(lines)) if lines[j].startswith("A ") and "noop" not in lines[j])
        lines[k] = lines[k].replace("|||REQUIRED", " tampered|||REQUIRED", 1)
    remote.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "data"
    with pytest.raises(InputError, match="sha256 mismatch") as err:
        download(out, mirror)
    assert "conll14.errant" in one_line(err)
    assert not (out / "conll14" / "references.m2").exists()
    assert not list((out / "conll14").glob("*.part"))


def test_an_error_page_saved_earlier_is_fetched_again(mirror: str, tmp_path: Path) -> None:
    out = tmp_path / "data"
    saved = out / "conll14" / "references.m2"
    saved.parent.mkdir(parents=True)
    saved.write_text("<html><body>404: Not Found</body></html>", encoding="utf-8")
    result = download(out, mirror)
    assert "conll14/references.m2" in result["downloaded"]
    assert saved.read_bytes() == (DATA / "conll14" / "references.m2").read_bytes()
    assert download(out, mirror)["downloaded"] == []  # verified files are kept


@pytest.mark.parametrize("status", [404, 500])
def test_bad_status_is_one_line(mirror: str, tmp_path: Path, status: int) -> None:
    url = mirror + ("missing/file.m2" if status == 404 else "")

    class Failing(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            self.send_error(500)

    if status == 500:
        server = ThreadingHTTPServer(("127.0.0.1", 0), Failing)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/x.m2"
    try:
        with pytest.raises(InputError, match=f"download failed \\(HTTP {status}") as err:
            fetch_verified(url, "0" * 64, tmp_path / "x.m2", http_fetch)
        assert one_line(err).startswith(url)
        assert not (tmp_path / "x.m2").exists()
    finally:
        if status == 500:
            server.shutdown()
            server.server_close()


def test_a_truncated_body_is_one_line(tmp_path: Path) -> None:
    class Truncating(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            while self.rfile.readline().strip():
                pass
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\nS only part")

    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Truncating)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/references.m2"
    try:
        with pytest.raises(InputError, match="truncated response") as err:
            fetch_verified(url, "0" * 64, tmp_path / "r.m2", http_fetch)
        one_line(err)
        assert not (tmp_path / "r.m2").exists()
    finally:
        server.shutdown()
        server.server_close()


def test_fetch_verified_writes_atomically_and_only_good_bodies(tmp_path: Path) -> None:
    body = b"S a b\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
    digest = hashlib.sha256(body).hexdigest()
    dest = tmp_path / "sub" / "x.m2"
    assert fetch_verified("http://mirror/x.m2", digest, dest, lambda url: body)
    assert dest.read_bytes() == body
    dest.write_bytes(body[:-5])  # truncated by an earlier crash: fetched again
    assert fetch_verified("http://mirror/x.m2", digest, dest, lambda url: body)
    assert dest.read_bytes() == body
    with pytest.raises(InputError, match="sha256 mismatch"):
        fetch_verified("http://mirror/y.m2", digest, tmp_path / "y.m2", lambda url: body + b"x")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["sub", "x.m2"]


def test_derive_on_a_short_m2_is_one_line(mirror: str, tmp_path: Path) -> None:
    out = tmp_path / "data"
    download(out, mirror)
    refs = out / "conll14" / "references.m2"
    refs.write_text(refs.read_text(encoding="utf-8").split("\n\n")[0] + "\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        derive(out)
    assert "REF0.txt" in one_line(err) and "SEEDA subset" in one_line(err)
