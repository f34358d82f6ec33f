"""A language is a unit (issue 30, part 2): one declared ``Language`` per code, in its own folder
``align/<code>/unit.py`` plus one registry line; ``lang=`` from every door gives one signature."""

from __future__ import annotations

import json
from importlib import metadata
from pathlib import Path
from typing import Any

import pytest

import gecscope
from gecscope import pipeline
from gecscope.align import get_aligner, languages
from gecscope.align.language import TAG_FREE, Language
from gecscope.align.languages import LANGUAGES, aligner_known, load_language
from gecscope.cli import main
from gecscope.errors import InputError, SettingError
from gecscope.metrics import METRICS

ALIGN = Path(languages.__file__).parent
#: the MultiGEC-2025 languages beyond English and Chinese, with a tiny pair each:
#: (source, hypothesis, reference), written without spaces before punctuation (raw text)
MULTIGEC = {
    "cs": ("To je můj dům.", "To je můj dům.", "To je můj dům."),
    "de": ("Das ist ein Hause.", "Das ist ein Haus.", "Das ist ein Haus."),
    "el": ("Αυτό είναι το σπίτι μου.", "Αυτό είναι το σπίτι μου.", "Αυτό είναι το σπίτι μου."),
    "et": ("See on minu maja.", "See on minu maja.", "See on minu maja."),
    "is": ("Þetta er húsið mitt.", "Þetta er húsið mitt.", "Þetta er húsið mitt."),
    "it": ("Questa è la mia casa.", "Questa è la mia casa.", "Questa è la mia casa."),
    "lv": ("Šī ir mana māja.", "Šī ir mana māja.", "Šī ir mana māja."),
    "ru": ("Это мой дому.", "Это мой дом.", "Это мой дом."),
    "sl": ("To je moja hiša.", "To je moja hiša.", "To je moja hiša."),
    "sv": ("Det här är mitt hus.", "Det här är mitt hus.", "Det här är mitt hus."),
    "uk": ("Це мій будинок.", "Це мій будинок.", "Це мій будинок."),
}
#: edits of these languages: tag-free ERRANT, Levenshtein standing in until it is built (Icelandic: Levenshtein)
TAG_FREE_NOW = TAG_FREE if aligner_known(TAG_FREE) else "levenshtein"


# --- the registry -------------------------------------------------------------------------------


def test_each_language_is_one_folder_and_one_registry_line() -> None:
    folders = {p.parent.name for p in ALIGN.glob("*/unit.py")}
    assert {module.split(".")[2] for module in LANGUAGES.values()} == folders
    for code, module in LANGUAGES.items():
        assert module == f"gecscope.align.{code if code != 'is' else 'is_'}.unit"
        language = load_language(code)
        assert language.code == code and language.tokenizers and language.aligners
    assert set(MULTIGEC) <= set(LANGUAGES)


def test_every_declared_component_resolves_and_declaring_imports_none() -> None:
    """A unit's components (issue 38) are declarations: each names a real object of its own
    folder (the port over annotated words, the tag table, each tagger's factory), and reading
    every unit imports none of them, nor spaCy, a tagger or a lexicon."""
    import subprocess
    import sys

    from gecscope.align.components import resolve

    for code in LANGUAGES:
        language = load_language(code)
        declared = language.error_types
        assert declared is not None, code
        if declared.port is not None:
            assert declared.port.startswith(f"gecscope.align.{code}."), code
            assert hasattr(resolve(declared.port), "type_edits"), code
            assert declared.tags.tags(), code
        for tagger in language.taggers:
            assert tagger.factory.startswith(f"gecscope.align.{code}.") and callable(resolve(tagger.factory))
            assert tagger.extra and tagger.packages
    code = (
        "import sys\n"
        "from gecscope.align.languages import LANGUAGES, load_language\n"
        "[load_language(c) for c in LANGUAGES]\n"
        "heavy = ('spacy', 'HanTa', 'pymorphy3', 'natasha', 'simplemma', 'numba', 'gecscope.align.types')\n"
        "print(sorted(m for m in sys.modules if m.startswith(heavy) or m.endswith(('.classifier', '.tagger'))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_a_language_with_its_own_error_types_is_its_unit_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding a language with its own error types and tagger is its declaration (here registered
    in Python, as a folder's unit is by its registry line): its port types annotated edits, its
    tag set checks CoNLL-U, its tagger is ``--tagger``'s; no table outside it is touched."""
    from gecscope.align import annotation
    from gecscope.align.components import ErrorTypes, TaggerSpec, TagSet
    from gecscope.align.edit_types import classifier_of, signature_of, type_examples
    from gecscope.align.language import tag_free
    from gecscope.types import Edit, Example, Target

    tags = TagSet("demo-tags", "upos", "a demo tag", known=f"{__name__}:DEMO_TAGS")
    port = ErrorTypes("demo-types", port=f"{__name__}:DemoTypes", tags=tags)
    tagger = TaggerSpec("demo-tagger", f"{__name__}:DemoTagger", "lemmas", ("pytest",), "a demo tagger")
    language = tag_free("xq", "Demo", error_types=port, taggers=(tagger,))
    monkeypatch.setitem(languages._REGISTERED, "xq", language)
    example = Example(("a", "b"), Target(("a", "c"), (Edit(1, 2, ("c",)),)), ())
    (tagged,) = annotation.annotate_tagger([example], "demo-tagger", "xq")
    assert tagged.annotation == "demo-tagger-1"
    classifier = classifier_of(language, tagged.annotation)
    assert isinstance(classifier, DemoTypes) and signature_of(language, "demo-tagger-1") == "demo:demo-tagger-1"
    (typed,) = type_examples([tagged], classifier)
    assert [e.type for e in typed.hypothesis.edits or ()] == ["R:DEMO"]
    assert annotation.tags_of("xq") is tags and annotation.tags_of("cs").name == "upos"
    assert annotation.tags_of("de").name == "stts"
    assert "demo-tagger" in annotation.tagger_names()
    with pytest.raises(SettingError, match="tagger demo-tagger tags --lang xq, not de"):
        annotation.tagger_of("demo-tagger", "de")
    with pytest.raises(SettingError, match="tagger hanta tags --lang de, not xq"):
        annotation.tagger_of("hanta", "xq")


#: the demo language's tags, port and tagger (named by ``module:attr`` in its declaration)
DEMO_TAGS = frozenset({"X"})


class DemoTypes:
    def __init__(self, tags: str) -> None:
        self.signature = f"demo:{tags}"

    def type_edits(self, source: Any, target: Any, edits: Any) -> tuple[Any, ...]:
        from dataclasses import replace

        return tuple(replace(e, type="R:DEMO") for e in edits)


class DemoTagger:
    name = "demo-tagger-1"

    def tag(self, sentences: Any) -> list[Any]:
        from gecscope.types import Word

        return [tuple(Word(form=t, upos="X") for t in tokens) for tokens in sentences]


def test_unknown_code_one_line_with_did_you_mean(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SettingError, match=r"unknown lang 'deu' \(did you mean de\?\)"):
        load_language("deu")
    with pytest.raises(SettingError) as err:
        load_language("klingon")
    assert "did you mean" not in str(err.value) and "und" in str(err.value)
    assert main(["score", "--metric", "errant", "--example", "--lang", "zhh"]) == 2
    out = capsys.readouterr().err.strip().splitlines()[-1]
    assert out.startswith("gecscope: error: unknown --lang 'zhh' (did you mean zh?); known: ")


class _FakeEntryPoints:
    """``importlib.metadata.entry_points`` with one extra entry point."""

    def __init__(self, real: Any, extra: metadata.EntryPoint) -> None:
        self.real, self.extra = real, extra

    def __call__(self, **kw: Any) -> Any:
        found = list(self.real(**kw))
        return [*found, self.extra] if kw.get("group") == self.extra.group else found


def test_entry_point_language_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "gecscope_xq_plugin.py").write_text(
        "from gecscope.align.language import Language\n"
        "LANGUAGE = Language('xq', 'Test', tokenizers=('none', 'char'), signature={'lang': 'xq'})\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    ep = metadata.EntryPoint("xq", "gecscope_xq_plugin:LANGUAGE", languages.LANGUAGE_GROUP)
    monkeypatch.setattr(metadata, "entry_points", _FakeEntryPoints(metadata.entry_points, ep))
    assert "xq" in languages.language_codes()
    assert load_language("xq").name == "Test"
    s = gecscope.score("errant", sources=["a b c"], hypotheses=["a x c"], references=[["a x c"]], lang="xq")
    assert s.value == 1.0 and "|lang:xq|tok:whitespace|edits:hyp=levenshtein,ref=levenshtein|" in s.signature
    with pytest.raises(ValueError, match="spacy-blank is not for --lang xq"):
        gecscope.score("errant", sources=["a"], hypotheses=["a"], references=[["a"]], lang="xq", tokenize="spacy-blank")


def test_aligners_entry_point_group_still_names_a_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The old plug-in point: an aligner entry point named by a code is that language's aligner."""
    ep = metadata.EntryPoint("xr", "gecscope.align.levenshtein:LevenshteinAligner", languages.ENTRY_POINT_GROUP)
    monkeypatch.setattr(metadata, "entry_points", _FakeEntryPoints(metadata.entry_points, ep))
    assert load_language("xr").aligner(None, aligner_known) == "xr"
    assert get_aligner("xr").name == "levenshtein"


def test_aligner_allowed_refused_and_icelandic() -> None:
    de, ice = load_language("de"), load_language("is")
    assert de.aligner(None, aligner_known) == TAG_FREE_NOW
    with pytest.raises(InputError, match="--aligner errant is not for --lang de"):
        de.aligner("errant", aligner_known)
    with pytest.raises(InputError, match="MultiGEC-2025 scores Icelandic with ERRANT on UDPipe 2 tags") as err:
        ice.aligner(TAG_FREE, aligner_known)
    assert "\n" not in str(err.value)
    assert ice.aligner(None, aligner_known) == "levenshtein"
    assert load_language("zh").aligner(None, aligner_known) == "cherrant"


# --- every new language end to end --------------------------------------------------------------


@pytest.mark.parametrize("code", sorted(MULTIGEC))
def test_each_multigec_language_scores_a_pair(code: str) -> None:
    pytest.importorskip("spacy")
    source, hypothesis, reference = MULTIGEC[code]
    s = gecscope.score(
        "errant", sources=[source], hypotheses=[hypothesis], references=[[reference]], lang=code, tokenize="spacy-blank"
    )
    edits = "levenshtein" if code == "is" else TAG_FREE_NOW
    assert f"|lang:{code}|tok:spacy-blank|edits:hyp={edits}" in s.signature
    assert s.value == 1.0  # the hypothesis is the reference
    # the rule-based tokenizer split the final full stop off (whitespace tokens do not)
    assert gecscope.Examples.from_lists([source], [hypothesis], lang=code, tokenize="spacy-blank")[0].source[-1] == "."
    wrong = gecscope.score("errant", sources=[source], hypotheses=[source + " x"], references=[[reference]], lang=code)
    assert "|tok:whitespace|" in wrong.signature and f"|lang:{code}|" in wrong.signature


def test_english_signature_unchanged_and_chinese_signs_its_language() -> None:
    en = gecscope.score("errant", sources=["He go ."], hypotheses=["He goes ."], references=[["He goes ."]])
    assert "lang:" not in en.signature and en.value == 1.0
    pytest.importorskip("opencc")
    zh = gecscope.score("green", sources=["我是学生"], hypotheses=["我是学生"], references=[["我是学生"]], lang="zh")
    assert "|lang:zh|" in zh.signature


# --- lang= from every door ----------------------------------------------------------------------


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    out = {}
    for name, text in {"src": "Das ist ein Hause .\nEr gehen .\n", "hyp": "Das ist ein Haus .\nEr geht .\n"}.items():
        out[name] = tmp_path / f"{name}.txt"
        out[name].write_text(text, encoding="utf-8")
    out["ref"] = tmp_path / "ref.txt"
    out["ref"].write_text("Das ist ein Haus .\nEr ging .\n", encoding="utf-8")
    return out


def test_lang_from_every_door_gives_one_signature(files: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    lines = {k: p.read_text(encoding="utf-8").splitlines() for k, p in files.items()}
    per_annotator = [lines["ref"]]
    got: dict[str, tuple[float, str]] = {}

    def keep(door: str, value: float, signature: str) -> None:
        got[door] = (value, signature)

    s = gecscope.score("errant", sources=lines["src"], hypotheses=lines["hyp"], references=per_annotator, lang="de")
    keep("score(lists)", s.value, s.signature)
    ex = gecscope.Examples.from_lists(lines["src"], lines["hyp"], per_annotator, lang="de")
    s = gecscope.score("errant", ex)
    keep("Examples.from_lists", s.value, s.signature)
    ex = gecscope.Examples.from_text(files["src"], files["hyp"], [files["ref"]], lang="de")
    s = gecscope.score("errant", ex)
    keep("Examples.from_text", s.value, s.signature)
    loaded = gecscope.load(source=files["src"], hypothesis=files["hyp"], references=[files["ref"]], lang="de")
    s = gecscope.score("errant", loaded, lang="de")
    keep("load", s.value, s.signature)
    row = gecscope.compare(["errant"], {"A": ex, "B": ex}, bootstrap=2, trials=2).row("errant", "B")
    keep("compare", row.score, row.signature)
    m = METRICS["errant"].build()
    [s] = pipeline.score_files(
        [m], source=files["src"], hypotheses=[files["hyp"]], references=[files["ref"]], lang="de"
    )
    keep("score_files", s.value, s.signature)
    argv = ["--source", str(files["src"]), "--hyp", str(files["hyp"]), "--ref", str(files["ref"]), "--lang", "de"]
    assert main(["score", "--metric", "errant", *argv, "--format", "json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    keep("cli score", out["score"], out["signature"])
    assert main(["compare", "--metric", "errant", *argv, "--format", "json", "--quiet", "--bootstrap", "2"]) == 0
    [out] = json.loads(capsys.readouterr().out)
    keep("cli compare", out["score"], out["signature"])
    # compare adds its resampling fields (sigtest:...) after the input fields, which are the same
    got = {
        door: (v, sig.split("|sigtest:")[0].removesuffix("|version:" + gecscope.__version__))
        for door, (v, sig) in got.items()
    }
    assert len(set(got.values())) == 1, got
    value, signature = got["score(lists)"]
    assert f"|lang:de|tok:whitespace|edits:hyp={TAG_FREE_NOW}" in signature and 0 < value < 1
    english = gecscope.score(
        "errant", ex.__class__.from_lists(lines["src"], lines["hyp"], per_annotator), aligner=TAG_FREE_NOW
    )
    assert english.value == value and "lang:" not in english.signature  # same number, German still signed


def test_hf_module_takes_lang() -> None:
    from hf_module import compute

    src, hyp, ref = ["Das ist ein Hause ."], ["Das ist ein Haus ."], [["Das ist ein Haus ."]]
    got = compute(sources=src, predictions=hyp, references=ref, metric="errant", lang="de")
    api = gecscope.score("errant", sources=src, hypotheses=hyp, references=ref, references_by="sentence", lang="de")
    assert (got["score"], got["signature"]) == (api.value, api.signature) and "|lang:de|" in api.signature


def test_examples_of_one_language_scored_as_another_are_refused() -> None:
    ex = gecscope.Examples.from_lists(["a b"], ["a c"], [["a c"]], lang="cs")
    assert ex.lang == "cs" and ex[:1].lang == "cs"
    with pytest.raises(SettingError, match="built with lang='cs', not 'de'"):
        gecscope.score("errant", ex, lang="de")


def test_language_is_frozen() -> None:
    language = load_language("cs")
    with pytest.raises(AttributeError):
        language.code = "de"  # type: ignore[misc]
    assert isinstance(language, Language)


def test_built_aligners_are_those_get_aligner_builds() -> None:
    """``BUILT_ALIGNERS`` decides whether a language's default stands in (``errant-notag`` ->
    ``levenshtein``): it must list exactly the declared aligners ``get_aligner`` builds, so an
    aligner added to ``get_aligner`` without it here fails this test."""
    from gecscope.align.language import BUILT_ALIGNERS, BUILTIN_ALIGNERS
    from gecscope.align.settings import AlignSettings

    for name in BUILTIN_ALIGNERS:
        try:
            get_aligner(name, AlignSettings(cache=False))
            built = True
        except ValueError as err:
            built = "unknown aligner" not in str(err)
        except Exception:  # a missing extra or resource: built here, not usable on this machine
            built = True
        assert built == (name in BUILT_ALIGNERS), name


@pytest.mark.parametrize("lang", [0, b"de", ["de"], "deu"])
def test_bad_lang_is_refused_at_every_door(lang: Any, files: dict[str, Path]) -> None:
    lists = {"sources": ["a b ."], "hypotheses": ["a c ."]}
    calls = [
        lambda: gecscope.load(source=files["src"], hypothesis=files["hyp"], references=[files["ref"]], lang=lang),
        lambda: gecscope.score("green", **lists, references=[["a c ."]], lang=lang),
        lambda: gecscope.Examples.from_lists(**lists, lang=lang),
        lambda: gecscope.Examples.from_text(files["src"], files["hyp"], [files["ref"]], lang=lang),
        lambda: pipeline.score_files([METRICS["green"].build()], source=files["src"], hypotheses=[files["hyp"]],
                                     references=[files["ref"]], lang=lang),
        lambda: gecscope.compare("green", {"a": gecscope.Examples.from_lists(**lists)}, lang=lang),
    ]  # fmt: skip
    for call in calls:
        with pytest.raises(InputError, match="lang") as err:
            call()
        assert "\n" not in str(err.value)
