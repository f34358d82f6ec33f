"""German error types: Boyd's rules (Boyd 2018, "Using Wikipedia Edits in Low Resource
Grammatical Error Correction", W-NUT; ERRANT adapted to German), on words with STTS tags.

Each word's STTS tag (CoNLL-U's XPOS, spaCy's ``tag_``) is mapped to a coarse tag by the table
Boyd's port uses (the TüBa-D/Z UD converter's STTS→UD table, with ``PROAV`` ADV): note its
``PNOUN`` for ``NE``/``NNE``, ``CONJ`` for ``KON``, ``AUX`` for ``VA*``/``VM*``, ``ADP`` for
``PTKVZ``/``KOKOM`` and ``*`` for ``TRUNC``. The inventory: ``M:``/``U:``/``R:`` + a coarse tag
(``INTJ NUM SYM X`` never name a type), ``POS:FORM`` (same lemma and coarse tag, inflecting),
``VERB:FORM``, ``MORPH``, ``ORTH``, ``SPELL``, ``WO``, ``CONTR``, ``OTHER``, ``UNK``. The rules in
their order:

* one side empty: ``'s``/``´s`` alone is CONTR; the one coarse tag of all words (not rare); the
  type of one shared relation (TIGER ``ac``/``svp``: ADP, ``punct``: PUNCT); ``PART``+``VERB``:
  VERB; else OTHER;
* a replacement whose two sides are the same string is UNK; one whose last words are equal
  ignoring case is classified without them (recursively: a side left empty makes it M:/U:);
* ORTH (equal joined and lower-cased), WO (the same words, lower-cased, reordered);
* one word for one: an alphabetic source word the lexicon does not know and whose lemma differs
  is SPELL when difflib's ratio is above 0.5, else the shared coarse tag (not rare), else OTHER;
  same lemma and both inflecting (``ADJ ADV AUX DET PRON PROPN NOUN VERB``): ``POS:FORM`` when
  the tags agree, VERB:FORM when the target's STTS tag is a verb's, else MORPH; same Snowball
  stem (:mod:`~gecscope.align.de.stemmer`) and both inflecting: MORPH; the shared coarse tag (not
  rare); one shared relation's type; ADP for ``ac``/``svp`` on the two sides; DET/PRON by the
  target's relation (``sb oa od og``: PRON, ``ag``: DET); else OTHER;
* several words: the one coarse tag of all (not rare), one shared relation's type,
  ``PART``+``VERB`` (VERB:FORM when the last words share a lemma, else VERB), else OTHER.

Boyd looked source words up in the Hunspell ``de_DE`` word list of igerman98 (not in the port's
repository nor in any package); here the lexicon is a setting (``simplemma``'s German word list,
or ``none``: every word known, so the SPELL rule never fires), in :attr:`GermanTypes.signature`
with the source of the annotation (``tags``). An STTS tag outside the table is an error (the
port stops with a ``KeyError`` there).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from gecscope.align.de.stemmer import stem
from gecscope.align.types.frame import WordClassifier, determiner_or_pronoun
from gecscope.align.types.lexicon import SimplemmaTypes
from gecscope.errors import InputError
from gecscope.io.conllu import Word

#: the rule set's version in the signature (bump it when a rule changes a label)
RULES = "1"
#: STTS tag -> the coarse tag Boyd's rules read
COARSE = {
    **dict.fromkeys(("ADJA", "ADJD"), "ADJ"),
    **dict.fromkeys(("ADV", "PROAV", "PROP"), "ADV"),
    **dict.fromkeys(("APPR", "APPRART", "APPO", "APZR", "KOKOM", "PTKVZ"), "ADP"),
    **dict.fromkeys(("ART", "PDAT", "PIAT", "PPOSAT", "PRELAT", "PWAT"), "DET"),
    "CARD": "NUM",
    **dict.fromkeys(("FM", "NN"), "NOUN"),
    **dict.fromkeys(("ITJ", "PTKANT"), "INTJ"),
    **dict.fromkeys(("KOUI", "KOUS"), "SCONJ"),
    "KON": "CONJ",
    **dict.fromkeys(("NNE", "NE"), "PNOUN"),
    **dict.fromkeys(("PDS", "PIS", "PPER", "PPOSS", "PRELS", "PRF", "PWS", "PWAV"), "PRON"),
    "PIDAT": "ADJ",
    **dict.fromkeys(("PTKZU", "PTKNEG"), "PART"),
    "PTKA": "ADV",
    "TRUNC": "*",
    **dict.fromkeys(("VVFIN", "VVIMP", "VVINF", "VVIZU", "VVPP"), "VERB"),
    **dict.fromkeys(("VAFIN", "VAIMP", "VAINF", "VAPP", "VMFIN", "VMINF", "VMPP"), "AUX"),
    "XY": "X",
    **dict.fromkeys(("$,", "$.", "$("), "PUNCT"),
}
RARE = frozenset({"INTJ", "NUM", "SYM", "X"})
INFLECTED = frozenset({"ADJ", "ADV", "AUX", "DET", "PRON", "PROPN", "NOUN", "VERB"})
#: STTS tags of verbs (full, auxiliary and modal)
VERB_TAGS = frozenset(t for t, c in COARSE.items() if c in ("VERB", "AUX"))
CONTRACTIONS = frozenset({"'s", "´s"})
#: TIGER relations that name a type when every word of both sides has them
RELATION_TYPES = {"ac": "ADP", "svp": "ADP", "punct": "PUNCT"}
SUBJECT_OR_OBJECT = frozenset({"sb", "oa", "od", "og"})
#: difflib similarity above which an unknown word replaced by another is a spelling error
SPELL_RATIO = 0.5


def coarse(word: Word) -> str:
    """The coarse tag of ``word``'s STTS tag (an error for a tag outside the table)."""
    try:
        return COARSE[word.xpos]
    except KeyError:
        raise InputError(
            f"word {word.form!r} has no STTS tag Boyd's table knows ({word.xpos!r}): "
            "the STTS tag belongs in CoNLL-U column 5 (XPOS)"
        ) from None


@dataclass(frozen=True)
class GermanTypes(
    SimplemmaTypes, WordClassifier, lang="de", signed="boyd-de", version=RULES, what="German error types"
):
    """Boyd's German classifier (see the module docstring) with lexicon ``lexicon`` on
    words annotated by ``tags`` (:class:`~gecscope.align.types.lexicon.SimplemmaTypes`)."""

    @staticmethod
    def one_sided(words: Sequence[Word]) -> str:
        """The type of the words of a missing or unnecessary edit."""
        if len(words) == 1 and words[0].form.lower() in CONTRACTIONS:
            return "CONTR"
        tags = {coarse(w) for w in words}
        if len(tags) == 1 and not tags & RARE:
            return tags.pop()
        relations = {w.deprel for w in words}
        if len(relations) == 1 and (relation := relations.pop()) in RELATION_TYPES:
            return RELATION_TYPES[relation]
        return "VERB" if tags == {"PART", "VERB"} else "OTHER"

    def two_sided(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The type of a replacement (both sides non-empty, not the same string)."""
        found = self.first_rules(source, target)
        if found is not None:
            return found
        return several(source, target)

    def one_to_one(self, source: Word, target: Word) -> str:
        """The type of one word replaced by another."""
        pos_a, pos_b = coarse(source), coarse(target)
        same_lemma = source.lemma == target.lemma
        if source.form.isalpha() and not self.known(source.form) and not same_lemma:
            if SequenceMatcher(None, source.form, target.form).ratio() > SPELL_RATIO:
                return "SPELL"
            return pos_a if pos_a == pos_b and pos_a not in RARE else "OTHER"
        inflected = pos_a in INFLECTED and pos_b in INFLECTED
        if same_lemma and inflected:
            if pos_a == pos_b:
                return pos_a + ":FORM"
            return "VERB:FORM" if target.xpos in VERB_TAGS else "MORPH"
        if inflected and stem(source.form) == stem(target.form):
            return "MORPH"
        if pos_a == pos_b and pos_a not in RARE:
            return pos_a
        if source.deprel == target.deprel and source.deprel in RELATION_TYPES:
            return RELATION_TYPES[source.deprel]
        if {source.deprel, target.deprel} == {"ac", "svp"}:
            return "ADP"
        if {pos_a, pos_b} == {"DET", "PRON"}:
            return determiner_or_pronoun(target, SUBJECT_OR_OBJECT, "ag")
        return "OTHER"


def several(source: Sequence[Word], target: Sequence[Word]) -> str:
    """The type of a replacement with more than one word on a side."""
    tags = {coarse(w) for w in (*source, *target)}
    if len(tags) == 1 and not tags & RARE:
        return tags.pop()
    relations = {w.deprel for w in (*source, *target)}
    if len(relations) == 1 and (relation := relations.pop()) in RELATION_TYPES:
        return RELATION_TYPES[relation]
    if tags == {"PART", "VERB"}:
        return "VERB:FORM" if source[-1].lemma == target[-1].lemma else "VERB"
    return "OTHER"
