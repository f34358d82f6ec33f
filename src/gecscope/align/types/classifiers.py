"""The error-type classifier a language unit declares (:attr:`Language.error_types`, an
:class:`~gecscope.align.components.ErrorTypes`), and the step that types a run's edits with it.

Three kinds of classifier:

* typed by the aligner (``by_aligner``: English's ERRANT, Chinese's ChERRANT): edits read from M2
  files keep their types; nothing is done here;
* tag-free (every other language): the surface classifier of :mod:`gecscope.align.types.surface`
  (ORTH, WO, PUNCT, SPELL, MORPH, OTHER), with simplemma's lemmas and known words where simplemma
  has the language. When a run reads error types (a ``cat`` breakdown, ``compare --cat``, the
  report's heat map), it types *every* edit of the run with it, hypotheses' and references'
  alike, those read from M2 files included: one inventory on both sides (a corpus' own gold
  labels, such as EstGEC's ``R:NOM:FORM``, are not comparable with tag-free ERRANT's English
  labels nor with each other; :mod:`gecscope.align.types.agreement` measures how the surface
  types meet them). The classifier's :attr:`SurfaceTypes.signature` is then the run's ``types:``
  signature field;
* a language's port over annotated words (``port``: errant_czech's, Boyd's German, ru-errant's,
  each in its language's folder): a run whose examples carry annotations
  (:mod:`gecscope.align.annotation`: CoNLL-U, or an offline tagger) is typed by it, hypotheses
  and references alike, and signed with it (the annotation's name is its ``tags``); a run without
  annotations gets the language's tag-free surface types, signed as such.

The classifier names edits; it never decides whether one counts (:func:`still_counted`): an edit
read as ``UNK`` stays ``UNK``, and one read with another type that changes nothing (EstGEC's empty
insertion ``A 3 3|||M:PUNCT|||-NONE-``), which the classifier labels ``UNK``, is ``M:UNK``, still
counted, so ERRANT's, M2's and the CLEME family's counts are the same with a per-type view as
without.

A tag-free language without a port of its own, given annotations, is typed by the UD-POS
classifier (:mod:`gecscope.align.types.upos`). A language whose aligner types its edits
(English, Chinese) refuses annotations where types are read: they would not be read.

>>> from gecscope.align.languages import load_language
>>> classifier_of(load_language("en")) is None, classifier_of(load_language("de")).lang
(True, 'de')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from gecscope.align.components import resolve
from gecscope.align.language import Language
from gecscope.align.types.frame import AnnotatedClassifier, WordClassifier
from gecscope.align.types.surface import Labels, SurfaceTypes, edit_words, surface_types
from gecscope.align.types.upos import UposTypes
from gecscope.errors import InputError, SettingError
from gecscope.types import Edit, Example, Target

#: ERRANT's label of an edit that corrects nothing (left out of correction)
UNK = "UNK"

Classifier = SurfaceTypes | AnnotatedClassifier


def annotated_classifier(language: Language, tags: str) -> AnnotatedClassifier:
    """The classifier of ``language`` on words annotated by ``tags``: its declared port, else the
    UD-POS classifier; refused where the aligner types the edits."""
    declared = language.error_types
    if declared is not None and declared.by_aligner:
        raise SettingError(
            f"--lang {language.code} types its edits with its aligner ({declared.name}): CoNLL-U or tagger "
            "annotations are not read; leave them out",
            "source_conllu",
        )
    if declared is not None and declared.port is not None:
        built: AnnotatedClassifier = resolve(declared.port)(tags=tags)
        return built
    return UposTypes(language.code, tags=tags)


def classifier_of(language: Language, annotation: str = "") -> Classifier | None:
    """The classifier that types ``language``'s edits after alignment (None: the aligner types
    them, or the language has no error types): with ``annotation`` (the examples' annotation
    name, :func:`gecscope.align.annotation.annotation_of`) the annotated one
    (:func:`annotated_classifier`); else the surface types."""
    if annotation:
        return annotated_classifier(language, annotation)
    if language.error_types is None or language.error_types.by_aligner:
        return None
    return surface_types(language.code)


def signature_of(language: Language, annotation: str = "") -> str:
    """The ``types:`` signature field of ``language`` (annotated by ``annotation``) when types are
    read ('' when the aligner's types are used: English and Chinese signatures are unchanged)."""
    classifier = classifier_of(language, annotation)
    return "" if classifier is None else classifier.signature.replace(",", "+")


def still_counted(read: Edit, typed: Edit) -> Edit:
    """``typed`` (``read`` as the classifier labelled it) counting as ``read`` counts: the
    classifier names an edit, it never decides whether the edit counts (ERRANT leaves ``UNK``
    edits out of correction, and a per-type view changes no number). An edit read as ``UNK``
    stays ``UNK``; one read otherwise (or untyped) that the classifier labels ``UNK`` (it changes
    nothing: an annotator's empty insertion ``A 3 3|||M:PUNCT|||-NONE-``, a token replaced by
    itself) is ``<operation>:UNK``, the operation the one read (``M``, ``U``, ``R``), else its
    span's (an insertion ``M``, a deletion ``U``, else ``R``).

    >>> still_counted(Edit(3, 3, (), "M:PUNCT"), Edit(3, 3, (), "UNK")).type
    'M:UNK'
    >>> still_counted(Edit(1, 2, ("x",), "UNK"), Edit(1, 2, ("x",), "R:OTHER")).type
    'UNK'
    """
    if read.type == UNK:
        return typed if typed.type == UNK else replace(typed, type=UNK)
    if typed.type != UNK:
        return typed
    if len(read.type) > 2 and read.type[1] == ":" and read.type[0] in "MUR":
        operation = read.type[0]
    else:
        operation = "M" if read.start == read.end else "U" if not read.correction else "R"
    return replace(typed, type=f"{operation}:{UNK}")


def counted_as_read(read: Sequence[Edit], typed: Iterable[Edit]) -> tuple[Edit, ...]:
    """The classifier's ``typed`` edits, each counting as its ``read`` one (:func:`still_counted`)."""
    return tuple(still_counted(r, t) for r, t in zip(read, typed, strict=True))


def type_target(
    source: Sequence[str], target: Target, classifier: SurfaceTypes, labels: Labels | None = None
) -> Target:
    """``target`` with each edit typed by ``classifier`` (a target without edits unchanged),
    counting as it was read (:func:`still_counted`); the words are looked up one by one unless
    the classifier has learnt them (:func:`type_examples` does, for all examples at once);
    ``labels``: the labels of edits already typed, by their two sides (filled in)."""
    if not target.edits:
        return target
    return replace(target, edits=counted_as_read(target.edits, classifier.typed(source, target.edits, labels)))


def type_annotated(example: Example, target: Target, classifier: AnnotatedClassifier, side: str, n: int) -> Target:
    """``target`` of ``example`` with each edit typed by the annotated ``classifier``, counting as
    it was read (:func:`still_counted`; a target without edits unchanged; one with edits but no
    annotated words is refused: ``side`` names it)."""
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
    typed = classifier.type_edits(example.source_words, target.words, target.edits)
    return replace(target, edits=counted_as_read(target.edits, typed))


def looked_up(examples: Iterable[Example]) -> list[str]:
    """The words a classifier's lexicon may look up in ``examples``: both sides of every
    replacement, hypotheses' and references' (annotated words have the same forms)."""
    return [w for ex in examples for t in (ex.hypothesis, *ex.references) for w in edit_words(ex.source, t.edits or ())]


def type_examples(examples: Iterable[Example], classifier: Classifier) -> list[Example]:
    """Every edit of ``examples`` (hypothesis and references) typed by ``classifier``, the words
    its lexicon looks up read in one batch first (:mod:`gecscope.align.types.lemma_cache`)."""
    examples = list(examples)
    if isinstance(classifier, (SurfaceTypes, WordClassifier)):  # ours; a user's port needs no ``learn``
        classifier.learn(looked_up(examples))
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
    labels: Labels = {}  # the same edit (annotators and systems agree) classified once
    return [
        replace(
            ex,
            hypothesis=type_target(ex.source, ex.hypothesis, classifier, labels),
            references=tuple(type_target(ex.source, r, classifier, labels) for r in ex.references),
        )
        for ex in examples
    ]


__all__ = [
    "Classifier",
    "annotated_classifier",
    "classifier_of",
    "counted_as_read",
    "signature_of",
    "still_counted",
    "type_annotated",
    "type_examples",
    "type_target",
]
