"""``gecscope cite`` for named test sets and protocols (issue 42, item 11): every one declared has
BibTeX, each entry is printed once, and an unknown name is one line with a "did you mean"."""

from __future__ import annotations

import re

import pytest

from gecscope.cli import cite, main
from gecscope.metrics.base import citations
from gecscope.setup.protocols import PROTOCOLS
from gecscope.setup.testsets import TEST_SETS


def test_every_test_set_and_protocol_has_bibtex() -> None:
    assert set(cite.TEST_SETS) == set(TEST_SETS), set(TEST_SETS) ^ set(cite.TEST_SETS)
    assert set(cite.PROTOCOLS) == set(PROTOCOLS), set(PROTOCOLS) ^ set(cite.PROTOCOLS)
    known = citations()
    for keys in [*cite.TEST_SETS.values(), *cite.PROTOCOLS.values()]:
        assert keys and all(k in known for k in keys), keys


def test_bibtex_entries_are_balanced_and_keyed() -> None:
    for key, entry in citations().items():
        assert re.match(r"@\w+\{" + re.escape(key) + ",", entry), key
        assert entry.count("{") == entry.count("}"), key
        assert "title" in entry, key


def test_cite_jfleg_estgec(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cite", "jfleg", "estgec-l2", "JFLEG"]) == 0
    out = capsys.readouterr().out
    assert out.count("@inproceedings{napoles-etal-2017-jfleg,") == 1  # test set jfleg, once
    assert "@inproceedings{napoles-etal-2015-ground," in out  # protocol jfleg: its GLEU
    assert "@misc{estgec-l2-corpus," in out and "% test set estgec-l2:" in out and "% protocol jfleg:" in out


def test_cite_protocol_and_metric_share_entries_once(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cite", "bea19", "errant", "conll14-errant"]) == 0
    out = capsys.readouterr().out
    assert out.count("@inproceedings{bryant-etal-2017-automatic,") == 1
    assert "% errant:" in out and "(its paper: bryant-etal-2017-automatic, above)" in out
    assert out.count("@inproceedings{ng-etal-2014-conll,") == 1


def test_cite_unknown_name_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["cite", "jflge"])
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "did you mean 'jfleg'" in err
