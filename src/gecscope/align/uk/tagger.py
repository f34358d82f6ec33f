"""Annotated Ukrainian words from what can be installed: ``pymorphy3`` with its Ukrainian
dictionary (``pymorphy3-dicts-uk``, the ``uk-tagger`` extra; the dictionary is inside the wheel),
each word's most probable parse out of context. Its tags are OpenCorpora's, as the Russian
dictionary's, so the UD POS and features come from the Russian tagger's tables
(:mod:`gecscope.align.ru.tagger`); relations are the ones a POS implies (``aux`` for a form of
бути next to a verb, ``det`` for the possessive and demonstrative pronouns), heads not given.
Signed as ``tags:pymorphy3-<version>+dicts-uk-<version>``; the UD-POS classifier types the edits
(Ukrainian has no ERRANT port)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gecscope.align.pos_relations import implied_words
from gecscope.align.ru.tagger import NAMES, POS, RELATIONS, best_parse
from gecscope.errors import MissingExtraError
from gecscope.io.conllu import Sentence

PACKAGE = "pymorphy3"
DICTIONARY = "pymorphy3-dicts-uk"
#: pronouns UD tags DET in Ukrainian (possessive, demonstrative)
DETERMINERS = frozenset({"мій", "твій", "його", "її", "наш", "ваш", "їхній", "свій", "цей", "той", "такий", "весь"})


@cache
def analyser() -> Any:
    """pymorphy3's Ukrainian analyser (loaded once; an error naming the extra when it is missing)."""
    try:
        import pymorphy3
    except ImportError:
        raise MissingExtraError("the Ukrainian tagger (pymorphy3)", "uk-tagger") from None
    try:
        return pymorphy3.MorphAnalyzer(lang="uk")
    except (ValueError, OSError, ImportError):  # no Ukrainian dictionary
        raise MissingExtraError("the Ukrainian tagger's dictionary (pymorphy3-dicts-uk)", "uk-tagger") from None


def tag_word(form: str) -> tuple[str, str, str]:
    """(lemma, UD POS, UD features) of ``form``'s most probable parse."""
    parse, pos, feats = best_parse(analyser(), form)
    proper = pos == "NOUN" and NAMES & set(parse.tag.grammemes) and form[:1].isupper()
    upos = "PROPN" if proper else POS.get(pos, "X")
    return str(parse.normal_form), upos, feats


def tag_sentence(tokens: Sequence[str]) -> Sentence:
    """The annotated words of one pre-tokenised sentence (see the module docstring)."""
    tagged = [tag_word(form) for form in tokens]
    return implied_words(tokens, tagged, RELATIONS, auxiliary="бути", determiners=DETERMINERS)


@dataclass(frozen=True)
class UkrainianTagger:
    """The offline Ukrainian tagger (``--tagger pymorphy3`` with ``--lang uk``)."""

    @property
    def name(self) -> str:
        """The tagger and its versions, as the signature names it."""
        from importlib.metadata import PackageNotFoundError, version

        try:
            return f"{PACKAGE}-{version(PACKAGE)}+dicts-uk-{version(DICTIONARY)}"
        except PackageNotFoundError:
            raise MissingExtraError("the Ukrainian tagger (pymorphy3, pymorphy3-dicts-uk)", "uk-tagger") from None

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]:
        """The annotated words of pre-tokenised ``sentences`` (their tokens kept as they are)."""
        return [tag_sentence(tokens) for tokens in sentences]
