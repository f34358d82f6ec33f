"""Issue 33: long model work reports progress also when standard error is not a terminal (a plain
line every few seconds, not a bar), nothing when quiet; --quiet also silences the libraries' bars
while a model loads (the GGUF conversion's tqdm bar)."""

from __future__ import annotations

import io
import sys

import pytest

from gecscope import progress as progress_module
from gecscope.progress import bar, progress, quiet


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def run(monkeypatch: pytest.MonkeyPatch, stream: io.StringIO, every: float, *, lines: bool = True) -> str:
    monkeypatch.setattr("sys.stderr", stream)
    monkeypatch.setattr(progress_module, "LINE_EVERY", every)
    for _ in progress(range(4), desc="LM perplexity", unit="batch", lines=lines):
        pass
    return stream.getvalue()


def test_model_work_prints_plain_lines_outside_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(monkeypatch, io.StringIO(), 0.0).splitlines()
    assert out[0].startswith("LM perplexity: 1/4 batch (25%), 0 s elapsed, about 0 s left")
    assert out[-1].startswith("LM perplexity: 4/4 batch (100%)") and "left" not in out[-1]
    assert not any("\r" in line or "\x1b" in line for line in out)  # lines, not a bar


def test_quick_work_prints_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(monkeypatch, io.StringIO(), 3600.0) == ""


def test_other_work_stays_silent_outside_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    assert run(monkeypatch, io.StringIO(), 0.0, lines=False) == ""


def test_quiet_silences_the_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    with quiet():
        assert run(monkeypatch, io.StringIO(), 0.0) == ""


def test_a_terminal_still_gets_a_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    out = run(monkeypatch, Terminal(), 0.0)
    assert "LM perplexity" in out and "\r" in out and "elapsed," not in out


def test_a_disabled_bar_prints_no_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stderr", io.StringIO())
    monkeypatch.setattr(progress_module, "LINE_EVERY", 0.0)
    with bar(3, "BERTScore", "pair", False, lines=True) as b:
        b.update(3)
    assert sys.stderr.getvalue() == ""


def test_library_bars_are_muted_when_quiet_or_not_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("transformers")
    from tqdm import tqdm

    from gecscope.weighting.causal_lm import library_output

    def load() -> None:  # what transformers' GGUF loader does: a plain tqdm bar on sys.stderr
        for _ in tqdm(range(3), desc="Converting and de-quantizing GGUF tensors..."):
            pass

    for stream, silent in ((io.StringIO(), True), (Terminal(), True), (Terminal(), False)):
        monkeypatch.setattr("sys.stderr", stream)
        with quiet(silent), library_output():
            load()
        shown = "de-quantizing" in stream.getvalue()
        assert shown == (isinstance(stream, Terminal) and not silent)
