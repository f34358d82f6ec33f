"""Boyd's German error types (gecscope.align.de): equal, type for type, to the port's own
classifier on the same annotation.

Goldens (tests/golden/german/, each with the command that made it): ``handmade.json``, Boyd's
classifier on our own sentences (``handmade_*.conllu``: STTS tags, lemmas and TIGER relations);
``nelb_notag.json`` / ``nelb_levenshtein.json``, Boyd's classifier on 4000 pairs built from the NELB German outputs in
../shared by ``tests/german_pairs.py`` (the pairs are rebuilt here with HanTa, only their hashes
and the port's labels are stored). The port (``scripts/cat_rules_de.py`` of adrianeboyd/errant
@ 92a86d07, the submodule of adrianeboyd/boyd-wnut2018) ran from its checkout through
``benchmarks/german_oracle.py`` on the edits of gecscope's ``errant-notag`` / ``levenshtein`` aligners, its word list
(igerman98's Hunspell de_DE) replaced by the same lexicon (simplemma) on both sides.
"""

from __future__ import annotations

import functools
import importlib.util
import json
from pathlib import Path

import pytest

from gecscope.align.de.classifier import COARSE, GermanTypes
from gecscope.align.de.stemmer import stem
from gecscope.align.de.tagger import stts
from gecscope.align.languages import load_language
from gecscope.align.types.oracle import compare_handmade, compare_labels
from gecscope.errors import InputError, SettingError
from gecscope.io.conllu import Word, format_conllu, parse_conllu, read_conllu
from gecscope.types import Edit, Example

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden" / "german"

pytest.importorskip("simplemma")


def labels(golden: dict, sources: list, targets: list) -> tuple[int, int, list]:  # type: ignore[type-arg]
    """(equal, total, the differing edits) of our classifier against the port's labels."""
    return compare_labels(GermanTypes(), golden, sources, targets)


def test_equal_to_boyd_on_handmade_pairs() -> None:
    """python benchmarks/german_oracle.py --port ADRIANEBOYD_ERRANT_CHECKOUT --source
    tests/golden/german/handmade_source.conllu --target tests/golden/german/handmade_target.conllu
    --spans errant-notag --tagger conllu --out tests/golden/german/handmade.json"""
    golden, equal, total, differ = compare_handmade(GermanTypes(), GOLDEN)
    assert differ == []
    assert (equal, total) == (35, 35)
    kinds = {e[4] for _, edits in golden["pairs"] for e in edits}
    assert {"U:CONTR", "R:ADP", "R:PRON", "R:VERB:FORM", "R:MORPH", "R:NOUN:FORM", "R:SPELL", "M:VERB"} <= kinds


@functools.cache
def nelb_pairs(shared: str) -> list:  # type: ignore[type-arg]
    """The 4000 pairs of seed 32."""
    from german_pairs import pairs

    return pairs(Path(shared), seed=32, count=4000)


@pytest.mark.conformance
@pytest.mark.shared
@pytest.mark.parametrize(("golden_file", "edits"), [("nelb_notag.json", 6535), ("nelb_levenshtein.json", 6347)])
def test_equal_to_boyd_on_nelb_pairs(golden_file: str, edits: int) -> None:
    """The 4000 NELB pairs: every label equal to Boyd's on gecscope's tag-free ERRANT edits (6535)
    and on its Levenshtein edits (6347). Commands: ``command`` in each golden file."""
    if importlib.util.find_spec("HanTa") is None:
        pytest.skip("the pairs are rebuilt with the offline tagger: pip install 'gecscope[de-tagger]'")
    from conftest import SHARED

    golden = json.loads((GOLDEN / golden_file).read_text(encoding="utf-8"))
    built = nelb_pairs(str(SHARED))
    equal, total, differ = labels(golden, [s for s, _ in built], [t for _, t in built])
    assert differ == []
    assert (equal, total) == (edits, edits)


def words(*items: str) -> tuple[Word, ...]:
    """Words from ``form/lemma/STTS/deprel`` strings."""
    out = []
    for item in items:
        form, lemma, tag, relation = item.rsplit("/", 3)
        out.append(Word(form, lemma, deprel=relation, xpos=tag))
    return tuple(out)


@pytest.mark.parametrize(
    ("source", "target", "label"),
    [
        ((), (), "UNK"),
        ((), ("und/und/KON/cd",), "M:CONJ"),
        (("'s/es/PPER/sb",), (), "U:CONTR"),
        ((), ("zu/zu/PTKZU/pm", "gehen/gehen/VVINF/oc"), "M:VERB"),
        (("Ein-/Ein-/TRUNC/cj",), (), "U:*"),
        (("zwei/zwei/CARD/nk",), (), "U:OTHER"),
        (("Berlin/Berlin/NE/nk",), ("berlin/berlin/NE/nk",), "R:ORTH"),
        (("Häuser/Haus/NN/sb",), ("Haus/Haus/NN/sb",), "R:NOUN:FORM"),
        (("ging/gehen/VVFIN/oc",), ("gehe/gehen/VVFIN/oc",), "R:VERB:FORM"),
        (("ist/sein/VAFIN/root",), ("sind/sein/VAFIN/root",), "R:AUX:FORM"),
        (("Berlins/Berlin/NE/ag",), ("Berlin/Berlin/NE/nk",), "R:PNOUN"),  # NE is PNOUN: no PNOUN:FORM
        (("Essens/essen/NN/oa",), ("essen/essen/VVINF/oc",), "R:VERB:FORM"),
        (("schnell/schnell/ADJD/pd",), ("Schnelle/schnell/NN/pd",), "R:MORPH"),
        (("ab/ab/PTKVZ/svp",), ("weg/weg/ADV/svp",), "R:ADP"),
        (("zu/zu/PTKZU/ac",), ("an/an/PTKVZ/svp",), "R:ADP"),
        (("Der/der/ART/nk",), ("Er/er/PPER/sb",), "R:PRON"),
        (("ihm/er/PPER/da",), ("dessen/der/PRELAT/ag",), "R:DET"),
        (("die/der/ART/nk",), ("sie/sie/PPER/nk",), "R:OTHER"),
        (("zwei/zwei/CARD/nk",), ("drei/drei/CARD/nk",), "R:OTHER"),
        (("zu/zu/PTKZU/pm", "gehen/gehen/VVINF/oc"), ("gegangen/gehen/VVPP/oc",), "R:VERB:FORM"),
        (("der/der/ART/nk", "die/der/ART/nk"), ("das/der/ART/nk",), "R:DET"),
        ((",/,/$,/punct", "“/“/FM/punct"), ("-/-/$(/punct",), "R:PUNCT"),
        (("a/a/XY/x", "b/b/XY/x"), ("b/b/XY/x", "a/a/XY/x"), "R:WO"),
        (("Das/der/ART/nk", "Haus/Haus/NN/sb"), ("Haus/Haus/NN/sb",), "U:DET"),  # last words equal: left out
        (("das/der/ART/nk", "Haus/Haus/NN/sb"), ("das/der/ART/nk", "Haus/Haus/NN/sb"), "UNK"),
    ],
)
def test_rules(source: tuple[str, ...], target: tuple[str, ...], label: str) -> None:
    assert GermanTypes(lexicon="none").classify(words(*source), words(*target)) == label


def test_lexicon_decides_spelling() -> None:
    source, target = words("Hauss/Hauss/NN/sb"), words("Haus/Haus/NN/sb")
    assert GermanTypes().classify(source, target) == "R:SPELL"
    assert GermanTypes(lexicon="none").classify(source, target) == "R:NOUN"
    far = words("Qwrtzp/Qwrtzp/NN/sb"), words("laufen/laufen/VVINF/sb")
    assert GermanTypes().classify(*far) == "R:OTHER"
    same_lemma = words("Hauses/Haus/NN/sb"), words("Haus/Haus/NN/sb")  # an unknown word of the same lemma: not SPELL
    assert GermanTypes().classify(*same_lemma) == "R:NOUN:FORM"


def test_signature_settings_and_bad_tags() -> None:
    assert GermanTypes(lexicon="none", tags="hanta-1.2.1").signature == "boyd-de:1,lexicon:none,tags:hanta-1.2.1"
    assert GermanTypes().signature.startswith("boyd-de:1,lexicon:simplemma-")
    with pytest.raises(SettingError, match="lexicon must be one of"):
        GermanTypes(lexicon="hunspell")
    assert load_language("de").classifier == "boyd-german"
    with pytest.raises(InputError, match=r"word 'Haus' has no STTS tag Boyd's table knows \('NOUN'\)"):
        GermanTypes(lexicon="none").classify(words("Haus/Haus/NOUN/sb"), ())


def test_type_edits_finds_the_target_words() -> None:
    source = words("Ich/ich/PPER/sb", "habe/haben/VAFIN/root", "gehen/gehen/VVINF/oc", "././$./punct")
    target = words("Ich/ich/PPER/sb", "bin/sein/VAFIN/root", "gegangen/gehen/VVPP/oc")
    edits = [Edit(1, 3, ("bin", "gegangen")), Edit(3, 4, ())]
    typed = GermanTypes(lexicon="none").type_edits(source, target, edits)
    assert [e.type for e in typed] == ["R:OTHER", "U:PUNCT"]


def test_stemmer_and_tags() -> None:
    """The Snowball stemmer (equal to NLTK's GermanStemmer on all 31,411 word forms of the NELB
    outputs); HanTa's tags written as STTS."""
    assert [stem(w) for w in ("Häuser", "Arabisch", "Kenntnisse", "Freundlichkeit", "Sauerei", "ßleute")] == [
        "haus",
        "arab",
        "kenntnis",
        "freundlich",
        "sauerei",
        "ssleut",
    ]
    assert [stts(t) for t in ("VV(FIN)", "ADJ(A)", "NNA", "$(", "NN")] == ["VVFIN", "ADJA", "NN", "$(", "NN"]
    assert set(COARSE) >= {"VVFIN", "ADJA", "NN", "$(", "PROAV", "PIDAT"}


def test_conllu_keeps_the_stts_tag() -> None:
    sentence = words("Hunde/Hund/NN/sb", "bellen/bellen/VVFIN/root")
    (read,) = parse_conllu(format_conllu(sentence).splitlines())
    assert [w.xpos for w in read] == ["NN", "VVFIN"]


def test_examples_typed_from_conllu(tmp_path: Path) -> None:
    """The hypothesis edits of aligned examples get their types from the CoNLL-U of both sides;
    a CoNLL-U file with another sentence count is refused in one line naming it."""
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.de.annotated import type_from_conllu
    from gecscope.types import Target

    source_path, target_path = GOLDEN / "handmade_source.conllu", GOLDEN / "handmade_target.conllu"
    sources, targets = read_conllu(source_path), read_conllu(target_path)
    examples = [
        Example(tuple(w.form for w in s), Target(tuple(w.form for w in t)), ())
        for s, t in zip(sources, targets, strict=True)
    ]
    aligned = align_examples(examples, get_aligner("errant-notag"), hypotheses=True)
    typed = type_from_conllu(aligned, source_path, target_path)
    got = [e.type for ex in typed for e in ex.hypothesis.edits or ()]
    assert got[:3] == ["U:CONTR", "R:ORTH", "R:WO"]
    assert len(got) == 35
    short = tmp_path / "short.conllu"
    short.write_text("".join(format_conllu(s) for s in sources[:-1]), encoding="utf-8")
    with pytest.raises(InputError, match=r"short\.conllu: 31 CoNLL-U sentences for 32 examples"):
        type_from_conllu(aligned, short, target_path)


def test_examples_typed_by_the_offline_tagger() -> None:
    """The offline tagger annotates the examples' own tokens and signs the types with its version."""
    pytest.importorskip("HanTa")
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.de.annotated import type_with_tagger
    from gecscope.types import Target

    example = Example(
        ("Die", "Kinder", "spielt", "im", "Garten", "."), Target(("Die", "Kinder", "spielen", "im", "Garten", ".")), ()
    )
    (typed,) = type_with_tagger(align_examples([example], get_aligner("levenshtein"), hypotheses=True))
    assert [(e.start, e.end, e.type) for e in typed.hypothesis.edits or ()] == [(2, 3, "R:VERB:FORM")]


def test_a_bad_stts_tag_is_one_line_at_the_word(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An XPOS outside Boyd's STTS table (or an STTS tag put in UPOS): the file and the word's
    line, and the column the tag belongs in; the classifier's own error names the column too."""
    from gecscope.cli import main

    german = Path(__file__).resolve().parent / "golden" / "german"
    source, target = german / "handmade_source.conllu", german / "handmade_target.conllu"
    texts = []
    for name, conllu in (("source", source), ("target", target)):
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(" ".join(w.form for w in s) + "\n" for s in read_conllu(conllu)), encoding="utf-8")
        texts.append(path)
    lines = target.read_text(encoding="utf-8").splitlines(keepends=True)
    cells = lines[1].split("\t")
    cells[3], cells[4] = cells[4], "_"  # the STTS tag in the UPOS column
    lines[1] = "\t".join(cells)
    bad = tmp_path / "bad.conllu"
    bad.write_text("".join(lines), encoding="utf-8")
    argv = ["--source", str(texts[0]), "--hyp", str(texts[1]), "--ref", str(texts[0])]
    argv += ["--source-conllu", str(source), "--hyp-conllu", str(bad), "--ref-conllu", str(source)]
    assert main(["score", "--lang", "de", "--cat", "2", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"gecscope: error: {bad}:2: CoNLL-U word {cells[1]!r} has XPOS '_', not an STTS tag Boyd's table knows "
        "(German error types read the STTS tag in XPOS, column 5)"
    )
    with pytest.raises(InputError, match=r"\('NOUN'\): the STTS tag belongs in CoNLL-U column 5 \(XPOS\)$"):
        GermanTypes(lexicon="none").classify(words("Haus/Haus/NOUN/sb"), ())
