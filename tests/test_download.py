"""``gecscope download`` against a local HTTP server that mirrors the original repositories."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.errors import InputError
from gecscope.meta.download import MANIFEST, download, zh_resources

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def mirror(tmp_path: Path) -> Iterator[str]:
    require_shared()
    root = tmp_path / "mirror"
    remotes = {**MANIFEST, **{dest: remote for dest, (remote, _) in zh_resources().items()}}
    for dest, remote in remotes.items():
        target = root / remote
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DATA / dest, target)  # the shared data uses the manifest's layout
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def lines(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]


def test_download_and_derive(mirror: str, tmp_path: Path) -> None:
    out = tmp_path / "data"
    result = download(out, mirror)
    assert len(result["downloaded"]) == len(MANIFEST) + 3
    for name in ("char_meta.txt", "cilin.txt", "confusion_dict.txt"):
        assert (out / "zh" / "resources" / name).read_bytes() == (DATA / "zh" / "resources" / name).read_bytes()
    for name in ("REF0.txt", "REF1.txt", "sources.txt"):
        assert lines(out / "conll14" / name) == lines(DATA / "conll14" / name), name
    assert [s.split() for s in lines(out / "conll14" / "systems" / "AMU.txt")] == [
        s.split() for s in lines(DATA / "conll14" / "systems" / "AMU.txt")
    ]
    sub = Path("seeda") / "outputs" / "subset"
    for name in ("line_ids.txt", "REF0.txt", "REF1.txt"):
        assert lines(out / sub / name) == lines(DATA / sub / name), name
    assert lines(out / "gjg15" / "human_scores.tsv") == lines(DATA / "gjg15" / "human_scores.tsv")
    # the data set loaders work on the result, and a second run downloads nothing
    from gecscope.meta.datasets import seeda

    assert len(seeda(out).examples("BART")) == 391
    assert download(out, mirror)["downloaded"] == []


def test_download_error_names_the_url(mirror: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"127\.0\.0\.1.*download failed"):
        download(tmp_path / "data", mirror + "missing/")
