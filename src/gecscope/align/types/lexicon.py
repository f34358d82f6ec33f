"""The simplemma lexicon the ports read (errant_czech's and Boyd's German known words), with its
version in the signature (:class:`SimplemmaTypes`: the settings of the Czech and German ones)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

from gecscope.errors import MissingExtraError, SettingError


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
        import simplemma  # noqa: F401  (the 'lemmas' extra)
    except ImportError:
        raise MissingExtraError(f"lexicon=simplemma ({what})", "lemmas") from None
    from gecscope.align.types.lemma_cache import lexicon_of

    return lexicon_of(lang).known  # simplemma's answers, through the lexicon cache


#: the lexicons a :class:`SimplemmaTypes` classifier takes (``none``: every word is known)
SIMPLEMMA_LEXICONS = ("simplemma", "none")


@dataclass(frozen=True)
class SimplemmaTypes:
    """The settings of a classifier that reads simplemma's lexicon: ``lexicon`` (one of
    :data:`SIMPLEMMA_LEXICONS`) and ``tags``, what annotated the words (``conllu``: the user's
    CoNLL-U; a tagger's name and version otherwise). A subclass names the class variables below
    in its header: ``class CzechTypes(SimplemmaTypes, lang="cs", signed="errant-cs", version="1",
    what="Czech error types")``."""

    lexicon: str = "simplemma"
    tags: str = "conllu"

    #: simplemma's language code
    LANG: ClassVar[str]
    #: the classifier's name and its rules' version in the signature (``errant-cs``, ``1``)
    SIGNED: ClassVar[str]
    VERSION: ClassVar[str]
    #: what the missing-extra error says the lexicon is for
    WHAT: ClassVar[str]

    def __init_subclass__(cls, *, lang: str, signed: str, version: str, what: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.LANG, cls.SIGNED, cls.VERSION, cls.WHAT = lang, signed, version, what

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

    def learn(self, words: Iterable[str]) -> None:
        """Read (or compute) the lexicon's answers for ``words`` in one batch before their edits
        are classified (:mod:`gecscope.align.types.lemma_cache`; nothing for ``lexicon='none'``)."""
        if self.lexicon == "simplemma":
            from gecscope.align.types.lemma_cache import lexicon_of, words_with_lower

            self.known  # noqa: B018  (the missing-extra error first)
            lexicon_of(self.LANG).learn(words_with_lower(words))
