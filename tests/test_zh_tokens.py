"""ChERRANT's char tokenisation: property tests and the languages plug-in point."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gecscope import api
from gecscope.align import get_aligner, languages
from gecscope.align.languages import (
    aligner_for,
    aligner_known,
    aligner_names,
    han_counts,
    register_aligner,
    tokenisation,
)
from gecscope.align.zh.tokens import MISSING_COMPONENT, char_tokens, remove_whitespace
from gecscope.errors import InputError

WHITESPACE = st.sampled_from([" ", "\t", "\u3000", "\n", "\r", "\xa0", "\u2003"])
CHARS = st.one_of(
    st.sampled_from(list("我是学生，。！？：；“”（）《》、…—")),  # CJK and full-width punctuation
    st.sampled_from(list("abcXYZ0123456789.,:;!?()[]-'\"")),  # Latin, digits, ASCII punctuation
    st.just(MISSING_COMPONENT),
)
TEXT = st.lists(st.tuples(CHARS, st.lists(WHITESPACE, max_size=2)), max_size=30)


def render(parts: list[tuple[str, list[str]]]) -> str:
    return "".join(c + "".join(ws) for c, ws in parts)


@given(TEXT)
def test_whitespace_never_matters(parts: list[tuple[str, list[str]]]) -> None:
    spaced = render(parts)
    assert char_tokens(spaced) == char_tokens(remove_whitespace(spaced))
    assert all(not any(ch.isspace() for ch in tok) for tok in char_tokens(spaced))


@given(TEXT)
def test_one_token_per_code_point_except_missing_component(parts: list[tuple[str, list[str]]]) -> None:
    tokens = char_tokens(render(parts))
    assert tokens == tuple(c for c, _ in parts)  # digits, Latin letters, punctuation: one each
    assert "".join(tokens) == remove_whitespace(render(parts))


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40))
def test_tokens_rebuild_the_text(text: str) -> None:
    tokens = char_tokens(text)
    assert "".join(tokens) == "".join(text.split())
    assert all(len(t) == 1 or t == MISSING_COMPONENT for t in tokens)


def test_examples() -> None:
    assert char_tokens("我 有 10 个[缺失成分]。") == ("我", "有", "1", "0", "个", MISSING_COMPONENT, "。")
    assert char_tokens("[缺失成分") == tuple("[缺失成分")
    assert char_tokens("ＡＢ，ab,") == ("Ａ", "Ｂ", "，", "a", "b", ",")


def test_t2s_targets_only() -> None:
    pytest.importorskip("opencc")
    from gecscope.align.zh.text import zh_example

    ex = zh_example("我們決定", "我們決定", ["我们决定", "没有错误", "无法标注"])
    assert ex.source == tuple("我們決定")  # the source is never converted
    assert ex.hypothesis.tokens == tuple("我们决定") and ex.hypothesis.edits is None
    assert [r.tokens for r in ex.references] == [tuple("我们决定"), ex.source, ex.source]
    assert [r.unannotatable for r in ex.references] == [False, False, True]


def test_language_choices() -> None:
    assert [aligner_for(x) for x in ("en", "zh", "und")] == ["errant", "cherrant", "levenshtein"]
    # German: tag-free ERRANT, Levenshtein standing in (and signed) while it is not built
    assert aligner_for("de") == ("errant-notag" if aligner_known("errant-notag") else "levenshtein")
    assert tokenisation("zh") == {"tok": "zh-char", "t2s": "opencc"}
    assert tokenisation("de") == {"tok": "whitespace"}
    assert han_counts(["abc"]) == (0, 3) and han_counts(["我是 a"]) == (2, 3)


def test_plugin_registry() -> None:
    made = []

    class Dummy:
        name = "dummy"

        def edits_batch(self, pairs):  # type: ignore[no-untyped-def]
            made.append(len(pairs))
            return [() for _ in pairs]

    register_aligner("xx-test", Dummy)
    try:
        assert aligner_for("xx-test") == "xx-test"
        assert isinstance(get_aligner("xx-test"), Dummy)
        assert "xx-test" in aligner_names()
    finally:
        languages._FACTORIES.pop("xx-test")
    with pytest.raises(ValueError, match="unknown aligner"):
        get_aligner("xx-test")


def test_chinese_text_needs_lang_zh(tmp_path: Path) -> None:
    src = tmp_path / "src.txt"
    src.write_text("我是学生。\n他是老师。\n", encoding="utf-8")
    with pytest.raises(InputError, match="add --lang zh") as err:
        api.load(source=src, hypothesis=src, references=[src])
    assert "\n" not in str(err.value) and str(src) in str(err.value)
    # a language without a unit (Japanese) is read as "und": whitespace tokens, no refusal
    assert len(api.load(source=src, hypothesis=src, references=[src], lang="und")) == 2
    with pytest.raises(InputError, match="add --lang zh"):  # German checks its input as English does
        api.load(source=src, hypothesis=src, references=[src], lang="de")
