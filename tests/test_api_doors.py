"""Issue 34: the Python API fails like the command line, and the tokenisation guard sees the
whole input of every kind.

A table of (door, argument, bad value), generated from the kind of each argument, asserts that
every call raises the project's ``InputError`` (or its ``SettingError``) naming the argument,
within a time limit, never another exception; the silent results of the issue (a detokenised
hypothesis given as lists, empty examples, shuffled systems, edits out of range or disagreeing
with the tokens, an empty metric list, a float ``size``) are refused; and the detokenised inputs
the guard used to miss (JSONL, standard input, M2, lines after 20,000, little punctuation) are
refused, by the CLI and the API, without leaving a partial output file.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import gecscope
from gecscope import Examples, api
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io.tokenization import PairTally
from gecscope.metrics import METRICS
from gecscope.pipeline import score_files
from gecscope.types import Edit, Example, Target

D = api.example_dir()
#: seconds any one case may take (a hang fails the test instead of stalling the run)
LIMIT = 20


class Overtime(BaseException):
    """Raised in the test when a case runs past its limit (not an Exception: nothing catches it)."""


@contextlib.contextmanager
def limit(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: FrameType | None) -> None:
        raise Overtime(f"no answer within {seconds} s")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def refused(call: Callable[[], Any], *names: str) -> str:
    """The one-line message of the InputError ``call`` raises within :data:`LIMIT`, which names
    one of ``names``."""
    with limit(LIMIT), pytest.raises(InputError) as info:
        call()
    msg = str(info.value)
    assert "\n" not in msg
    assert any(n in msg for n in names), (msg, names)
    return msg


def example() -> list[Example]:
    return api.load(hyp_m2=D / "hypothesis.m2", ref_m2=D / "references.m2")


def generator() -> Iterator[str]:
    yield "a b ."


# --- the table: kinds of argument and their bad values -------------------------------------------

MISSING = D / "no-such-file.txt"
BAD: dict[str, list[Any]] = {
    "path": [0, 1.5, b"x", True, D, MISSING, "", object(), ["a"], {"a": 1}],
    "paths": [None, 0, 1.5, b"x", True, "ref.txt", D, "generator", [None], [0], [D], [MISSING], {"a": 1}],
    "strings": [None, 0, 1.5, b"x", True, "a b .", "generator", [None], [0], [b"x"], {"a": 1}],
    "flag": [None, 0, 1, "yes", 1.5, b"x"],
    "name": [None, 0, 1.5, b"x", True, ["en"]],
    "int": [None, 1.5, "10", True, b"x", [1]],
    "number": [None, "0.5", b"x", [0.5], True],
    "metric": [None, 0, 1.5, b"x", object(), True],
    "metrics": [None, 0, [], [None], [0], "generator", {"a": 1}],
    "examples": [0, 1.5, b"x", "abc", True, "generator", [], [None], [0], {"a": 1}, object()],
    "systems": [None, 0, "abc", [], {}, {"a": "generator"}, {1: "example"}, {"a": [None]}],
    "dataset": [None, 0, "abc", b"x", [1, 2], {"source": ["a ."]}, {"source": 3, "hypothesis": 4, "references": 5}],
}


def valued(value: Any) -> Any:
    """The placeholders of :data:`BAD` made real (a fresh generator each time)."""
    if value == "generator":
        return generator()
    if isinstance(value, dict) and value and next(iter(value.values())) in ("generator", "example"):
        return {k: generator() if v == "generator" else example() for k, v in value.items()}
    return value


def load_text(**kw: Any) -> Any:
    args = {"source": D / "source.txt", "hypothesis": D / "hypothesis.txt", "ref_m2": D / "references.m2"}
    return api.load(**{**args, **kw})


def score_lists(**kw: Any) -> Any:
    args: dict[str, Any] = {"sources": ["He go home ."], "hypotheses": ["He goes home ."]}
    args["references"] = [["He goes home ."]]
    return api.score("green", **{**args, **kw})


def compare_two(**kw: Any) -> Any:
    args = {"metric": "green", "systems": {"a": example(), "b": example()}, "bootstrap": 10, "trials": 10}
    return gecscope.compare(**{**args, **kw})


def files(**kw: Any) -> Any:
    args: dict[str, Any] = {"metrics": [METRICS["errant"].build()], "hyp_m2": [D / "hypothesis.m2"]}
    args["ref_m2"] = D / "references.m2"
    return score_files(**{**args, **kw})


def text_files(**kw: Any) -> Any:
    args = {"metrics": [METRICS["green"].build()], "source": D / "source.txt", "hypotheses": [D / "hypothesis.txt"]}
    return score_files(**{**args, "ref_m2": D / "references.m2", **kw})


#: door -> (call with one argument replaced, {argument: kind})
DOORS: dict[str, tuple[Callable[..., Any], dict[str, str]]] = {
    "load(text)": (
        load_text,
        {"source": "path", "hypothesis": "path", "references": "paths", "ref_m2": "path", "lang": "name"}
        | {"tokenize": "name", "require_references": "flag", "allow_tokenization_mismatch": "flag"},
    ),
    "load(m2)": (
        lambda **kw: api.load(**{"hyp_m2": D / "hypothesis.m2", "ref_m2": D / "references.m2", **kw}),
        {"hyp_m2": "path", "ref_m2": "path"},
    ),
    "load(jsonl)": (lambda **kw: api.load(**kw), {"jsonl": "path"}),
    "score(lists)": (
        score_lists,
        {"sources": "strings", "hypotheses": "strings", "allow_tokenization_mismatch": "flag"},
    ),
    "score(examples)": (lambda **kw: api.score(**{"metric": "green", **kw}), {"examples": "examples"}),
    "score(metric)": (lambda **kw: api.score(**{"examples": example(), **kw}), {"metric": "metric"}),
    "compare": (
        compare_two,
        {"metric": "metrics", "systems": "systems", "bootstrap": "int", "trials": "int", "seed": "int", "cat": "int"}
        | {"confidence": "number", "alpha": "number", "min_support": "number", "test": "name"}
        | {"correction": "name", "aligner": "name"},
    ),
    "score_files(m2)": (files, {"metrics": "metrics", "names": "strings", "size": "int", "hyp_m2": "paths"}),
    "score_files(text)": (text_files, {"source": "path", "hypotheses": "paths", "references": "paths"}),
    "Examples.from_lists": (
        lambda **kw: Examples.from_lists(**{"sources": ["a b ."], "hypotheses": ["a c ."], **kw}),
        {"sources": "strings", "hypotheses": "strings", "allow_tokenization_mismatch": "flag"},
    ),
    "Examples.from_m2": (
        lambda **kw: Examples.from_m2(**{"hyp_m2": D / "hypothesis.m2", "ref_m2": D / "references.m2", **kw}),
        {"hyp_m2": "path", "ref_m2": "path", "allow_tokenization_mismatch": "flag"},
    ),
    "Examples.from_text": (
        lambda **kw: Examples.from_text(
            **{"source": D / "source.txt", "hypothesis": D / "hypothesis.txt", "ref_m2": D / "references.m2", **kw}
        ),
        {"source": "path", "hypothesis": "path", "references": "paths", "ref_m2": "path", "tokenize": "name"},
    ),
    "Examples.from_jsonl": (lambda **kw: Examples.from_jsonl(**kw), {"path": "path"}),
    "Examples": (lambda **kw: Examples(**kw), {"items": "examples"}),
    "Examples.from_dataset": (lambda **kw: Examples.from_dataset(**kw), {"dataset": "dataset"}),
}
#: values that are not bad for an argument (an optional path may be None; Examples(items) takes
#: any iterable, an empty one too: scoring it is refused; tokenize/aligner None: the language's default)
#: (lang None: the language default, a named test set's or English)
FINE = {("items", "generator"), ("items", repr([])), ("tokenize", "None"), ("aligner", "None"), ("lang", "None")}
#: arguments that are not optional: None is bad for them
REQUIRED = {"hyp_m2", "jsonl", "path", "source", "hypothesis"}


def cases() -> list[Any]:
    out = []
    for door, (_, arguments) in DOORS.items():
        for name, kind in arguments.items():
            values = list(BAD[kind])
            if kind == "path" and (name in REQUIRED and door not in ("load(text)", "score_files(text)")):  # M2: source
                values.append(None)
            for value in values:
                if (name, value if isinstance(value, str) else repr(value)) in FINE:
                    continue
                out.append(pytest.param(door, name, value, id=f"{door}-{name}-{value!r}"[:90]))
    return out


CASES = cases()


def test_the_table_is_large() -> None:
    assert len(CASES) >= 250


@pytest.mark.parametrize(("door", "name", "value"), CASES)
def test_bad_argument_is_refused_naming_it(door: str, name: str, value: Any) -> None:
    call, _ = DOORS[door]
    msg = refused(lambda: call(**{name: valued(value)}), name)
    if value in ([MISSING], [D]) or (value in (MISSING, D) and DOORS[door][1][name] == "path"):
        assert str(value if isinstance(value, Path) else value[0]) in msg


def test_the_good_calls_of_the_table_pass() -> None:
    """Each door of the table works with its good arguments (the table's failures are the values')."""
    with limit(LIMIT * 3):
        for door, (call, _) in DOORS.items():
            skipped = ("load(jsonl)", "Examples.from_jsonl", "Examples", "Examples.from_dataset")
            if door in (*skipped, "score(examples)", "score(metric)"):
                continue
            call()


# --- silent results refused ----------------------------------------------------------------------


def test_detokenised_hypothesis_as_lists_is_refused_like_the_cli() -> None:
    sources = ["He go home .", "I do n't know , he said .", "It is , in fact , true ."]
    hyps = ["He goes home.", "I don't know, he said.", "It is, in fact, true."]
    refs = [sources]
    msg = refused(lambda: api.score("errant", sources=sources, hypotheses=hyps, references=refs), "hypotheses")
    assert "looks detokenised" in msg and "allow_tokenization_mismatch" in msg
    allowed = api.score("errant", sources=sources, hypotheses=hyps, references=refs, allow_tokenization_mismatch=True)
    assert 0 <= allowed.value <= 1


def test_empty_examples_are_refused() -> None:
    for metric in ("green", "errant", "cleme2", "gleu"):
        refused(lambda m=metric: api.score(m, []), "examples")  # type: ignore[misc]
        refused(lambda m=metric: api.score(m, Examples([])), "examples")  # type: ignore[misc]


def test_compare_of_shuffled_or_other_sentences_is_refused() -> None:
    ex = example()
    shuffled = ex[1:] + ex[:1]
    msg = refused(lambda: gecscope.compare("green", {"a": ex, "b": shuffled}), "systems")
    assert "sentence 1 of 'b' has another source" in msg
    other = [dataclasses.replace(e, source=(*e.source, "x")) for e in ex]
    refused(lambda: gecscope.compare("green", {"a": ex, "b": other}), "systems")
    refused(lambda: gecscope.compare(["green", "errant"], {"a": ex, "b": ex[:3]}), "systems")


def test_compare_with_no_metric_is_refused() -> None:
    assert "at least one metric" in refused(lambda: gecscope.compare([], {"a": example()}), "metric")


def test_edits_out_of_range_or_disagreeing_with_tokens_are_refused() -> None:
    src = ("He", "go", "home", ".")
    good = Target(("He", "goes", "home", "."), (Edit(1, 2, ("goes",)),))
    beyond = Target(("He", "go", "home", ".", "x"), (Edit(9, 9, ("x",)),))
    wrong = Target(("He", "went", "home", "."), (Edit(1, 2, ("goes",)),))
    overlap = Target(("He", "x", "."), (Edit(1, 3, ("x",)), Edit(2, 3, ())))
    for bad, what in ((beyond, "out of range"), (wrong, "disagree"), (overlap, "overlaps")):
        for ex in (Example(src, bad, (good,)), Example(src, good, (bad,))):
            assert what in refused(lambda e=ex: api.score("errant", [e]), "examples")  # type: ignore[misc]
    listed = Example(list(src), good, (good,))  # type: ignore[arg-type]
    refused(lambda: api.score("errant", [listed]), "examples")


def test_float_size_is_refused() -> None:
    for size in (2.5, 0, -1, True, "3"):
        refused(lambda s=size: files(size=s), "size")  # type: ignore[misc]


# --- the tokenisation guard over the whole input, every kind -------------------------------------

SRC = ["He go home .", "I do n't know , he said .", "It is , in fact , true .", "We went there ; it rained ."]
DETOK = ["He goes home.", "I don't know, he said.", "It is, in fact, true.", "We went there; it rained."]


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def cli_refuses(argv: list[str], capsys: pytest.CaptureFixture[str], name: str) -> None:
    with limit(LIMIT):
        assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{name}: looks detokenised" in err and "--tokenize" in err, err


def test_detokenised_jsonl_hypothesis_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = [
        {"id": str(i), "source": s, "hypothesis": h, "references": [s]}
        for i, (s, h) in enumerate(zip(SRC, DETOK, strict=True))
    ]
    jsonl = tmp_path / "sys.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    cli_refuses(["score", "--metric", "gleu", "--jsonl", str(jsonl)], capsys, str(jsonl))
    refused(lambda: api.load(jsonl=jsonl), str(jsonl))
    refused(lambda: Examples.from_jsonl(jsonl), str(jsonl))
    assert len(api.load(jsonl=jsonl, allow_tokenization_mismatch=True)) == 4


def test_detokenised_m2_hypothesis_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocks = []
    for s, h in zip(SRC, DETOK, strict=True):
        tokens = s.split()
        blocks.append(f"S {s}\nA 0 {len(tokens)}|||R:OTHER|||{h}|||REQUIRED|||-NONE-|||0\n")
    hyp = tmp_path / "hyp.m2"
    hyp.write_text("\n".join(blocks), encoding="utf-8")
    ref = tmp_path / "ref.m2"
    ref.write_text("\n".join(f"S {s}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n" for s in SRC))
    cli_refuses(["score", "--metric", "errant", "--hyp-m2", str(hyp), "--ref-m2", str(ref)], capsys, str(hyp))
    refused(lambda: api.load(hyp_m2=hyp, ref_m2=ref), str(hyp))


def test_source_on_standard_input_is_checked(tmp_path: Path) -> None:
    hyp, ref = write(tmp_path / "hyp.txt", DETOK), write(tmp_path / "ref.txt", SRC)
    argv = [sys.executable, "-m", "gecscope", "score", "--metric", "gleu", "--source", "-", "--hyp", str(hyp)]
    done = subprocess.run(
        [*argv, "--ref", str(ref)], input="".join(s + "\n" for s in SRC), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "hyp.txt: looks detokenised" in done.stderr
    done = subprocess.run(  # the hypothesis on standard input
        [*argv[:-4], "--source", str(ref), "--hyp", "-", "--ref", str(ref)],
        input="".join(h + "\n" for h in DETOK),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "<stdin>: looks detokenised" in done.stderr


def late_files(tmp_path: Path, clean: int) -> tuple[Path, Path]:
    """A source and a hypothesis tokenised alike on their first ``clean`` lines, then detokenised."""
    src = [f"Line {i} : he go home , he said ." for i in range(clean + 1200)]
    hyp = [s if i < clean else s.replace(" ,", ",").replace(" .", ".").replace(" :", ":") for i, s in enumerate(src)]
    return write(tmp_path / "src.txt", src), write(tmp_path / "hyp.txt", hyp)


def test_detokenised_lines_after_line_20000_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, hyp = late_files(tmp_path, 20_000)
    out = tmp_path / "out.m2"
    argv = ["convert", "--source", str(src), "--hyp", str(hyp), "--ref", str(src), "-o", str(out)]
    cli_refuses(argv, capsys, str(hyp))
    assert not out.exists()  # nothing written
    html = tmp_path / "report.html"
    report = ["report", "--source", str(src), "--hyp", str(hyp), "--ref", str(src), "-o", str(html)]
    cli_refuses(report, capsys, str(hyp))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hyp.txt", "src.txt"]
    msg = refused(lambda: api.load(source=src, hypothesis=hyp, references=[src]), str(hyp))
    assert "from line 20001" in msg
    metric = METRICS["green"].build()
    refused(lambda: score_files([metric], source=src, hypotheses=[hyp], references=[src], size=500), str(hyp))


def test_detokenised_file_with_little_punctuation_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    words = [f"he went to the shop number {i} with his friends" for i in range(200)]
    src = [w + " ." if i % 20 == 0 else w for i, w in enumerate(words)]  # one line in 20 ends with a full stop
    hyp = [w + "." if i % 20 == 0 else w for i, w in enumerate(words)]
    s, h = write(tmp_path / "src.txt", src), write(tmp_path / "hyp.txt", hyp)
    cli_refuses(["score", "--metric", "gleu", "--source", str(s), "--hyp", str(h), "--ref", str(s)], capsys, str(h))


def test_a_few_glued_lines_in_a_tokenised_file_pass() -> None:
    """A tokenised output that glues punctuation on a few lines (1% at most in CoNLL-2014 and
    SEEDA) is not refused, in any block."""
    pairs = [("He go home , he said .", "He goes home , he said .")] * 2990
    pairs += [("He go home , he said .", "He goes home, he said.")] * 10
    assert PairTally().extend(pairs).verdict() is None


def test_tally_of_shards_equals_tally_of_the_whole() -> None:
    pairs = [(s, h) for s, h in zip(SRC * 700, (SRC * 500 + DETOK * 200), strict=True)]
    whole = PairTally().extend(pairs)
    parts = PairTally()
    for i in range(0, len(pairs), 333):
        parts = parts.extend(pairs[i : i + 333])
    assert parts == whole and whole.verdict() is not None and whole.verdict()[1] == 2001  # type: ignore[index]
