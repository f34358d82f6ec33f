"""``gecscope convert --what texts``: a reference M2 as its source and one corrected text per
annotator; the texts converted back to M2 (``--what references``) hold the same corrected texts,
and each annotator's text scores 1.0 against them with every edit metric."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import SHARED
from gecscope.cli import main
from gecscope.io.m2 import read_m2

MULTI = SHARED / "data" / "multilingual"
#: nested edits (EstGEC's word-order edit), a second annotator absent from the second sentence
GOLD = (
    "S Mul ei olnud kassi mitte kunagi .\n"
    "A 2 3|||R:VERB:FORM|||ole olnud|||REQUIRED|||-NONE-|||0\n"
    "A 2 6|||R:WO|||ole mitte kunagi kassi olnud|||REQUIRED|||-NONE-|||0\n"
    "A 6 7|||R:PUNCT|||!|||REQUIRED|||-NONE-|||1\n\n"
    "S Ma lähen koju .\n"
    "A 1 2|||R:VERB:FORM|||läksin|||REQUIRED|||-NONE-|||0\n\n"
)
METRICS = ("m2", "errant", "cleme", "cleme2")


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def to_texts(m2: Path, prefix: Path, capsys: pytest.CaptureFixture[str]) -> list[Path]:
    assert main(["convert", "--what", "texts", "--ref-m2", str(m2), "-o", str(prefix)]) == 0
    err = capsys.readouterr().err
    refs = sorted(prefix.parent.glob(f"{prefix.name}.ref*.txt"))
    assert str(prefix) + ".src.txt" in err
    return [Path(f"{prefix}.src.txt"), *refs]


def test_texts_per_annotator_and_the_missing_annotator(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m2 = tmp_path / "gold.m2"
    m2.write_text(GOLD, encoding="utf-8")
    assert main(["convert", "--what", "texts", "--ref-m2", str(m2), "-o", str(tmp_path / "g")]) == 0
    err = capsys.readouterr().err
    assert lines(tmp_path / "g.src.txt") == ["Mul ei olnud kassi mitte kunagi .", "Ma lähen koju ."]
    assert lines(tmp_path / "g.ref0.txt") == ["Mul ei ole mitte kunagi kassi olnud .", "Ma läksin koju ."]
    assert lines(tmp_path / "g.ref1.txt") == ["Mul ei olnud kassi mitte kunagi !", "Ma lähen koju ."]
    assert "ref1 1" in err and "source unchanged" in err


def test_texts_need_an_m2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["convert", "--what", "texts"]) == 2
    assert "--ref-m2" in capsys.readouterr().err


def round_trip(
    m2: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, aligner: str | None = None
) -> dict[str, float]:
    """M2 -> texts -> M2 (``aligner``'s edits): the same corrected texts; the lowest score of the
    first two annotators' texts against the round-tripped M2, per metric."""
    src, *refs = to_texts(m2, tmp_path / "t", capsys)
    back = tmp_path / "back.m2"
    given = ["--lang", lang, "--source", str(src), *(["--aligner", aligner] if aligner else [])]
    argv = ["convert", *given, "--what", "references", "--hyp", str(src), "--ref", *map(str, refs)]
    assert main([*argv, "-o", str(back), "-q"]) == 0
    original, again = read_m2(m2), read_m2(back)
    assert [[t.tokens for t in b.targets] for b in original] == [[t.tokens for t in b.targets] for b in again]
    lowest: dict[str, float] = {}
    for ref in refs[:2]:
        score = ["score", *given, "--hyp", str(ref), "--ref-m2", str(back), "--metric", *METRICS]
        assert main([*score, "--format", "json", "-q"]) == 0
        for row in json.loads(capsys.readouterr().out):
            lowest[row["metric"]] = min(lowest.get(row["metric"], 1.0), row["score"])
    return lowest


def test_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    m2 = tmp_path / "gold.m2"
    m2.write_text(GOLD, encoding="utf-8")
    assert round_trip(m2, tmp_path, capsys, "et") == dict.fromkeys(METRICS, 1.0)


@pytest.mark.shared
@pytest.mark.parametrize(
    ("gold", "lang"), [("estgec-l2/test/source_gold_test.txt", "et"), ("ua-gec/gec-only.test.m2", "uk")]
)
def test_round_trip_named_sets(gold: str, lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """ERRANT, CLEME and CLEME2.0 give 1.0. The M2 scorer builds the hypothesis's edits from its
    own Levenshtein lattice and picks one of equally cheap alignments: with Levenshtein edits in
    the round-tripped M2 it loses one sentence in EstGEC-L2 (0.9997: its gold inserts ``Kas sa``
    before a ``Sa`` it keeps) and a few in UA-GEC (0.9975); with ERRANT's edits more (EstGEC-L2:
    0.988, ERRANT's merged edits are not all on the lattice): the M2 scorer's, not the texts'."""
    lowest = round_trip(MULTI / gold, tmp_path, capsys, lang, "levenshtein")
    assert {m: lowest[m] for m in ("errant", "cleme", "cleme2")} == dict.fromkeys(("errant", "cleme", "cleme2"), 1.0)
    assert lowest["m2"] > 0.997
