"""The Estonian offline tagger (``et-tagger`` extra: EstNLTK's Vabamorf): ``--tagger estnltk
--lang et`` gives the UD-POS error types in EstGEC's categories, signed with the tagger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gecscope.cli import main

pytest.importorskip("estnltk")


def test_features() -> None:
    from gecscope.align.et.tagger import features

    assert features("S", "sg n") == "Case=Nom|Number=Sing"
    assert features("S", "pl in") == "Case=Ine|Number=Plur"
    assert features("V", "b") == "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin"
    assert features("V", "nud") == "Tense=Past|VerbForm=Part|Voice=Act"
    assert features("C", "sg g") == "Case=Gen|Degree=Cmp|Number=Sing"


def test_tag_sentence() -> None:
    from gecscope.align.et.tagger import tag_sentence

    words = tag_sentence(("Ma", "lähen", "koju", "."))
    assert [w.upos for w in words] == ["PRON", "VERB", "NOUN", "PUNCT"]
    assert (words[1].lemma, words[1].deprel) == ("minema", "root") and "Person=1" in words[1].feats
    assert words[2].feats == "Case=Ill" and words[3].deprel == "punct"
    neg = tag_sentence(("Mul", "ei", "olnud", "kassi"))
    assert neg[1].upos == "AUX" and neg[3].lemma == "kass" and "Case=Par" in neg[3].feats
    assert tag_sentence(()) == ()


def test_estonian_types_with_the_tagger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """POS-based types in EstGEC's categories (here VERB:FORM and NOM:FORM: the UD-POS
    classifier's VERB:INFL and NOUN:INFL) in the Estonian rows, signed with the tagger; without
    it the tag-free types."""
    src, hyp, ref = tmp_path / "s.txt", tmp_path / "h.txt", tmp_path / "r.txt"
    src.write_text("Ma lähen koju .\nMa nägin ilusat maja .\n", encoding="utf-8")
    hyp.write_text("Ma läksin koju .\nMa nägin ilusat maju .\n", encoding="utf-8")
    ref.write_text(hyp.read_text(encoding="utf-8"), encoding="utf-8")
    argv = ["score", "--lang", "et", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--metric", "cleme2"]
    assert main([*argv, "--cat", "2", "--tagger", "estnltk", "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    out = out[0] if isinstance(out, list) else out
    assert {"VERB:FORM", "NOM:FORM"} <= set(out["details"]["types"]), out["details"]["types"]
    assert "|types:estgec:1+upos:1+tags:estnltk-" in out["signature"] and "+vabamorf" in out["signature"]
    assert main([*argv, "--cat", "2", "--tagger", "estnltk", "--lang", "uk"]) == 2
    assert "tagger estnltk tags --lang et, not uk" in capsys.readouterr().err
