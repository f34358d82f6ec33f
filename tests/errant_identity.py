"""Helpers of the ERRANT-identity tests: errant 3.0.2's own edits next to gecscope's compiled ones."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from gecscope.align.en.errant_edits import FastAnnotator
from gecscope.types import Edit, Tokens

EXAMPLE = Path(__file__).resolve().parents[1] / "src" / "gecscope" / "data" / "example"


@cache
def aligner() -> Any:
    from gecscope.align.en.errant import ErrantAligner

    return ErrantAligner()


@cache
def annotator(compiled: bool) -> FastAnnotator:
    return FastAnnotator(aligner().annotator, compiled=compiled)


def spacy_parse(sentences: list[Tokens]) -> dict[Tokens, Any]:
    """spaCy's own Docs of the distinct ``sentences``: the whole pipeline, as errant runs it (the
    aligner's :meth:`parse` runs the model's rule-based tail on arrays instead)."""
    from spacy.tokens import Doc

    nlp = aligner().nlp
    todo = list(dict.fromkeys(sentences))
    return dict(zip(todo, nlp.pipe(Doc(nlp.vocab, words=list(s)) for s in todo), strict=True))


def errant_edits(orig: Any, cor: Any) -> tuple[Edit, ...]:
    """What errant 3.0.2's ``annotate(..., merging="rules")`` returns, as gecscope edits."""
    found = aligner().annotator.annotate(orig, cor, merging="rules")
    return tuple(Edit(e.o_start, e.o_end, tuple(t.text for t in e.c_toks), e.type) for e in found)


def example_sentences() -> list[Tokens]:
    """The real sentences of the packaged example (sources, hypotheses, references)."""
    out: dict[Tokens, None] = {}
    for name in ("source.txt", "hypothesis.txt", "reference0.txt", "reference1.txt"):
        for line in (EXAMPLE / name).read_text(encoding="utf-8").splitlines():
            if line.split():
                out[tuple(line.split())] = None
    return list(out)


#: tokens that perturbations insert or substitute: function words, punctuation, case variants
FILLERS = ("the", "a", "an", "The", "to", "of", "is", "are", "was", "were", "'s", "n't", ",", ".", "-", "'", "and")


@st.composite
def perturbed(draw: st.DrawFn, sentences: list[Tokens]) -> tuple[Tokens, Tokens]:
    """A real sentence and a copy of it with a few token deletions, insertions, substitutions,
    swaps, case changes and punctuation changes."""
    source = draw(st.sampled_from(sentences))
    words = list(source)
    vocabulary = sorted({w for s in sentences for w in s} | set(FILLERS))
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.sampled_from(("delete", "insert", "substitute", "swap", "case", "punct", "merge", "split")))
        at = draw(st.integers(0, max(0, len(words) - 1)))
        if kind == "delete" and words:
            del words[at]
        elif kind == "insert":
            words.insert(at, draw(st.sampled_from(vocabulary)))
        elif kind == "substitute" and words:
            words[at] = draw(st.sampled_from(vocabulary))
        elif kind == "swap" and len(words) > 1:
            other = draw(st.integers(0, len(words) - 1))
            words[at], words[other] = words[other], words[at]
        elif kind == "case" and words:
            words[at] = words[at].swapcase() if draw(st.booleans()) else words[at].capitalize()
        elif kind == "punct":
            words.insert(at, draw(st.sampled_from((",", ".", "!", "?", ";", "'s", "-"))))
        elif kind == "merge" and len(words) > at + 1:
            words[at : at + 2] = [words[at] + words[at + 1]]
        elif kind == "split" and words and len(words[at]) > 1:
            cut = draw(st.integers(1, len(words[at]) - 1))
            words[at : at + 1] = [words[at][:cut], words[at][cut:]]
    target = tuple(words)
    if draw(st.booleans()):  # sometimes the perturbed copy is the source
        return target, source
    return source, target


def check_pair(source: Tokens, target: Tokens, *, python_too: bool = False) -> None:
    """Assert that gecscope's edits of ``source -> target`` (its parse, alignment and merging)
    are errant 3.0.2's (on spaCy's own parse)."""
    docs = aligner().parse([source, target])
    ref = spacy_parse([source, target])
    want = errant_edits(ref[source], ref[target])
    got = annotator(True).annotate(docs[source], docs[target])
    assert got == want, (source, target)
    if python_too:
        assert annotator(False).annotate(docs[source], docs[target]) == want, (source, target)
