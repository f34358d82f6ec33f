"""Issue 42 (6, 13): the alignment guard decides by the work a pair needs.

6. ``--max-align-tokens 0`` ("no limit") with a 100,000-token line used to allocate 74.5 GiB and
   end in a numpy traceback: the table's size is known before it is allocated, so a pair whose
   table does not fit in the memory available is refused in one line naming the file, the line
   and the memory it would need.
13. A pair is no longer refused for the length of a run of changed tokens: ERRANT's merger visits
   the sub-runs that hold a *substitution*, each in constant time; a run of insertions with one
   substitution (a missing essay's ``!`` against a 3,000-token reference) costs it next to nothing
   and is aligned. A run of substitutions longer than the limit is refused as before, and so is a
   run whose substitutions could fall where the merger's work explodes.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from gecscope.align.settings import TABLE_BYTES, merge_work, too_long, too_much_memory
from gecscope.api import example_dir
from gecscope.cli import main

EX = example_dir()
WORDS = [w for w in (EX / "source.txt").read_text(encoding="utf-8").split() if w != "!"]


def essay(tokens: int) -> tuple[str, ...]:
    return tuple(WORDS[i % len(WORDS)] for i in range(tokens))


def test_one_token_against_945_is_aligned_not_refused() -> None:
    """Before: 'a run of 945 changed tokens' (the merger's real work: 2 CPU-s)."""
    assert too_long(("!",), essay(945), 150) is None


def marian_loop() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A 65-token list whose 5-word item an NMT system replaced by a loop over the list's start,
    290 tokens long (as Marian's output of GMEG Wiki test line 694: 70 source tokens, 408 out)."""
    vocab = list(dict.fromkeys(w for w in WORDS if w.isalpha()))
    head = [t for w in vocab[:15] for t in (w, ",")]
    tail = [*[t for w in vocab[15:30] for t in (w, ",")][:-1], "."]
    loop = head[10:30] * 15
    source = (*head, "pallative", "and", "end", "of", "life", *tail)
    return source, (*head, *loop[:290], *tail)


def test_a_looping_system_output_is_aligned_not_refused() -> None:
    """Before: 'a run of 290 changed tokens' (5 removed, 290 added); the merger's real work on it:
    1.5 CPU-s with the parse. GMEG's whole Wiki test output of Marian now scores at the defaults."""
    source, output = marian_loop()
    assert too_long(source, output, 150) is None


def test_a_run_of_substitutions_over_the_limit_is_refused_as_before() -> None:
    source = tuple(f"w{i}" for i in range(151))
    target = tuple(f"v{i}" for i in range(151))
    assert too_long(source[:150], target[:150], 150) is None
    why = too_long(source, target, 150)
    assert why is not None and why.startswith("a run of 151 changed tokens")


def test_a_lone_substitution_that_could_land_mid_run_is_refused() -> None:
    """One source token against 7,000: ERRANT's single substitution could sit in the middle of the
    run, where the merger visits ~7,000³/8 sub-runs: refused at once."""
    start = time.process_time()
    why = too_long(("!",), essay(7000), 150)
    assert why is not None and "changed tokens" in why
    assert time.process_time() - start < 2


def test_merge_work_of_a_run() -> None:
    # a run of n substitutions: every sub-run of 2+ steps, visited once
    assert merge_work(3, 3) == (3, 3)
    assert merge_work(10, 0) == (0, 0)  # pure insertions or deletions: merged at once
    best, worst = merge_work(945, 1)
    assert best == 944 and worst == 473 * 473 - 1  # at an end; in the middle
    assert merge_work(5, 2) == (7, 10)  # SSIII: 10 - 3 (III); ISISI: all 10


def test_one_token_against_3000_is_aligned_not_refused() -> None:
    """Before: 'a run of 3000 changed tokens' (the merger's real work then: 63 CPU-s)."""
    assert too_long(("!",), essay(3000), 150) is None


@pytest.mark.text
@pytest.mark.parametrize("tokens", [945, 3000])
def test_the_cli_scores_the_missing_essay(tmp_path: Path, capsys: pytest.CaptureFixture[str], tokens: int) -> None:
    """A missing essay's ``!`` (as the official MultiGEC script puts in) against a long reference:
    scored at the defaults, in seconds (the merger: 0.04 s at 3,000 tokens; 63 s before)."""
    src, ref = tmp_path / "e.src", tmp_path / "e.ref"
    src.write_text("!\n", encoding="utf-8")
    ref.write_text(" ".join(essay(tokens)) + " .\n", encoding="utf-8")
    argv = ["score", "--metric", "errant", "--source", str(src), "--hyp", str(src), "--ref", str(ref)]
    start = time.process_time()
    assert main([*argv, "--no-cache", "--quiet"]) == 0, capsys.readouterr().err
    assert time.process_time() - start < 30


def test_table_memory_is_known_before_the_allocation() -> None:
    n = 100_000
    need = (n + 1) * (n + 1) * TABLE_BYTES["errant"]
    assert need / 2**30 > 74.5
    why = too_much_memory(essay(n), essay(n)[::-1], "errant", available=16 * 2**30)
    assert why is not None and why.startswith("a table of 100,001 x 100,001 cells") and "GiB of memory" in why
    assert too_much_memory(essay(n), essay(n)[::-1], "levenshtein", available=16 * 2**30) is None
    assert too_much_memory(essay(100), essay(100), "errant", available=16 * 2**30) is None


def test_no_limit_with_a_100000_token_line_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before: 74.5 GiB asked of numpy, and its traceback."""
    import gecscope.align.settings as settings

    monkeypatch.setattr(settings, "available_memory", lambda: 16 * 2**30)
    words = essay(100_000)
    src, hyp = tmp_path / "big.src", tmp_path / "big.hyp"
    src.write_text(" ".join(words) + "\n", encoding="utf-8")
    hyp.write_text(" ".join(w + "s" if i % 50 == 7 else w for i, w in enumerate(words)) + "\n", encoding="utf-8")
    argv = ["score", "--metric", "errant", "--source", str(src), "--hyp", str(hyp), "--ref", str(src)]
    start = time.monotonic()
    assert main([*argv, "--max-align-tokens", "0", "--no-cache", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gecscope: error: {hyp}:1: hypothesis has a table of 100,001 x 100,001 cells")
    assert "GiB of memory" in err and "16.0 GiB available" in err and err.count("\n") == 1
    assert time.monotonic() - start < 30
