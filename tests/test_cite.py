"""``gecscope cite``: the registry's BibTeX, one entry per metric named."""

from __future__ import annotations

import pytest

from gecscope.cli import main
from gecscope.metrics import METRICS


def test_cite_prints_each_metrics_bibtex_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cite", "CLEME2.0", "cleme2", "errant", "char-f"]) == 0
    out = capsys.readouterr().out
    assert out.count(METRICS["cleme2"].citation) == 1 and METRICS["errant"].citation in out
    assert out.count("@") == 2 and "% char-f:" in out  # char-F has no paper: a comment, no entry


def test_cite_refuses_an_unknown_metric_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cite", "cleem2"])
    err = capsys.readouterr().err
    assert "did you mean 'cleme2'" in err and len(err.strip().splitlines()) == 1
