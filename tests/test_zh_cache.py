"""The Chinese aligner behind the persistent alignment cache: a warm run aligns nothing and
gives the same alternatives and scores; tables with another digest never share entries."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import DATA
from gecscope.align import AlignSettings, get_aligner
from gecscope.align.store import CachedAlternatives
from gecscope.align.zh.cherrant import CherrantAligner
from gecscope.align.zh.resources import load_resources
from gecscope.cli import main

ZH = DATA / "zh"
DEMO = ZH / "cherrant_demo"
pytest.importorskip("opencc")
pytest.importorskip("pypinyin")
PAIRS = [
    (tuple("我喜欢吃平果"), tuple("我喜欢吃苹果")),
    (tuple("他去了学校了"), tuple("他去学校了")),
    (tuple("好"), tuple("好的")),
]


def require_tables() -> Path:
    if not (ZH / "resources" / "cilin.txt").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")
    return ZH / "resources"


def test_warm_cache_gives_the_same_alternatives_without_aligning(tmp_path: Path) -> None:
    tables = require_tables()
    settings = AlignSettings(cache_dir=str(tmp_path))
    fresh = CherrantAligner(tables).alignments_batch(PAIRS)
    cold = get_aligner(CherrantAligner(tables), settings)  # an object is used as it is
    assert not isinstance(cold, CachedAlternatives)
    from gecscope.align.store import cached

    first = cached(CherrantAligner(tables), str(tmp_path))
    assert isinstance(first, CachedAlternatives)
    assert first.alignments_batch(PAIRS) == fresh and first.computed == len(PAIRS)
    second = cached(CherrantAligner(tables), str(tmp_path))
    assert second.alignments_batch(PAIRS) == fresh and second.computed == 0
    assert second.edits_batch(PAIRS) == [alts[0] for alts in fresh]


def test_other_tables_never_share_entries(tmp_path: Path) -> None:
    tables = require_tables()
    other = tmp_path / "tables"
    shutil.copytree(tables, other)
    with (other / "confusion_dict.txt").open("a", encoding="utf-8") as f:
        f.write("平 苹\n")
    load_resources.cache_clear()
    assert CherrantAligner(tables).signature != CherrantAligner(other).signature
    from gecscope.align.store import cached

    cached(CherrantAligner(tables), str(tmp_path / "c")).alignments_batch(PAIRS)
    again = cached(CherrantAligner(other), str(tmp_path / "c"))
    again.alignments_batch(PAIRS)
    assert again.computed == len(PAIRS)


def test_damaged_entries_are_recomputed(tmp_path: Path) -> None:
    tables = require_tables()
    from gecscope.align.store import cached

    expected = cached(CherrantAligner(tables), str(tmp_path)).alignments_batch(PAIRS)
    with sqlite3.connect(tmp_path / "align.sqlite") as db:
        db.execute("UPDATE kv SET v = ?", (json.dumps([[[0, 1, "S", "x"]]]),))
    again = cached(CherrantAligner(tables), str(tmp_path))
    assert again.alignments_batch(PAIRS) == expected
    assert again.rejected == len(PAIRS) and again.computed == len(PAIRS)


def test_cli_warm_run_equals_cold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tables = require_tables()
    if not (DEMO / "references.tsv").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")
    files = ["--source", str(DEMO / "sources.txt"), "--hyp", str(DEMO / "systems" / "demo.txt")]
    files += ["--ref-tsv", str(DEMO / "references.tsv"), "--lang", "zh", "--zh-resources", str(tables)]
    argv = ["score", "--metric", "cherrant", "cleme2", *files, "--cache-dir", str(tmp_path), "--format", "json"]
    outs = []
    for _ in range(2):
        assert main(argv) == 0
        outs.append(json.loads(capsys.readouterr().out))
    assert outs[0] == outs[1]
    assert (tmp_path / "align.sqlite").stat().st_size > 0
