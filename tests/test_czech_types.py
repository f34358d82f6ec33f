"""errant_czech's error types (gecscope.align.cs): equal, type for type, to the port's own
classifier on the same annotation.

Goldens (tests/golden/czech/, each with the command that made it): ``handmade.json``, errant_czech
on our own sentences (``handmade_*.conllu``); ``nelb_pairs.json``, errant_czech on 4000 pairs built
from the NELB Czech outputs in ../shared by ``tests/czech_pairs.py`` (the pairs are rebuilt here, only
their hashes and the port's labels are stored). errant_czech ran from its checkout
(ufal/errant_czech) through ``benchmarks/czech_oracle.py``, its dictionary (MorfFlex) replaced by the
same lexicon (simplemma) on both sides.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

import pytest

from gecscope.align.cs.classifier import CzechTypes, check_tokens
from gecscope.align.cs.letters import char_cost, fold, transposed
from gecscope.align.cs.stemmer import stem
from gecscope.align.languages import load_language
from gecscope.align.types.oracle import compare_handmade, compare_labels
from gecscope.errors import InputError, SettingError
from gecscope.io.conllu import Word, format_conllu, parse_conllu, read_conllu
from gecscope.types import Edit, Example

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "czech"

pytest.importorskip("simplemma")


def labels(golden: dict, sources: list, targets: list) -> tuple[int, int, list]:  # type: ignore[type-arg]
    """(equal, total, the differing edits) of our classifier against the port's labels."""
    return compare_labels(CzechTypes(), golden, sources, targets)


def test_equal_to_errant_czech_on_handmade_pairs() -> None:
    """python benchmarks/czech_oracle.py --port ERRANT_CZECH_CHECKOUT --source
    tests/golden/czech/handmade_source.conllu --target tests/golden/czech/handmade_target.conllu
    --out tests/golden/czech/handmade.json"""
    golden, equal, total, differ = compare_handmade(CzechTypes(), GOLDEN)
    assert differ == []
    assert (equal, total) == (38, 38)
    kinds = {e[4] for _, edits in golden["pairs"] for e in edits}
    assert {"R:WO:SPELL", "R:QUOTATION", "R:DIACR", "R:ORTH:WSPACE", "R:MORPH", "R:NOUN:INFL"} <= kinds


@functools.cache
def nelb_pairs(shared: str) -> list:  # type: ignore[type-arg]
    """The 4000 pairs of seed 32 (built once for both goldens)."""
    from czech_pairs import pairs

    return pairs(Path(shared), seed=32, count=4000)


@pytest.mark.conformance
@pytest.mark.shared
@pytest.mark.parametrize(("golden_file", "edits"), [("nelb_pairs.json", 6305), ("nelb_notag.json", 6087)])
def test_equal_to_errant_czech_on_nelb_pairs(golden_file: str, edits: int) -> None:
    """The 4000 NELB pairs: every label equal to errant_czech's, on its own edits (6305) and on
    gecscope's tag-free ERRANT edits (6087). Commands: ``command`` in each golden file."""
    if importlib.util.find_spec("cs_core_news_sm") is None:
        pytest.skip("the pairs are rebuilt with the offline tagger: pip install 'gecscope[cs-tagger]'")
    from conftest import SHARED

    golden = json.loads((GOLDEN / golden_file).read_text(encoding="utf-8"))
    built = nelb_pairs(str(SHARED))
    equal, total, differ = labels(golden, [s for s, _ in built], [t for _, t in built])
    assert differ == []
    assert (equal, total) == (edits, edits)


def words(*items: str) -> tuple[Word, ...]:
    """Words from ``form/lemma/UPOS/deprel`` strings."""
    return tuple(Word(*item.split("/")[:3], deprel=item.split("/")[3]) for item in items)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("source", "target", "label"),
    [
        ((), (), "UNK"),
        ((), ("a/a/CCONJ/cc",), "M:CCONJ"),
        (("je/být/AUX/aux", "šel/jít/VERB/root"), (), "U:VERB"),
        (("usa/usa/PROPN/obl",), ("USA/USA/PROPN/obl",), "R:ORTH:CASING"),
        (("Přes/přes/ADP/case", "to/ten/DET/obl"), ("Přesto/přesto/ADV/advmod",), "R:ORTH:WSPACE"),
        (("tiskarna/tiskarna/NOUN/nsubj",), ("tiskárna/tiskárna/NOUN/nsubj",), "R:DIACR"),
        (('"/"/PUNCT/punct',), ("„/„/PUNCT/punct",), "R:QUOTATION"),
        (('"/"/PUNCT/punct',), ("“/“/PUNCT/punct",), "R:DIACR"),  # “ in ASCII is ", „ is ,,
        (("„/„/PUNCT/punct", "ahoj/ahoj/INTJ/root"), ('"/"/PUNCT/punct', "ahoj/ahoj/INTJ/root"), "R:QUOTATION"),
        (("psa/pes/NOUN/obj",), ("psem/pes/NOUN/obl",), "R:NOUN:INFL"),
        (("psa/pes/NOUN/obj",), ("psa/pes/NOUN/obj", "x/x/X/dep"), "R:OTHER"),
        (("a/a/X/dep", "b/b/X/dep"), ("b/b/X/dep", "a/a/X/dep"), "R:WO"),
    ],
)
def test_rules(source: tuple[str, ...], target: tuple[str, ...], label: str) -> None:
    assert CzechTypes(lexicon="none").classify(words(*source), words(*target)) == label


def test_last_equal_words_are_left_out_but_not_the_string_check() -> None:
    """errant_czech checks "same string" on the whole edit, then drops equal last words: ``a B``
    → ``a b`` is not UNK (the whole strings differ) but R:PUNCT (``a`` → ``a``)."""
    types = CzechTypes(lexicon="none")
    assert types.classify(words("a/a/X/dep", "B/b/X/dep"), words("a/a/X/dep", "b/b/X/dep")) == "R:PUNCT"
    assert types.classify(words("velmi/velmi/ADV/advmod", "Pes/pes/NOUN/nsubj"), words("pes/pes/NOUN/nsubj")) == "U:ADV"


def test_lexicon_decides_spelling() -> None:
    source, target = words("ochtnat/ochtnat/VERB/xcomp"), words("ochutnat/ochutnat/VERB/xcomp")
    assert CzechTypes().classify(source, target) == "R:SPELL"
    assert CzechTypes(lexicon="none").classify(source, target) == "R:VERB"


def test_signature_and_settings() -> None:
    assert CzechTypes(lexicon="none", tags="cs-core-news-sm-0.2.1").signature == (
        "errant-cs:1,lexicon:none,tags:cs-core-news-sm-0.2.1"
    )
    assert CzechTypes().signature.startswith("errant-cs:1,lexicon:simplemma-")
    with pytest.raises(SettingError, match="lexicon must be one of"):
        CzechTypes(lexicon="morfflex")
    assert load_language("cs").classifier == "errant-czech"


def test_type_edits_finds_the_target_words() -> None:
    source = words("Já/já/PRON/nsubj", "sem/sem/ADV/advmod", "doma/doma/ADV/advmod", "././PUNCT/punct")
    target = words("Já/já/PRON/nsubj", "jsem/být/AUX/cop", "byl/být/AUX/cop", "doma/doma/ADV/advmod")
    edits = [Edit(1, 2, ("jsem", "byl")), Edit(3, 4, ())]
    typed = CzechTypes(lexicon="none").type_edits(source, target, edits)
    assert [e.type for e in typed] == ["R:OTHER", "U:PUNCT"]


def test_stemmer_and_letters() -> None:
    assert [stem(w, aggressive=True) for w in ("kamarádkami", "novinářka", "Praze", "ABC", "aBc")] == [
        "kamarád",
        "novin",
        "Prah",
        "ABC",
        "aBc",
    ]
    assert stem("kamarádkami") == "kamarádk"
    assert fold("Žluťoučký kůň") == "Zlutoucky kun"
    assert char_cost("blískají", "blýskají") == pytest.approx(0.0375, abs=1e-7)
    assert transposed(["plná", "jsou"], ["jsou", "plna"]) and not transposed(["pes"], ["pes"])


def test_conllu_round_trip_and_bad_input(tmp_path: Path) -> None:
    sentence = (Word("Pes", "pes", "NOUN", "Case=Nom", "nsubj", 2), Word("štěká", "štěkat", "VERB", "", "root", 0))
    path = tmp_path / "a.conllu"
    path.write_text(
        format_conllu(sentence) + "1-2\tAby\t_\t_\t_\t_\t_\t_\t_\t_\n1\tAby\taby\tSCONJ\t_\t_\t0\troot\t_\t_\n"
    )
    assert read_conllu(path) == [sentence, (Word("Aby", "aby", "SCONJ", "", "root", 0),)]
    bad = tmp_path / "bad.conllu"
    bad.write_text("1\tPes\tpes\tNOUN\t_\t_\t0\troot\t_\t_\n3\tštěká\t_\t_\t_\t_\t_\t_\t_\t_\n")
    with pytest.raises(InputError, match=r"bad.conllu:2: CoNLL-U word id '3' is not 2"):
        read_conllu(bad)
    with pytest.raises(InputError, match=r"<input>:1: CoNLL-U line has 3 tab-separated columns, not 10"):
        parse_conllu(["1\tPes\tpes"])
    with pytest.raises(InputError, match=r"<input>:1: CoNLL-U HEAD 5 is past the sentence.s last word \(1\)$"):
        parse_conllu(["1\tPes\tpes\tNOUN\t_\t_\t5\troot\t_\t_", ""])
    latin = tmp_path / "latin.conllu"
    latin.write_bytes("1\tP\u011bs".encode("cp1250") + b"\n")
    with pytest.raises(InputError, match=r"latin\.conllu: CoNLL-U file is not UTF-8"):
        read_conllu(latin)
    with pytest.raises(InputError, match=r"a.conllu: CoNLL-U sentence 1 does not match the text's tokens \(word 2"):
        check_tokens(sentence, ["Pes", "štěkal"], str(path), 1)


def test_examples_typed_from_conllu(tmp_path: Path) -> None:
    """The hypothesis edits of aligned examples get their types from the CoNLL-U of both sides;
    a CoNLL-U file whose words are not the examples' tokens, or has another sentence count, is
    refused in one line naming it."""
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.cs.annotated import type_from_conllu
    from gecscope.types import Target

    source_path, target_path = GOLDEN / "handmade_source.conllu", GOLDEN / "handmade_target.conllu"
    sources, targets = read_conllu(source_path), read_conllu(target_path)
    examples = [
        Example(tuple(w.form for w in s), Target(tuple(w.form for w in t)), ())
        for s, t in zip(sources, targets, strict=True)
    ]
    aligned = align_examples(examples, get_aligner("levenshtein"), hypotheses=True)
    typed = type_from_conllu(aligned, source_path, target_path)
    labels = [e.type for ex in typed for e in ex.hypothesis.edits or ()]
    assert labels[:4] == ["R:ADJ:INFL", "R:NOUN:INFL", "R:MORPH", "R:ORTH:CASING"]
    assert all(labels) and len(labels) == sum(len(ex.hypothesis.edits or ()) for ex in aligned)
    short = tmp_path / "short.conllu"
    short.write_text("".join(format_conllu(s) for s in sources[:-1]), encoding="utf-8")
    with pytest.raises(InputError, match=r"short\.conllu: 32 CoNLL-U sentences for 33 examples"):
        type_from_conllu(aligned, short, target_path)
    with pytest.raises(InputError, match=r"handmade_source\.conllu: CoNLL-U sentence 1 does not match"):
        type_from_conllu(aligned[1:] + aligned[:1], source_path, target_path)


def test_examples_typed_by_the_offline_tagger() -> None:
    """The offline tagger annotates the examples' own tokens and signs the types with its version."""
    pytest.importorskip("cs_core_news_sm")
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.cs.annotated import type_with_tagger
    from gecscope.types import Target

    example = Example(
        tuple(["Viděl", "jsem", "velký", "psa", "."]), Target(tuple(["Viděl", "jsem", "velkého", "psa", "."])), ()
    )
    (typed,) = type_with_tagger(align_examples([example], get_aligner("levenshtein")))
    assert [(e.start, e.end, e.type) for e in typed.hypothesis.edits or ()] == [(2, 3, "R:ADJ:INFL")]
