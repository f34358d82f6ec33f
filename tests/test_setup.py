"""One front door (issue 38): a run's setup is one object (:mod:`gecscope.setup`), built in one
place for every door; each of the ten symptoms that gave wrong numbers with exit status 0, or one
run two signatures, has a test here that failed on the tree before it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import DATA, require_estnltk, require_shared
from gecscope import api
from gecscope.cli import main
from gecscope.errors import InputError

ESSAYS = Path(__file__).parent / "golden" / "multigec" / "essays"
SRC = Path(__file__).resolve().parents[1] / "src" / "gecscope"


def essay_file(path: Path, essays: dict[str, str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(f"### essay_id = {i}\n{text}\n\n" for i, text in essays.items()), encoding="utf-8")
    return path


SOURCE = {"1": "He go to school every day .", "2": "She like apples ."}
REF = {"1": "He goes to school every day .", "2": "She likes apples ."}
GOOD = {"1": "He goes to school every day .", "2": "She like apples ."}
BAD = {"1": "He go to school every day .", "2": "She like apples ."}


def score_json(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict]:  # type: ignore[type-arg]
    assert main(["score", *argv, "--format", "json"]) == 0, capsys.readouterr().err
    out = json.loads(capsys.readouterr().out)
    return out if isinstance(out, list) else [out]


def test_1_essay_files_with_one_name_in_two_folders_stay_two_systems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = essay_file(tmp_path / "en-x-orig-dev.md", SOURCE)
    ref = essay_file(tmp_path / "en-x-ref1-dev.md", REF)
    a = essay_file(tmp_path / "a" / "en-x-hypo-dev.md", GOOD)
    b = essay_file(tmp_path / "b" / "en-x-hypo-dev.md", BAD)
    rows = score_json(capsys, "--metric", "errant", "--source", str(src), "--ref", str(ref), "--hyp", str(a), str(b),
                      "--name", "a", "b", "--lang", "en", "--aligner", "errant-notag")  # fmt: skip
    values = {r["system"]: r["score"] for r in rows}
    assert values["a"] > 0 and values["b"] == 0, values
    # the same hypothesis under the names of the other inputs scores the same
    got = set()
    for name in ("hypo.md", "source.md", "ref1.md"):
        h = essay_file(tmp_path / "c" / name, GOOD)
        [row] = score_json(capsys, "--metric", "errant", "--source", str(src), "--ref", str(ref), "--hyp", str(h),
                           "--lang", "en", "--aligner", "errant-notag")  # fmt: skip
        got.add(row["score"])
    assert got == {values["a"]}


def multigec_dirs(tmp_path: Path) -> tuple[Path, Path]:
    ref, hyp = tmp_path / "ref", tmp_path / "sys"
    for corpus in ("x", "x-y"):
        essay_file(ref / f"en-{corpus}-orig-dev.md", SOURCE)
        essay_file(ref / f"en-{corpus}-ref1-dev.md", REF)
        essay_file(ref / f"en-{corpus}-ref2-dev.md", REF)  # as many reference files as essays
    essay_file(hyp / "en-x-y-hypo-dev.md", REF)
    return ref, hyp


def test_2_multigec_never_takes_another_subcorpus_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ref, hyp = multigec_dirs(tmp_path)
    assert main(["multigec", "--ref-dir", str(ref), "--hyp-dir", str(hyp), "--format", "json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)
    assert [r["corpus"] for r in rows] == ["x-y"] and rows[0]["f05"] == 1.0
    assert "left out of en-x" in captured.err


def test_3_multigec_scores_as_score_does_and_refuses_a_folder_without_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    ref, hyp = multigec_dirs(tmp_path)
    essay_file(hyp / "en-x-hypo-dev.md", {"1": GOOD["1"]})  # essay 2 missing: '!' and said, as score says it
    assert main(["multigec", "--ref-dir", str(ref), "--hyp-dir", str(hyp), "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "1 of 2 essays missing" in captured.err
    assert {r["corpus"] for r in json.loads(captured.out)} == {"x", "x-y"}
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["multigec", "--ref-dir", str(ref), "--hyp-dir", str(hyp), str(empty)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and str(empty) in err


def test_4_one_multigec_run_has_one_signature(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("syntok")
    ref, hyp = multigec_dirs(tmp_path)
    essay_file(hyp / "en-x-hypo-dev.md", GOOD)
    assert main(["multigec", "--ref-dir", str(ref), "--hyp-dir", str(hyp), "--format", "json"]) == 0
    rows = {r["corpus"]: r for r in json.loads(capsys.readouterr().out)}
    refs = [str(ref / "en-x-ref1-dev.md"), str(ref / "en-x-ref2-dev.md")]
    args = ["--protocol", "multigec-2025", "--source", str(ref / "en-x-orig-dev.md"), "--hyp",
            str(hyp / "en-x-hypo-dev.md"), "--ref", *refs]  # fmt: skip
    scored = {r["metric"]: r for r in score_json(capsys, *args)}
    assert scored["errant"]["signature"] == rows["x"]["errant_signature"]
    assert scored["gleu"]["signature"] == rows["x"]["gleu_signature"]
    assert scored["errant"]["score"] == rows["x"]["f05"] and scored["gleu"]["score"] == rows["x"]["gleu"]
    assert "|protocol:multigec-2025|" in rows["x"]["errant_signature"]


def test_5_the_estgec_protocol_tokenises_as_its_sources(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """EstGEC's scorer wants the output tokenised as its sources (EstNLTK's words): the protocol
    does it (signed ``tok:estnltk-...``); ``--tokenize none`` keeps the tokenisation guard."""
    pytest.importorskip("estnltk")
    src = tmp_path / "src.txt"
    lines = [f"Ma lähen {i} korda koju , sest ta ütles , et see on hea ." for i in range(30)]
    src.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    detok = tmp_path / "hyp.txt"
    detok.write_text("".join(line.replace(" ,", ",").replace(" .", ".") + "\n" for line in lines), encoding="utf-8")
    m2 = tmp_path / "gold.m2"
    m2.write_text("".join(f"S {line}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n" for line in lines))
    [row] = score_json(capsys, "--protocol", "estgec", "--source", str(src), "--hyp", str(detok), "--ref-m2", str(m2))
    [same] = score_json(capsys, "--protocol", "estgec", "--source", str(src), "--hyp", str(src), "--ref-m2", str(m2))
    assert "|tok:estnltk-" in row["signature"]
    assert (row["score"], row["components"]) == (same["score"], same["components"])  # the source again, tokenised
    argv = ["score", "--protocol", "estgec", "--source", str(src), "--hyp", str(detok), "--ref-m2", str(m2)]
    assert main([*argv, "--tokenize", "none"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]  # (a note first: the protocol's tokeniser declined)
    assert "error:" in err and "hyp.txt" in err and "tokenis" in err
    argv = ["score", "--protocol", "estgec", "--hyp", str(detok), "--ref-m2", str(m2), "--tokenize", "none"]
    argv += ["--allow-tokenization-mismatch"]
    assert main(argv) == 0


@pytest.mark.parametrize("name", ["estgec-l2", "tartu-l1"])
def test_5_named_estgec_sets_refuse_a_detokenised_output_untokenised(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``--tokenize none`` (the protocol's EstNLTK words declined) the guard refuses it."""
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    assert main(["score", "-t", name, "--echo", "src"]) == 0
    source = capsys.readouterr().out.splitlines()
    detok = tmp_path / "detok.txt"
    fix = re.compile(r" ([,.!?;:])")
    detok.write_text("".join(fix.sub(r"\1", line) + "\n" for line in source), encoding="utf-8")
    assert main(["score", "-t", name, "--hyp", str(detok), "--tokenize", "none"]) == 2
    err = capsys.readouterr().err.strip().splitlines()[-1]  # (a note first: the protocol's tokeniser declined)
    assert "error:" in err and "detok.txt" in err


def test_6_essay_errors_name_the_md_file_and_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = essay_file(tmp_path / "en-x-orig-dev.md", SOURCE)
    ref = essay_file(tmp_path / "en-x-ref1-dev.md", REF)
    hyp = essay_file(tmp_path / "en-x-hypo-dev.md", {"1": GOOD["1"], "2": "   "})
    argv = ["score", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--aligner", "errant-notag"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"{hyp}:4" in err and "essay 2 is empty" in err and "gecscope-essays" not in err
    empty_ref = essay_file(tmp_path / "en-x-ref2-dev.md", {"1": "", "2": REF["2"]})
    assert main([*argv[:-2], str(empty_ref), "--aligner", "errant-notag"]) == 2
    assert f"{empty_ref}:1" in capsys.readouterr().err
    with pytest.raises(InputError, match="essay 2 is empty"):
        api.load(source=src, hypothesis=hyp, references=[ref])


def test_7_a_set_without_a_source_file_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    require_shared()
    require_estnltk()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    monkeypatch.setenv("GECSCOPE_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    assert main(["score", "-t", "tartu-l1", "--echo", "src"]) == 0
    source = tmp_path / "src.txt"
    source.write_text(capsys.readouterr().out, encoding="utf-8")
    [row] = score_json(capsys, "-t", "tartu-l1", "--hyp", str(source))
    assert row["components"]["p"] == 1.0 or row["details"]["tp"] == 0  # the source scored as the hypothesis
    written = [p for p in tmp_path.rglob("*") if p.is_file() and p.parent != tmp_path]
    assert not [p for p in written if "testset" in str(p)], written


def test_8_the_api_names_a_test_set_and_a_protocol(capsys: pytest.CaptureFixture[str], monkeypatch) -> None:  # type: ignore[no-untyped-def]
    require_shared()
    monkeypatch.setenv("GECSCOPE_DATA", str(DATA))
    hyp = DATA / "multilingual" / "jfleg" / "test" / "test.src"
    [cli] = score_json(capsys, "-t", "jfleg", "--hyp", str(hyp))
    loaded = api.score("gleu", api.load(test_set="jfleg", hypothesis=hyp))
    assert (loaded.value, loaded.signature) == (cli["score"], cli["signature"])
    lines = hyp.read_text(encoding="utf-8").splitlines()
    direct = api.score("gleu", hypotheses=lines, test_set="jfleg")
    assert (direct.value, direct.signature) == (cli["score"], cli["signature"])
    other = api.score("gleu", api.load(test_set="jfleg", hypothesis=hyp), sampling="py2")
    assert "protocol:" not in other.signature  # another setting than the protocol's: not signed by it


def test_9_an_m2_gold_alone_supplies_the_source(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = api.example_dir()
    both = score_json(capsys, "--metric", "errant", "m2", "--source", str(d / "source.txt"), "--hyp",
                      str(d / "hypothesis.txt"), "--ref-m2", str(d / "references.m2"))  # fmt: skip
    alone = score_json(capsys, "--metric", "errant", "m2", "--hyp", str(d / "hypothesis.txt"), "--ref-m2",
                       str(d / "references.m2"))  # fmt: skip
    assert [(r["score"], r["signature"]) for r in both] == [(r["score"], r["signature"]) for r in alone]
    short = tmp_path / "short.txt"
    short.write_text("a b\n", encoding="utf-8")
    assert main(["score", "--hyp", str(short), "--ref-m2", str(d / "references.m2")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "short.txt" in err


def test_10_no_door_compares_language_codes_or_declares_a_protocol_again() -> None:
    for path in (SRC / "cli").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\.code\s*==|lang\s*==\s*['\"]", text), path
        assert not re.search(r"Protocol\(", text), path


def test_a_protocol_for_several_languages_takes_only_those(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """IndicGEC-2025 is for hi, bn, ml, ta and te: another --lang, or none, is refused in one line;
    the task's CSV gold alone supplies the source (its Input sentence column)."""
    gold = tmp_path / "gold.csv"
    gold.write_text("Input sentence,Output sentence\nक ख ग,क ख घ\nच छ,च छ\n", encoding="utf-8")
    hyp = tmp_path / "pred.csv"
    hyp.write_text("Input sentence,Output sentence\nक ख ग,क ख घ\nच छ,च छ\n", encoding="utf-8")
    for extra in ([], ["--lang", "de"]):
        assert main(["score", "--protocol", "indicgec-2025", "--hyp", str(hyp), "--ref", str(gold), *extra]) == 2
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and "hi|bn|ml|ta|te" in err
    argv = ["--protocol", "indicgec-2025", "--lang", "hi", "--hyp", str(hyp), "--ref", str(gold)]
    [alone] = score_json(capsys, *argv)
    [given] = score_json(capsys, *argv, "--source", str(gold))
    assert alone == given and "|protocol:indicgec-2025|" in alone["signature"]


def test_a_setting_other_than_the_protocols_leaves_it_unsigned(capsys: pytest.CaptureFixture[str]) -> None:
    """(fresh-eyes review) ``--beta 1`` under the M2 scorer's protocol gave another number signed
    ``protocol:m2scorer``: a metric is signed by its protocol only with every setting its own."""
    d = api.example_dir()
    argv = ["--protocol", "m2scorer", "--hyp", str(d / "hypothesis.txt"), "--ref-m2", str(d / "references.m2")]
    [plain] = score_json(capsys, *argv)
    [other] = score_json(capsys, *argv, "--beta", "1.0")
    [typed] = score_json(capsys, *argv, "--cat", "2")
    assert "|protocol:m2scorer|" in plain["signature"] and "protocol:" not in other["signature"]
    assert "|protocol:m2scorer|" in typed["signature"] and typed["score"] == plain["score"]
    ex = api.load(hypothesis=d / "hypothesis.txt", ref_m2=d / "references.m2", protocol="m2scorer")
    assert "protocol:" not in api.score("m2", ex, beta=1.0).signature
    assert api.score("m2", ex).signature == plain["signature"]


def test_an_essay_no_reference_has_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = essay_file(tmp_path / "en-x-orig-dev.md", SOURCE)
    ref = essay_file(tmp_path / "en-x-ref1-dev.md", {"1": REF["1"], "9": "An extra ."})
    hyp = essay_file(tmp_path / "en-x-hypo-dev.md", GOOD)
    assert main(["score", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--aligner", "errant-notag"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"{src}:4" in err and "essay 2 is in no reference file" in err


def test_a_public_set_takes_no_file_of_the_users(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    hyp = tmp_path / "h.txt"
    hyp.write_text("a\n", encoding="utf-8")
    assert main(["score", "-t", "jfleg", "--hyp", str(hyp), "--test-set-sha256", "abc"]) == 2
    assert "is public" in capsys.readouterr().err


def test_essays_take_their_language_from_the_file_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """(fresh-eyes review) Czech essays without --protocol were scored with English ERRANT: essay
    files named as MultiGEC names them give their language (signed ``lang:cs``)."""
    src = essay_file(tmp_path / "cs-x-orig-dev.md", {"1": "Já jít domů ."})
    ref = essay_file(tmp_path / "cs-x-ref1-dev.md", {"1": "Já jdu domů ."})
    [row] = score_json(capsys, "--metric", "errant", "--source", str(src), "--hyp", str(ref), "--ref", str(ref))
    assert "|lang:cs|" in row["signature"]
    with pytest.raises(InputError, match="drop source"):
        api.load(test_set="jfleg", hypothesis=src, source=src)
