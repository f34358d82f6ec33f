"""Estonian error types in EstGEC's own categories (issue 39): the UD-POS classifier's labels on
words tagged by EstNLTK's Vabamorf (or CoNLL-U) mapped to NOM:FORM, VERB:FORM, LEX, SPELL, WO,
PUNCT, CASE, WS (:mod:`gecscope.align.et.estgec_types`); the gold's own inventory, so a system's
edits are named as the gold names its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gecscope.align.et.estgec_types import CATEGORIES, EstgecTypes, estgec_label, orthography, reordered
from gecscope.cli import main
from gecscope.types import Word

BODIES = ["PUNCT", "WO", "SPELL", "ORTH", "MORPH", "OTHER", "DIACR", "QUOTATION", "NOUN", "VERB", "ADV"]
BODIES += [f"{pos}:INFL" for pos in ("NOUN", "PROPN", "ADJ", "PRON", "NUM", "DET", "VERB", "AUX", "ADV", "ADP")]


@pytest.mark.parametrize(
    ("label", "source", "target", "want"),
    [
        ("R:NOUN:INFL", ["maja"], ["maju"], "R:NOM:FORM"),
        ("R:ADJ:INFL", ["kallis"], ["kallid"], "R:NOM:FORM"),
        ("R:PRON:INFL", ["mina"], ["mul"], "R:NOM:FORM"),
        ("R:VERB:INFL", ["tegeleb"], ["tegeles"], "R:VERB:FORM"),
        ("R:AUX:INFL", ["on"], ["oli"], "R:VERB:FORM"),
        ("R:ADV:INFL", ["kaugel"], ["kaugele"], "R:LEX"),
        ("R:MORPH", ["ilusasti"], ["ilus"], "R:LEX"),
        ("R:VERB", ["tegi"], ["läks"], "R:LEX"),
        ("R:OTHER", ["läbi", "interneti"], ["interneti", "kaudu"], "R:LEX"),
        ("M:NOUN", [], ["maja"], "M:LEX"),
        ("U:ADV", ["väga"], [], "U:LEX"),
        ("M:PUNCT", [], [","], "M:PUNCT"),
        ("R:SPELL", ["soobib"], ["sobib"], "R:SPELL"),
        ("R:DIACR", ["laksin"], ["läksin"], "R:SPELL"),
        ("R:WO", ["üldse", "polnud"], ["polnud", "üldse"], "R:WO"),
        ("R:ORTH", ["Juuli"], ["juuli"], "R:CASE"),
        ("R:ORTH", ["igalpool"], ["igal", "pool"], "R:WS"),
        ("R:ORTH", ["Kontserdi", "majas"], ["kontserdimajas"], "R:WS:CASE"),
        ("R:ORTH", ["Võibolla"], ["Võib-olla"], "R:SPELL"),
        ("R:ORTH", ["Kaval-Ants"], ["Kaval", "Ants"], "R:WS:SPELL"),
        ("UNK", [], [], "UNK"),
    ],
)
def test_labels_in_estgec_categories(label: str, source: list[str], target: list[str], want: str) -> None:
    """The README's examples of each category (EstGEC-L2-Corpus, table 1), one by one."""
    assert estgec_label(label, source, target) == want


@given(st.sampled_from(["R", "M", "U"]), st.sampled_from(BODIES))
def test_every_label_lands_in_the_inventory(op: str, body: str) -> None:
    """The operation is kept and the category is one of EstGEC's (or a combination of its ORTH parts)."""
    got = estgec_label(f"{op}:{body}", ["Ab-c"], ["abc"] if body == "ORTH" else ["x"])
    head, _, category = got.partition(":")
    assert head == op and (category in CATEGORIES or set(category.split(":")) <= {"WS", "SPELL", "CASE"})


def test_orthography_parts() -> None:
    assert orthography(["a", "b"], ["A", "b"]) == "CASE"
    assert orthography(["ab"], ["a-B"]) == "SPELL:CASE"


def test_word_order_with_corrections_inside() -> None:
    """EstGEC's ``R:WO`` holds the corrections inside it (README: ``olnud kassi mitte kunagi`` →
    ``ole mitte kunagi kassi olnud``): the same lemmas in another order are WO, not LEX."""
    types = EstgecTypes(tags="test", lexicon="none")
    src = [Word("olnud", "olema", "VERB"), Word("kassi", "kass", "NOUN"), Word("mitte", "mitte", "ADV")]
    src.append(Word("kunagi", "kunagi", "ADV"))
    tgt = [Word("ole", "olema", "AUX"), Word("mitte", "mitte", "ADV"), Word("kunagi", "kunagi", "ADV")]
    tgt += [Word("kassi", "kass", "NOUN"), Word("olnud", "olema", "VERB")]
    assert types.classify(src, tgt) == "R:WO"
    assert not reordered(src[:1], tgt[:1])
    assert types.classify([Word("maja", "maja", "NOUN")], [Word("maju", "maja", "NOUN")]) == "R:NOM:FORM"
    assert types.signature.startswith("estgec:1,upos:1,tags:test,")


def test_the_tagger_gives_estgec_categories(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--lang et --tagger estnltk --cat 3``: the rows are EstGEC's categories (the README's
    examples), signed ``types:estgec:1+upos:1+tags:estnltk-...``; without the tagger, the tag-free
    types."""
    pytest.importorskip("estnltk")
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("Ma lähen koju .\nMa nägin ilusat maja .\nMul ei olnud kassi mitte kunagi .\n", encoding="utf-8")
    hyp.write_text(
        "Ma läksin koju .\nMa nägin ilusat maju .\nMul ei ole mitte kunagi kassi olnud .\n", encoding="utf-8"
    )
    argv = ["score", "--lang", "et", "--source", str(src), "--hyp", str(hyp), "--ref", str(hyp), "--metric", "errant"]
    assert main([*argv, "--cat", "3", "--tagger", "estnltk", "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    types = set((out[0] if isinstance(out, list) else out)["details"]["categories"])
    assert {"R:VERB:FORM", "R:NOM:FORM", "R:WO"} <= types, types
    signature = (out[0] if isinstance(out, list) else out)["signature"]
    assert "|types:estgec:1+upos:1+tags:estnltk-" in signature
    assert main([*argv, "--cat", "3", "--format", "json", "-q"]) == 0
    plain = json.loads(capsys.readouterr().out)
    plain = plain[0] if isinstance(plain, list) else plain
    assert "estgec:" not in plain["signature"] and not {"R:VERB:FORM", "R:NOM:FORM"} & set(
        plain["details"]["categories"]
    )
