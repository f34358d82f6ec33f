"""Unicode spaces inside a line on the tag-free ERRANT path (issue 39): the MultiGEC fork splits a
raw line on U+0020 alone, gecscope's ``tok:whitespace`` on every Unicode space; with MultiGEC's
syntok pre-tokenisation the two agree. The difference is documented in gecscope.align.notag and
signed by the tokenisation field."""

from __future__ import annotations

from pathlib import Path

import pytest

from gecscope.align.notag import NotagAligner, fork_tokens
from gecscope.cli import main

SOURCE, TARGET = "Ma\xa0lähen koju .", "Ma\xa0läksin koju ."


@pytest.mark.parametrize("space", ["\xa0", "\u2009", "\u202f", "\u3000"])
def test_the_forks_tokens_keep_unicode_spaces(space: str) -> None:
    line = f"Ma{space}lähen koju ."
    assert fork_tokens(line) == (f"Ma{space}lähen", "koju", ".")
    assert tuple(line.split()) == ("Ma", "lähen", "koju", ".")  # tok:whitespace


def test_the_forks_edit_and_ours() -> None:
    [fork] = NotagAligner().edits_batch([(fork_tokens(SOURCE), fork_tokens(TARGET))])
    assert [(e.start, e.end, e.correction) for e in fork] == [(0, 1, ("Ma\xa0läksin",))]
    assert fork[0].type == "R:OTHER"  # the fork's edit on these lines
    [ours] = NotagAligner().edits_batch([(tuple(SOURCE.split()), tuple(TARGET.split()))])
    assert [(e.start, e.end, e.correction) for e in ours] == [(1, 2, ("läksin",))]


def test_the_line_path_signs_its_tokenisation(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text(SOURCE + "\n", encoding="utf-8")
    hyp.write_text(TARGET + "\n", encoding="utf-8")
    ref = tmp_path / "r.txt"
    ref.write_text(TARGET + "\n", encoding="utf-8")
    argv = ["score", "--lang", "et", "--source", str(src), "--hyp", str(hyp), "--ref", str(ref), "--metric", "errant"]
    assert main([*argv, "--format", "json", "-q"]) == 0
    assert "|tok:whitespace|" in capsys.readouterr().out
    pytest.importorskip("syntok")
    assert main([*argv, "--tokenize", "syntok", "--format", "json", "-q"]) == 0
    assert "|tok:syntok" in capsys.readouterr().out
