"""Mostly-Chinese input read as English is refused on every input path, streamed or not."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gecscope.align.languages import han_counts
from gecscope.cli import main

text = st.text(alphabet=st.sampled_from(list("ab 我是\u3000\xa0\x1c\t\u3400.")), max_size=30)


@given(st.lists(text, max_size=5))
def test_han_counts_match_the_character_definition(lines: list[str]) -> None:
    han = sum("\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf" for line in lines for c in line)
    total = sum(not c.isspace() for line in lines for c in line)
    assert han_counts(lines) == (han, total)


@pytest.mark.parametrize("shard", ["1", "1000"])
def test_chinese_text_without_lang_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, shard: str
) -> None:
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", shard)
    for name, line in {"s": "我 是 学 生", "h": "我 是 学 生 。", "r": "我 是 学 生 。"}.items():
        (tmp_path / f"{name}.txt").write_text(f"{line}\n{line}\n", encoding="utf-8")
    files = ["--source", str(tmp_path / "s.txt"), "--hyp", str(tmp_path / "h.txt"), "--ref", str(tmp_path / "r.txt")]
    assert main(["score", "--metric", "cleme2", "--aligner", "levenshtein", *files]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("add --lang zh") and "\n" not in err and "s.txt" in err
