"""MultiGEC-2025's scorer: tag-free ERRANT (``--aligner errant-notag``), syntok essays, the
Markdown essay reader and ``--protocol multigec-2025``, against the official tools.

Goldens (tests/golden/multigec/; how they were made: its README.md):

* ``essays/fork/*.m2`` and ``essays/official.json``: the official pre-processing
  (``utils_transform_markdown_to_one_essay_per_line.py``), ``errant_parallel -lang xx`` /
  ``errant_compare`` of the fork cainesap/errant@16d835e and ``gleu -f -n 4 -t word -d 4`` (gleu
  1.1.0) on the synthetic essays in ``essays/ref`` and ``essays/res`` (written for these tests);
* ``fork.json``: sha256 of the fork's M2 files and the P/R/F0.5 ``errant_compare`` printed on
  CoNLL-14 (13 systems), on 20 essays of 100-800 tokens joined from CoNLL-14 sentences and on
  NELB's EstGEC-L2 output (inputs: ``tests/multigec_inputs.py``), and ``gleu -f`` on the essays
  with 1-4 references.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from conftest import CONLL, SHARED, require_shared, tiered_systems
from gecscope import api
from gecscope.align.notag import NotagAligner
from gecscope.cli import main
from gecscope.io.m2 import format_m2
from gecscope.types import Target
from multigec_inputs import conll_essays, m2_texts

GOLDEN = Path(__file__).parent / "golden" / "multigec"
ESSAYS = GOLDEN / "essays"
FORK = json.loads((GOLDEN / "fork.json").read_text(encoding="utf-8"))
OFFICIAL = json.loads((ESSAYS / "official.json").read_text(encoding="utf-8"))
CORPORA = {"en-synth": ("en", 2), "et-synth": ("et", 1)}


def essay_args(corpus: str) -> list[str]:
    lang, refs = CORPORA[corpus]
    return [
        "--source",
        str(ESSAYS / "ref" / f"{corpus}-orig-dev.md"),
        "--hyp",
        str(ESSAYS / "res" / f"{corpus}-hypo-dev.md"),
        "--ref",
        *[str(ESSAYS / "ref" / f"{corpus}-ref{k + 1}-dev.md") for k in range(refs)],
        "--lang",
        lang,
    ]


def m2_digest(source: list[str], targets: list[list[str]]) -> str:
    """sha256 of the M2 text gecscope writes for ``source`` and one or more target files."""
    aligner = NotagAligner()
    blocks = []
    for i, line in enumerate(source):
        src = tuple(line.split())
        tgts = [tuple(t[i].split()) for t in targets]
        edits = aligner.edits_batch([(src, t) for t in tgts])
        blocks.append((src, [Target(t, e) for t, e in zip(tgts, edits, strict=True)]))
    return hashlib.sha256(format_m2(blocks).encode("utf-8")).hexdigest()


def errant_printed(source: list[str], hyp: list[str], refs: list[list[str]]) -> dict[str, object]:
    """TP/FP/FN and P/R/F0.5 as errant_compare prints them (4 decimals, trailing zeros dropped)."""
    s = api.score("errant", sources=source, hypotheses=hyp, references=refs, aligner="errant-notag")
    tp, fp, fn = (s.details[k] for k in ("tp", "fp", "fn"))
    p, r, f = (s.details[k] for k in ("p", "r", "f"))
    return {"tp": tp, "fp": fp, "fn": fn, "p": str(round(p, 4)), "r": str(round(r, 4)), "f": str(round(f, 4))}


@pytest.mark.parametrize("corpus", list(CORPORA))
@pytest.mark.parametrize("what", ["hypothesis", "references"])
def test_essay_m2_equals_the_forks(corpus: str, what: str, tmp_path: Path) -> None:
    out = tmp_path / "out.m2"
    argv = ["convert", "--aligner", "errant-notag", "--tokenize", "syntok", *essay_args(corpus), "--what", what]
    assert main([*argv, "-o", str(out)]) == 0
    name = "hyp" if what == "hypothesis" else "refs"
    assert out.read_bytes() == (ESSAYS / "fork" / f"{corpus}-{name}.m2").read_bytes()


@pytest.mark.parametrize("corpus", list(CORPORA))
def test_protocol_equals_the_official_evaluation(corpus: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--protocol", "multigec-2025", *essay_args(corpus), "--format", "json"]) == 0
    scores = json.loads(capsys.readouterr().out)
    errant, gleu = (next(s for s in scores if s["metric"] == m) for m in ("errant", "gleu"))
    gold = OFFICIAL["corpora"][corpus]
    assert {k: errant["counts"][k] for k in ("tp", "fp", "fn")} == {k: gold[k] for k in ("tp", "fp", "fn")}
    got = [str(round(errant["components"][k], 4)) for k in ("p", "r", "f")]
    assert got == [gold["p"], gold["r"], gold["f"]]
    assert f"{100 * gleu['score']:.4f}" == gold["gleu"]
    for s in (errant, gleu):
        assert "tok:syntok-1.4.4" in s["signature"]
    assert "edits:hyp=errant-notag+" in errant["signature"]


def test_missing_essays_are_exclamation_marks(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "--tokenize", "syntok", "--aligner", "errant-notag", *essay_args("en-synth")]) == 0
    captured = capsys.readouterr()
    blocks = captured.out.split("\n\n")
    assert blocks[1].splitlines()[-1].startswith("A 0 ") and "|||!|||" in blocks[1]  # essay 2: no hypothesis
    assert "1 of 4 essays missing" in captured.err


@pytest.mark.parametrize("system", tiered_systems())
def test_conll14_m2_and_scores_equal_the_forks(system: str) -> None:
    require_shared()
    read = lambda name: (CONLL / name).read_text(encoding="utf-8").splitlines()  # noqa: E731
    source, refs = read("sources.txt"), [read("REF0.txt"), read("REF1.txt")]
    hyp = read(f"systems/{system}.txt")
    gold = FORK["sets"]["conll14"]
    assert m2_digest(source, [hyp]) == gold["systems"][system]["m2_sha256"]
    assert errant_printed(source, hyp, refs) == {k: v for k, v in gold["systems"][system].items() if k != "m2_sha256"}
    if system == "AMU":
        assert m2_digest(source, refs) == gold["refs_m2_sha256"]


def test_essays_of_100_to_800_tokens_equal_the_forks() -> None:
    require_shared()
    essays = conll_essays(CONLL)
    gold = FORK["sets"]["essays"]
    assert m2_digest(essays["source"], [essays["REF0"], essays["REF1"]]) == gold["refs_m2_sha256"]
    for system in ("AMU", "CAMB"):
        assert m2_digest(essays["source"], [essays[system]]) == gold["systems"][system]["m2_sha256"]
        printed = errant_printed(essays["source"], essays[system], [essays["REF0"], essays["REF1"]])
        assert printed == {k: v for k, v in gold["systems"][system].items() if k != "m2_sha256"}


@pytest.mark.conformance
def test_estgec_l2_nelb_equals_the_fork() -> None:
    require_shared()
    pytest.importorskip("syntok")
    from syntok.tokenizer import Tokenizer

    multi = SHARED / "data" / "multilingual"
    sources, refs = m2_texts(multi / "estgec-l2" / "test" / "source_gold_test.txt")
    tok = Tokenizer()
    nelb = multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"
    hyp = [
        " ".join(str(t).strip() for t in tok.tokenize(line)) for line in nelb.read_text(encoding="utf-8").splitlines()
    ]
    gold = FORK["sets"]["estgec-l2-nelb"]
    assert m2_digest(sources, refs) == gold["refs_m2_sha256"]
    assert m2_digest(sources, [hyp]) == gold["systems"]["nelb"]["m2_sha256"]
    printed = errant_printed(sources, hyp, refs)
    assert printed == {k: v for k, v in gold["systems"]["nelb"].items() if k != "m2_sha256"}


@pytest.mark.parametrize("refs", list(FORK["gleu_essays"]["runs"]))
def test_gleu_equals_gleu_f_on_essays_with_1_to_4_references(refs: str) -> None:
    require_shared()
    essays = conll_essays(CONLL)
    references = [essays[r] for r in refs.split()]
    score = api.score("gleu", sources=essays["source"], hypotheses=essays["CAMB"], references=references)
    assert f"{100 * score.value:.4f}" == FORK["gleu_essays"]["runs"][refs]["printed"]


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("no blocks here\n", "no essay block", 1),
        ("### essay_id = 1\nok\n\n### essay_id = 2", "has no text", 4),
        ("intro\n### essay_id = \nok\n", "empty id", 2),
    ],
)
def test_bad_essay_files_give_one_line(
    text: str, message: str, line: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text(text, encoding="utf-8")
    good = ESSAYS / "ref" / "et-synth-orig-dev.md"
    code, _, err = run_cli(["score", "--metric", "errant", "--aligner", "errant-notag", "--source", str(good),
                            "--hyp", str(bad), "--ref", str(good)], capsys)  # fmt: skip
    assert code == 2
    assert err.count("\n") == 1 and message in err and f"bad.md:{line}:" in err


def test_missing_essay_file_and_mixed_inputs_give_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = str(ESSAYS / "ref" / "et-synth-orig-dev.md")
    code, _, err = run_cli(["score", "--source", good, "--hyp", str(tmp_path / "none.md"), "--ref", good], capsys)
    assert code == 2 and err.count("\n") == 1 and "none.md: no such file" in err
    plain = tmp_path / "hyp.txt"
    plain.write_text("Tere .\n", encoding="utf-8")
    code, _, err = run_cli(["score", "--source", good, "--hyp", str(plain), "--ref", good], capsys)
    assert code == 2 and err.count("\n") == 1 and ".md files" in err


def test_protocol_applies_and_refuses_icelandic(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["score", "--protocol", "multigec-2025", *essay_args("et-synth")]
    code, out, _ = run_cli([*base, "--format", "json"], capsys)
    assert code == 0 and all("protocol:multigec-2025" in s["signature"] for s in json.loads(out))
    code, _, err = run_cli([*base[:-2], "--lang", "is"], capsys)
    assert code == 2 and "Icelandic" in err and err.count("\n") == 1


def test_signature_names_aligner_and_tokeniser() -> None:
    s = api.score("errant", sources=["a b ."], hypotheses=["a c ."], references=[["a c ."]], aligner="errant-notag")
    plain = api.score("errant", sources=["a b ."], hypotheses=["a c ."], references=[["a c ."]], aligner="levenshtein")
    assert "edits:hyp=errant-notag+" in s.signature and "errant-notag" not in plain.signature
    from gecscope.align.tokenizers import tokenizer_signature

    assert tokenizer_signature("syntok") == "syntok-1.4.4"


def test_folder_command_prints_the_official_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["multigec", "--ref-dir", str(ESSAYS / "ref"), "--hyp-dir", str(ESSAYS / "res"), "--format", "json"]
    code, out, _ = run_cli(argv, capsys)
    assert code == 0
    rows = {r["language"] + "-" + r["corpus"]: r for r in json.loads(out)}
    assert sorted(rows) == sorted(OFFICIAL["corpora"])
    for corpus, gold in OFFICIAL["corpora"].items():
        got = rows[corpus]
        assert [str(round(got[k], 4)) for k in ("precision", "recall", "f05")] == [gold["p"], gold["r"], gold["f"]]
        assert f"{100 * got['gleu']:.4f}" == gold["gleu"]
        assert "tok:syntok-1.4.4" in got["errant_signature"] and "tok:syntok-1.4.4" in got["gleu_signature"]
    code, out, _ = run_cli(argv[:-2], capsys)
    assert "## Estonian" in out and "| 1 | res | 75.28 | 66.67 | 40.00 | 58.82 |" in out


def test_notag_needs_no_spacy() -> None:
    import subprocess
    import sys

    probe = (
        "import sys; from gecscope.align.notag import NotagAligner; "
        "NotagAligner().edits_batch([(('a', 'b'), ('a', 'c'))]); print('spacy' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_folder_command_cleme2_column_equals_score(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["multigec", "--ref-dir", str(ESSAYS / "ref"), "--hyp-dir", str(ESSAYS / "res"), "--cleme2"]
    code, out, _ = run_cli([*argv, "--format", "json"], capsys)
    folder = {r["language"] + "-" + r["corpus"]: r for r in json.loads(out)}["en-synth"]
    argv = ["score", "--protocol", "multigec-2025", "--metric", "cleme2", "errant", *essay_args("en-synth")]
    code, out, _ = run_cli([*argv, "--format", "json"], capsys)
    printed = json.loads(out)
    single = next(s for s in printed if s["metric"] == "cleme2") if isinstance(printed, list) else printed
    assert code == 0 and folder["cleme2"] == single["score"]
    assert folder["cleme2_signature"] == single["signature"]


def test_hypothesis_essays_absent_from_the_source_are_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An essay id the source lacks is not scored (as MultiGEC's scripts) and is named on stderr."""
    pytest.importorskip("syntok")
    block = "### essay_id = {}\n\n{}\n\n"
    (tmp_path / "src.md").write_text(block.format(1, "Ma lähen kooli ."), encoding="utf-8")
    (tmp_path / "ref.md").write_text(block.format(1, "Ma lähen kooli ."), encoding="utf-8")
    hyp = block.format(1, "Ma lähen kooli .") + block.format(9, "Lisa essee .")
    (tmp_path / "hyp.md").write_text(hyp, encoding="utf-8")
    files = ["--source", str(tmp_path / "src.md"), "--hyp", str(tmp_path / "hyp.md"), "--ref", str(tmp_path / "ref.md")]
    assert main(["score", "--protocol", "multigec-2025", *files, "--format", "json"]) == 0
    err = capsys.readouterr().err
    assert "essay 9 not in" in err and "not scored" in err
