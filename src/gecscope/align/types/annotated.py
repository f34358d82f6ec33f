"""Examples typed from annotations by a language's own classifier (errant_czech's, Boyd's German,
ru-errant's): the hypothesis edits of aligned examples get the classifier's types from annotated
words of their source and hypothesis (CoNLL-U files, one sentence per example, in order, or an
offline tagger's output). Each language's ``annotated`` module binds its port (:class:`Port`: the
classifier and taggers its unit declares).

Each annotated sentence must have the example's tokens (a mismatch is one error naming the
CoNLL-U file and the sentence), so the edits' spans index the annotated words.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Protocol

from gecscope.align.components import resolve
from gecscope.align.types.frame import AnnotatedClassifier as Classifier
from gecscope.align.types.frame import WordClassifier
from gecscope.align.types.surface import edit_words
from gecscope.errors import InputError, SettingError
from gecscope.io.conllu import Sentence, check_tokens, read_conllu
from gecscope.types import Example


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
    if isinstance(types, WordClassifier):  # ours read a lexicon: its look-ups in one batch
        types.learn(w for ex in examples for w in edit_words(ex.source, ex.hypothesis.edits or ()))
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


@dataclass(frozen=True)
class Port:
    """The port over annotated words that language ``lang``'s unit declares
    (:attr:`ErrorTypes.port <gecscope.align.components.ErrorTypes>`), with its default
    ``lexicon``, and its taggers: typing aligned examples from CoNLL-U or a tagger."""

    lang: str
    lexicon: str = "simplemma"

    def classifier(self, tags: str, lexicon: str | None = None) -> Classifier:
        """The port on words annotated by ``tags`` (``lexicon``: the default one when None)."""
        from gecscope.align.languages import load_language

        declared = load_language(self.lang).error_types
        if declared is None or declared.port is None:
            raise SettingError(f"--lang {self.lang} declares no classifier over annotated words", "lang")
        built: Classifier = resolve(declared.port)(lexicon=lexicon or self.lexicon, tags=tags)
        return built

    def type_from_conllu(
        self, examples: Sequence[Example], source: str | Path, hypothesis: str | Path, types: Classifier | None = None
    ) -> list[Example]:
        """The examples typed on the CoNLL-U files ``source`` and ``hypothesis`` (``types``: the
        port with its default lexicon, ``tags="conllu"``)."""
        return type_from_conllu(examples, source, hypothesis, types or self.classifier("conllu"))

    def type_with_tagger(
        self, examples: Sequence[Example], lexicon: str | None = None, backend: str | None = None
    ) -> list[Example]:
        """The examples typed on the annotations of the unit's tagger ``backend`` (its first one
        when None) of their own tokens; the tagger and its version are the port's ``tags`` (in its
        signature). A tagger whose extra is missing is refused naming the extra."""
        from gecscope.align.languages import load_language

        language = load_language(self.lang)
        spec = language.tagger(backend) if backend is not None else next(iter(language.taggers), None)
        if spec is None:
            names = ", ".join(t.name for t in language.taggers) or "none"
            raise SettingError(f"backend must be a tagger of {language.label} ({names}), not {backend!r}", "backend")
        tagger = spec.build()
        return type_with_tagger(examples, tagger, self.classifier(tagger.name, lexicon))
