"""ru-errant's error types (gecscope.align.ru): equal, type for type, to the port's own
classifier on the same annotation.

Goldens (tests/golden/russian/, each with the command that made it): ``handmade.json``, ru-errant
on our own sentences (``handmade_*.conllu``); ``pairs.json`` / ``pairs_notag.json``, ru-errant on
4000 pairs made by ``tests/russian_pairs.py`` (template sentences and perturbed copies; the pairs
are rebuilt here, only their hashes and the port's labels are stored), on its own edits and on
gecscope's tag-free ERRANT edits. ru-errant 2.3.0 ran from its unpacked PyPI wheel through
``benchmarks/russian_oracle.py``, its missing word lists replaced by the same lexicon
(pymorphy3) on both sides, both sides' annotation the offline tagger's (pymorphy3).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from gecscope.align.languages import load_language
from gecscope.align.types.oracle import compare_handmade, compare_labels
from gecscope.errors import InputError, SettingError
from gecscope.io.conllu import Word, read_conllu
from gecscope.types import Edit, Example

pytest.importorskip("pymorphy3")
pytest.importorskip("nltk")

from gecscope.align.ru.classifier import RussianTypes, similarity

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "russian"


def labels(golden: dict, sources: list, targets: list) -> tuple[int, int, list]:  # type: ignore[type-arg]
    """(equal, total, the differing edits) of our classifier against the port's labels."""
    return compare_labels(RussianTypes(), golden, sources, targets)


def test_equal_to_ru_errant_on_handmade_pairs() -> None:
    """python benchmarks/russian_oracle.py --port UNPACKED_RU_ERRANT_WHEEL --source
    tests/golden/russian/handmade_source.conllu --target tests/golden/russian/handmade_target.conllu
    --out tests/golden/russian/handmade.json"""
    golden, equal, total, differ = compare_handmade(RussianTypes(), GOLDEN)
    assert differ == []
    assert (equal, total) == (47, 47)
    kinds = {e[4] for _, edits in golden["pairs"] for e in edits}
    assert {"R:VERB:ASPECT", "R:ADJ:FULL/SHORT", "M:VERB:TENSE", "R:NUM:CASE", "R:SPELL:NOUN", "R:VERB:GEN"} <= kinds


@functools.cache
def made_pairs(backend: str) -> list:  # type: ignore[type-arg]
    """The 4000 pairs of seed 32 annotated by ``backend`` (built once for both its goldens)."""
    from russian_pairs import pairs

    return pairs(seed=32, count=4000, backend=backend)


@pytest.mark.conformance
@pytest.mark.parametrize(
    ("golden_file", "backend", "edits"),
    [
        ("pairs.json", "pymorphy3", 6459),
        ("pairs_notag.json", "pymorphy3", 6201),
        ("pairs_natasha.json", "natasha", 6465),
        ("pairs_natasha_notag.json", "natasha", 6201),
    ],
)
def test_equal_to_ru_errant_on_made_pairs(golden_file: str, backend: str, edits: int) -> None:
    """The 4000 pairs, annotated by each offline backend: every label equal to ru-errant's, on its
    own edits and on gecscope's tag-free ERRANT edits (6201). Commands: ``command`` in each golden."""
    if backend == "natasha":
        pytest.importorskip("natasha")
    golden = json.loads((GOLDEN / golden_file).read_text(encoding="utf-8"))
    built = made_pairs(backend)
    equal, total, differ = labels(golden, [s for s, _ in built], [t for _, t in built])
    assert differ == []
    assert (equal, total) == (edits, edits)


def words(*items: str) -> tuple[Word, ...]:
    """Words from ``form/lemma/UPOS/deprel/feats`` strings (feats with ``;`` for ``|``)."""
    out = []
    for item in items:
        form, lemma, upos, deprel, *feats = item.split("/")
        out.append(Word(form, lemma, upos, feats[0].replace(";", "|") if feats else "", deprel))
    return tuple(out)


@pytest.mark.parametrize(
    ("source", "target", "label"),
    [
        ((), (), "UNK"),
        ((), ("был/быть/AUX/aux",), "M:VERB:TENSE"),
        (("не/не/PART/dep", "читать/читать/VERB/dep"), (), "U:VERB"),
        (("мой/мой/DET/det",), (), "U:DET"),
        (("москва/москва/PROPN/dep",), ("Москва/москва/PROPN/dep",), "R:ORTH"),
        (("не/не/PART/advmod", "знаю/знать/VERB/root"), ("незнаю/незнаю/X/dep",), "R:ORTH"),
        (("дом/дом/NOUN/dep", "большой/большой/ADJ/amod"), ("большой/большой/ADJ/amod", "дом/дом/NOUN/dep"), "R:WO"),
        (("красивее/красивый/ADJ/amod/Degree=Cmp",), ("красивый/красивый/ADJ/amod/Degree=Pos",), "R:ADJ:COMP_FORM"),
        (("красив/красивый/ADJ/amod/StyleVariant=Short",), ("красивый/красивый/ADJ/amod",), "R:ADJ:FULL/SHORT"),
        (("дома/дом/NOUN/dep/Case=Gen;Number=Sing",), ("домам/дом/NOUN/dep/Case=Dat;Number=Plur",), "R:NOUN:NUM:CASE"),
        (("шёл/идти/VERB/root/Gender=Masc;Tense=Past",), ("шла/идти/VERB/root/Gender=Fem;Tense=Past",), "R:VERB:GEN"),
        (
            ("читал/читать/VERB/root/Aspect=Imp;Tense=Past",),
            ("прочитал/прочитать/VERB/root/Aspect=Perf;Tense=Past",),
            "R:VERB:ASPECT",
        ),
        (("быстро/быстро/ADV/advmod",), ("быстрый/быстрый/ADJ/amod",), "R:MORPH"),
        (("в/в/ADP/case",), ("на/на/ADP/case",), "R:ADP"),
        (("вот/вот/INTJ/advmod",), ("уже/уже/ADV/advmod",), "R:ADV"),
        (("буду/быть/AUX/aux", "читать/читать/VERB/root"), ("читаю/читать/VERB/root",), "R:VERB:TENSE"),
        (("и/и/CCONJ/cc", "Он/он/PRON/dep"), ("но/но/CCONJ/cc", "он/он/PRON/dep"), "R:CCONJ"),
        (("и/и/CCONJ/cc", "он/он/PRON/dep"), ("но/но/CCONJ/cc", "она/она/PRON/dep"), "R:OTHER"),
        (("дом/дом/NOUN/dep",), ("и/и/CCONJ/cc", "дом/дом/NOUN/dep"), "M:CCONJ"),
        (("дом/дом/NOUN/dep", "Стоит/стоять/VERB/root"), ("стоит/стоять/VERB/root",), "U:NOUN"),
    ],
)
def test_rules(source: tuple[str, ...], target: tuple[str, ...], label: str) -> None:
    assert RussianTypes(lexicon="none").classify(words(*source), words(*target)) == label


def test_the_lexicon_decides_spelling_and_the_string_check_is_not_repeated() -> None:
    """An unknown source word: SPELL when close to the target, SPELL:<POS> / SPELL:OTHER when not;
    with every word known the POS rules decide. Dropping equal last words does not repeat the
    same-string check: ``а Б`` → ``а б`` is ORTH (``а`` → ``а``), not UNK."""
    types, everything = RussianTypes(), RussianTypes(lexicon="none")
    source, target = words("писмо/писмо/NOUN/dep"), words("письмо/письмо/NOUN/dep")
    assert (types.classify(source, target), everything.classify(source, target)) == ("R:SPELL", "R:NOUN")
    far = words("хвщлж/хвщлж/NOUN/dep"), words("письмо/письмо/NOUN/dep")
    assert types.classify(*far) == "R:SPELL:NOUN"
    assert types.classify(far[0], words("письмо/письмо/VERB/dep")) == "R:SPELL:OTHER"
    same = words("карандашём/карандаш/NOUN/dep/Case=Ins"), words("карандашом/карандаш/NOUN/dep/Case=Ins")
    assert types.classify(*same) == "R:NOUN:INFL"
    assert everything.classify(words("а/а/X/dep", "Б/б/X/dep"), words("а/а/X/dep", "б/б/X/dep")) == "R:ORTH"
    assert everything.classify(words("а/а/X/dep"), words("а/а/X/dep")) == "UNK"
    assert (similarity("писмо", "письмо"), similarity("", ""), similarity("ab", "")) == (10 / 11, 1.0, 0.0)


def test_signature_settings_and_bad_features(tmp_path: Path) -> None:
    from importlib.metadata import version

    assert RussianTypes(lexicon="none", tags="pymorphy3-2.0.6").signature == (
        f"ru-errant:1,lexicon:none,stemmer:nltk-{version('nltk')},tags:pymorphy3-2.0.6"
    )
    assert RussianTypes().signature.startswith("ru-errant:1,lexicon:pymorphy3-")
    words_file = tmp_path / "Russian.dic"
    words_file.write_text("письмо\n", encoding="utf-8")
    listed = RussianTypes(lexicon=str(words_file))
    assert ",lexicon:file-" in listed.signature
    assert listed.classify(words("Письмо/письмо/NOUN/dep"), words("письма/письмо/NOUN/dep")) == "R:NOUN:INFL"
    assert listed.classify(words("писма/писмо/NOUN/dep"), words("письма/письмо/NOUN/dep")) == "R:SPELL"
    with pytest.raises(SettingError, match="lexicon must be pymorphy3, none or a word list file"):
        RussianTypes(lexicon="ru_core_news_lg")
    with pytest.raises(InputError, match="malformed feature 'Case' of word 'дома'"):
        RussianTypes(lexicon="none").classify(words("дома/дом/NOUN/dep/Case"), words("дом/дом/NOUN/dep/Case=Nom"))
    assert load_language("ru").classifier == "ru-errant"


def test_type_edits_finds_the_target_words() -> None:
    source = words("Я/я/PRON/dep", "читать/читать/VERB/root", "книга/книга/NOUN/dep", "././PUNCT/punct")
    target = words("Я/я/PRON/dep", "буду/быть/AUX/aux", "читать/читать/VERB/root", "книга/книга/NOUN/dep")
    typed = RussianTypes(lexicon="none").type_edits(source, target, [Edit(1, 1, ("буду",)), Edit(3, 4, ())])
    assert [e.type for e in typed] == ["M:VERB:TENSE", "U:PUNCT"]


def test_the_offline_tagger() -> None:
    """pymorphy3's parse mapped to UD: POS, features, lemma; relations from the POS; быть next to
    a verb is AUX/aux; the first finite verb is the root."""
    from gecscope.align.ru.tagger import RussianTagger

    (sentence,) = RussianTagger().tag([["Мы", "будем", "читать", "красивые", "книги", "."]])
    assert [(w.lemma, w.upos, w.deprel) for w in sentence] == [
        ("мы", "PRON", "dep"),
        ("быть", "AUX", "aux"),
        ("читать", "VERB", "dep"),
        ("красивый", "ADJ", "amod"),
        ("книга", "NOUN", "dep"),
        (".", "PUNCT", "punct"),
    ]
    assert sentence[2].feats == "Aspect=Imp|VerbForm=Inf"
    assert RussianTagger().name.startswith("pymorphy3-")
    with pytest.raises(SettingError, match="backend must be one of pymorphy3, natasha"):
        RussianTagger("ru_core_news_lg")


def test_the_natasha_backend() -> None:
    """slovnet's tagger and parser in context (relations and heads), pymorphy3's lemma for its POS."""
    pytest.importorskip("natasha")
    from gecscope.align.ru.tagger import RussianTagger

    tagger = RussianTagger("natasha")
    (sentence,) = tagger.tag([["Мы", "будем", "читать", "красивые", "книги", "."]])
    assert [(w.lemma, w.upos, w.deprel, w.head) for w in sentence] == [
        ("мы", "PRON", "nsubj", 3),
        ("быть", "AUX", "aux", 3),
        ("читать", "VERB", "root", 0),
        ("красивый", "ADJ", "amod", 5),
        ("книга", "NOUN", "obj", 3),
        (".", "PUNCT", "punct", 3),
    ]
    assert tagger.name.startswith("natasha-") and tagger.tag([]) == []


def test_examples_typed_from_conllu_and_by_the_tagger(tmp_path: Path) -> None:
    """The hypothesis edits of aligned examples get their types from the CoNLL-U of both sides (a
    file with another sentence count is refused in one line naming it), or from the tagger."""
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.ru.annotated import type_from_conllu, type_with_tagger
    from gecscope.io.conllu import format_conllu
    from gecscope.types import Target

    source_path, target_path = GOLDEN / "handmade_source.conllu", GOLDEN / "handmade_target.conllu"
    sources, targets = read_conllu(source_path), read_conllu(target_path)
    examples = [
        Example(tuple(w.form for w in s), Target(tuple(w.form for w in t)), ())
        for s, t in zip(sources, targets, strict=True)
    ]
    aligned = align_examples(examples, get_aligner("errant-notag"), hypotheses=True)
    typed = type_from_conllu(aligned, source_path, target_path)
    found = [e.type for ex in typed for e in ex.hypothesis.edits or ()]
    assert found[:3] == ["R:ADJ:INFL", "R:ADJ:FULL/SHORT", "R:OTHER"]
    assert found == [e.type for ex in type_with_tagger(aligned) for e in ex.hypothesis.edits or ()]
    short = tmp_path / "short.conllu"
    short.write_text("".join(format_conllu(s) for s in sources[:-1]), encoding="utf-8")
    with pytest.raises(InputError, match=r"short\.conllu: 39 CoNLL-U sentences for 40 examples"):
        type_from_conllu(aligned, short, target_path)


@pytest.mark.parametrize("tagger", ["pymorphy3", "natasha"])
def test_the_offline_taggers_and_conllu_reach_the_cli(
    tagger: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang ru --cat`` with ``--tagger pymorphy3|natasha`` or the hand-made CoNLL-U: ru-errant's
    types (the hypothesis is the corrected side, the reference the source), signed with the
    classifier and the annotation; the tagger refuses another language in one line."""
    if tagger == "natasha":
        pytest.importorskip("natasha")
    from gecscope.cli import main

    source_conllu, target_conllu = GOLDEN / "handmade_source.conllu", GOLDEN / "handmade_target.conllu"
    paths = []
    for name, conllu in (("source", source_conllu), ("target", target_conllu)):
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(" ".join(w.form for w in s) + "\n" for s in read_conllu(conllu)), encoding="utf-8")
        paths.append(str(path))
    files = ["--source", paths[0], "--hyp", paths[1], "--ref", paths[0]]
    assert main(["score", "--lang", "ru", "--cat", "2", *files, "--tagger", tagger, "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert "ru-errant:1+lexicon:pymorphy3-" in got["signature"] and f"+tags:{tagger}-" in got["signature"]
    assert {"NOUN:CASE", "VERB:ASPECT"} <= set(got["details"]["types"])
    given = ["--source-conllu", str(source_conllu), "--hyp-conllu", str(target_conllu), "--ref-conllu"]
    assert main(["score", "--lang", "ru", "--cat", "2", *files, *given, str(source_conllu), "--format", "json"]) == 0
    assert "+tags:conllu-" in json.loads(capsys.readouterr().out)["signature"]
    assert main(["score", "--lang", "cs", "--cat", "2", *files, "--tagger", tagger]) == 2
    err = capsys.readouterr().err  # pymorphy3 tags Ukrainian too (the uk-tagger extra)
    assert f"tagger {tagger} tags --lang {'ru/uk' if tagger == 'pymorphy3' else 'ru'}, not cs" in err
