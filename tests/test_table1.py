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
    ("option", "needs"),
    [
        (["--level", "sentence"], "needs --reference-free"),
        (["--threshold", "0.5"], "needs --reference-free"),
        (["--token-sort", "unicode"], "needs --reference-free"),
        (["--lm-model", "gpt2"], "needs --reference-free"),
        (["--encoder", "minilm"], "needs --sim"),
        (["--encoder-layer", "3"], "needs --sim"),
        (["--rescale-baseline", "0.8"], "needs --sim"),
    ],
)
def test_table1_refuses_settings_of_rows_it_does_not_add(
    option: list[str], needs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The reference-less rows' settings without ``--reference-free``, the encoder settings without
    ``--sim``: one line naming the option and what it needs, never a Table 1 that ignores them."""
    (tmp_path / "conll14").mkdir()
    out = tmp_path / "t1.txt"
    assert main(["meta", "table1", "--data", str(tmp_path), *option, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and option[0] in err and needs in err and not out.exists()
