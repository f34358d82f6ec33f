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
* ``errant-czech`` (Czech): errant_czech's types (:mod:`gecscope.align.cs.classifier`), which read
  UD-annotated words (CoNLL-U, a spaCy ``Doc`` or the opt-in tagger:
  :mod:`gecscope.align.cs.annotated`); a run without annotations (text and M2 input) gets the
  language's tag-free ``surface`` types here, signed as such;
* ``boyd-german`` (German): Boyd's (2018) types (:mod:`gecscope.align.de.classifier`), which read
  STTS-tagged words (CoNLL-U with XPOS, a spaCy ``Doc`` or the ``de-tagger`` extra's HanTa:
  :mod:`gecscope.align.de.annotated`); without annotations, the ``surface`` types as for Czech;
* None: no error types.

>>> from gecscope.align.languages import load_language
>>> classifier_of(load_language("en")) is None, classifier_of(load_language("de")).lang
(True, 'de')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from gecscope.align.language import Language
from gecscope.align.surface_types import SurfaceTypes, surface_types
from gecscope.types import Example, Target

#: classifiers that live in the language's aligner (its edits come typed)
ALIGNER_TYPED = ("errant", "cherrant")
#: the classifier of the tag-free languages
SURFACE = "surface"
#: classifiers that read annotated words (name -> the module that types examples with them);
#: without annotations the tag-free surface types stand in
ANNOTATED = {"errant-czech": "gecscope.align.cs.annotated", "boyd-german": "gecscope.align.de.annotated"}
CLASSIFIERS = (*ALIGNER_TYPED, SURFACE, *ANNOTATED)


def classifier_of(language: Language) -> SurfaceTypes | None:
    """The classifier that types ``language``'s edits after alignment (None: the aligner types
    them, or the language has no error types); a classifier that reads annotations gets the
    surface types here, where there are none."""
    if language.classifier != SURFACE and language.classifier not in ANNOTATED:
        return None
    return surface_types(language.code)


def signature_of(language: Language) -> str:
    """The ``types:`` signature field of ``language`` when types are read ('' when the aligner's
    types are used: English and Chinese signatures are unchanged)."""
    classifier = classifier_of(language)
    return "" if classifier is None else classifier.signature.replace(",", "+")


def type_target(source: Sequence[str], target: Target, classifier: SurfaceTypes) -> Target:
    """``target`` with each edit typed by ``classifier`` (a target without edits unchanged)."""
    if not target.edits:
        return target
    return replace(target, edits=classifier.type_edits(source, target.edits))


def type_examples(examples: Iterable[Example], classifier: SurfaceTypes) -> list[Example]:
    """Every edit of ``examples`` (hypothesis and references) typed by ``classifier``."""
    return [
        replace(
            ex,
            hypothesis=type_target(ex.source, ex.hypothesis, classifier),
            references=tuple(type_target(ex.source, r, classifier) for r in ex.references),
        )
        for ex in examples
    ]


__all__ = ["ANNOTATED", "CLASSIFIERS", "SURFACE", "classifier_of", "signature_of", "type_examples", "type_target"]
