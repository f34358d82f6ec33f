"""Examples typed from annotations by a language's own classifier (errant_czech's, Boyd's German,
ru-errant's): the hypothesis edits of aligned examples get the classifier's types from annotated
words of their source and hypothesis (CoNLL-U files, one sentence per example, in order, or an
offline tagger's output). Each language's ``annotated`` module binds its classifier and tagger.

Each annotated sentence must have the example's tokens (a mismatch is one error naming the
CoNLL-U file and the sentence), so the edits' spans index the annotated words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Protocol

from gecscope.errors import InputError
from gecscope.io.conllu import Sentence, check_tokens, read_conllu
from gecscope.types import Edit, Example


class Classifier(Protocol):
    """What types edits from annotated words (``CzechTypes``, ``GermanTypes``, ``RussianTypes``)."""

    def type_edits(self, source: Sentence, target: Sentence, edits: Sequence[Edit]) -> tuple[Edit, ...]: ...


class Tagger(Protocol):
    """An offline tagger: annotated sentences for token sequences, and its name (signed)."""

    @property
    def name(self) -> str: ...

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]: ...


def type_hypotheses(
    examples: Sequence[Example],
    sources: Sequence[Sentence],
    hypotheses: Sequence[Sentence],
    types: Classifier,
    paths: tuple[str, str] = ("<source CoNLL-U>", "<hypothesis CoNLL-U>"),
) -> list[Example]:
    """``examples`` (aligned) with their hypothesis edits typed by ``types`` on the annotated
    ``sources`` and ``hypotheses`` (one sentence per example; ``paths`` name them in errors)."""
    for sentences, path in ((sources, paths[0]), (hypotheses, paths[1])):
        if len(sentences) != len(examples):
            raise InputError(f"{len(sentences)} CoNLL-U sentences for {len(examples)} examples", path)
    typed = []
    for number, (example, source, hypothesis) in enumerate(zip(examples, sources, hypotheses, strict=True), 1):
        check_tokens(source, example.source, paths[0], number)
        check_tokens(hypothesis, example.hypothesis.tokens, paths[1], number)
        edits = example.hypothesis.edits
        if edits is None:
            raise ValueError("type_hypotheses needs aligned examples (align them first)")
        target = replace(example.hypothesis, edits=types.type_edits(source, hypothesis, edits))
        typed.append(replace(example, hypothesis=target))
    return typed


def type_from_conllu(
    examples: Sequence[Example], source: str | Path, hypothesis: str | Path, types: Classifier
) -> list[Example]:
    """:func:`type_hypotheses` with the annotations read from the CoNLL-U files ``source`` and
    ``hypothesis``."""
    paths = (str(source), str(hypothesis))
    return type_hypotheses(examples, read_conllu(source), read_conllu(hypothesis), types, paths)


def type_with_tagger(examples: Sequence[Example], tagger: Tagger, types: Classifier) -> list[Example]:
    """:func:`type_hypotheses` with ``tagger``'s annotations of the examples' own tokens."""
    sources = tagger.tag([example.source for example in examples])
    hypotheses = tagger.tag([example.hypothesis.tokens for example in examples])
    return type_hypotheses(examples, sources, hypotheses, types)
