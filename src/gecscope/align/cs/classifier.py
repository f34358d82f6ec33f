"""Czech error types: errant_czech's inventory and rules (Náplava et al. 2022, "Czech Grammar
Error Correction with a Large and Diverse Corpus", TACL), on words with UD annotation.

The inventory: ``M:``/``U:``/``R:`` + a UD POS (``NOUN``, ``VERB``, ...; ``SYM`` and ``X`` never
name a type), ``POS:INFL`` (same lemma, same inflecting POS), ``MORPH`` (same lemma or stem, other
POS), ``ORTH:CASING``, ``ORTH:WSPACE``, ``ORTH``, ``SPELL``, ``WO``, ``WO:SPELL`` (a reordering with
small spelling changes), ``QUOTATION``, ``DIACR``, ``PUNCT``, ``OTHER`` and ``UNK``. The rules,
in errant_czech's order:

* one side empty: the POS when all words share one (not SYM/X), else the type a shared relation
  names (``amod`` ADJ, ``advmod`` ADV, ``det`` DET, ``punct`` PUNCT, ...), ``AUX``+``VERB`` VERB,
  else OTHER;
* a replacement whose last words are equal ignoring case is classified without them (the first
  check, the same string on both sides meaning UNK, sees the whole edit);
* then PUNCT (equal without ``!#$%&()*+,-./:;<=>?@[\\]^_`{|}~``), DIACR (equal when folded to
  ASCII, :func:`~gecscope.align.cs.letters.fold`), ORTH (equal joined and lower-cased: WSPACE when
  joined equal, CASING when lower-cased equal), QUOTATION (equal without ``"“„`` and spaces), WO
  (the same words reordered), WO:SPELL (:func:`~gecscope.align.cs.letters.transposed`);
* one word for one: an alphabetic source word the lexicon does not know is SPELL when
  difflib's ratio with the target is above 0.5, else its POS when both share it, else OTHER;
  VERB for two verbs; same lemma: POS:INFL (inflecting POS, the same on both sides) or MORPH;
  same aggressive stem (:mod:`~gecscope.align.cs.stemmer`) and both inflecting: MORPH; the shared
  POS, or the type of a shared relation; DET/PRON by the target's relation (``nsubj``...: PRON,
  ``poss``: DET); else OTHER;
* several words: the one POS of all, the type of one shared relation, AUX+VERB (VERB:INFL when
  the last words share a lemma, else VERB), else OTHER.

errant_czech looks source words up in MorfFlex (a dictionary from LINDAT that no package
carries); here the lexicon is a setting (``simplemma``'s Czech word list, or ``none``: every word
known, so the dictionary's SPELL rule never fires), and it is in :attr:`CzechTypes.signature`,
with the source of the annotation (``tags``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from gecscope.align.cs.letters import fold, transposed
from gecscope.align.cs.stemmer import stem
from gecscope.align.types.frame import RELATION_TYPES, WordClassifier, determiner_or_pronoun
from gecscope.align.types.lexicon import SimplemmaTypes
from gecscope.io.conllu import check_tokens as check_tokens  # re-exported (its home is io.conllu)
from gecscope.types import Word

#: the rule set's version in the signature (bump it when a rule changes a label)
RULES = "1"
RARE_POS = frozenset({"SYM", "X"})
INFLECTED = frozenset({"ADJ", "AUX", "PRON", "PROPN", "NOUN", "VERB", "NUM", "ADV"})
SUBJECT_OR_OBJECT = frozenset({"nsubj", "nsubjpass", "dobj", "pobj"})
#: punctuation ignored by the PUNCT rule (quotation marks are not: they are QUOTATION)
PUNCTUATION = frozenset("!#$%&()*+,-./:;<=>?@[\\]^_`{|}~")
QUOTES = str.maketrans("", "", '"“„ ')
#: difflib similarity above which an unknown word replaced by another is a spelling error
SPELL_RATIO = 0.5


@dataclass(frozen=True)
class CzechTypes(
    SimplemmaTypes, WordClassifier, lang="cs", signed="errant-cs", version=RULES, what="Czech error types"
):
    """errant_czech's classifier (see the module docstring) with lexicon ``lexicon`` on
    words annotated by ``tags`` (:class:`~gecscope.align.types.lexicon.SimplemmaTypes`)."""

    RECHECK = False  # the same-text check once, before the equal last words are left out

    @staticmethod
    def one_sided(words: Sequence[Word]) -> str:
        """The type of a missing or unnecessary span."""
        tags = {w.upos for w in words}
        if len(tags) == 1 and words[0].upos not in RARE_POS:
            return words[0].upos
        relations = {w.deprel for w in words}
        if len(relations) == 1 and words[0].deprel in RELATION_TYPES:
            return RELATION_TYPES[words[0].deprel]
        return "VERB" if tags == {"AUX", "VERB"} else "OTHER"

    def two_sided(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The type of a replacement (both sides non-empty)."""
        a, b = [w.form for w in source], [w.form for w in target]
        joined_a, joined_b = " ".join(a), " ".join(b)
        if [c for c in joined_a if c not in PUNCTUATION] == [c for c in joined_b if c not in PUNCTUATION]:
            return "PUNCT"
        if fold(joined_a) == fold(joined_b):
            return "DIACR"
        if "".join(a).lower() == "".join(b).lower():
            if "".join(a) == "".join(b):
                return "ORTH:WSPACE"
            return "ORTH:CASING" if joined_a.lower() == joined_b.lower() else "ORTH"
        if joined_a.translate(QUOTES) == joined_b.translate(QUOTES):
            return "QUOTATION"
        if sorted(t.lower() for t in a) == sorted(t.lower() for t in b):
            return "WO"
        if transposed(a, b):
            return "WO:SPELL"
        if len(a) == len(b) == 1:
            return self.one_to_one(source[0], target[0])
        return several(source, target)

    def one_to_one(self, source: Word, target: Word) -> str:
        """The type of one word replaced by another."""
        pos_a, pos_b = source.upos, target.upos
        if source.form.isalpha() and not self.known(source.form):
            if SequenceMatcher(None, source.form, target.form).ratio() > SPELL_RATIO:
                return "SPELL"
            return pos_a if pos_a == pos_b and pos_a not in RARE_POS else "OTHER"
        if pos_a == pos_b == "VERB":
            return "VERB"
        if source.lemma == target.lemma:
            return pos_a + ":INFL" if pos_a == pos_b and pos_a in INFLECTED else "MORPH"
        if pos_a in INFLECTED and pos_b in INFLECTED and stem(source.form, True) == stem(target.form, True):
            return "MORPH"
        if pos_a == pos_b and pos_a not in RARE_POS:
            return pos_a
        if source.deprel == target.deprel and source.deprel in RELATION_TYPES:
            return RELATION_TYPES[source.deprel]
        if {pos_a, pos_b} == {"DET", "PRON"}:
            return determiner_or_pronoun(target, SUBJECT_OR_OBJECT, "poss")
        return "OTHER"


def several(source: Sequence[Word], target: Sequence[Word]) -> str:
    """The type of a replacement with more than one word on a side (after the other rules)."""
    tags = {w.upos for w in (*source, *target)}
    if len(tags) == 1 and source[0].upos not in RARE_POS:
        return source[0].upos
    relations = {w.deprel for w in (*source, *target)}
    if len(relations) == 1 and source[0].deprel in RELATION_TYPES:
        return RELATION_TYPES[source[0].deprel]
    if tags == {"AUX", "VERB"}:
        return "VERB:INFL" if source[-1].lemma == target[-1].lemma else "VERB"
    return "OTHER"
