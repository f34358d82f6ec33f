"""Annotations from the user (CoNLL-U) or the offline tagger reach the error types of every door:
``score --cat``, ``compare --cat``, ``explain --cat``, the report, ``gecscope.load``/``score``;
the language's annotated classifier (cs: errant_czech's) types the edits, a language without a
port gets the UD-POS classifier, and the annotation is signed where types are read.

The CoNLL-U files are our own hand-made sentences (tests/golden/czech/handmade_*.conllu); the
errant_czech labels they give were checked against the port in tests/test_czech_types.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gecscope
from gecscope.align.types.upos import UposTypes
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io.conllu import read_conllu
from gecscope.types import Edit, Word

GOLDEN = Path(__file__).resolve().parent / "golden" / "czech"
SOURCE, TARGET = GOLDEN / "handmade_source.conllu", GOLDEN / "handmade_target.conllu"

pytest.importorskip("simplemma")


@pytest.fixture
def texts(tmp_path: Path) -> tuple[Path, Path]:
    """The hand-made sentences as tokenised text, source and corrected side."""
    paths = []
    for name, conllu in (("source", SOURCE), ("target", TARGET)):
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(" ".join(w.form for w in s) + "\n" for s in read_conllu(conllu)), encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]


def inputs(texts: tuple[Path, Path], *extra: str) -> list[str]:
    source, target = texts
    return ["--source", str(source), "--hyp", str(target), "--ref", str(source), *extra]


def annotated(texts: tuple[Path, Path]) -> list[str]:
    return inputs(
        texts,
        "--source-conllu",
        str(SOURCE),
        "--hyp-conllu",
        str(TARGET),
        "--ref-conllu",
        str(SOURCE),
    )


def score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    assert main(["score", *argv, "--format", "json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def expected_labels(texts: tuple[Path, Path]) -> set[str]:
    """errant_czech's labels of the hypothesis edits (the same aligner), typed directly."""
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.cs.annotated import type_from_conllu

    examples = gecscope.load(source=texts[0], hypothesis=texts[1], references=[texts[0]], lang="cs")
    aligned = align_examples(list(examples), get_aligner("errant-notag"), hypotheses=True)
    return {e.type for ex in type_from_conllu(aligned, SOURCE, TARGET) for e in ex.hypothesis.edits or ()}


def test_score_cat_gives_errant_czech_types(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """``score --lang cs --cat 3`` with CoNLL-U: the per-type rows are errant_czech's labels of the
    hypothesis edits (every reference is the unchanged source: each edit is over-correction),
    with types the tag-free inventory lacks; the annotation is signed."""
    got = score_json(capsys, "--lang", "cs", "--cat", "3", *annotated(texts))
    types = got["details"]["types"]
    assert set(types) == expected_labels(texts)
    assert {"R:ADJ:INFL", "R:NOUN:INFL", "R:DIACR", "R:QUOTATION"} <= set(types)
    assert sum(row["fp_un"] for row in types.values()) == got["counts"]["fp_un"] == 33
    assert "|types:errant-cs:1+lexicon:simplemma-" in got["signature"]
    assert "+tags:conllu-" in got["signature"]


def test_signatures_name_the_annotation(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """Surface types and errant_czech's types never share a signature; another CoNLL-U (other
    bytes) is another signature; without ``--cat`` the annotation is not signed."""
    surface = score_json(capsys, "--lang", "cs", "--cat", "2", *inputs(texts))["signature"]
    czech = score_json(capsys, "--lang", "cs", "--cat", "2", *annotated(texts))["signature"]
    plain = score_json(capsys, "--lang", "cs", *annotated(texts))["signature"]
    assert "types:surface:1+lang:cs" in surface
    assert czech.replace("errant-cs", "") != czech and czech != surface
    assert plain == score_json(capsys, "--lang", "cs", *inputs(texts))["signature"]
    assert "types:" not in plain
    tags = czech.split("+tags:")[1].split("|")[0]
    assert tags.startswith("conllu-") and len(tags) == len("conllu-") + 12


def test_python_api_equals_the_cli(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """``gecscope.load(..., source_conllu=...)`` then ``score(..., cat=2)``: the CLI's number and signature."""
    examples = gecscope.load(
        source=texts[0],
        hypothesis=texts[1],
        references=[texts[0]],
        lang="cs",
        source_conllu=SOURCE,
        hyp_conllu=TARGET,
        ref_conllu=[SOURCE],
    )
    api = gecscope.score("cleme2", examples, cat=2)
    cli = score_json(capsys, "--lang", "cs", "--cat", "2", *annotated(texts))
    assert (api.value, api.signature) == (cli["score"], cli["signature"])
    assert "R:NOUN:INFL" not in api.details["types"] and "NOUN" in api.details["types"]


def test_explain_compare_and_report_show_the_types(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path
) -> None:
    """``explain --cat 3`` names the errant_czech type of a chunk; ``compare --cat 2`` has its rows;
    the report's heat map has them, signed."""
    assert main(["explain", "--lang", "cs", "--cat", "3", "--line", "3", *annotated(texts)]) == 0
    out = capsys.readouterr().out
    assert "R:NOUN:INFL" in out and "types: errant-cs:1+" in out
    argv = inputs(texts, "--source-conllu", str(SOURCE), "--ref-conllu", str(SOURCE))
    argv[argv.index("--hyp") + 1 : argv.index("--hyp") + 2] = [str(texts[1]), str(texts[0])]
    hyps = ["--hyp-conllu", str(TARGET), str(SOURCE)]
    assert main(["compare", "--lang", "cs", "--cat", "2", "--trials", "50", *argv, *hyps]) == 0
    out = capsys.readouterr().out
    assert " ADJ:INFL " in out and "types:errant-cs:1+" in out
    html = tmp_path / "report.html"
    assert main(["report", "--lang", "cs", *argv, *hyps, "--output", str(html)]) == 0
    page = html.read_text(encoding="utf-8")
    assert "ADJ:INFL" in page and "types:errant-cs:1+" in page and "DIACR" in page


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("columns", r"bad\.conllu:2: CoNLL-U line has 3 tab-separated columns, not 10$"),
        (
            "tokens",
            r"bad\.conllu:11: CoNLL-U sentence 2 does not match the text's tokens \(word 3: 'velkého' vs 'velký'\)$",
        ),
        ("count", r"bad\.conllu: has 32 CoNLL-U sentences for 33 examples$"),
    ],
)
def test_bad_conllu_is_one_line(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path, change: str, message: str
) -> None:
    """A malformed line, a sentence whose words are not the text's tokens, another sentence count:
    one line naming the file (and the line)."""
    text = SOURCE.read_text(encoding="utf-8")
    if change == "columns":
        lines = text.splitlines(keepends=True)
        lines[1] = "1\tViděl\tvidět\n"
        text = "".join(lines)
    elif change == "tokens":
        text = TARGET.read_text(encoding="utf-8")
    else:
        text = text[: text.rindex("# text")]
    bad = tmp_path / "bad.conllu"
    bad.write_text(text, encoding="utf-8")
    assert main(["score", "--lang", "cs", "--cat", "2", *inputs(texts, "--source-conllu", str(bad))]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert pytest.importorskip("re").search(message, err), err


def test_annotations_refused_where_they_cannot_be_read(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]
) -> None:
    """English types its edits with its aligner: annotations with ``--cat`` are refused; a side
    with edits but no annotation is refused rather than typed from another inventory; one
    ``--hyp-conllu`` per system."""
    assert main(["score", "--cat", "2", *inputs(texts, "--source-conllu", str(SOURCE))]) == 2
    assert "--lang en types its edits with its aligner (errant)" in capsys.readouterr().err
    assert main(["score", "--lang", "cs", "--cat", "2", *inputs(texts, "--source-conllu", str(SOURCE))]) == 2
    assert "the hypothesis of sentence" in capsys.readouterr().err
    two = ["--hyp-conllu", str(TARGET), str(TARGET)]
    assert main(["score", "--lang", "cs", "--cat", "2", *inputs(texts, "--source-conllu", str(SOURCE), *two)]) == 2
    assert "--hyp-conllu has 2 files for 1 systems" in capsys.readouterr().err
    with pytest.raises(InputError, match="need the source's"):
        gecscope.load(source=texts[0], hypothesis=texts[1], references=[texts[0]], lang="cs", hyp_conllu=TARGET)


def test_upos_types_for_a_language_without_a_port(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """Latvian declares no annotated port: the same CoNLL-U gives the UD-POS classifier, signed."""
    got = score_json(capsys, "--lang", "lv", "--cat", "3", *annotated(texts))
    assert "|types:upos:1+tags:conllu-" in got["signature"] and "+surface:1+lang:lv+" in got["signature"]
    assert {"R:NOUN:INFL", "R:ADJ:INFL", "R:WO", "R:ORTH", "M:PUNCT", "U:PUNCT"} <= set(got["details"]["types"])
    assert not {"R:DIACR", "R:QUOTATION"} & set(got["details"]["types"])  # errant_czech's own types


def w(form: str, lemma: str = "", upos: str = "") -> Word:
    return Word(form, lemma or form.lower(), upos)


def test_upos_classifier_hand_case() -> None:
    """The UD-POS rules one by one, and edits typed on both annotated sides."""
    t = UposTypes("xx", lemmas="none")
    assert t.classify([], [w("velmi", upos="ADV")]) == "M:ADV"
    assert t.classify([w(",", upos="PUNCT")], []) == "U:PUNCT"
    assert t.classify([w("a", upos="CCONJ"), w("i", upos="CCONJ")], []) == "U:CCONJ"
    assert t.classify([w("a", upos="CCONJ"), w("pes", upos="NOUN")], []) == "U:OTHER"
    assert t.classify([w("psa", "pes", "NOUN")], [w("pes", "pes", "NOUN")]) == "R:NOUN:INFL"
    assert t.classify([w("rychlý", "rychlý", "ADJ")], [w("rychle", "rychlý", "ADV")]) == "R:MORPH"
    assert t.classify([w("zahrádka", "", "NOUN")], [w("zahradka", "", "NOUN")]) == "R:SPELL"
    assert t.classify([w("Praha", upos="PROPN")], [w("praha", upos="PROPN")]) == "R:ORTH"
    assert (
        t.classify([w("pes", upos="NOUN"), w("velký", upos="ADJ")], [w("velký", upos="ADJ"), w("pes", upos="NOUN")])
        == "R:WO"
    )
    assert t.classify([w("pes", upos="NOUN")], [w("kočka", upos="NOUN")]) == "R:NOUN"
    assert t.classify([w("pes", upos="NOUN")], [w("běží", upos="VERB")]) == "R:OTHER"
    assert t.classify([w("x", upos="X")], [w("y", upos="X")]) == "R:OTHER"
    assert t.classify([w("a", upos="CCONJ")], [w("a", upos="CCONJ")]) == "UNK"
    assert t.classify([w("psa", "pes", "NOUN"), w(".")], [w("pes", "pes", "NOUN"), w(".")]) == "R:NOUN:INFL"
    source = (w("Vidím", "vidět", "VERB"), w("psa", "pes", "NOUN"), w("."))
    target = (w("Vidím", "vidět", "VERB"), w("velkého", "velký", "ADJ"), w("psy", "pes", "NOUN"), w("."))
    edits = (Edit(1, 1, ("velkého",)), Edit(1, 2, ("psy",)))
    assert [e.type for e in t.type_edits(source, target, edits)] == ["M:ADJ", "R:NOUN:INFL"]
    assert t.signature.startswith("upos:1,tags:conllu,surface:1,lang:xx,lemmas:none")


def test_the_offline_tagger_reaches_the_cli(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """``--tagger cs-core-news-sm`` annotates every side; the tagger and its version are signed."""
    pytest.importorskip("cs_core_news_sm")
    got = score_json(capsys, "--lang", "cs", "--cat", "2", *inputs(texts, "--tagger", "cs-core-news-sm"))
    assert "+tags:cs-core-news-sm-" in got["signature"] and "ADJ:INFL" in got["details"]["types"]
    assert main(["score", "--lang", "et", "--cat", "2", *inputs(texts, "--tagger", "cs-core-news-sm")]) == 2
    assert "tagger cs-core-news-sm tags --lang cs, not et" in capsys.readouterr().err


def test_the_offline_tagger_from_python() -> None:
    """``gecscope.score(..., tagger=...)`` on sentences: errant_czech's types, the tagger signed."""
    pytest.importorskip("cs_core_news_sm")
    s = gecscope.score(
        "cleme2",
        sources=["Viděl jsem velký psa ."],
        hypotheses=["Viděl jsem velkého psa ."],
        references=[["Viděl jsem velkého psa ."]],
        lang="cs",
        tagger="cs-core-news-sm",
        cat=3,
    )
    assert list(s.details["types"]) == ["R:ADJ:INFL"] and "+tags:cs-core-news-sm-" in s.signature


def test_the_wiring_follows_the_language_unit(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """German declares Boyd's classifier: the same options give its types (STTS in XPOS) with no
    German-specific wiring; the labels are those of its own module on the same edits."""
    from gecscope.align import align_examples, get_aligner
    from gecscope.align.de.annotated import type_from_conllu

    german = GOLDEN.parent / "german"
    source, target = german / "handmade_source.conllu", german / "handmade_target.conllu"
    texts = []
    for name, conllu in (("source", source), ("target", target)):
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(" ".join(w.form for w in s) + "\n" for s in read_conllu(conllu)), encoding="utf-8")
        texts.append(path)
    notes = ["--source-conllu", str(source), "--hyp-conllu", str(target), "--ref-conllu", str(source)]
    got = score_json(capsys, "--lang", "de", "--cat", "3", *inputs((texts[0], texts[1]), *notes))
    assert "|types:boyd-de:1+lexicon:simplemma-" in got["signature"] and "+tags:conllu-" in got["signature"]
    examples = gecscope.load(source=texts[0], hypothesis=texts[1], references=[texts[0]], lang="de")
    aligned = align_examples(list(examples), get_aligner("errant-notag"), hypotheses=True)
    labels = {e.type for ex in type_from_conllu(aligned, source, target) for e in ex.hypothesis.edits or ()}
    assert set(got["details"]["types"]) == labels


def test_convert_writes_the_annotated_types(capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path]) -> None:
    """``convert`` with annotations writes the language's annotated types into the M2."""
    notes = ["--source-conllu", str(SOURCE), "--hyp-conllu", str(TARGET)]
    assert main(["convert", "--lang", "cs", "--source", str(texts[0]), "--hyp", str(texts[1]), *notes]) == 0
    m2 = capsys.readouterr().out
    assert "A 2 3|||R:ADJ:INFL|||velkého|||" in m2 and "A 4 5|||R:NOUN:INFL|||kamarádkami|||" in m2


def run_err(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one-line error of a refused command (exit 2)."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def edited(tmp_path: Path, name: str, text: str, line: int, column: int, value: str) -> Path:
    """``text`` with column ``column`` (0-based) of line ``line`` (1-based) set to ``value``."""
    lines = text.splitlines(keepends=True)
    cells = lines[line - 1].rstrip("\n").split("\t")
    cells[column] = value
    lines[line - 1] = "\t".join(cells) + "\n"
    path = tmp_path / name
    path.write_text("".join(lines), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "upos"), [("cs", "FOO"), ("cs", "_"), ("et", "NOUNS"), ("ru", "FOO")])
def test_a_bad_upos_is_one_line_at_the_word(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path, lang: str, upos: str
) -> None:
    """A UPOS outside the 17 UD tags (or none) where a classifier reads UPOS: the file and the
    word's line, not a silent ``R:`` / ``R:FOO``."""
    bad = edited(tmp_path, "bad.conllu", TARGET.read_text(encoding="utf-8"), 13, 3, upos)
    word = TARGET.read_text(encoding="utf-8").splitlines()[12].split("\t")[1]
    argv = inputs(texts, "--source-conllu", str(SOURCE), "--hyp-conllu", str(bad), "--ref-conllu", str(SOURCE))
    err = run_err(capsys, "score", "--lang", lang, "--cat", "2", *argv)
    assert err == (
        f"gecscope: error: {bad}:13: CoNLL-U word {word!r} has UPOS '{upos}', not one of the 17 UD tags "
        "(error types read UPOS, column 4)"
    )
    with pytest.raises(InputError, match=r"bad\.conllu:13: CoNLL-U word .* has UPOS"):
        gecscope.load(
            source=texts[0],
            hypothesis=texts[1],
            references=[texts[0]],
            lang=lang,
            source_conllu=SOURCE,
            hyp_conllu=bad,
            ref_conllu=[SOURCE],
        )


def test_a_segmenter_split_is_named_at_its_sentence(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path
) -> None:
    """One line split in two sentences (UDPipe's own segmentation): the first sentence that differs
    and its line, with the hint, rather than only the count."""
    lines = SOURCE.read_text(encoding="utf-8").splitlines(keepends=True)
    # sentence 2 (lines 10-17): split after its third word, the rest renumbered
    rest = [
        "\t".join([str(i), *line.split("\t")[1:6], "0", *line.split("\t")[7:]])
        for i, line in enumerate(lines[13:17], 1)
    ]
    third = lines[12].split("\t")
    third[6] = "1"
    split = tmp_path / "split.conllu"
    split.write_text("".join([*lines[:12], "\t".join(third), "\n", *rest, *lines[17:]]), encoding="utf-8")
    err = run_err(capsys, "score", "--lang", "cs", "--cat", "2", *inputs(texts, "--source-conllu", str(split)))
    assert err == (
        f"gecscope: error: {split}:11: CoNLL-U sentence 2 does not match the text's tokens (word 4: none vs 'psa') "
        "(34 CoNLL-U sentences for 33 examples: split by a segmenter? UDPipe and stanza must run on presegmented "
        "input, one sentence per line)"
    )


def test_a_byte_order_mark_is_skipped(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path
) -> None:
    """A UTF-8 BOM before the first line (as text input): the same scores, types and signature."""
    bom = tmp_path / "bom.conllu"
    bom.write_bytes(b"\xef\xbb\xbf" + SOURCE.read_bytes())
    assert [w.form for w in read_conllu(bom)[0]][:1] == ["Viděl"]
    plain = score_json(capsys, "--lang", "cs", "--cat", "2", *annotated(texts))
    args = inputs(texts, "--source-conllu", str(bom), "--hyp-conllu", str(TARGET), "--ref-conllu", str(SOURCE))
    assert score_json(capsys, "--lang", "cs", "--cat", "2", *args) == plain


def test_a_bad_head_is_named_at_its_word(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path
) -> None:
    bad = edited(tmp_path, "bad.conllu", SOURCE.read_text(encoding="utf-8"), 3, 6, "99")
    err = run_err(capsys, "score", "--lang", "cs", "--cat", "2", *inputs(texts, "--source-conllu", str(bad)))
    assert err == f"gecscope: error: {bad}:3: CoNLL-U HEAD 99 is past the sentence's last word (7)"


def test_annotations_are_not_read_without_types(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without ``--cat`` no types are read: the tagger does not run and the CoNLL-U is not parsed
    (the same output as without them)."""
    import gecscope.align.annotation as annotation

    def refused(*_: object) -> None:
        raise AssertionError("tagged without types")

    monkeypatch.setattr(annotation, "tagger_of", refused)
    plain = score_json(capsys, "--lang", "cs", *inputs(texts))
    assert score_json(capsys, "--lang", "cs", *inputs(texts, "--tagger", "cs-core-news-sm")) == plain
    bad = tmp_path / "bad.conllu"
    bad.write_text("not CoNLL-U\n", encoding="utf-8")
    assert score_json(capsys, "--lang", "cs", *inputs(texts, "--source-conllu", str(bad))) == plain


def test_example_refuses_annotations(capsys: pytest.CaptureFixture[str]) -> None:
    err = run_err(capsys, "score", "--example", "--cat", "2", "--source-conllu", str(SOURCE))
    assert err == (
        "gecscope: error: --example scores the built-in example: "
        "drop --source-conllu/--hyp-conllu/--ref-conllu/--tagger"
    )


def test_the_missing_annotation_is_named_truly(
    capsys: pytest.CaptureFixture[str], texts: tuple[Path, Path], tmp_path: Path
) -> None:
    """Only the source annotated, the hypothesis unchanged: the first reference with edits is named,
    by its 1-based sentence number and the option it needs."""
    source, target = texts
    sources, targets = (p.read_text(encoding="utf-8").splitlines() for p in texts)
    first = next(i for i, (s, t) in enumerate(zip(sources, targets, strict=True), 1) if s != t)
    argv = ["--source", str(source), "--hyp", str(source), "--ref", str(target), "--source-conllu", str(SOURCE)]
    argv += ["--hyp-conllu", str(SOURCE)]
    err = run_err(capsys, "score", "--lang", "cs", "--cat", "2", *argv)
    assert err == (
        f"gecscope: error: error types need annotations of every side with edits: the reference of sentence {first} "
        "has edits but no annotations (give its CoNLL-U, --ref-conllu, or a tagger)"
    )


#: every tagger the units declare: (its language, its extra, the package simulated missing)
TAGGER_EXTRAS = [
    ("cs", "cs-core-news-sm", "cs-tagger", "cs-core-news-sm"),
    ("de", "hanta", "de-tagger", "HanTa"),
    ("ru", "pymorphy3", "ru-tagger", "pymorphy3"),
    ("ru", "natasha", "ru-tagger", "natasha"),
]


@pytest.mark.parametrize(("lang", "tagger", "extra", "package"), TAGGER_EXTRAS)
def test_a_tagger_without_its_extra_is_one_line_cli_and_api(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    lang: str,
    tagger: str,
    extra: str,
    package: str,
) -> None:
    """Issue 42, item 3: ``--tagger hanta`` / ``cs-core-news-sm`` without their extra gave a
    ``PackageNotFoundError`` traceback (CLI and API); now the one line naming the extra, as every
    other missing extra, before any work. The package is made missing by hiding its metadata."""
    from importlib import metadata

    from gecscope.errors import MissingExtraError

    real = metadata.version

    def version(name: str) -> str:
        if name.lower() == package.lower():
            raise metadata.PackageNotFoundError(name)
        return real(name)

    monkeypatch.setattr(metadata, "version", version)
    source, hyp = tmp_path / "source.txt", tmp_path / "hyp.txt"
    source.write_text("a b c\n", encoding="utf-8")
    hyp.write_text("a b d\n", encoding="utf-8")
    files = ["--source", str(source), "--hyp", str(hyp), "--ref", str(source)]
    assert main(["score", "--lang", lang, "--cat", "3", "--tagger", tagger, *files]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"gecscope: error: --tagger {tagger}, ") and f"(package {package}) needs the '{extra}'" in err
    with pytest.raises(MissingExtraError, match=f"--tagger {tagger}, .* needs the '{extra}' extra"):
        gecscope.load(source=source, hypothesis=hyp, references=[source], lang=lang, tagger=tagger)
