"""The lexicon cache (gecscope.align.types.lemma_cache): simplemma's answers per word kept in
``<cache dir>/lexicon.sqlite``. Nothing is asked of simplemma when a classifier is built; a
second run on the same words never asks simplemma (its dictionary is never decoded); the answers,
and so every label, are exactly simplemma's (EstGEC-L2 NELB pairs, the Czech and German ports'
handmade pairs); a damaged cache value is a miss; ``--cache-dir`` and ``--no-cache`` place it."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.align.types import lemma_cache
from gecscope.align.types.lemma_cache import Lexicon, forget_lexicons, lexicon_cache, lexicon_of, open_store
from gecscope.align.types.surface import SurfaceTypes, surface_types
from gecscope.cache import ValueCache
from gecscope.errors import SettingError

simplemma = pytest.importorskip("simplemma")
HERE = Path(__file__).resolve().parent


class Direct:
    """simplemma asked directly, as the classifiers did before the cache (the reference)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def learn(self, words: Iterable[str]) -> None:
        pass

    def known(self, word: str) -> bool:
        return bool(simplemma.is_known(word, lang=self.lang) or simplemma.is_known(word.lower(), lang=self.lang))

    def lemma(self, word: str) -> str:
        return str(simplemma.lemmatize(word, lang=self.lang))


class DirectSurface(SurfaceTypes):
    def lexicon(self) -> Any:
        return Direct(self.lang) if self.lemmas == "simplemma" else None


@pytest.fixture
def no_simplemma(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any lookup in simplemma fails the test (its dictionary would be decoded)."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("simplemma was asked")

    monkeypatch.setattr(simplemma, "is_known", refuse)
    monkeypatch.setattr(simplemma, "lemmatize", refuse)


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Path]:
    """A cache folder of its own and no lexicon kept in this process."""
    forget_lexicons()
    with lexicon_cache(str(tmp_path)):
        yield tmp_path
    forget_lexicons()


def test_building_a_classifier_asks_simplemma_nothing(no_simplemma: None) -> None:
    """The language is checked against simplemma's declared languages, not by a lookup (a
    lookup decodes the whole dictionary: 2.7 M Estonian entries)."""
    assert SurfaceTypes("et", "simplemma").lemmas == "simplemma"
    assert surface_types("et").lemmas == "simplemma"
    assert surface_types("de", word_order="close").signature.startswith("surface:1,lang:de,lemmas:simplemma-")
    assert surface_types("xx").lemmas == "none"  # a language simplemma has no data for
    with pytest.raises(SettingError, match="simplemma has no data for 'xx'"):
        SurfaceTypes("xx", "simplemma")


def test_a_second_run_never_asks_simplemma(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    words = ["Maja", "majas", "läksin", "lähen", "soobib", "sobib", "igalpool", "x"]
    first = Lexicon("et", open_store(lemma_cache.PLACE.get()))
    first.learn(words)
    assert first.computed == len(words)
    answers = {w: first.answer(w) for w in words}
    first.store.close()
    assert (fresh / "lexicon.sqlite").is_file()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("simplemma was asked")

    monkeypatch.setattr(simplemma, "is_known", refuse)
    monkeypatch.setattr(simplemma, "lemmatize", refuse)
    second = lexicon_of("et")  # a new process's lexicon: the file only
    second.learn(words)
    assert second.computed == 0
    assert {w: second.answer(w) for w in words} == answers
    assert second.store.hits == len(words)


def test_another_version_or_language_is_another_key() -> None:
    store = ValueCache(None)
    et, fi = Lexicon("et", store), Lexicon("fi", store)
    assert et.key("maja") != fi.key("maja")
    assert et.key("maja") == f"simplemma-{et.version}:et:maja"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=12), min_size=1, max_size=8), st.sampled_from(["et", "de", "cs"]))
def test_the_answers_are_simplemmas(words: list[str], lang: str) -> None:
    lexicon, direct = Lexicon(lang, ValueCache(None)), Direct(lang)
    lexicon.learn(words)
    for word in words:
        assert lexicon.known(word) == direct.known(word)
        assert lexicon.lemma(word) == direct.lemma(word)


@pytest.mark.parametrize("value", ["not json", '["maja"]', '["maja", 1]', "[1, true]", '{"a": 1}', "NaN"])
def test_a_damaged_value_is_a_miss(tmp_path: Path, value: str) -> None:
    store = ValueCache(tmp_path / "lexicon.sqlite", lemma_cache.answer_valid)
    lexicon = Lexicon("et", store)
    store.close()
    with sqlite3.connect(tmp_path / "lexicon.sqlite") as db:
        db.execute("INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)", (lexicon.key("majas"), value))
    again = Lexicon("et", ValueCache(tmp_path / "lexicon.sqlite", lemma_cache.answer_valid))
    assert again.lemma("majas") == "maja" and again.known("majas")
    assert again.computed == 1 and again.store.rejected == 1


def types_of(classifier: SurfaceTypes, examples: list[Any]) -> list[str]:
    from gecscope.align.types.classifiers import type_examples

    typed = type_examples(examples, classifier)
    return [e.type for ex in typed for t in (ex.hypothesis, *ex.references) for e in t.edits or ()]


@pytest.mark.shared
def test_estgec_nelb_labels_are_identical_with_and_without_the_cache(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every edit of NELB's EstGEC-L2 output and of the three annotators typed by simplemma
    directly, through a cold cache, and through the warm cache with simplemma refused."""
    from conftest import SHARED
    from gecscope import api, pipeline

    multi = SHARED / "data" / "multilingual"
    examples = api.load(
        source=multi / "estgec-l2" / "test" / "source_sentences_test.txt",
        hypothesis=multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt",
        ref_m2=multi / "estgec-l2" / "test" / "source_gold_test.txt",
        lang="et",
        allow_tokenization_mismatch=True,
    )
    [aligned], _ = pipeline.align([examples], [(True, True)], lang="et")
    for word_order in ("exact", "close"):
        expected = types_of(DirectSurface("et", "simplemma", word_order), aligned)
        assert types_of(SurfaceTypes("et", "simplemma", word_order), aligned) == expected
    assert len(expected) > 10_000 and sum(t.endswith("MORPH") for t in expected) > 1_000
    forget_lexicons()  # a new process: the file only
    monkeypatch.setattr(simplemma, "is_known", None)
    monkeypatch.setattr(simplemma, "lemmatize", None)
    assert types_of(SurfaceTypes("et", "simplemma", "close"), aligned) == expected


@pytest.mark.parametrize("lang", ["cs", "de"])
def test_the_ports_labels_are_identical_with_and_without_the_cache(
    lang: str, fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """errant_czech's and Boyd's German rules read ``simplemma_known``: the same labels on their
    handmade pairs with simplemma asked directly and through the (cold, then warm) cache."""
    from gecscope.align.types.oracle import compare_labels
    from gecscope.io.conllu import read_conllu

    if lang == "cs":
        from gecscope.align.cs.classifier import CzechTypes as Port
    else:
        from gecscope.align.de.classifier import GermanTypes as Port  # type: ignore[assignment]
    folder = HERE / "golden" / {"cs": "czech", "de": "german"}[lang]
    golden = json.loads((folder / "handmade.json").read_text(encoding="utf-8"))
    sources = read_conllu(folder / "handmade_source.conllu")
    targets = read_conllu(folder / "handmade_target.conllu")

    def labels(port: Any) -> list[Any]:
        flipped = {"pairs": [[k, [[*e[:4], "?"] for e in edits]] for k, edits in golden["pairs"]]}
        return compare_labels(port, flipped, sources, targets)[2]

    direct = Port()
    direct.__dict__["known"] = Direct(lang).known
    expected = labels(direct)
    port = Port()
    port.learn(w.form for sentence in (*sources, *targets) for w in sentence)
    assert labels(port) == expected
    assert lexicon_of(lang).computed > 0
    forget_lexicons()
    monkeypatch.setattr(simplemma, "is_known", None)
    monkeypatch.setattr(simplemma, "lemmatize", None)
    again = Port()
    again.learn(w.form for sentence in (*sources, *targets) for w in sentence)
    assert labels(again) == expected
    assert lexicon_of(lang).computed == 0


def test_the_cli_places_the_cache_as_the_alignment_cache(tmp_path: Path) -> None:
    from gecscope.cli import main

    (tmp_path / "source.txt").write_text("Ma lähen eile koju .\nSee on maja .\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("Ma läksin eile koju .\nSee on majas .\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("Ma läksin eile kodu .\nSee on maja .\n", encoding="utf-8")
    files = [f"--{k}={tmp_path / (k + '.txt')}" for k in ("source", "ref", "hyp")]
    run = ["score", "--lang", "et", "--metric", "errant", "--cat", "2", *files]
    forget_lexicons()
    try:
        assert main([*run, "--cache-dir", str(tmp_path / "c")]) == 0
        assert (tmp_path / "c" / "lexicon.sqlite").is_file()
        forget_lexicons()
        assert main([*run, "--no-cache"]) == 0
        assert lemma_cache._LEXICONS and all(place is None for _, place in lemma_cache._LEXICONS)
    finally:
        forget_lexicons()


def test_a_corrupt_or_unusable_cache_file_costs_no_answer(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A damaged lexicon.sqlite is rebuilt, a directory in its place is skipped: one warning each,
    the answers simplemma's."""
    words = ["majas", "soobib"]
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "lexicon.sqlite").write_bytes(b"not a database" * 100)
    (tmp_path / "dir" / "lexicon.sqlite").mkdir(parents=True)
    for folder in ("bad", "dir"):
        lexicon = Lexicon("et", open_store(lemma_cache.CachePlace(str(tmp_path / folder))))
        lexicon.learn(words)
        assert [lexicon.answer(w) for w in words] == [(Direct("et").lemma(w), Direct("et").known(w)) for w in words]
        assert capsys.readouterr().err.count("gecscope: warning: cache") == 1


def test_words_looked_up_one_by_one_are_written_in_batches(fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A classifier used directly (no batch learnt first) reads and computes word by word, but
    writes every WRITE_EVERY answers in one transaction (and the rest when the lexicon is
    dropped or the process exits): the next run asks simplemma nothing."""
    monkeypatch.setattr(lemma_cache, "WRITE_EVERY", 3)
    types = SurfaceTypes("et", "simplemma")
    assert types.classify(["majas"], ["majja"]) == "R:MORPH"  # majas, majja (and their lower case)

    def rows() -> int:
        with sqlite3.connect(fresh / "lexicon.sqlite") as db:
            return int(db.execute("SELECT count(*) FROM kv").fetchone()[0])

    assert rows() == 0 and len(lexicon_of("et").pending) == 2
    assert types.classify(["soobib"], ["sobib"]) == "R:SPELL"
    assert rows() == 3 and len(lexicon_of("et").pending) == 0
    assert types.classify(["läksin"], ["lähen"]) == "R:MORPH"
    forget_lexicons()  # as at exit: the pending answers written
    assert rows() == 5
    monkeypatch.setattr(simplemma, "is_known", None)
    monkeypatch.setattr(simplemma, "lemmatize", None)
    again = SurfaceTypes("et", "simplemma")
    assert [again.classify(*pair) for pair in ((["majas"], ["majja"]), (["läksin"], ["lähen"]))] == ["R:MORPH"] * 2
