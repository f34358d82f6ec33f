"""The error-type classifier a language unit declares (:attr:`Language.classifier`), and the step
that types a run's edits with it.

Three kinds of classifier:

* ``errant`` (English) and ``cherrant`` (Chinese): the aligner types its own edits, and edits
  read from M2 files keep their types; nothing is done here;
* ``surface`` (every tag-free language: cs de el et is it lv ru sl sv uk und): the tag-free
  classifier of :mod:`gecscope.align.surface_types` (ORTH, WO, PUNCT, SPELL, MORPH, OTHER), with
  simplemma's lemmas and known words where simplemma has the language. When a run reads error
  types (a ``cat`` breakdown, ``compare --cat``, the report's heat map), it types *every* edit of
  the run with it, hypotheses' and references' alike, those read from M2 files included: one
  inventory on both sides (a corpus' own gold labels, such as EstGEC's ``R:NOM:FORM``, are not
  comparable with tag-free ERRANT's English labels nor with each other;
  :mod:`gecscope.align.types_agreement` measures how the surface types meet them).
  The classifier's :attr:`SurfaceTypes.signature` is then the run's ``types:`` signature field;
* ``errant-czech`` (Czech: :mod:`gecscope.align.cs.classifier`), ``boyd-german`` (German, STTS
  tags in XPOS: :mod:`gecscope.align.de.classifier`), ``ru-errant`` (Russian:
  :mod:`gecscope.align.ru.classifier`) and the other names of :data:`ANNOTATED`: a
  port that reads annotated words; a run whose examples carry
  annotations (:mod:`gecscope.align.annotation`: CoNLL-U, or an offline tagger) is typed by it,
  hypotheses and references alike, and signed with it (the annotation's name is its ``tags``);
  a run without annotations gets the language's tag-free ``surface`` types, signed as such;
* None: no error types.

A tag-free language without a port of its own, given annotations, is typed by the UD-POS
classifier (:mod:`gecscope.align.upos_types`). A language whose aligner types its edits
(English, Chinese) refuses annotations where types are read: they would not be read.

>>> from gecscope.align.languages import load_language
>>> classifier_of(load_language("en")) is None, classifier_of(load_language("de")).lang
(True, 'de')
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Protocol

from gecscope.align.language import Language
from gecscope.align.surface_types import SurfaceTypes, surface_types
from gecscope.align.upos_types import UposTypes
from gecscope.errors import InputError, SettingError
from gecscope.types import Edit, Example, Target, Word

#: classifiers that live in the language's aligner (its edits come typed)
ALIGNER_TYPED = ("errant", "cherrant")
#: the classifier of the tag-free languages
SURFACE = "surface"
#: classifiers that read annotated words: name -> ``module:class``, built with ``tags=`` (the
#: annotation's name) and typing with ``type_edits(source_words, target_words, edits)``;
#: without annotations the tag-free surface types stand in
ANNOTATED = {
    "errant-czech": "gecscope.align.cs.classifier:CzechTypes",
    "boyd-german": "gecscope.align.de.classifier:GermanTypes",
    "ru-errant": "gecscope.align.ru.classifier:RussianTypes",
}
CLASSIFIERS = (*ALIGNER_TYPED, SURFACE, *ANNOTATED)


class AnnotatedClassifier(Protocol):
    """A classifier that reads the annotated words of both sides of an edit."""

    @property
    def signature(self) -> str: ...

    def type_edits(self, source: Sequence[Word], target: Sequence[Word], edits: Iterable[Edit]) -> tuple[Edit, ...]: ...


Classifier = SurfaceTypes | AnnotatedClassifier


def annotated_classifier(language: Language, tags: str) -> AnnotatedClassifier:
    """The classifier of ``language`` on words annotated by ``tags``: its declared port
    (:data:`ANNOTATED`), else the UD-POS classifier; refused where the aligner types the edits."""
    name = language.classifier
    if name in ALIGNER_TYPED:
        raise SettingError(
            f"--lang {language.code} types its edits with its aligner ({name}): CoNLL-U or tagger annotations "
            "are not read; leave them out",
            "source_conllu",
        )
    if name in ANNOTATED:
        module, cls = ANNOTATED[name].split(":")
        built: AnnotatedClassifier = getattr(importlib.import_module(module), cls)(tags=tags)
        return built
    return UposTypes(language.code, tags=tags)


def classifier_of(language: Language, annotation: str = "") -> Classifier | None:
    """The classifier that types ``language``'s edits after alignment (None: the aligner types
    them, or the language has no error types): with ``annotation`` (the examples' annotation
    name, :func:`gecscope.align.annotation.annotation_of`) the annotated one
    (:func:`annotated_classifier`); else the surface types for a tag-free language or one whose
    port reads annotations."""
    if annotation:
        return annotated_classifier(language, annotation)
    if language.classifier != SURFACE and language.classifier not in ANNOTATED:
        return None
    return surface_types(language.code)


def signature_of(language: Language, annotation: str = "") -> str:
    """The ``types:`` signature field of ``language`` (annotated by ``annotation``) when types are
    read ('' when the aligner's types are used: English and Chinese signatures are unchanged)."""
    classifier = classifier_of(language, annotation)
    return "" if classifier is None else classifier.signature.replace(",", "+")


def type_target(source: Sequence[str], target: Target, classifier: SurfaceTypes) -> Target:
    """``target`` with each edit typed by ``classifier`` (a target without edits unchanged)."""
    if not target.edits:
        return target
    return replace(target, edits=classifier.type_edits(source, target.edits))


def type_annotated(example: Example, target: Target, classifier: AnnotatedClassifier, side: str, n: int) -> Target:
    """``target`` of ``example`` with each edit typed by the annotated ``classifier`` (a target
    without edits unchanged; one with edits but no annotated words is refused: ``side`` names it)."""
    if not target.edits:
        return target
    if example.source_words is None or target.words is None:
        what = "source" if example.source_words is None else side
        option = {"source": "--source-conllu", "hypothesis": "--hyp-conllu"}.get(what, "--ref-conllu")
        lacks = "has no annotations" if what == "source" else "has edits but no annotations"
        raise InputError(
            f"error types need annotations of every side with edits: the {what} of sentence {n} {lacks} "
            f"(give its CoNLL-U, {option}, or a tagger)"
        )
    return replace(target, edits=classifier.type_edits(example.source_words, target.words, target.edits))


def type_examples(examples: Iterable[Example], classifier: Classifier) -> list[Example]:
    """Every edit of ``examples`` (hypothesis and references) typed by ``classifier``."""
    if not isinstance(classifier, SurfaceTypes):
        annotated = classifier
        return [
            replace(
                ex,
                hypothesis=type_annotated(ex, ex.hypothesis, annotated, "hypothesis", n),
                references=tuple(type_annotated(ex, r, annotated, "reference", n) for r in ex.references),
            )
            for n, ex in enumerate(examples, 1)
        ]
    return [
        replace(
            ex,
            hypothesis=type_target(ex.source, ex.hypothesis, classifier),
            references=tuple(type_target(ex.source, r, classifier) for r in ex.references),
        )
        for ex in examples
    ]


__all__ = [
    "ANNOTATED",
    "CLASSIFIERS",
    "SURFACE",
    "annotated_classifier",
    "classifier_of",
    "signature_of",
    "type_examples",
    "type_target",
]
