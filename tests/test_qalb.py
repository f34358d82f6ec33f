"""The QALB M2 scorer (issue 40): ``--protocol qalb`` / ``qalb-nopnx`` print the official
scorer's four lines exactly (QALB-0.9.1 ``m2Scripts/m2scorer.py``, CAMeL-Lab/arabic-gec @ 8c7fb84,
Python 2.7), including hypotheses that insert two or three tokens before the first word, and
the no-punctuation score with the repository's stripping (its a/m/p quirk included).

Goldens: ``tests/golden/qalb/cases.json`` (synthetic text written by ``make_cases.py``; the
official outputs with the command that made them).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.cli import main
from gecscope.metrics.m2 import M2, M2Config
from gecscope.metrics.qalb import Qalb, QalbConfig, f05, punctuation_class, strip_punctuation
from gecscope.pipeline import read

GOLDEN = json.loads((Path(__file__).parent / "golden" / "qalb" / "cases.json").read_text(encoding="utf-8"))
CASES = {c["name"]: c for c in GOLDEN["cases"]}


def files(case: dict, tmp: Path) -> tuple[str, str]:  # type: ignore[type-arg]
    (tmp / "hyp.txt").write_text("".join(h + "\n" for h in case["hyp"]), encoding="utf-8")
    (tmp / "gold.m2").write_text(case["m2"], encoding="utf-8")
    return str(tmp / "hyp.txt"), str(tmp / "gold.m2")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_four_lines_equal_the_qalb_scorer(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = CASES[name]
    hyp, gold = files(case, tmp_path)
    protocol = "qalb-nopnx" if case["punctuation"] == "strip" else "qalb"
    argv = ["score", "--protocol", protocol, "--hyp", hyp, "--ref-m2", gold, "--format", "official"]
    assert main([*argv, "--allow-tokenization-mismatch"]) == 0
    assert capsys.readouterr().out == case["stdout"]


def test_insertions_before_the_first_word_differ_from_the_fixed_scorer(tmp_path: Path) -> None:
    """Two and three tokens inserted before the first word: the QALB scorer (and M2 3.2) count
    them wrong, the NUS scorer with the 2016 fix (``edit_lattice="d12eea2"``) counts them right."""
    case = CASES["insertions-before-the-first-word"]
    hyp, gold = files(case, tmp_path)
    [examples] = read(hypotheses=[hyp], ref_m2=gold)
    qalb = Qalb().score(examples).details
    assert (qalb["tp"], qalb["proposed"], qalb["gold"]) == (10, 12, 14)
    fixed = M2(M2Config(beta=1.0, edit_lattice="d12eea2")).score(examples)
    assert M2(M2Config(beta=1.0, edit_lattice="d12eea2")).official_text(fixed) + "\n" == case["fixed_m2_beta1_stdout"]
    assert (fixed.details["tp"], fixed.details["proposed"]) == (13, 13)


def test_the_stripping_equals_the_repository_s(tmp_path: Path) -> None:
    for case in GOLDEN["cases"]:
        if case["punctuation"] == "strip":
            assert [strip_punctuation(h) for h in case["hyp"]] == case["stripped_hyp"], case["name"]
    assert strip_punctuation("camel, 3.5 ! map") == "c el 35"  # the Latin a, m, p go too
    assert {"a", "m", "p", "&", ";", "،", "؟", "$"} <= punctuation_class() and "b" not in punctuation_class()


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("كتب camp,.3٣ ؟!\t"), max_size=30))
def test_stripping_is_idempotent_and_leaves_no_class_character(text: str) -> None:
    once = strip_punctuation(text)
    assert strip_punctuation(once) == once and not set(once) & punctuation_class()


def test_f05_is_printed_from_the_same_p_and_r_and_the_settings_are_signed(tmp_path: Path) -> None:
    assert (f05(1.0, 0.0), f05(0.0, 0.0), f05(0.5, 0.5)) == (0.0, 0.0, 0.5)
    case = CASES["random-0"]
    hyp, gold = files(case, tmp_path)
    [examples] = read(hypotheses=[hyp], ref_m2=gold)
    score = Qalb().score(examples)
    assert score.details["f05"] == f05(score.details["p"], score.details["r"])
    assert score.signature.startswith("qalb|beta:1|") and "|algorithm:exact|lattice:v3.2|" in score.signature
    stripped = Qalb(QalbConfig(punctuation="strip")).score(examples)
    assert "|punct:strip+amp-quirk+unicode." in stripped.signature
    with pytest.raises(ValueError, match="punctuation must be one of keep, strip"):
        QalbConfig(punctuation="none")


def test_beta_chooses_the_annotator_and_names_the_f_line(tmp_path: Path) -> None:
    """The annotator is chosen with beta 1: the F0.5 line (0.5556) is not M2's ``--beta 0.5``
    (0.7692, which picks the other annotator; the NUS scorer's output in the golden)."""
    case = CASES["annotator-choice"]
    hyp, gold = files(case, tmp_path)
    [examples] = read(hypotheses=[hyp], ref_m2=gold)
    m2 = M2(M2Config(beta=0.5))
    assert m2.official_text(m2.score(examples)) + "\n" == case["fixed_m2_beta05_stdout"]
    assert round(Qalb().score(examples).details["f05"], 4) == 0.5556
    metric = Qalb(QalbConfig(beta=2.0))
    lines = metric.official_text(metric.score(examples)).splitlines()
    assert lines[2].startswith("F_2.0       : ") and lines[3].startswith("F_0.5       : ")


@pytest.mark.parametrize("name", ["zaebuc", "zaebuc-nopnx", "zaebuc-dev", "zaebuc-dev-nopnx"])
def test_t_zaebuc_binds_the_protocol(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Once downloaded: the source as the hypothesis proposes nothing (P 1, R 0, as the scorer
    says it), and the signature names the set, its version and the protocol."""
    from gecscope.errors import InputError
    from gecscope.setup.testsets import locate

    try:
        locate(name)
    except InputError:
        pytest.skip(f"{name} not downloaded (gecscope download)")
    assert main(["score", "-t", name, "--echo", "src"]) == 0
    (tmp_path / "src.txt").write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["score", "-t", name, "--hyp", str(tmp_path / "src.txt"), "--format", "official"]) == 0
    assert (
        capsys.readouterr().out
        == "Precision   : 1.0000\nRecall      : 0.0000\nF_1.0       : 0.0000\nF_0.5       : 0.0000\n"
    )
    assert main(["score", "-t", name, "--hyp", str(tmp_path / "src.txt"), "--format", "json"]) == 0
    signature = json.loads(capsys.readouterr().out)["signature"]
    protocol = "qalb-nopnx" if "nopnx" in name else "qalb"
    assert f"|test:{name}+sha256." in signature and f"+arabic-gec@8c7fb84f|protocol:{protocol}|" in signature
