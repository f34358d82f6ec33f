"""The swap check's verdict cache (``gecscope.setup.swap_verdicts``): a second run on the same
lines says the same warning without tallying; ``--no-cache``, a changed hypothesis, a corrupt
file or an invalid value compute it again."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gecscope.io.sanity as sanity
from gecscope.cli import main
from gecscope.setup import swap_verdicts
from gecscope.types import Example, Target
from test_swap_check import _learners, _system

WARNING = "are --source and --hyp swapped?"
Tokens = tuple[str, ...]


def _files(tmp_path: Path, n: int = 300) -> list[str]:
    """A swapped run's arguments (``gecscope score --metric gleu``), its cache in ``tmp_path/c``."""
    sources, refs = _learners(n)
    hyp = _system(sources, refs, 0.8)
    files = {"src": hyp, "hyp": sources, "ref0": [r[0] for r in refs], "ref1": [r[1] for r in refs]}  # swapped
    for name, lines in files.items():
        (tmp_path / f"{name}.txt").write_text("".join(" ".join(line) + "\n" for line in lines))
    argv = ["score", "--metric", "gleu", "--source", str(tmp_path / "src.txt"), "--hyp", str(tmp_path / "hyp.txt")]
    return [*argv, "--ref", str(tmp_path / "ref0.txt"), str(tmp_path / "ref1.txt"), "--cache-dir", str(tmp_path / "c")]


def _refuse(*_: object) -> None:
    raise AssertionError("the swap check tallied")


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    assert main(argv) == 0
    got = capsys.readouterr()
    return got.out, got.err


def test_a_second_run_says_the_same_warning_without_tallying(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    out, err = _run(argv, capsys)
    assert WARNING in err and err.count("\n") == 1
    monkeypatch.setattr(sanity, "swap_tally", _refuse)
    assert _run(argv, capsys) == (out, err)
    monkeypatch.setenv("GECSCOPE_SHARD_SIZE", "7")  # the same lines read in other shards: the same key
    assert _run(argv, capsys) == (out, err)


def test_no_cache_recomputes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    _, err = _run(argv, capsys)
    assert WARNING in err
    monkeypatch.setattr(swap_verdicts, "verdict_key", _refuse)  # --no-cache: no digest either
    assert _run([*argv, "--no-cache"], capsys)[1] == err
    monkeypatch.setattr(sanity, "swap_tally", _refuse)
    with pytest.raises(AssertionError, match="tallied"):
        main([*argv, "--no-cache"])


def test_a_changed_hypothesis_or_check_misses(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = _files(tmp_path)
    _run(argv, capsys)
    hyp = tmp_path / "hyp.txt"
    lines = hyp.read_text().splitlines()
    hyp.write_text("\n".join([*lines[:-1], lines[-1] + " ."]) + "\n")
    calls: list[int] = []
    tally = sanity.swap_tally
    monkeypatch.setattr(sanity, "swap_tally", lambda examples: calls.append(len(examples)) or tally(examples))
    _run(argv, capsys)
    assert calls == [300]
    _run(argv, capsys)
    assert calls == [300]  # the changed file's verdict is kept in its turn
    monkeypatch.setattr(swap_verdicts, "SWAP_CHECK_VERSION", "bumped")
    _run(argv, capsys)
    assert calls == [300, 300]
    monkeypatch.setattr(swap_verdicts, "LINES", 280)  # a setting of the check: other lines read, another key
    _run(argv, capsys)
    assert calls == [300, 300, 280]


def test_a_short_input_is_checked_without_the_cache(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    argv = _files(tmp_path, swap_verdicts.CACHED_FROM - 1)
    assert WARNING in _run(argv, capsys)[1]
    assert not (tmp_path / "c" / f"{swap_verdicts.KIND}.sqlite").exists()


@pytest.mark.parametrize("damage", ["corrupt", "invalid"])
def test_a_damaged_cache_computes_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, damage: str
) -> None:
    argv = _files(tmp_path)
    _, err = _run(argv, capsys)
    path = tmp_path / "c" / f"{swap_verdicts.KIND}.sqlite"
    if damage == "corrupt":
        for suffix in ("-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.write_bytes(b"not a database" * 100)
    else:
        with sqlite3.connect(path) as db:
            db.execute("UPDATE kv SET v = ?", ('{"warning": 3}',))
    calls: list[int] = []
    tally = sanity.swap_tally
    monkeypatch.setattr(sanity, "swap_tally", lambda examples: calls.append(len(examples)) or tally(examples))
    _, again = _run(argv, capsys)
    assert calls == [300]
    assert again.splitlines()[-1] == err.strip()  # the same warning (after the cache's own, when rebuilt)


_token = st.text(alphabet=st.sampled_from(["a", "b", " ", swap_verdicts.SEPARATOR, "\u00e9"]), max_size=3)
_text = st.lists(_token, max_size=3).map(tuple)
_line = st.tuples(_text, _text, st.lists(_text, max_size=2))


@settings(max_examples=200, deadline=None)
@given(st.lists(_line, max_size=3), st.lists(_line, max_size=3), st.integers(0, 3))
def test_two_inputs_share_a_key_only_when_the_check_reads_the_same(
    one: list[tuple[Tokens, Tokens, list[Tokens]]], other: list[tuple[Tokens, Tokens, list[Tokens]]], cut: int
) -> None:
    """The key is of the lines, their texts and tokens (a token may hold the separator or be
    empty), whatever the shards they come in."""
    a, b = _examples(one), _examples(other)
    assert (swap_verdicts.verdict_key([a]) == swap_verdicts.verdict_key([b])) == (one == other)
    assert swap_verdicts.verdict_key([a[:cut], a[cut:]]) == swap_verdicts.verdict_key([a])


def _examples(lines: list[tuple[Tokens, Tokens, list[Tokens]]]) -> list[Example]:
    return [Example(s, Target(h), tuple(map(Target, refs)), str(i)) for i, (s, h, refs) in enumerate(lines)]


S = swap_verdicts.SEPARATOR


@pytest.mark.parametrize(
    ("one", "other"),
    [
        ([(("a", f"b{S}c"), (), [])], [((f"a{S}b", "c"), (), [])]),  # tokens holding the separator
        ([(("a", "b"), ("c",), [])], [(("a",), ("b", "c"), [])]),  # the same tokens, other texts
        ([(("a",), ("b",), [("c",)]), (("d",), ("e",), [])], [(("a",), ("b",), []), (("c",), ("d",), [("e",)])]),
        ([(("a",), ("",), [])], [(("a",), (), [])]),  # an empty token and an empty text
    ],
)
def test_inputs_that_join_alike_have_other_keys(
    one: list[tuple[Tokens, Tokens, list[Tokens]]], other: list[tuple[Tokens, Tokens, list[Tokens]]]
) -> None:
    assert swap_verdicts.verdict_key([_examples(one)]) != swap_verdicts.verdict_key([_examples(other)])


def test_a_kept_verdict_loads_no_check(tmp_path: Path) -> None:
    """A run whose verdict is kept neither imports the check's modules nor tallies: the cost of a
    warm run is the digest and the look-up (issue 38's speed line, GREEN's case)."""
    import subprocess
    import sys

    argv = _files(tmp_path)
    probe = (
        "import sys; from gecscope.cli import main; main(sys.argv[1:]); "
        "print(sorted(m for m in ('gecscope.io.sanity', 'gecscope.io.sequence_counts') if m in sys.modules))"
    )
    runs = [subprocess.run([sys.executable, "-c", probe, *argv], capture_output=True, text=True) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0] and all(WARNING in r.stderr for r in runs)
    assert runs[0].stdout.splitlines()[-1] == "['gecscope.io.sanity', 'gecscope.io.sequence_counts']"
    assert runs[1].stdout.splitlines()[-1] == "[]"


def test_a_line_as_read_is_keyed_with_how_it_was_read() -> None:
    """A text read from a file is keyed by its line and by how the line became tokens (language,
    format, tokeniser): the same line read otherwise, or other lines, are other keys; a text held
    only as tokens is keyed by its tokens."""
    read = [Example(("a", "b"), Target(("a", "c"), raw="a  c"), (Target(("a", "c"), raw="a c"),), "0", "a b")]
    same = [Example(("a", "b"), Target(("a", "c"), raw="a  c"), (Target(("a", "c"), raw="a c"),), "0", "a b")]
    spaced = [Example(("a", "b"), Target(("a", "c"), raw="a c"), (Target(("a", "c"), raw="a c"),), "0", "a b")]
    tokens = [Example(("a", "b"), Target(("a", "c")), (Target(("a", "c")),), "0")]
    key = swap_verdicts.verdict_key
    assert key([read], "('en', 'text', 'none')") == key([same], "('en', 'text', 'none')")
    assert key([read], "('en', 'text', 'none')") != key([read], "('en', 'text', 'spacy')")
    assert len({key([read]), key([spaced]), key([tokens])}) == 3
