"""What every classifier over annotated words shares (errant_czech's, Boyd's German, ru-errant's,
the UD-POS one): edits labelled word span by word span, and the simplemma lexicon with its
version in the signature (:class:`SimplemmaTypes`: the settings of the Czech and German ones)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import ClassVar

from gecscope.errors import MissingExtraError, SettingError
from gecscope.types import Edit, Word


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


def framed(source: Sequence[Word], target: Sequence[Word], one_sided: Callable[[Sequence[Word]], str]) -> str | None:
    """ERRANT's frame of a label, as the ports keep it: ``UNK`` for two empty sides or the same
    words, ``M:``/``U:`` and ``one_sided``'s type for a missing or unnecessary side; None for a
    replacement, which the classifier labels itself.

    >>> framed([], [Word("a")], lambda words: "DET"), framed([Word("a")], [Word("a")], str) is None
    ('M:DET', False)
    """
    if not source and not target:
        return "UNK"
    if not source:
        return "M:" + one_sided(target)
    if not target:
        return "U:" + one_sided(source)
    return "UNK" if text(source) == text(target) else None


def simplemma_name(lexicon: str) -> str:
    """``lexicon`` as signed: simplemma with its version (``simplemma-2.0.0``), else as given."""
    if lexicon != "simplemma":
        return lexicon
    from importlib.metadata import version

    return f"simplemma-{version('simplemma')}"


def simplemma_known(lexicon: str, lang: str, what: str) -> Callable[[str], bool]:
    """Whether a word (or its lower case) is in simplemma's ``lang`` lexicon (everything is, for
    ``lexicon='none'``); ``what`` names the types in the missing-extra error."""
    if lexicon == "none":
        return lambda word: True
    try:
        import simplemma  # the 'lemmas' extra
    except ImportError:
        raise MissingExtraError(f"lexicon=simplemma ({what})", "lemmas") from None
    return lambda word: bool(simplemma.is_known(word, lang=lang) or simplemma.is_known(word.lower(), lang=lang))


#: the lexicons a :class:`SimplemmaTypes` classifier takes (``none``: every word is known)
SIMPLEMMA_LEXICONS = ("simplemma", "none")


@dataclass(frozen=True)
class SimplemmaTypes:
    """The settings of a classifier that reads simplemma's lexicon: ``lexicon`` (one of
    :data:`SIMPLEMMA_LEXICONS`) and ``tags``, what annotated the words (``conllu``: the user's
    CoNLL-U; a tagger's name and version otherwise). A subclass sets the class variables below."""

    lexicon: str = "simplemma"
    tags: str = "conllu"

    #: simplemma's language code
    LANG: ClassVar[str]
    #: the classifier's name and its rules' version in the signature (``errant-cs``, ``1``)
    SIGNED: ClassVar[str]
    VERSION: ClassVar[str]
    #: what the missing-extra error says the lexicon is for
    WHAT: ClassVar[str]

    def __post_init__(self) -> None:
        if self.lexicon not in SIMPLEMMA_LEXICONS:
            known = ", ".join(SIMPLEMMA_LEXICONS)
            raise SettingError(f"lexicon must be one of {known}, not {self.lexicon!r}", "lexicon")

    @property
    def signature(self) -> str:
        """Every setting that can change a label, e.g. ``errant-cs:1,lexicon:simplemma-2.0.0,tags:conllu``."""
        return f"{self.SIGNED}:{self.VERSION},lexicon:{simplemma_name(self.lexicon)},tags:{self.tags}"

    @cached_property
    def known(self) -> Callable[[str], bool]:
        """Whether a word (or its lower case) is in the lexicon."""
        return simplemma_known(self.lexicon, self.LANG, self.WHAT)
