"""Error types from UD parts of speech, for any language given UD-annotated words (CoNLL-U or a
tagger) and without a port of its own: ERRANT's ``M:``/``U:``/``R:`` operations with a UPOS
type, as jp_errant_bea (BEA 2025) does for Japanese, plus the tag-free types of
:mod:`gecscope.align.types.surface` (``ORTH``, ``PUNCT``, ``SPELL``, ``WO``).

The rules, in order (``source`` → ``target``, the annotated words of an edit's two sides):

* both empty or the same string: ``UNK``;
* one side empty: ``M:``/``U:`` + the one UPOS all its words share (``PUNCT`` when all are
  punctuation), else ``OTHER``;
* a replacement whose last words are equal ignoring case is classified without them (ERRANT);
* ``R:PUNCT`` (punctuation only on both sides), ``R:ORTH`` (equal ignoring case and spaces),
  ``R:WO`` (the same words reordered): the tag-free rules;
* one word for one: the same (non-empty) lemma is ``R:UPOS:INFL`` with the same UPOS on both
  sides, else ``R:MORPH``; then the tag-free ``R:SPELL`` (an unknown word close to its
  correction); then the shared UPOS; else ``R:OTHER``;
* several words: the one UPOS of all, else ``R:OTHER``.

``X`` and ``SYM`` never name a type (they are ``OTHER``), as in ERRANT's and errant_czech's rules.

>>> from gecscope.types import Word
>>> t = UposTypes("xx", lemmas="none")
>>> t.classify([Word("psal", "psát", "VERB")], [Word("píše", "psát", "VERB")])
'R:VERB:INFL'
>>> t.classify([], [Word("a", "a", "CCONJ")]), t.classify([Word(",", ",", "PUNCT")], [])
('M:CCONJ', 'U:PUNCT')
>>> t.classify([Word("dom", "dom", "NOUN")], [Word("kočka", "kočka", "NOUN")])
'R:NOUN'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from gecscope.align.types.frame import WordClassifier
from gecscope.align.types.surface import SurfaceTypes, is_punctuation, surface_types
from gecscope.types import Word

#: the classifier's name (used where a language declares no annotated classifier of its own)
NAME = "upos"
#: the rule set's version in the signature (bump it when a rule changes a label)
RULES = "1"
RARE_POS = frozenset({"SYM", "X"})
#: the tag-free types the rules take from :class:`SurfaceTypes` before the UPOS ones
TAG_FREE = ("PUNCT", "ORTH", "WO")


@dataclass(frozen=True)
class UposTypes(WordClassifier):
    """The UPOS classifier for language ``lang`` (its tag-free part uses ``lemmas`` as
    :func:`~gecscope.align.types.surface.surface_types` does), on words annotated by ``tags``
    (``conllu-<digest>``, or a tagger's name and version)."""

    lang: str
    tags: str = "conllu"
    lemmas: str = "auto"

    @cached_property
    def surface(self) -> SurfaceTypes:
        """The tag-free classifier the ORTH/PUNCT/SPELL/WO rules are read from."""
        return surface_types(self.lang, self.lemmas)

    def learn(self, words: Iterable[str]) -> None:
        """The tag-free classifier's lexicon readied for ``words`` (:meth:`SurfaceTypes.learn`)."""
        self.surface.learn(words)

    @property
    def signature(self) -> str:
        """Every setting that can change a label, e.g. ``upos:1,tags:conllu-…,surface:1,lang:xx,…``."""
        return f"{NAME}:{RULES},tags:{self.tags},{self.surface.signature}"

    @staticmethod
    def one_sided(words: Sequence[Word]) -> str:
        """The type of a missing or unnecessary span."""
        if all(is_punctuation(w.form) for w in words):
            return "PUNCT"
        return shared_pos(words)

    def two_sided(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The type of a replacement (both sides non-empty)."""
        a, b = [w.form for w in source], [w.form for w in target]
        tag_free = self.surface.two_sided(a, b)
        if tag_free in TAG_FREE:
            return tag_free
        if len(source) == len(target) == 1:
            s, t = source[0], target[0]
            if s.lemma and s.lemma == t.lemma:
                return f"{s.upos}:INFL" if s.upos == t.upos and s.upos and s.upos not in RARE_POS else "MORPH"
            if tag_free == "SPELL":
                return "SPELL"
        return shared_pos([*source, *target])


def shared_pos(words: Sequence[Word]) -> str:
    """The one UPOS of ``words`` (not X or SYM), else ``OTHER``."""
    tags = {w.upos for w in words}
    return words[0].upos if len(tags) == 1 and words[0].upos and words[0].upos not in RARE_POS else "OTHER"


__all__ = ["NAME", "UposTypes"]
