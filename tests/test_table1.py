"""The CoNLL-2014 column of CLEME2.0's Table 1 (GJG15, 13 systems incl. INPUT)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope.cli import main
from gecscope.meta.protocols.gjg15 import PAPER_TABLE1, table1

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent


def test_table1_conll14_column_cleme2() -> None:
    require_shared()
    rows = table1(DATA, ["CLEME2.0-dep", "CLEME2.0-ind", "SentCLEME2.0-dep", "SentCLEME2.0-ind"])
    for row in rows:
        assert row.ew.systems == 13
        assert list(row.values()) == pytest.approx(list(PAPER_TABLE1[row.name]), abs=0.003), row.name


def test_table1_conll14_column_cleme_v1() -> None:
    """CLEME v1 rows: the official code lands within 0.006 of the paper (CLEME-ind Spearman EW
    0.703 vs 0.709, SentCLEME-ind Pearson TS 0.853 vs 0.857; the paper's SentCLEME rows need the
    corrected length weights). Documented in docs/reproduction.md."""
    require_shared()
    rows = table1(DATA, ["CLEME-dep", "CLEME-ind", "SentCLEME-dep", "SentCLEME-ind"])
    for row in rows:
        assert list(row.values()) == pytest.approx(list(PAPER_TABLE1[row.name]), abs=0.0065), row.name


@pytest.mark.parametrize(
    "option", [["--level", "sentence"], ["--threshold", "0.5"], ["--token-sort", "unicode"], ["--lm-model", "gpt2"]]
)
def test_table1_refuses_reference_free_settings_without_their_rows(
    option: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reference-less rows' settings without ``--reference-free``: one line, no corpus-level Table 1."""
    (tmp_path / "conll14").mkdir()
    out = tmp_path / "t1.txt"
    assert main(["meta", "table1", "--data", str(tmp_path), *option, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and option[0] in err and "--reference-free" in err and not out.exists()


@pytest.mark.parametrize("option", [["--encoder", "minilm"], ["--encoder-layer", "3"], ["--rescale-baseline", "0.8"]])
def test_table1_refuses_encoder_settings_without_the_similarity_rows(
    option: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The encoder settings only weight the ``--sim`` rows: without them, one line instead of ignoring them."""
    (tmp_path / "conll14").mkdir()
    out = tmp_path / "t1.txt"
    assert main(["meta", "table1", "--data", str(tmp_path), *option, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and option[0] in err and "needs --sim" in err and not out.exists()
