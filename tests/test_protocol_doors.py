"""The door grid for the shared tasks' protocols whose test sets ``../shared`` does not hold
(issue 40): ``--protocol qalb``, ``qalb-nopnx``, ``indicgec-2025``, ``fcgec`` and ``nacgec`` on
files. ``gecscope score``, ``compare``, ``report``, ``gecscope.load`` -> ``gecscope.score`` and the
Hugging Face module (where the gold is text: the module takes no M2) give one number and one
signature, and the signature names the protocol. ``tests/test_door_grid.py`` does the same for the
named test sets that ``../shared`` holds."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import DATA, require_shared
from gecscope.cli import main
from gecscope.setup.protocols import PROTOCOLS
from gecscope.setup.testsets import TEST_SETS
from test_door_grid import cli, sans_resampling

GOLDEN = Path(__file__).parent / "golden"
QALB = {c["name"]: c for c in json.loads((GOLDEN / "qalb" / "cases.json").read_text(encoding="utf-8"))["cases"]}
INDIC = json.loads((GOLDEN / "indicgec" / "cases.json").read_text(encoding="utf-8"))
ZH = {
    "source": ["他们的想法很好。", "我们去了公园，玩得很开心。", "这个问题很难以回答。"],
    "hypothesis": ["他们的想法很好。", "我们去公园，玩得很开心。", "这个问题很难回答。"],
    "reference": ["他们的想法很好。", "我们去了公园，玩得很开心。", "这个问题很难回答。"],
}


def lines(path: Path, rows: list[str]) -> str:
    path.write_text("".join(r + "\n" for r in rows), encoding="utf-8")
    return str(path)


def qalb_inputs(tmp: Path, protocol: str) -> tuple[list[str], dict[str, Any], list[str]]:
    """(the CLI's input options, ``gecscope.load``'s, the hypothesis lines) of an oracle case."""
    strip = protocol == "qalb-nopnx"
    case = next(c for c in QALB.values() if (c["punctuation"] == "strip") == strip and len(c["hyp"]) > 1)
    hyp, gold = lines(tmp / "hyp.txt", case["hyp"]), tmp / "gold.m2"
    gold.write_text(case["m2"], encoding="utf-8")
    argv = ["--hyp", hyp, "--ref-m2", str(gold), "--allow-tokenization-mismatch"]
    return argv, {"hypothesis": hyp, "ref_m2": gold, "allow_tokenization_mismatch": True}, case["hyp"]


def text_inputs(tmp: Path, src: list[str], hyp: list[str], ref: list[str]) -> tuple[list[str], dict[str, Any]]:
    files = {"source": lines(tmp / "src.txt", src), "hypothesis": lines(tmp / "hyp.txt", hyp)}
    files["references"] = [lines(tmp / "ref.txt", ref)]  # type: ignore[assignment]
    argv = ["--source", files["source"], "--hyp", files["hypothesis"], "--ref", files["references"][0]]
    return [*argv, "--allow-tokenization-mismatch"], {**files, "allow_tokenization_mismatch": True}


def indic_case() -> tuple[list[str], list[str], list[str]]:
    """Source, hypothesis and reference cells of the Hindi mixed case (one line each)."""
    from test_indicgec import columns

    src, hyp, ref = columns("hi-mixed")
    return [" ".join(c.split()) for c in src], [" ".join(c.split()) for c in hyp], [" ".join(c.split()) for c in ref]


def hf_text(metric: str, text: tuple[list[str], list[str], list[str]], settings: dict[str, Any]) -> tuple[float, str]:
    """What the Hugging Face module computes (the module itself when ``evaluate`` is installed,
    else the call it makes)."""
    src, hyp, ref = text
    if importlib.util.find_spec("evaluate") is not None:
        from hf_module import compute

        got = compute(sources=src, predictions=hyp, references=[[r] for r in ref], metric=metric, **settings)
        return float(got["score"]), str(got["signature"])
    s = gecscope.score(metric, sources=src, hypotheses=hyp, references=[[r] for r in ref],
                       references_by="sentence", **settings)  # fmt: skip
    return s.value, s.signature


EXAMPLE = Path(gecscope.__file__).parent / "data" / "example"
#: every protocol no named test set in ../shared covers (MultiGEC-2025's essays: test_door_grid)
CASES = ["qalb", "qalb-nopnx", "indicgec-2025", "fcgec", "nacgec", "m2scorer", "bea19"]


def test_every_protocol_is_in_a_door_grid() -> None:
    from test_door_grid import present

    require_shared()
    covered = {TEST_SETS[n].protocol for n in present()} | {"multigec-2025", *CASES}
    assert set(PROTOCOLS) <= covered, set(PROTOCOLS) - covered


@pytest.mark.parametrize("protocol", CASES)
def test_every_door_scores_a_protocol_alike(
    protocol: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lang: list[str] = []
    settings: dict[str, Any] = {"protocol": protocol}
    text: tuple[list[str], list[str], list[str]] | None = None
    if protocol.startswith("qalb"):
        argv, files, _ = qalb_inputs(tmp_path, protocol)
    elif protocol in ("m2scorer", "bea19"):  # English: the built-in example's text and gold M2
        hyp, gold = EXAMPLE / "hypothesis.txt", EXAMPLE / "references.m2"
        argv, files = ["--hyp", str(hyp), "--ref-m2", str(gold)], {"hypothesis": hyp, "ref_m2": gold}
    else:
        if protocol == "nacgec":
            pytest.importorskip("thulac", reason="nacgec needs the thulac extra")
        if protocol in ("fcgec", "nacgec"):  # ChERRANT's tables from ../shared
            require_shared()
            monkeypatch.setenv("GECSCOPE_SHARED", str(DATA.parent))
        if protocol == "indicgec-2025":
            text = indic_case()
            lang, settings["lang"] = ["--lang", "hi"], "hi"
        else:
            text = (ZH["source"], ZH["hypothesis"], ZH["reference"])
        argv, files = text_inputs(tmp_path, *text)
    for metric in PROTOCOLS[protocol].metrics:
        doors: dict[str, tuple[float, str]] = {}
        head = ["--protocol", protocol, *lang]
        got = cli(capsys, "score", *head, *argv, "--metric", metric)
        doors["score"] = (got["score"], got["signature"])
        examples = gecscope.load(**files, protocol=protocol, lang=settings.get("lang"))
        s = gecscope.score(metric, examples)
        doors["load->score"] = (s.value, s.signature)
        if text is not None:  # the Hugging Face module takes text references only
            doors["hf"] = hf_text(metric, text, settings)
        twice = [*argv]
        hyp_at = twice.index("--hyp")
        twice.insert(hyp_at + 2, twice[hyp_at + 1])
        rows = cli(capsys, "compare", *head, *twice, "--name", "a", "b", "--metric", metric,
                   "--bootstrap", "2", "--trials", "2")  # fmt: skip
        doors["compare"] = (rows[0]["score"], sans_resampling(rows[0]["signature"]))
        out = tmp_path / "report.md"
        assert main(["report", *head, *argv, "--metric", metric, "--format", "md", "-o", str(out), "--quiet"]) == 0
        capsys.readouterr()
        [signed] = re.findall(rf"^- [^`\n]+: `({re.escape(metric)}\|[^`]+)`$", out.read_text(encoding="utf-8"), re.M)
        doors["report"] = (got["score"], signed)
        first = doors["score"]
        assert f"|protocol:{protocol}|" in first[1], first
        for door, value in doors.items():
            assert value == first, (protocol, metric, door, value, first)


def test_repeated_metric_options_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    """``--metric a --metric b`` scores both (it kept only b, silently)."""
    rows = cli(capsys, "score", "--example", "--metric", "cleme2", "--metric", "errant", "m2", "--metric", "cleme2")
    assert [r["metric"] for r in rows] == ["cleme2", "errant", "m2"]


def test_a_metric_reading_no_edits_signs_the_chinese_readers_tokens(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Chinese text is always read as ChERRANT reads it (characters, OpenCC t2s): exact match signs
    that alone and beside an aligning metric, with the same number."""
    require_shared()
    monkeypatch.setenv("GECSCOPE_SHARED", str(DATA.parent))
    argv, _ = text_inputs(tmp_path, ["他們的想法很好。"], ["他們的想法很好。"], ["他们的想法很好。"])
    alone = cli(capsys, "score", "--lang", "zh", *argv, "--metric", "exact-match")
    both = {r["metric"]: r for r in cli(capsys, "score", "--lang", "zh", *argv, "--metric", "exact-match", "cleme2")}
    assert (alone["score"], alone["signature"]) == (both["exact-match"]["score"], both["exact-match"]["signature"])
    assert "|tok:zh-char|t2s:opencc|" in alone["signature"]
