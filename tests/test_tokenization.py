"""``--tokenize``, the tokenisation-mismatch refusal and the named test sets (``-t``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from conftest import CONLL, DATA, examples, require_shared
from gecscope.align.tokenizers import canonical, get_tokenizer, snap, source_reproduced, tokenize_examples
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io.tokenization import PairTally, check_tokenization, mismatch, refuse_mismatch, style_of
from gecscope.types import Example, Target

SEEDA = DATA / "seeda" / "outputs" / "all"


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


@cache
def detokenised(path: Path) -> tuple[str, ...]:
    from sacremoses import MosesDetokenizer

    md = MosesDetokenizer(lang="en")
    return tuple(md.detokenize(line.split()) for line in lines_of(path))


def refused(path: Path, lines: list[str] | tuple[str, ...]) -> bool:
    """Whether the guard of the whole input (line pairs, :class:`PairTally`) refuses ``lines``
    against the CoNLL-2014 sources; the file-level shares (:func:`check_tokenization`) agree."""
    source = lines_of(CONLL / "sources.txt")
    try:
        refuse_mismatch([PairTally().extend(zip(source, lines, strict=True))], [path], source=CONLL / "sources.txt")
    except InputError as err:
        assert str(err).startswith(str(path)) and "--tokenize" in str(err) and "\n" not in str(err)
        found = True
    else:
        found = False
    try:
        check_tokenization(source, CONLL / "sources.txt", [(path, lines)])
    except InputError:
        assert found
    return found


# --- the detector on small inputs ---------------------------------------------------------------


def test_style_and_mismatch_both_ways() -> None:
    tok = ["He go home .", "I do n't know , he said ."]
    detok = ["He goes home.", "I don't know, he said."]
    assert mismatch(style_of(tok), style_of(detok)) == "detokenised"
    assert mismatch(style_of(detok), style_of(tok)) == "tokenised"
    assert mismatch(style_of(detok), style_of(detok)) is None
    assert mismatch(style_of(tok), style_of(["He went home .", "Yes , e.g. U.S. stuff ."])) is None


def test_cli_refuses_detokenised_hypothesis_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "src.txt").write_text("He go home .\nI do n't know , he said .\n")
    (tmp_path / "hyp.txt").write_text("He goes home.\nI don't know, he said.\n")
    (tmp_path / "ref.txt").write_text("He goes home .\nI do n't know , he said .\n")
    argv = ["score", "--metric", "gleu", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "hyp.txt")]
    argv += ["--ref", str(tmp_path / "ref.txt")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hyp.txt: looks detokenised" in err and "--tokenize" in err
    assert main([*argv, "--allow-tokenization-mismatch"]) == 0
    out = capsys.readouterr().out
    assert "tok:whitespace" in out


@pytest.mark.parametrize(
    ("lang", "named", "unnamed"),
    [
        ("en", ["--tokenize spacy"], []),
        ("et", ["--tokenize syntok", "--tokenize spacy-blank", "Estonian"], ["spacy (English)", "char (Chinese)"]),
        ("de", ["--tokenize syntok", "--tokenize spacy-blank", "German"], ["spacy (English)", "char (Chinese)"]),
        ("und", ["--allow-tokenization-mismatch"], ["--tokenize spacy", "--tokenize char"]),
    ],
)
def test_the_mismatch_refusal_names_the_languages_own_tokenisers(
    lang: str, named: list[str], unnamed: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """(fresh-eyes review) ``--lang et`` was told to add ``--tokenize spacy (English) or --tokenize
    char (Chinese)``, which its unit refuses: the hint names the tokenisers ``--lang`` allows."""
    (tmp_path / "src.txt").write_text("He go home .\nI do n't know , he said .\n")
    (tmp_path / "hyp.txt").write_text("He goes home.\nI don't know, he said.\n")
    argv = ["score", "--metric", "gleu", "--lang", lang, "--source", str(tmp_path / "src.txt")]
    argv += ["--hyp", str(tmp_path / "hyp.txt"), "--ref", str(tmp_path / "src.txt")]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hyp.txt: looks detokenised" in err
    assert all(n in err for n in named) and not any(u in err for u in unnamed)


def test_cli_refuses_detokenised_reference(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "src.txt").write_text("He go home .\nI do n't know , he said .\n")
    (tmp_path / "ref.txt").write_text("He goes home.\nI don't know, he said.\n")
    argv = ["score", "--metric", "gleu", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "src.txt")]
    assert main([*argv, "--ref", str(tmp_path / "ref.txt")]) == 2
    assert "ref.txt: looks detokenised" in capsys.readouterr().err


# --- tokenisers ---------------------------------------------------------------------------------


def test_registry_and_char() -> None:
    assert canonical("whitespace") == "none"
    assert get_tokenizer("char")("我 是。") == ("我", "是", "。")
    with pytest.raises(ValueError, match="--tokenize spacy is for --lang en"):
        canonical("spacy", "zh")
    with pytest.raises(ValueError, match="must be one of"):
        canonical("nltk")


def test_snap_joins_only_what_was_written_together() -> None:
    source = ("a", "family-related", "risk", ",", "e.g.")
    assert snap("a family-related risk", ("a", "family", "-", "related", "risk"), source) == (
        "a",
        "family-related",
        "risk",
    )
    # written apart: not joined, even if the join is a source token
    assert snap("a family - related", ("a", "family", "-", "related"), source) == ("a", "family", "-", "related")


@pytest.mark.text
def test_tokenize_examples_keeps_m2_source() -> None:
    from gecscope.types import Edit

    m2_ref = Target(("He", "goes", "home", "."), (Edit(1, 2, ("goes",)),))
    ex = Example(("He", "go", "home", "."), Target(("He", "goes", "home."), raw="He goes home."), (m2_ref,))
    (out,) = tokenize_examples([ex], "spacy")
    assert out.source == ex.source and out.references == (m2_ref,)
    assert out.hypothesis.tokens == ("He", "goes", "home", ".")
    assert source_reproduced([out]) == 0.75 and source_reproduced([ex]) == 0.25


@pytest.mark.text
def test_cli_tokenize_spacy_on_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "src.txt").write_text("He go home .\nI do n't know , he said .\n")
    (tmp_path / "hyp.txt").write_text("He goes home.\nI don't know, he said.\n")
    (tmp_path / "ref.txt").write_text("He goes home .\nI do n't know , he said .\n")
    argv = ["score", "--metric", "errant", "--tokenize", "spacy", "--source", str(tmp_path / "src.txt")]
    argv += ["--hyp", str(tmp_path / "hyp.txt"), "--ref", str(tmp_path / "ref.txt"), "--jobs", "1", "-q"]
    assert main([*argv, "--format", "json"]) == 0
    score = json.loads(capsys.readouterr().out)
    assert score["score"] == 1.0 and "|tok:spacy|" in score["signature"]


# --- real data: no real file refused, every detokenised one refused -----------------------------

FEW = [CONLL / "systems" / "AMU.txt", CONLL / "systems" / "NTHU.txt", CONLL / "REF1.txt", SEEDA / "GPT-3.5.txt"]


def every_file() -> list[Path]:
    files = sorted((CONLL / "systems").glob("*.txt")) + [CONLL / f for f in ("REF0.txt", "REF1.txt")]
    files += [CONLL / f for f in ("official-REF0.txt", "official-REF1.txt")]
    return files + sorted((CONLL / "sn8gec").glob("*.txt")) + sorted(SEEDA.glob("*.txt"))


@pytest.mark.shared
@pytest.mark.parametrize("path", FEW, ids=lambda p: p.stem)
def test_few_real_files_pass_and_their_detokenised_variants_are_refused(path: Path) -> None:
    require_shared()
    assert not refused(path, lines_of(path))
    assert refused(path, detokenised(path))


@pytest.mark.shared
@pytest.mark.conformance
def test_every_real_file_passes_and_every_detokenised_variant_is_refused() -> None:
    require_shared()
    files = every_file()
    assert len(files) >= 38
    assert [p.name for p in files if refused(p, lines_of(p))] == []
    assert [p.name for p in files if not refused(p, detokenised(p))] == []


# --- test sets by name --------------------------------------------------------------------------


@pytest.fixture
def data_dir(monkeypatch: pytest.MonkeyPatch) -> Path:
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))  # the download layout, offline
    return DATA


def test_named_test_set_conll14(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["score", "-t", "conll14", "--hyp", str(CONLL / "systems" / "AMU.txt"), "--metric", "m2", "-q"]
    assert main([*argv, "--format", "json"]) == 0
    score = json.loads(capsys.readouterr().out)
    assert round(score["score"], 4) == 0.3501  # the official gold, as with --ref-m2 official-2014.combined.m2
    assert "|test:conll14+sha256." in score["signature"]


def test_named_test_set_echo_and_errors(
    data_dir: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["score", "-t", "conll14", "--echo", "src"]) == 0
    assert capsys.readouterr().out == (CONLL / "sources.txt").read_text(encoding="utf-8")
    assert main(["score", "-t", "seeda", "--echo", "ref"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 391 and all(row.count("\t") == 1 for row in rows)
    assert main(["score", "-t", "conll14", "--source", "x.txt", "--hyp", "y.txt"]) == 2
    assert "drop --source" in capsys.readouterr().err
    assert main(["score", "--echo", "src"]) == 2
    capsys.readouterr()
    # a tampered copy is refused with the file named
    for rel in ("conll14/sources.txt", "conll14/official-2014.combined.m2"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes((DATA / rel).read_bytes())
    (tmp_path / "conll14/sources.txt").write_text("changed\n")
    monkeypatch.setenv("GECSCOPE_DATA", str(tmp_path))
    assert main(["score", "-t", "conll14", "--hyp", str(CONLL / "systems" / "AMU.txt")]) == 2
    assert "sources.txt: differs from the published test set conll14" in capsys.readouterr().err


# --- acceptance: detokenised outputs with --tokenize spacy against the tokenised gold ------------


def scores_of(capsys: pytest.CaptureFixture[str], argv: list[str]) -> dict[str, float]:
    assert main([*argv, "--format", "json", "-q", "--jobs", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    rows = doc if isinstance(doc, list) else [doc]
    return {f"{r['metric']}:{r['system']}": r["score"] for r in rows}


@pytest.mark.shared
@pytest.mark.text
def test_detokenised_amu_m2_within_001(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    detok = tmp_path / "AMU.txt"
    detok.write_text("".join(line + "\n" for line in detokenised(CONLL / "systems" / "AMU.txt")), encoding="utf-8")
    gold = ["--source", str(CONLL / "sources.txt"), "--ref-m2", str(CONLL / "official-2014.combined.m2")]
    true = scores_of(capsys, ["score", "--metric", "m2", *gold, "--hyp", str(CONLL / "systems" / "AMU.txt")])
    got = scores_of(capsys, ["score", "--metric", "m2", "--tokenize", "spacy", *gold, "--hyp", str(detok)])
    assert abs(next(iter(got.values())) - next(iter(true.values()))) < 0.01
    assert main(["score", "--metric", "m2", *gold, "--hyp", str(detok)]) == 2  # without --tokenize: refused
    assert "looks detokenised" in capsys.readouterr().err


@pytest.mark.shared
@pytest.mark.text
@pytest.mark.conformance
def test_acceptance_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require_shared()
    names = ("AMU", "CAMB", "CUUI")
    detok = []
    for name in names:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in detokenised(CONLL / "systems" / f"{name}.txt")), "utf-8")
        detok.append(str(path))
    tok = [str(CONLL / "systems" / f"{n}.txt") for n in names]
    for metrics, gold in ((["errant", "cleme2"], "references.m2"), (["m2"], "official-2014.combined.m2")):
        base = ["score", "--metric", *metrics, "--source", str(CONLL / "sources.txt"), "--ref-m2", str(CONLL / gold)]
        true = scores_of(capsys, [*base, "--hyp", *tok])
        got = scores_of(capsys, [*base, "--tokenize", "spacy", "--hyp", *detok])
        assert true.keys() == got.keys() and len(true) == 3 * len(metrics)
        assert {k: round(abs(got[k] - true[k]), 4) for k in true if abs(got[k] - true[k]) >= 0.01} == {}


@pytest.mark.text
def test_python_files_path_and_cli_agree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import gecscope
    from gecscope.examples import Examples

    (tmp_path / "src.txt").write_text("He go home , she said .\nA family-related risk .\n")
    (tmp_path / "hyp.txt").write_text("He goes home, she said.\nA family-related risk.\n")
    m2 = "S He go home , she said .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\nS A family-related risk .\n"
    (tmp_path / "ref.m2").write_text(m2 + "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n")
    files = {"source": tmp_path / "src.txt", "hypothesis": tmp_path / "hyp.txt", "ref_m2": tmp_path / "ref.m2"}
    ex = Examples.from_text(**files, tokenize="spacy")  # type: ignore[arg-type]
    assert ex[1].hypothesis.tokens == ("A", "family-related", "risk", ".")  # joined as the M2 source has it
    py = gecscope.score("m2", ex)
    assert py.value == 1.0 and "|tok:spacy+snap-m2|" in py.signature
    assert gecscope.load(**files, tokenize="spacy") == list(ex)  # type: ignore[arg-type]
    argv = ["score", "--metric", "m2", "--tokenize", "spacy", "--source", str(files["source"])]
    assert main([*argv, "--hyp", str(files["hypothesis"]), "--ref-m2", str(files["ref_m2"]), "--format", "json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    assert cli["score"] == py.value and cli["signature"] == py.signature


WORDS = st.sampled_from(["", "a", "ab", "home", "U.S", "e.g", "don", "John", "1990", "é", "x_y"])
PUNCT = st.text(alphabet=st.sampled_from(list(".,;:!?)\"'")), max_size=3)
CLITICS = st.sampled_from(["", "n't", "'s", "'re", "'d", "'m", "'x"])
TOKENS = st.builds(lambda w, c, p: w + c + p, WORDS, CLITICS, PUNCT)


@pytest.mark.properties
@settings(max_examples=examples(1000), deadline=None)
@example(["ab,."])
@example(["ab.,", "a.b.", "etc..", "U.S.", "ab)", "don't", "John's", "'s", "n't", "."])
@given(st.lists(TOKENS, max_size=8))
def test_line_search_equals_the_token_definition(tokens: list[str]) -> None:
    """style_of searches whole lines with one regex each; it must count what the token-by-token
    definition (``_attached``, ``SPLIT``) counts."""
    from gecscope.io.tokenization import SPLIT, _attached, style_of

    line = " ".join(tokens)
    words = line.split()
    expected = (float(any(_attached(t) for t in words)), float(any(SPLIT.match(t) for t in words)))
    got = style_of([line])
    assert (got.detokenised, got.tokenised) == expected


@pytest.mark.shared
def test_guard_on_other_corpora_jfleg_and_unlp() -> None:
    """JFLEG (English) references and the UNLP-2023 (Ukrainian) targets pass against their own
    sources; the UNLP detokenised targets (``valid.tgt.txt``) against the tokenised sources
    (``valid.src.tok``) are refused."""
    require_shared()
    m = DATA / "multilingual"
    for split in ("dev", "test"):
        src = lines_of(m / "jfleg" / split / f"{split}.src")
        for ref in [f"{split}.ref{k}" for k in range(4)] + [f"{split}.spellchecked.src"]:
            assert PairTally().extend(zip(src, lines_of(m / "jfleg" / split / ref), strict=True)).verdict() is None
    for kind in ("gec-fluency", "gec-only"):
        d = m / "unlp-2023" / kind
        for ext in ("tok", "txt"):
            pairs = zip(lines_of(d / f"valid.src.{ext}"), lines_of(d / f"valid.tgt.{ext}"), strict=True)
            assert PairTally().extend(pairs).verdict() is None
        crossed = PairTally().extend(zip(lines_of(d / "valid.src.tok"), lines_of(d / "valid.tgt.txt"), strict=True))
        assert crossed.verdict() is not None and crossed.verdict()[0] == "detokenised"  # type: ignore[index]


def test_target_marks_through_edits_equal_the_tokens_marks() -> None:
    """The guard reads an aligned target through its edits: the same counts as its tokens."""
    require_shared()
    from gecscope.io import read_m2
    from gecscope.io.tokenization import target_marks, token_marks

    blocks = [*read_m2(CONLL / "references.m2"), *read_m2(CONLL / "systems_m2" / "AMU.m2")]
    seen = 0
    for block in blocks:
        src = token_marks(block.source)
        for target in block.targets:
            assert target_marks(target, block.source, src) == (src if src == (0, 0) else token_marks(target.tokens))
            seen += bool(target.edits) and src != (0, 0)
    assert seen > 1000
