"""Error types that need no tagger: ERRANT-style operation + type from the token strings alone.

For any language, an edit (source tokens → corrected tokens) gets ERRANT's operation (``M``
missing, ``U`` unnecessary, ``R`` replacement) and one of the types that strings can decide:

* ``ORTH``: the two sides differ only in case, whitespace or hyphens (``igalpool`` → ``igal pool``);
* ``WO``: the same tokens (ignoring case) in another order (``word_order="close"``: also when the
  moved tokens are themselves corrected, each close to its source token);
* ``PUNCT``: every token on each non-empty side is punctuation (Unicode category ``P*``);
* ``SPELL``: one token → one token, the source alphabetic, not a known word (when a lexicon is
  used), and close by characters: ERRANT's rule, normalised Levenshtein similarity of the
  lower-cased strings above 0.55, or exactly 0.5 or 1/3 when both are at most 4 characters;
* ``MORPH``: one token → one token (or the same number of tokens pairwise) with the same lemma;
  only with the ``lemmas`` extra (``simplemma``: lemmas and known words for the MultiGEC languages);
* ``OTHER``: anything else.

The order of the rules is ERRANT's (orthography, word order, then the one-token rules), and so is
its special case for multi-token replacements whose last tokens are equal ignoring case (they are
classified without that last token). ``UNK`` is a replacement by the same string, as in ERRANT.

The settings that change a label are :class:`SurfaceTypes`' fields, and :attr:`SurfaceTypes.signature`
names them (with the lexicon's version); :func:`surface_types` resolves ``lemmas="auto"``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import permutations

from gecscope.align.languages import spelling_variants
from gecscope.align.types.frame import label
from gecscope.align.types.lemma_cache import (
    Lexicon,
    lexicon_of,
    simplemma_folder,
    simplemma_languages,
    words_with_lower,
)
from gecscope.errors import SettingError
from gecscope.types import Edit

#: the rule set's version in the signature (bump it when a rule changes a label)
RULES = "1"
TYPES = ("ORTH", "WO", "PUNCT", "SPELL", "MORPH", "OTHER", "UNK")
LEXICONS = ("none", "simplemma")
#: ``exact``: ERRANT's word order (the same tokens reordered); ``close``: also reorderings whose
#: moved tokens carry their own fixes (EstGEC annotates ``eile pesen`` → ``pesin eile`` as R:WO)
WORD_ORDERS = ("exact", "close")
#: the longest span ``word_order="close"`` searches for a reordering (its permutations)
CLOSE_ORDER_TOKENS = 6
#: hyphens and dashes that join compound parts (a difference in them alone is orthography)
HYPHENS = str.maketrans("", "", "-\u2010\u2011\u00ad")
#: apostrophes written inside words (Ukrainian, Italian, English, ...): one letter whichever is used
APOSTROPHES = str.maketrans("\u2019\u02bc\u2018`\u00b4", "'''''")
#: ERRANT's similarity thresholds for a one-token spelling error
SPELL_ABOVE = 0.55
SPELL_SHORT = (0.5, 0.333)
SHORT_LENGTH = 4


#: labels by an edit's two sides (source tokens, corrected tokens)
Labels = dict[tuple[tuple[str, ...], tuple[str, ...]], str]


def is_punctuation(token: str) -> bool:
    """True when every character of ``token`` is punctuation (Unicode category ``P*``)."""
    return bool(token) and all(unicodedata.category(ch).startswith("P") for ch in token)


def is_word(token: str) -> bool:
    """True when ``token`` is letters only, apostrophes inside it allowed (``п'ять``, ``l'uomo``)."""
    bare = token.translate(APOSTROPHES)
    return bare.replace("'", "").isalpha() and not bare.startswith("'") and not bare.endswith("'")


def spelling(tokens: Sequence[str]) -> str:
    """The tokens joined without spaces, lower-cased, without hyphens, with one apostrophe: two
    sides with the same spelling differ only in orthography."""
    return "".join(tokens).lower().translate(HYPHENS).translate(APOSTROPHES)


def similarity(a: str, b: str) -> float:
    """Normalised Levenshtein similarity: 1 - distance / the longer length (1.0 for two empties)."""
    if not a and not b:
        return 1.0
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return 1.0 - previous[-1] / max(len(a), len(b))


@dataclass(frozen=True)
class SurfaceTypes:
    """The tag-free classifier for language ``lang`` (an ISO 639-1 code) with lexicon ``lemmas``
    (``"none"``: strings only; ``"simplemma"``: lemmas and known words from simplemma)."""

    lang: str
    lemmas: str = "none"
    word_order: str = "exact"

    def __post_init__(self) -> None:
        if self.lemmas not in LEXICONS:
            raise SettingError(f"lemmas must be one of {', '.join(LEXICONS)} (or auto), not {self.lemmas!r}", "lemmas")
        if not self.lang.isascii() or not self.lang.isalpha() or len(self.lang) not in (2, 3):
            raise SettingError(f"lang must be a language code such as 'et' or 'uk', not {self.lang!r}", "lang")
        if self.word_order not in WORD_ORDERS:
            raise SettingError(
                f"word_order must be one of {', '.join(WORD_ORDERS)}, not {self.word_order!r}", "word_order"
            )
        if self.lemmas == "simplemma":
            folder = simplemma_folder()  # not imported: a warm lexicon cache never needs it
            if folder is None:
                from gecscope.errors import MissingExtraError

                raise MissingExtraError("lemmas=simplemma (error types without a tagger)", "lemmas")
            if self.lang not in simplemma_languages(folder):  # asked nothing: no dictionary decoded
                raise SettingError(f"lemmas=simplemma: simplemma has no data for {self.lang!r}", "lemmas")

    @property
    def signature(self) -> str:
        """Every setting that can change a label, e.g. ``surface:1,lang:et,lemmas:simplemma-2.0.0``."""
        lexicon = self.lemmas
        if lexicon == "simplemma":
            from importlib.metadata import version

            lexicon += f"-{version('simplemma')}"
        return f"surface:{RULES},lang:{self.lang},lemmas:{lexicon},wo:{self.word_order}"

    def classify(self, source: Sequence[str], target: Sequence[str]) -> str:
        """The ERRANT-style label (``"R:SPELL"``, ``"M:PUNCT"``, ...) of ``source`` → ``target``."""
        return label(source, target, source, target, one_sided, self.two_sided)

    def type_edits(self, source: Sequence[str], edits: Iterable[Edit]) -> tuple[Edit, ...]:
        """``edits`` of the sentence ``source`` with their ``type`` set by :meth:`classify` (the
        plug-in point for an aligner without types, such as tag-free ERRANT)."""
        edits = tuple(edits)
        self.learn(edit_words(source, edits))
        return self.typed(source, edits)

    def typed(self, source: Sequence[str], edits: Iterable[Edit], labels: Labels | None = None) -> tuple[Edit, ...]:
        """:meth:`type_edits` once the lexicon has learnt the edits' words (:meth:`learn`; a word
        it has not is looked up on its own); ``labels``: the labels of the two sides already
        classified (a label depends on the two sides' strings only), filled in as it goes."""
        labels = {} if labels is None else labels
        typed = []
        for e in edits:
            sides = (tuple(source[e.start : e.end]), e.correction)
            found = labels.get(sides)
            if found is None:
                found = labels[sides] = self.classify(*sides)
            typed.append(replace(e, type=found))
        return tuple(typed)

    def two_sided(self, source: Sequence[str], target: Sequence[str]) -> str:
        """The type of a replacement (both sides non-empty)."""
        if all(map(is_punctuation, source)) and all(map(is_punctuation, target)):
            return "PUNCT"
        if spelling(source) == spelling(target):
            return "ORTH"
        if sorted(t.lower() for t in source) == sorted(t.lower() for t in target):
            return "WO"
        lexicon = self.lexicon()
        if len(source) == len(target) == 1:
            return self.one_to_one(source[0], target[0], lexicon)
        pairs = zip(source, target, strict=False)
        if lexicon is not None and len(source) == len(target) and all(self.same_lemma(a, b, lexicon) for a, b in pairs):
            return "MORPH"
        if self.word_order == "close" and self.reordered(source, target, lexicon):
            return "WO"
        return "OTHER"

    def reordered(self, source: Sequence[str], target: Sequence[str], lexicon: Lexicon | None) -> bool:
        """``target`` is ``source`` in another order, each token the same or close (similarity
        above 0.55 or the same lemma); spans of at most :data:`CLOSE_ORDER_TOKENS` tokens."""
        if len(source) != len(target) or not 1 < len(source) <= CLOSE_ORDER_TOKENS:
            return False
        a, b = [t.lower() for t in source], [t.lower() for t in target]

        def close(x: str, y: str) -> bool:
            same = lexicon is not None and self.same_lemma(x, y, lexicon)
            return x == y or similarity(x, y) > SPELL_ABOVE or same

        near = [[close(x, y) for y in b] for x in a]
        identity = tuple(range(len(b)))
        return any(
            order != identity and all(near[i][j] for i, j in enumerate(order)) for order in permutations(range(len(b)))
        )

    def one_to_one(self, source: str, target: str, lexicon: Lexicon | None) -> str:
        """ERRANT's one-token rules that strings (and a lexicon) can decide."""
        variant = spelling_variants(self.lang)  # the language unit's orthographic variants (Ukrainian euphony)
        if variant is not None and variant(source.lower(), target.lower()):
            return "SPELL"
        if is_word(source) and not (lexicon is not None and lexicon.known(source)):
            if lexicon is not None and self.same_lemma(source, target, lexicon):
                return "MORPH"
            close = similarity(source.lower(), target.lower())
            if close > SPELL_ABOVE:
                return "SPELL"
            short = len(source) <= SHORT_LENGTH and len(target) <= SHORT_LENGTH
            if short and (close == SPELL_SHORT[0] or round(close, 3) == SPELL_SHORT[1]):
                return "SPELL"
            return "OTHER"
        if lexicon is not None and self.same_lemma(source, target, lexicon):
            return "MORPH"
        return "OTHER"

    def lexicon(self) -> Lexicon | None:
        """simplemma's lexicon of ``lang`` when this classifier uses it, answering from the lexicon
        cache (:mod:`gecscope.align.types.lemma_cache`; simplemma asked only about new words)."""
        if self.lemmas == "none":
            return None
        return lexicon_of(self.lang)

    def learn(self, words: Iterable[str]) -> None:
        """Read (or compute) the lexicon's answers for ``words`` in one batch before they are
        classified (nothing without a lexicon)."""
        lexicon = self.lexicon()
        if lexicon is not None:
            lexicon.learn(words_with_lower(words))

    def same_lemma(self, a: str, b: str, lexicon: Lexicon) -> bool:
        """Both words have the same lemma (ignoring case); a lemma is only trusted when both words
        are known (simplemma also guesses lemmas of unknown words, misspellings included)."""
        if not (lexicon.known(a) and lexicon.known(b)):
            return False
        return lexicon.lemma(a).lower() == lexicon.lemma(b).lower() and a.lower() != b.lower()


def edit_words(source: Sequence[str], edits: Iterable[Edit]) -> list[str]:
    """The words a classifier may look up for ``edits`` of ``source``: both sides of each
    replacement (a missing or unnecessary span is typed from its strings alone).

    >>> edit_words(["a", "b", "c"], [Edit(0, 1, ("x",)), Edit(2, 3, ())])
    ['a', 'x']
    """
    return [w for e in edits if e.correction and e.end > e.start for w in (*source[e.start : e.end], *e.correction)]


def one_sided(tokens: Sequence[str]) -> str:
    """The type of a missing or unnecessary span: ``PUNCT`` when all its tokens are, else ``OTHER``."""
    return "PUNCT" if all(map(is_punctuation, tokens)) else "OTHER"


def surface_types(lang: str, lemmas: str = "auto", word_order: str = "exact") -> SurfaceTypes:
    """The classifier for ``lang``; ``lemmas="auto"`` uses simplemma when it is installed and
    knows ``lang``, else strings only (the choice is in :attr:`SurfaceTypes.signature`)."""
    if lemmas != "auto":
        return SurfaceTypes(lang, lemmas, word_order)
    folder = simplemma_folder()
    if folder is None or lang not in simplemma_languages(folder):  # a language simplemma has no data for
        return SurfaceTypes(lang, "none", word_order)
    return SurfaceTypes(lang, "simplemma", word_order)
