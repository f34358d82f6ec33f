"""``gecscope download`` against a local HTTP server that mirrors the original repositories."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DATA
from gecscope.errors import InputError
from gecscope.meta.data.download import MANIFEST, download

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent


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
    from gecscope.meta.data.datasets import seeda

    assert len(seeda(out).examples("BART")) == 391
    assert download(out, mirror)["downloaded"] == []


def test_download_error_names_the_url(mirror: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"127\.0\.0\.1.*download failed"):
        download(tmp_path / "data", mirror + "missing/")
