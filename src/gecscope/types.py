"""Core value types: edits, targets, examples and chunks (all frozen)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

Tokens = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Word:
    """One annotated (syntactic) word: a CoNLL-U line's form, lemma, UPOS, features, relation and
    head (``_`` columns are empty strings; ``head`` is the 1-based index of its head, 0 for the
    root, -1 when not given). :mod:`gecscope.io.conllu` reads them."""

    form: str
    lemma: str = ""
    upos: str = ""
    feats: str = ""
    deprel: str = ""
    head: int = -1
    #: the language-specific tag (CoNLL-U's XPOS: STTS for German)
    xpos: str = ""


#: the annotated words of one sentence
Words = tuple[Word, ...]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace source tokens ``[start, end)`` by ``correction``.

    ``start == end`` is an insertion, an empty ``correction`` a deletion.
    ``type`` is informational (ERRANT/M2 error type); no CLEME score reads it.
    """

    start: int
    end: int
    correction: Tokens
    type: str = ""
    #: M2 gold alternatives (``a||b``); ``correction`` is the first. Empty when there is one.
    alternatives: tuple[Tokens, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"invalid edit span [{self.start}, {self.end})")


@dataclass(frozen=True, slots=True)
class Target:
    """A corrected sentence (hypothesis or reference) and its edits.

    ``edits`` is ``None`` while the target has not been aligned to its source yet.
    """

    tokens: Tokens
    edits: tuple[Edit, ...] | None = None
    raw: str | None = field(default=None, compare=False)
    #: other equally cheap alignments of the same target (ChERRANT's ``T{k}-A{n}``, n > 0);
    #: ``edits`` is the first. Only ChERRANT's compare pools them; every other metric ignores them.
    alternatives: tuple[tuple[Edit, ...], ...] = field(default=(), compare=False, repr=False)
    #: ChERRANT's ``无法标注`` ("cannot be annotated"): an unchanged target that its compare skips
    unannotatable: bool = field(default=False, compare=False, repr=False)
    #: an M2 annotator with no line in this sentence (an unchanged target); each metric decides
    #: whether it counts, see :func:`references_for`
    absent: bool = field(default=False, compare=False, repr=False)
    #: the target's annotated words (CoNLL-U or a tagger: :mod:`gecscope.align.annotation`), one
    #: per token; None when not annotated. Only an annotated error-type classifier reads them.
    words: Words | None = field(default=None, compare=False, repr=False)
    #: an M2 annotator's edits nested in (or crossing) its enclosing ones, dropped from ``edits``
    #: (EstGEC's word-order edits: :func:`gecscope.io.m2.enclosing`); () for most targets
    nested: tuple[Edit, ...] = field(default=(), compare=False, repr=False)

    @property
    def text(self) -> str:
        return " ".join(self.tokens)

    @property
    def line(self) -> str:
        """The line as read (spaces kept) when known, else the tokens joined by spaces."""
        return self.raw if self.raw is not None else self.text


@dataclass(frozen=True, slots=True)
class Example:
    """One source sentence with a system hypothesis and zero or more references."""

    source: Tokens
    hypothesis: Target
    references: tuple[Target, ...]
    id: str = ""
    source_raw: str | None = field(default=None, compare=False)
    #: its lines were read from text files (gec-metrics' file reader ``rstrip``s them; its
    #: classes given strings in memory do not: GLEU's ``convention="gec-metrics"`` follows both)
    from_file: bool = field(default=False, compare=False, repr=False)
    #: the source's annotated words (None: not annotated) and where every annotation of the
    #: example came from (``conllu-<digest>`` or a tagger's name and version; '' when none):
    #: :mod:`gecscope.align.annotation`, signed in the ``types:`` field where types are read
    source_words: Words | None = field(default=None, compare=False, repr=False)
    annotation: str = field(default="", compare=False, repr=False)

    @property
    def source_line(self) -> str:
        return self.source_raw if self.source_raw is not None else " ".join(self.source)


#: what an M2 annotator without lines in a sentence is: ``absent`` (left out; one unchanged
#: reference when no annotator has lines: the M2 scorer, ERRANT) or ``unchanged`` (an unchanged
#: reference: CLEME, gec-metrics)
CONVENTIONS = ("absent", "unchanged")


def references_for(example: Example, convention: str) -> tuple[Target, ...]:
    """The references of ``example`` under a missing-annotator ``convention``.

    >>> ex = Example(("a",), Target(("a",)), (Target(("a",), (), absent=True), Target(("b",), (Edit(0, 1, ("b",)),))))
    >>> [r.text for r in references_for(ex, "absent")], len(references_for(ex, "unchanged"))
    (['b'], 2)
    """
    if convention == "unchanged":
        return example.references
    if convention != "absent":
        raise ValueError(f"missing annotators must be one of {', '.join(CONVENTIONS)}; got {convention!r}")
    return present(example.references)


def present(targets: tuple[Target, ...]) -> tuple[Target, ...]:
    """The targets of annotators with lines in the sentence, else the first (unchanged) one."""
    return tuple(t for t in targets if not t.absent) or targets[:1]


def with_convention(examples: Sequence[Example], convention: str) -> Sequence[Example]:
    """``examples`` with :func:`references_for` applied (the same object when nothing changes)."""
    if convention == "unchanged" or not any(r.absent for e in examples if len(e.references) > 1 for r in e.references):
        return examples  # a lone reference is kept absent or not: applied twice, nothing changes
    return [replace(e, references=references_for(e, convention)) for e in examples]


def apply_edits(source: Tokens, edits: tuple[Edit, ...]) -> Tokens:
    """Apply sorted, non-overlapping edits to ``source``.

    >>> apply_edits(("a", "b", "c"), (Edit(1, 2, ("B",)), Edit(3, 3, ("!",))))
    ('a', 'B', 'c', '!')
    """
    out: list[str] = []
    cursor = 0
    for edit in edits:
        if edit.start < cursor or edit.end > len(source):
            raise ValueError(f"edit [{edit.start}, {edit.end}) overlaps or is out of range")
        out.extend(source[cursor : edit.start])
        out.extend(edit.correction)
        cursor = edit.end
    out.extend(source[cursor:])
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Chunk:
    """A source span shared by every target of one sentence (CLEME's chunk).

    ``outputs[t]`` are target ``t``'s tokens for this span (target 0 is the hypothesis)
    and ``changed[t]`` says whether target ``t`` has an edit in it.
    """

    start: int
    end: int
    source: Tokens
    outputs: tuple[Tokens, ...]
    changed: tuple[bool, ...]


# --- building many values fast (the M2 reader) --------------------------------------------------
# A frozen dataclass's ``__init__`` sets each field through ``object.__setattr__``; a reader that
# has already checked its values sets the slots directly, at half the cost (10k edits: ~6 ms).
# tests/test_types.py checks that these name every field and give values equal to the classes'.

_new = object.__new__
#: the fields :func:`make_edit`, :func:`make_target` and :func:`make_example` set, in order
EDIT_FIELDS = ("start", "end", "correction", "type", "alternatives")
TARGET_FIELDS = ("tokens", "edits", "raw", "alternatives", "unannotatable", "absent", "words", "nested")
EXAMPLE_FIELDS = ("source", "hypothesis", "references", "id", "source_raw", "from_file", "source_words", "annotation")
_e_start, _e_end, _e_correction, _e_type, _e_alternatives = (Edit.__dict__[f].__set__ for f in EDIT_FIELDS)
_t_tokens, _t_edits, _t_raw, _t_alternatives, _t_unannotatable, _t_absent, _t_words, _t_nested = (
    Target.__dict__[f].__set__ for f in TARGET_FIELDS
)
_x_source, _x_hypothesis, _x_references, _x_id, _x_source_raw, _x_from_file, _x_source_words, _x_annotation = (
    Example.__dict__[f].__set__ for f in EXAMPLE_FIELDS
)


def make_edit(start: int, end: int, correction: Tokens, type: str = "", alternatives: tuple[Tokens, ...] = ()) -> Edit:
    """``Edit(start, end, correction, type, alternatives)`` for a span already checked
    (``0 <= start <= end``): the same value, without ``__init__``'s check.

    >>> make_edit(1, 2, ("is",), "R:VERB") == Edit(1, 2, ("is",), "R:VERB")
    True
    """
    edit = _new(Edit)
    _e_start(edit, start)
    _e_end(edit, end)
    _e_correction(edit, correction)
    _e_type(edit, type)
    _e_alternatives(edit, alternatives)
    return edit


def make_target(
    tokens: Tokens,
    edits: tuple[Edit, ...] | None = None,
    alternatives: tuple[tuple[Edit, ...], ...] = (),
    unannotatable: bool = False,
    absent: bool = False,
    raw: str | None = None,
) -> Target:
    """``Target(tokens, edits, raw, alternatives, unannotatable, absent)``, built faster (a
    target as a reader makes it: no annotated words)."""
    target = _new(Target)
    _t_tokens(target, tokens)
    _t_edits(target, edits)
    _t_raw(target, raw)
    _t_alternatives(target, alternatives)
    _t_unannotatable(target, unannotatable)
    _t_absent(target, absent)
    _t_words(target, None)
    _t_nested(target, ())
    return target


def make_example(
    source: Tokens,
    hypothesis: Target,
    references: tuple[Target, ...],
    id: str = "",
    source_raw: str | None = None,
    from_file: bool = False,
) -> Example:
    """``Example(source, hypothesis, references, id, source_raw, from_file)``, built faster (an
    example as a reader makes it: not annotated)."""
    example = _new(Example)
    _x_source(example, source)
    _x_hypothesis(example, hypothesis)
    _x_references(example, references)
    _x_id(example, id)
    _x_source_raw(example, source_raw)
    _x_from_file(example, from_file)
    _x_source_words(example, None)
    _x_annotation(example, "")
    return example
