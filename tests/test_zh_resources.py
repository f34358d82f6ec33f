"""ChERRANT's alignment tables: located (never bundled), pinned download list, costs."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest

from conftest import DATA
from gecscope.align.zh.resources import MUCGEC_COMMIT, RESOURCE_FILES, load_resources, resources_dir
from gecscope.errors import InputError

RES = DATA / "zh" / "resources"


def test_download_list_is_pinned_and_matches_the_shared_tables() -> None:
    if not RES.is_dir():
        pytest.skip("Chinese shared data not found")
    for dest, url, sha in RESOURCE_FILES:
        assert url.startswith(f"https://raw.githubusercontent.com/HillZhang1999/MuCGEC/{MUCGEC_COMMIT}/")
        assert url.endswith("/scorers/ChERRANT/data/" + Path(dest).name)
        assert hashlib.sha256((DATA / dest).read_bytes()).hexdigest() == sha


def test_location_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GECSCOPE_ZH_RESOURCES", "GECSCOPE_SHARED"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("GECSCOPE_DATA", str(tmp_path / "data"))
    assert resources_dir() == tmp_path / "data" / "zh" / "resources"  # nothing there: the first candidate
    found = tmp_path / "xdg" / "gecscope" / "data" / "zh" / "resources"
    found.mkdir(parents=True)
    (found / "cilin.txt").write_text("", encoding="utf-8")
    assert resources_dir() == found  # the first that holds the tables
    monkeypatch.setenv("GECSCOPE_ZH_RESOURCES", str(found))
    assert resources_dir() == found
    assert resources_dir(tmp_path / "arg") == tmp_path / "arg"


def test_missing_table_says_where_to_get_it(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"raw\.githubusercontent\.com.*cilin\.txt") as err:
        load_resources(tmp_path)
    assert "\n" not in str(err.value)


def meaning(costs: Any, a: str, b: str) -> int:
    """ChERRANT's meaning cost: Cilin classes (major, middle, minor); unknown 4, same 0, else
    2 x (3 - equal levels)."""
    ca, cb = costs.resources.semantic.get(a), costs.resources.semantic.get(b)
    if ca is None or cb is None:
        return 4
    return 0 if ca == cb else 2 * (3 - sum(x == y for x, y in zip(ca, cb, strict=True)))


def punctuation_class(a: str, b: str) -> float:
    """ChERRANT's punctuation-class cost: 0 both punctuation, 0.25 neither, 0.499 one of them."""
    from gecscope.align.zh.aligner import ALIGN_PUNCT

    pa, pb = a in ALIGN_PUNCT, b in ALIGN_PUNCT
    return 0.0 if pa and pb else 0.25 if not pa and not pb else 0.499


def test_costs_on_the_real_tables() -> None:
    pytest.importorskip("pypinyin")
    if not RES.is_dir():
        pytest.skip("Chinese shared data not found")
    from gecscope.align.zh.aligner import CostModel

    costs = CostModel(load_resources(RES))
    assert punctuation_class("，", "！") == 0.0
    assert punctuation_class("，", "。") == 0.499  # ChERRANT's list lacks U+3002 (it has U+FF61)
    assert punctuation_class("我", "你") == 0.25
    assert punctuation_class("我", "，") == 0.499
    assert costs.character("a", "我") == 0.5  # not CJK
    assert costs.character("在", "再") == 0  # same reading (zai)
    assert meaning(costs, "[缺失成分]", "我") == 4  # unknown to Cilin
    assert costs.substitution("我", "我") == 0
    sample = [*"我你他是在再的了不学生，。！a1Ａ", "[缺失成分]", "学生"]
    for a in sample:  # the feature-based fast path gives the very same floats as the definition
        for b in sample:
            if a != b:
                want = meaning(costs, a, b) / 6.0 + costs.character(a, b) + punctuation_class(a, b)
                assert costs.substitution(a, b) == want, (a, b)


ALPHABET = list("我你他是在再的了不学生，。！a1[缺失成分]")


def test_every_alignment_rebuilds_the_target() -> None:
    """Property: each cheapest alignment's edits, applied to the source, give the target."""
    pytest.importorskip("pypinyin")
    if not RES.is_dir():
        pytest.skip("Chinese shared data not found")
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from gecscope.align.zh.cherrant import CherrantAligner
    from gecscope.align.zh.tokens import char_tokens
    from gecscope.types import apply_edits

    aligner = CherrantAligner(RES)
    text = st.lists(st.sampled_from(ALPHABET), min_size=1, max_size=12).map("".join)

    @settings(max_examples=200, deadline=None)
    @given(text, text)
    def check(a: str, b: str) -> None:
        src, tgt = char_tokens(a), char_tokens(b)
        found = aligner.alignments(src, tgt)
        assert found
        assert len({tuple(e) for e in found}) == len(found)  # repeats dropped
        for edits in found:
            assert apply_edits(src, edits) == tgt
            assert all(e.type in ("S", "M", "R", "W") for e in edits)

    check()
