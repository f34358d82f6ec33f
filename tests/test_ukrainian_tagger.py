"""The Ukrainian offline tagger (``uk-tagger`` extra: pymorphy3 with pymorphy3-dicts-uk):
``--tagger pymorphy3 --lang uk`` gives the UD-POS error types, signed with the tagger."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gecscope.cli import main
from gecscope.errors import MissingExtraError

pytest.importorskip("pymorphy3")
pytest.importorskip("pymorphy3_dicts_uk")


def test_tag_sentence() -> None:
    from gecscope.align.uk.tagger import tag_sentence

    words = tag_sentence(("Я", "пішов", "додому", "."))
    assert [w.upos for w in words] == ["PRON", "VERB", "ADV", "PUNCT"]
    assert words[1].lemma == "піти" and "Tense=Past" in words[1].feats and words[1].deprel == "root"
    book = tag_sentence(("книгу",))[0]
    assert (book.lemma, book.upos) == ("книга", "NOUN") and "Case=Acc" in book.feats
    assert tag_sentence(("мій", "будинок"))[0].upos == "DET"


def test_ukrainian_types_with_the_tagger(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("Я пішов додому .\nВін маю книга .\n", encoding="utf-8")
    hyp.write_text("Я пішла додому .\nВін має книгу .\n", encoding="utf-8")
    ref = tmp_path / "r.txt"
    ref.write_text(hyp.read_text(encoding="utf-8"), encoding="utf-8")
    argv = ["score", "--lang", "uk", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--metric", "cleme2"]
    assert main([*argv, "--cat", "2", "--tagger", "pymorphy3", "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    out = out[0] if isinstance(out, list) else out
    assert {"VERB:INFL", "NOUN:INFL"} <= set(out["details"]["types"]), out["details"]["types"]
    assert "+tags:pymorphy3-" in out["signature"] and "+dicts-uk-" in out["signature"]
    assert main([*argv, "--cat", "2", "--format", "json", "-q"]) == 0  # tag-free without the tagger
    plain = json.loads(capsys.readouterr().out)
    plain = plain[0] if isinstance(plain, list) else plain
    assert "tags:" not in plain["signature"] and not {"VERB:INFL", "NOUN:INFL"} & set(plain["details"]["types"])


def test_missing_dictionary_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib import metadata

    from gecscope.align.annotation import tagger_of

    real = metadata.version

    def version(name: str) -> str:
        if name == "pymorphy3-dicts-uk":
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "version", version)
    with pytest.raises(MissingExtraError, match="uk-tagger"):
        tagger_of("pymorphy3", "uk")
    assert type(tagger_of("pymorphy3", "ru")).__name__ == "RussianTagger"  # the Russian one, as before
