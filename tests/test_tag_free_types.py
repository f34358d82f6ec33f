"""Error types in the tag-free languages (issue 32): the language unit's ``surface`` classifier types
every edit of a run that reads types (``score --cat``, ``compare --cat``, the report's heat map,
``explain --cat``), is named in the signature (``types:``), and changes nothing else."""

from __future__ import annotations

import importlib.util
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gecscope
from conftest import examples
from gecscope.align.edit_types import classifier_of, signature_of
from gecscope.align.languages import load_language
from gecscope.cli import main

HAS_SIMPLEMMA = importlib.util.find_spec("simplemma") is not None

#: German, the gold labels deliberately all R:OTHER / M:OTHER: the classifier replaces them
SOURCE = [
    "ich habe den Hund gesehn und er war gross",
    "Der Mann gehen nach Hause",
    "Das ist gut .",
]
REF_M2 = """S ich habe den Hund gesehn und er war gross
A 0 1|||R:OTHER|||Ich|||REQUIRED|||-NONE-|||0
A 4 5|||R:OTHER|||gesehen|||REQUIRED|||-NONE-|||0
A 5 5|||M:OTHER|||,|||REQUIRED|||-NONE-|||0
A 6 8|||R:OTHER|||war er|||REQUIRED|||-NONE-|||0

S Der Mann gehen nach Hause
A 2 3|||R:OTHER|||geht|||REQUIRED|||-NONE-|||0
A 5 5|||M:OTHER|||.|||REQUIRED|||-NONE-|||0

S Das ist gut .
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""
HYP = [
    "Ich habe den Hund gesehn , und war er gross",
    "Der Mann gehen nach Hause .",
    "Das ist sehr gut .",
]


@pytest.fixture
def german(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "src.txt").write_text("\n".join(SOURCE) + "\n", encoding="utf-8")
    (tmp_path / "ref.m2").write_text(REF_M2, encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("\n".join(HYP) + "\n", encoding="utf-8")
    return {k: str(tmp_path / f) for k, f in (("source", "src.txt"), ("ref_m2", "ref.m2"), ("hyp", "hyp.txt"))}


def cli_json(argv: list[str], capsys: pytest.CaptureFixture[str]) -> list[dict[str, object]]:
    assert main([*argv, "--format", "json", "--quiet"]) == 0
    doc = json.loads(capsys.readouterr().out)
    return doc if isinstance(doc, list) else [doc]  # one score: one object


def test_every_tag_free_language_declares_the_surface_classifier() -> None:
    """Czech, German, Russian and Estonian declare their ports' types (they read annotations;
    Estonian's: EstGEC's categories); without them, their surface types."""
    for code in ("cs", "de", "el", "et", "is", "it", "lv", "ru", "sl", "sv", "uk", "und"):
        language = load_language(code)
        ported = {"cs": "errant-czech", "de": "boyd-german", "ru": "ru-errant", "et": "estgec"}
        assert language.classifier == ported.get(code, "surface"), code
        classifier = classifier_of(language)
        assert classifier is not None and classifier.lang == code
        assert signature_of(language).startswith(f"surface:1+lang:{code}+lemmas:")
    assert classifier_of(load_language("en")) is None and classifier_of(load_language("zh")) is None
    assert signature_of(load_language("en")) == ""


def test_score_cat_cli_types_the_m2_references_and_the_text_hypothesis(
    german: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["score", "--lang", "de", "--source", german["source"], "--ref-m2", german["ref_m2"], "--hyp", german["hyp"]]
    typed = cli_json([*base, "--metric", "cleme2", "errant", "m2", "--cat", "2"], capsys)
    plain = cli_json([*base, "--metric", "cleme2", "errant", "m2"], capsys)
    want = signature_of(load_language("de"))
    for with_types, without in zip(typed, plain, strict=True):
        assert with_types["score"] == without["score"]  # types change no overall number
        assert with_types["counts"] == without["counts"]
        assert f"|types:{want}|" in str(with_types["signature"])
        assert "types:" not in str(without["signature"])  # only where types are read
    cleme2, errant, m2 = (t["details"] for t in typed)  # type: ignore[index]
    for details in (cleme2, errant, m2):
        names = set(details["types"] if "types" in details else details["categories"])  # type: ignore[operator]
        assert {"ORTH", "SPELL", "PUNCT", "WO"} <= names, names
    # the ERRANT rows: the gold M2's R:OTHER labels were replaced by the classifier's
    cats = errant["categories"]  # type: ignore[index]
    assert cats["WO"]["tp"] == 1 and cats["PUNCT"]["tp"] == 2 and cats["ORTH"]["tp"] == 1
    assert cats["SPELL"]["fn"] == 1
    if HAS_SIMPLEMMA:
        assert cats["MORPH"]["fn"] == 1  # gehen -> geht: one lemma


def test_english_signatures_keep_their_form(capsys: pytest.CaptureFixture[str]) -> None:
    [s] = cli_json(["score", "--example", "--metric", "cleme2", "--cat", "3"], capsys)
    assert "types:" not in str(s["signature"])


def test_score_cat_python_api_names_the_classifier(german: dict[str, str]) -> None:
    examples = gecscope.load(source=german["source"], hypothesis=german["hyp"], ref_m2=german["ref_m2"], lang="de")
    score = gecscope.score("cleme2", examples, cat=3)
    assert f"|types:{signature_of(load_language('de'))}|" in score.signature
    assert {"R:ORTH", "R:WO", "M:PUNCT"} <= set(score.details["types"])
    plain = gecscope.score("cleme2", examples)
    assert plain.value == score.value and "types:" not in plain.signature
    ukr = gecscope.score(
        "errant",
        sources=["я тебе люблю ."],
        hypotheses=["я люблю тебе ."],
        references=[["я люблю тебе ."]],
        lang="uk",
        cat=3,
    )
    assert ukr.details["categories"]["R:WO"]["tp"] == 1
    assert "|types:surface:1+lang:uk+" in ukr.signature


def test_compare_cat_tests_each_type_with_holm_and_bh(
    german: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "other.txt"
    other.write_text(
        "Ich habe den Hund gesehen , und er war gross\nDer Mann geht nach Hause .\nDas ist gut .\n", encoding="utf-8"
    )
    argv = ["compare", "--lang", "de", "--source", german["source"], "--ref-m2", german["ref_m2"]]
    argv += ["--hyp", german["hyp"], str(other), "--metric", "cleme2", "--cat", "2", "--bootstrap", "50"]
    argv += ["--trials", "50", "--min-support", "0", "--format", "json", "--quiet"]
    for correction in ("holm", "bh"):
        assert main([*argv, "--correction", correction]) == 0
        doc = json.loads(capsys.readouterr().out)
        rows = [r for r in doc if r.get("type")]
        assert {"ORTH", "WO", "PUNCT"} <= {r["type"] for r in rows}
        assert all("|types:surface:1+lang:de+" in r["signature"] for r in rows)
        tested = [r for r in rows if r["system"] == "other" and r.get("p_ar") is not None]
        assert tested and all(r["p_ar_adj"] is not None and r["family"] == "types" for r in tested)
        assert f"corr:{correction}" in tested[0]["signature"]


def test_explain_cat_shows_the_classifiers_types(german: dict[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "explain",
        "--lang",
        "de",
        "--source",
        german["source"],
        "--ref-m2",
        german["ref_m2"],
        "--hyp",
        german["hyp"],
    ]
    assert main([*argv, "--line", "1", "--cat", "2"]) == 0
    out = capsys.readouterr().out
    assert "types (hyp; refs)" in out and "ORTH; ORTH" in out and "WO; WO" in out
    assert out.rstrip().splitlines()[-1] == f"types: {signature_of(load_language('de'))}"
    assert main([*argv, "--line", "1"]) == 0
    assert "types" not in capsys.readouterr().out  # without --cat: the table as before
    assert main([*argv, "--line", "1", "--cat", "3", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["types_signature"] == signature_of(load_language("de"))
    assert ["R:WO"] in [c["types"][0] for c in doc["chunks"]]


def test_bad_reference_m2_is_one_line_with_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "src.txt").write_text("Das ist gut\n", encoding="utf-8")
    (tmp_path / "hyp.txt").write_text("Das ist gut .\n", encoding="utf-8")
    (tmp_path / "ref.m2").write_text("S Das ist gut\nA 3 9|||M:PUNCT|||.|||REQUIRED|||-NONE-|||0\n", encoding="utf-8")
    argv = ["score", "--lang", "cs", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "hyp.txt")]
    assert main([*argv, "--ref-m2", str(tmp_path / "ref.m2"), "--cat", "3", "--quiet"]) != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "ref.m2:2" in err and "Traceback" not in err


WORDS = ["ja", "jsem", "byl", "doma", "dům", "domu", "velký", "velká", ",", ".", "Praha", "praha", "nevím", "nevim"]


@settings(max_examples=examples(40), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(["cs", "de", "et", "uk"]), st.sampled_from([1, 2, 3]))
def test_per_type_counts_add_up_to_the_corpus_counts(seed: int, lang: str, cat: int) -> None:
    """CLEME2.0's, CLEME's, ERRANT's and M2's per-type rows sum to their corpus counts for random
    tag-free inputs (random edits of random sentences, two references)."""
    rng = random.Random(seed)

    def mutate(tokens: list[str]) -> list[str]:
        out = list(tokens)
        for _ in range(rng.randint(0, 3)):
            op = rng.choice("rdis")
            i = rng.randrange(len(out)) if out else 0
            if op == "r" and out:
                out[i] = rng.choice(WORDS)
            elif op == "d" and len(out) > 1:
                del out[i]
            elif op == "i":
                out.insert(i, rng.choice(WORDS))
            elif op == "s" and len(out) > 1:
                j = min(i + 1, len(out) - 1)
                out[i], out[j] = out[j], out[i]
        return out

    sources = [[rng.choice(WORDS) for _ in range(rng.randint(2, 7))] for _ in range(rng.randint(1, 6))]
    hyps = [" ".join(mutate(s)) for s in sources]
    refs = [[" ".join(mutate(s)) for s in sources] for _ in range(2)]
    texts = [" ".join(s) for s in sources]
    for name in ("cleme2", "cleme", "errant", "m2"):
        s = gecscope.score(
            name, sources=texts, hypotheses=hyps, references=refs, references_by="annotator", lang=lang, cat=cat
        )
        rows = s.details["types"] if "types" in s.details else s.details["categories"]
        d = s.details
        keys = ("tp", "fp_ne", "fp_un", "fn") if name == "cleme2" else ("tp", "fp", "fn")
        for k in keys:
            assert sum(r[k] for r in rows.values()) == pytest.approx(d[k], abs=1e-9), (name, k)


def test_every_door_signs_the_types_alike(
    german: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """gecscope.score, pipeline.score_files, gecscope score / compare / report: one per-type table
    and one signature, the classifier's ``types:`` field in it."""
    import re

    from gecscope import pipeline

    files = {"source": german["source"], "ref_m2": german["ref_m2"]}
    api_score = gecscope.score("cleme2", gecscope.load(**files, hypothesis=german["hyp"], lang="de"), cat=2)
    want, types = api_score.signature, api_score.details["types"]
    assert "|types:surface:1+lang:de+" in want
    [streamed] = pipeline.score_files(
        [gecscope.get_metric("cleme2", cat=2)], **files, hypotheses=[german["hyp"]], lang="de"
    )
    assert (streamed.signature, streamed.details["types"]) == (want, types)
    argv = ["--lang", "de", "--source", german["source"], "--ref-m2", german["ref_m2"], "--hyp", german["hyp"]]
    [cli] = cli_json(["score", *argv, "--metric", "cleme2", "--cat", "2"], capsys)
    assert cli["signature"] == want and cli["details"]["types"] == types  # type: ignore[index]
    flags = ["--metric", "cleme2", "--cat", "2", "--bootstrap", "2", "--trials", "2", "--format", "json", "--quiet"]
    assert main(["compare", *argv, *flags]) == 0
    rows = [r for r in json.loads(capsys.readouterr().out) if r.get("type")]
    assert rows and {re.sub(r"\|sigtest:.*?(?=\|version:)", "", r["signature"]) for r in rows} == {want}
    page = tmp_path / "report.md"
    assert main(["report", *argv, "--cat", "2", "--format", "md", "-o", str(page), "--quiet"]) == 0
    assert f"- per type: `{want}` with cat 2" in page.read_text(encoding="utf-8")


def test_a_shared_chunk_count_is_explained_in_the_legend(capsys: pytest.CaptureFixture[str]) -> None:
    """Per-type counts of 1/k (a chunk with k types) are said in the table's legend, only then."""
    from gecscope.cli import main

    assert main(["score", "--metric", "cleme2", "--cat", "2", "--example"]) == 0
    with_types = capsys.readouterr().out
    assert main(["score", "--metric", "cleme2", "--example"]) == 0
    without = capsys.readouterr().out
    assert "a chunk with k types counts 1/k for each" in with_types
    assert "1/k" not in without
