"""Mutation fuzzing (issue 16): random and mutated M2, text and JSONL files through the readers and
every non-neural metric. The only exception allowed is the project's one-line ``InputError``
(any other exception, ``ValueError`` included, fails the test), and every score lies in [0, 1].

Bounded for CI: a few hundred small cases in well under a minute.
"""

from __future__ import annotations

import json
import math
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples as example_count
from gecscope import api
from gecscope.errors import InputError
from gecscope.io import examples_from_m2, read_m2
from gecscope.io.jsonl import iter_jsonl
from gecscope.pipeline import read
from gecscope.types import Example, Target

#: every metric that needs no model, with settings that keep it model-free
METRICS: dict[str, dict[str, Any]] = {
    "cleme2": {},
    "cleme": {},
    "m2": {},
    "errant": {},
    "gleu": {"iterations": 20},
    "green": {},
    "wodafe": {"weighting": "length", "gamma": 0.0},
}

FUZZ = settings(
    max_examples=example_count(120), deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)

WORDS = ["a", "b", "the", "cat", ".", ",", "Indeed", "-NONE-", "|||", "A", "S", "é", "\t", "0", "-1"]
M2_SEED = (
    "S the cat sat .\n"
    "A 0 0|||M:X|||Indeed ,|||REQUIRED|||-NONE-|||0\n"
    "A 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n"
    "A 2 3|||R:VERB|||sits|||REQUIRED|||-NONE-|||1\n"
    "\n"
    "S a b\n"
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"
    "A 0 1|||U:DET|||-NONE-|||REQUIRED|||-NONE-|||1\n"
    "\n"
)
HYP_SEED = (
    "S the cat sat .\nA 1 2|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n\n"
    "S a b\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
)
JSONL_SEED = '{"id": "1", "source": "the cat sat .", "hypothesis": "the dog sat .", "references": ["the dog sits ."]}\n'

Mutation = Callable[[str], str]


@st.composite
def mutated(draw: st.DrawFn, seed: str) -> str:
    """The seed text with a few random line and character mutations."""
    lines = seed.split("\n")
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["drop", "dup", "swap", "char", "token", "number", "insert", "cr", "deep"]))
        if not lines:
            break
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if kind == "drop":
            del lines[i]
        elif kind == "dup":
            lines.insert(i, line)
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], line
        elif kind == "char" and line:
            k = draw(st.integers(0, len(line) - 1))
            lines[i] = line[:k] + draw(st.sampled_from(list('|{}[]":, 0123-9xA\\\x00'))) + line[k + 1 :]
        elif kind == "token":
            lines[i] = line + " " + draw(st.sampled_from(WORDS))
        elif kind == "number":
            lines[i] = "".join(
                str(draw(st.sampled_from([0, 1, 2, -1, 7, 10**8]))) if ch.isdigit() else ch for ch in line
            )
        elif kind == "insert":
            lines.insert(i, " ".join(draw(st.lists(st.sampled_from(WORDS), max_size=5))))
        elif kind == "cr":
            lines[i] = line + "\r"
        elif kind == "deep":
            lines[i] = "[" * 50_000 + line
    return "\n".join(lines)


def random_text(n_lines: int) -> st.SearchStrategy[str]:
    line = st.lists(st.sampled_from(WORDS), min_size=0, max_size=6).map(" ".join)
    return st.lists(line, min_size=0, max_size=n_lines).map(lambda ls: "\n".join(ls) + "\n")


def check_clean(exc: Exception) -> None:
    message = str(exc)
    assert isinstance(exc, InputError), f"{type(exc).__name__}: {message}"
    assert message and "\n" not in message and "Traceback" not in message, message


def score_everything(examples: list[Example]) -> None:
    unreferenced = any(not e.references for e in examples)
    for name, options in METRICS.items():
        try:
            value = api.score(name, examples, aligner="levenshtein", **options).value
        except ValueError as exc:  # InputError is a ValueError; check_clean accepts only InputError
            check_clean(exc)
            continue
        assert not unreferenced, f"{name} scored a sentence without references"
        assert math.isfinite(value) and 0.0 <= value <= 1.0, (name, value)


def run(load: Callable[[], list[Example]]) -> None:
    try:
        examples = load()
    except ValueError as exc:
        check_clean(exc)
        return
    score_everything(examples)


@contextmanager
def files(**texts: str) -> Iterator[dict[str, Path]]:
    with tempfile.TemporaryDirectory(prefix="gecscope-fuzz-") as tmp:
        paths = {}
        for name, text in texts.items():
            paths[name] = Path(tmp) / name
            paths[name].write_text(text, encoding="utf-8", errors="surrogatepass")
        yield paths


@pytest.mark.properties
@FUZZ
@given(ref=mutated(M2_SEED), hyp=mutated(HYP_SEED))
def test_fuzz_m2(ref: str, hyp: str) -> None:
    with files(ref=ref, hyp=hyp) as p:
        try:
            read_m2(p["ref"])
        except ValueError as exc:
            check_clean(exc)
        run(lambda: examples_from_m2(p["hyp"], p["ref"]))


@pytest.mark.properties
@FUZZ
@given(src=random_text(4), hyp=random_text(4), ref=random_text(4), ref_m2=st.none() | mutated(M2_SEED))
def test_fuzz_text(src: str, hyp: str, ref: str, ref_m2: str | None) -> None:
    with files(src=src, hyp=hyp, ref=ref, ref_m2=ref_m2 or "") as p:
        m2 = p["ref_m2"] if ref_m2 is not None else None
        run(lambda: read(source=p["src"], hypotheses=[p["hyp"]], references=[p["ref"]], ref_m2=m2)[0])


@pytest.mark.properties
@FUZZ
@given(
    text=mutated(JSONL_SEED * 2)
    | st.lists(
        st.fixed_dictionaries(
            {"source": st.text(max_size=12), "hypothesis": st.text(max_size=12)},
            optional={"references": st.lists(st.text(max_size=12), max_size=2), "id": st.integers()},
        ),
        max_size=3,
    ).map(lambda rs: "".join(json.dumps(r) + "\n" for r in rs))
)
def test_fuzz_jsonl(text: str) -> None:
    with files(x=text) as p:
        run(lambda: list(iter_jsonl(p["x"])))


@pytest.mark.properties
@FUZZ
@given(examples=st.lists(st.tuples(random_text(1), random_text(1), st.lists(random_text(1), max_size=2)), max_size=3))
def test_fuzz_api_examples(examples: list[tuple[str, str, list[str]]]) -> None:
    """Examples built in Python (no file): sentences without references are refused too."""
    built = [
        Example(tuple(s.split()) or ("x",), Target(tuple(h.split())), tuple(Target(tuple(r.split())) for r in refs))
        for s, h, refs in examples
    ]
    if built:
        score_everything(built)
