"""The ERRANT label frame every classifier shares (``UNK``, ``M:``/``U:`` + the type of the one
side, ``R:`` + the type of a replacement, the last words equal ignoring case left out) and the
protocol of a classifier over annotated words, with the walk that labels edits span by span.

>>> def size(*sides):
...     return "+".join(str(len(side)) for side in sides)
>>> label([], ["a"], [], ["a"], size, size), label(["a", "b"], ["c", "B"], ["a", "b"], ["c", "B"], size, size)
('M:1', 'R:1+1')
>>> label(["a", "b"], ["a", "B"], ["a", "b"], ["a", "B"], size, size), label(["x"], ["x"], ["x"], ["x"], size, size)
('UNK', 'UNK')
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import replace
from typing import ClassVar, Protocol, TypeVar

from gecscope.types import Edit, Word

W = TypeVar("W")


class AnnotatedClassifier(Protocol):
    """A classifier over the annotated words of an edit's two sides (the ports: errant_czech's,
    Boyd's German, ru-errant's; the UD-POS one): its settings as signed, and the typing of the
    edits of one sentence."""

    @property
    def signature(self) -> str: ...

    def type_edits(self, source: Sequence[Word], target: Sequence[Word], edits: Iterable[Edit]) -> tuple[Edit, ...]: ...


#: ERRANT's dependency relations that name a type (its English classifier's; errant_czech's and
#: ru-errant's keep them): when every word of a side has one of them
RELATION_TYPES = {
    "acomp": "ADJ",
    "amod": "ADJ",
    "advmod": "ADV",
    "det": "DET",
    "prep": "PREP",
    "prt": "PART",
    "punct": "PUNCT",
}


class WordClassifier:
    """A classifier over annotated words (the base of the ports and the UD-POS classifier):
    :meth:`classify` labels one edit's two sides in ERRANT's frame (:func:`label`), the subclass
    naming the type of a missing or unnecessary side (``one_sided``) and of a replacement
    (``two_sided``); :meth:`type_edits` walks a sentence's edits."""

    #: the same-text check made again after each equal last word is left out (ERRANT's, Boyd's
    #: rules) or once (errant_czech's, ru-errant's)
    RECHECK: ClassVar[bool] = True

    def learn(self, words: Iterable[str]) -> None:
        """Ready the lexicon for ``words`` (word forms) in one batch before their edits are typed
        (a classifier that reads simplemma's lexicon: :mod:`gecscope.align.types.lemma_cache`;
        nothing here)."""

    def classify(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The label (``"R:NOUN:INFL"``, ``"M:PUNCT"``, ...) of ``source`` → ``target``."""
        return label(source, target, forms(source), forms(target), self.one_sided, self.two_sided, self.RECHECK)

    @staticmethod
    def one_sided(words: Sequence[Word]) -> str:
        """The type of a missing or unnecessary span."""
        raise NotImplementedError

    def two_sided(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The type of a replacement (both sides non-empty, not the same text)."""
        raise NotImplementedError

    def one_to_one(self, source: Word, target: Word) -> str:
        """The type of one word replaced by another."""
        raise NotImplementedError

    def first_rules(self, source: Sequence[Word], target: Sequence[Word]) -> str | None:
        """ERRANT's first replacement rules: ``ORTH`` (the same letters, case and spaces aside),
        ``WO`` (the same words reordered), one word for one (:meth:`one_to_one`); else None."""
        a, b = [w.form.lower() for w in source], [w.form.lower() for w in target]
        if "".join(a) == "".join(b):
            return "ORTH"
        if sorted(a) == sorted(b):
            return "WO"
        return self.one_to_one(source[0], target[0]) if len(a) == len(b) == 1 else None

    def type_edits(self, source: Sequence[Word], target: Sequence[Word], edits: Iterable[Edit]) -> tuple[Edit, ...]:
        """``edits`` labelled by :meth:`classify` on the annotated words of both sides."""
        return label_edits(self.classify, source, target, edits)


def label(
    source: Sequence[W],
    target: Sequence[W],
    a: Sequence[str],
    b: Sequence[str],
    one_sided: Callable[[Sequence[W]], str],
    two_sided: Callable[[Sequence[W], Sequence[W]], str],
    recheck: bool = True,
) -> str:
    """ERRANT's label of ``source`` → ``target`` (words of any kind; ``a``, ``b``: their texts):
    ``UNK`` for the same text on both sides (or none), ``M:``/``U:`` + ``one_sided`` of the side
    that is there, else ``R:`` + ``two_sided``; first, while a side has two or more words and the
    last ones are equal ignoring case, they are left out. ``recheck``: the same-text check is made
    again after each one left out (ERRANT's and Boyd's recursion; errant_czech's, ru-errant's and
    tag-free ERRANT's make it once)."""
    if a and b and " ".join(a) == " ".join(b):
        return "UNK"
    while a and b and (len(a) > 1 or len(b) > 1) and a[-1].lower() == b[-1].lower():
        a, b, source, target = a[:-1], b[:-1], source[:-1], target[:-1]
        if recheck and a and b and " ".join(a) == " ".join(b):
            return "UNK"
    if not a:
        return "M:" + one_sided(target) if b else "UNK"
    if not b:
        return "U:" + one_sided(source)
    return "R:" + two_sided(source, target)


def label_edits(
    classify: Callable[[Sequence[Word], Sequence[Word]], str],
    source: Sequence[Word],
    target: Sequence[Word],
    edits: Iterable[Edit],
) -> tuple[Edit, ...]:
    """``edits`` (in order, not overlapping) of ``source`` → ``target`` with their ``type`` set
    by ``classify`` on the annotated words of both sides.

    >>> w = [Word(1, f) for f in "a b c".split()]
    >>> hyp = [w[0], Word(2, "x"), Word(3, "y"), w[2]]
    >>> label_edits(lambda s, t: f"{len(s)}>{len(t)}", w, hyp, [Edit(1, 2, ("x", "y"))])
    (Edit(start=1, end=2, correction=('x', 'y'), type='1>2'),)
    """
    typed = []
    shift = 0  # target index minus source index outside the edits seen so far
    for e in edits:
        start = e.start + shift
        typed.append(replace(e, type=classify(source[e.start : e.end], target[start : start + len(e.correction)])))
        shift += len(e.correction) - (e.end - e.start)
    return tuple(typed)


def text(words: Sequence[Word]) -> str:
    """The words' forms joined by spaces."""
    return " ".join(w.form for w in words)


def forms(words: Sequence[Word]) -> list[str]:
    """The words' forms."""
    return [w.form for w in words]


def determiner_or_pronoun(target: Word, subject_or_object: Collection[str], possessive: str) -> str:
    """ERRANT's type of a determiner replaced by a pronoun or back, by the target's relation (a
    port's own labels): ``PRON`` for a subject or object, ``DET`` for a possessive, else ``OTHER``."""
    if target.deprel in subject_or_object:
        return "PRON"
    return "DET" if target.deprel == possessive else "OTHER"
