"""FCGEC as its README describes it (issue 40): ``--protocol fcgec`` runs exact match and
ChERRANT's char-level P/R/F0.5 after punctuation removal. The official program is not published
(it runs on Codalab), so the checks are: the ``fcgec`` metric on raw text equals ChERRANT (which
gecscope reproduces, tests/test_zh_text.py) on text stripped beforehand; exact match as defined;
every unknown of the description is a setting in the signature."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope import api
from gecscope.cli import main
from gecscope.metrics.exact_match import ExactMatch, ExactMatchConfig
from gecscope.metrics.fcgec import FcgecConfig
from gecscope.metrics.punctuation import FCGEC_SCRIPT, punctuation_set, strip_tokens
from gecscope.types import Example, Target

MUCGEC = DATA / "zh" / "mucgec_dev"
MARK = "[缺失成分]"
N = 150  # sentences of MuCGEC dev used (its first lines)


@pytest.fixture(autouse=True)
def _tables(monkeypatch: pytest.MonkeyPatch) -> None:
    require_shared()
    monkeypatch.setenv("GECSCOPE_SHARED", str(DATA.parent))


def keep(c: str) -> bool:
    return c == "\t" or not unicodedata.category(c).startswith("P")


def head(path: Path, out: Path, strip: bool) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()[:N]
    if strip:  # every P* character but those of the marker [缺失成分] (one token)
        lines = ["".join(c for c in line.replace(MARK, "\ue000") if keep(c)).replace("\ue000", MARK) for line in lines]
    out.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(out)


def test_fcgec_equals_cherrant_on_text_stripped_beforehand(tmp_path: Path) -> None:
    hyp = MUCGEC / "systems" / "example_pred.txt"
    raw, bare = (
        api.load(
            source=head(MUCGEC / "sources.txt", tmp_path / f"s{strip}", strip),
            hypothesis=head(hyp, tmp_path / f"h{strip}", strip),
            ref_tsv=head(MUCGEC / "references.tsv", tmp_path / f"r{strip}.tsv", strip),
            lang="zh",
        )
        for strip in (False, True)
    )
    ours, theirs = api.score("fcgec", raw), api.score("cherrant", bare)
    keys = ("tp", "fp", "fn", "p", "r", "f")
    assert [ours.details[k] for k in keys] == [theirs.details[k] for k in keys]
    assert ours.details["tp"] > 0 and ours.value != api.score("cherrant", raw).value  # the stripping matters here
    assert "|punct:unicode-p." in ours.signature and "|sentences:all|" in ours.signature


def test_protocol_fcgec_runs_exact_match_and_fcgec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = head(MUCGEC / "sources.txt", tmp_path / "s", False)
    argv = [
        "score",
        "--protocol",
        "fcgec",
        "--source",
        src,
        "--hyp",
        head(MUCGEC / "systems" / "example_pred.txt", tmp_path / "h", False),
    ]
    assert (
        main([*argv, "--ref-tsv", head(MUCGEC / "references.tsv", tmp_path / "r.tsv", False), "--format", "json"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    rows = out if isinstance(out, list) else [out]
    assert {r["metric"] for r in rows} == {"exact-match", "fcgec"}
    assert all("|protocol:fcgec|" in r["signature"] and "|lang:zh|" in r["signature"] for r in rows)


def test_the_sentences_without_errors_can_be_left_out(tmp_path: Path) -> None:
    same = Example(tuple("我是学生"), Target(tuple("我是学生")), (Target(tuple("我是学生")),))
    wrong = Example(
        tuple("我是学声"), Target(tuple("我是学生")), (Target(tuple("我是学声。")), Target(tuple("我是学生")))
    )
    over = Example(tuple("他很好"), Target(tuple("他很不好")), (Target(tuple("他很好")),))
    all_ = api.score("fcgec", [same, wrong, over])
    erroneous = api.score("fcgec", [same, wrong, over], sentences="erroneous")
    assert (all_.details["fp"], erroneous.details["fp"]) == (1, 0)  # the over-correction of a correct sentence
    assert erroneous.details["skipped"] == 2 and "|sentences:erroneous|" in erroneous.signature
    with pytest.raises(ValueError, match="sentences must be one of all, erroneous"):
        FcgecConfig(sentences="some")


def test_exact_match_counts_the_erroneous_sentences_after_punctuation_removal() -> None:
    fixed = Example(tuple("我是学声"), Target(tuple("我是学生。")), (Target(tuple("我是学生")),))
    correct = Example(tuple("好"), Target(tuple("好")), (Target(tuple("好。")),))  # only punctuation differs
    missed = Example(tuple("他很好"), Target(tuple("他很好")), (Target(tuple("他很棒")),))
    score = ExactMatch().score([fixed, correct, missed])
    assert (score.details["counted"], score.details["matched"], score.value) == (2, 1, 0.5)
    kept = ExactMatch(ExactMatchConfig(punctuation="keep", sentences="all")).score([fixed, correct, missed])
    assert (kept.details["counted"], kept.details["matched"]) == (3, 0)
    assert "exact-match|sentences:all|punct:keep|" in kept.signature


def test_punctuation_sets() -> None:
    assert set(FCGEC_SCRIPT) == punctuation_set("fcgec-script") and "，" in punctuation_set("unicode")
    assert strip_tokens(("[缺失成分]", "，", "好", "..."), "unicode") == ("[缺失成分]", "好")
    assert "$" not in punctuation_set("unicode")  # symbols (S*) are not punctuation (P*)
    with pytest.raises(ValueError, match="punctuation must be one of"):
        punctuation_set("all")
    assert os.environ["GECSCOPE_SHARED"]


def test_other_tables_sign_another_alignment(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--zh-resources`` reaches FCGEC's own ChERRANT aligner, and the tables' digest is signed
    whichever aligner the run's language has (English example: ERRANT): other tables, another signature."""
    import shutil

    other = tmp_path / "tables"
    shutil.copytree(DATA / "zh" / "resources", other)
    with (other / "confusion_dict.txt").open("a", encoding="utf-8") as f:
        f.write("甲 乙\n")
    signatures = []
    for tables in (DATA / "zh" / "resources", other):
        argv = ["score", "--metric", "fcgec", "--example", "--zh-resources", str(tables), "--format", "json"]
        assert main([*argv, "--quiet", "--no-cache"]) == 0
        signatures.append(json.loads(capsys.readouterr().out)["signature"])
    assert all("|align:cherrant-char+tables-" in s for s in signatures)
    assert signatures[0] != signatures[1]
