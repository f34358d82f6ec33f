"""Russian error types: ru-errant's inventory and rules (PyPI ``ru-errant`` 2.3.0, ERRANT's
English rules adapted to Russian morphology), on words with UD annotation.

The inventory: ``M:``/``U:``/``R:`` + a UD POS (``INTJ``, ``SYM`` and ``X`` never name a type),
``ORTH``, ``WO``, ``SPELL``, ``SPELL:<POS>``/``SPELL:OTHER`` (an unknown word replaced by a
dissimilar one), ``MORPH``, ``<POS>:INFL``, ``ADJ:COMP_FORM``, ``ADJ:FULL/SHORT``,
``ADJ:``/``NOUN:``/``NUM:`` + the changed features among ``NUM``, ``GEN``, ``CASE``,
``VERB:FORM``, ``VERB:TENSE``, ``VERB:ASPECT``, ``VERB:`` + the changed features among ``NUM``,
``GEN``, ``VOICE``, ``MOOD``, ``PART``, ``OTHER`` and ``UNK``. The rules, in ru-errant's order:

* one side empty: ``VERB:TENSE`` when every word is ``aux``/``auxpass``, the POS when all words
  share one, the type a shared relation names (``amod`` ADJ, ``advmod`` ADV, ``det`` DET,
  ``punct`` PUNCT, ...), ``VERB`` for PART + VERB, else OTHER;
* the same string on both sides: UNK; a replacement whose last words are equal ignoring case is
  classified without them (the string check is not repeated);
* ORTH (equal joined and lower-cased), WO (the same words in another order, ignoring case);
* one word for one: an alphabetic source word the lexicon does not know is ``<POS>:INFL`` (same
  lemma and POS, POS one of NOUN VERB ADJ PRON NUM) or MORPH (same lemma, other POS), or, with
  another lemma, SPELL when the Indel similarity (Levenshtein's ``ratio``) is above 0.5, else
  ``SPELL:<POS>`` / ``SPELL:OTHER``; then the same lemma with open POS (ADJ ADV NOUN VERB NUM) on
  both sides, the same POS: the features that changed (ADJ: Degree → COMP_FORM, a ``StyleVariant``
  → FULL/SHORT, Number/Gender/Case; NOUN and NUM: Number/Case; VERB: VerbForm → FORM, Tense,
  Aspect, then Number/Gender/Voice/Mood), or INFL; two verbs of other lemmas whose features differ
  at most in Aspect (as many on each side): VERB:ASPECT; the same Snowball stem (Russian) with
  open POS that differ: MORPH; the shared POS; the type of a shared relation; PART for
  PART/PREP; else OTHER;
* several words: VERB:TENSE for relations ``aux`` + root, the type of one shared relation, else
  OTHER.

A side's features are those of all its words, merged (a later word's value wins). ru-errant
reads spaCy's fine tag (``tag_``), which Russian spaCy pipelines set to the UD POS; here it is
the word's UPOS. Its word lists (``Russian.dic`` and ``freq_dict.json``) are missing from the
published wheel and sdist, so the lexicon is a setting (``pymorphy3``: a word or its lower case
known to pymorphy3's Russian dictionary; ``none``: every word known; or a path to a word list,
one word a line) and it is in :attr:`RussianTypes.signature`, with the source of the
annotation (``tags``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from gecscope.align.types.frame import RELATION_TYPES, WordClassifier
from gecscope.errors import InputError, MissingExtraError, SettingError
from gecscope.io.conllu import Word

#: the rule set's version in the signature (bump it when a rule changes a label)
RULES = "1"
RARE_POS = frozenset({"INTJ", "SYM", "X"})
OPEN_POS = frozenset({"ADJ", "ADV", "NOUN", "VERB", "NUM"})
SPELL_INFLECTED = frozenset({"NOUN", "VERB", "ADJ", "PRON", "NUM"})
AUXILIARY = frozenset({"aux", "auxpass"})
#: features named in a label, in the order they are named, per POS
ADJ_FEATURES = (("Number", "NUM"), ("Gender", "GEN"), ("Case", "CASE"))
NOUN_FEATURES = (("Number", "NUM"), ("Case", "CASE"))
VERB_FEATURES = (("Number", "NUM"), ("Gender", "GEN"), ("Voice", "VOICE"), ("Mood", "MOOD"))
#: Indel similarity above which an unknown word replaced by another is a spelling error
SPELL_RATIO = 0.5


@dataclass(frozen=True)
class RussianTypes(WordClassifier):
    """ru-errant's classifier (see the module docstring) with lexicon ``lexicon`` on words
    annotated by ``tags`` (``conllu``: the user's CoNLL-U; a tagger's name and version otherwise)."""

    lexicon: str = "pymorphy3"
    tags: str = "conllu"

    def __post_init__(self) -> None:
        if self.lexicon not in ("pymorphy3", "none") and not Path(self.lexicon).is_file():
            raise SettingError(f"lexicon must be pymorphy3, none or a word list file, not {self.lexicon!r}", "lexicon")

    @property
    def signature(self) -> str:
        """Every setting that can change a label, e.g. ``ru-errant:1,lexicon:pymorphy3-2.0.6,tags:conllu``."""
        from importlib.metadata import version

        lexicon = self.lexicon
        if lexicon == "pymorphy3":
            lexicon += f"-{version('pymorphy3')}+dicts-{version('pymorphy3-dicts-ru')}"
        elif lexicon != "none":
            import hashlib

            lexicon = "file-" + hashlib.sha256(Path(lexicon).read_bytes()).hexdigest()[:12]
        return f"ru-errant:{RULES},lexicon:{lexicon},stemmer:nltk-{version('nltk')},tags:{self.tags}"

    @cached_property
    def known(self) -> Callable[[str], bool]:
        """Whether a word (or its lower case) is in the lexicon."""
        if self.lexicon == "none":
            return lambda word: True
        if self.lexicon == "pymorphy3":
            from gecscope.align.ru.tagger import analyser

            morph = analyser()
            return lambda word: bool(morph.word_is_known(word) or morph.word_is_known(word.lower()))
        with open(self.lexicon, encoding="utf-8") as handle:
            words = {line.strip() for line in handle}
        return lambda word: word in words or word.lower() in words

    @cached_property
    def stem(self) -> Callable[[str], str]:
        """The Snowball stemmer for Russian (NLTK's, as ru-errant uses)."""
        try:
            from nltk.stem.snowball import SnowballStemmer
        except ImportError:
            raise MissingExtraError("the Russian stemmer of the ru-errant types (nltk)", "ru-tagger") from None
        stem: Callable[[str], str] = SnowballStemmer("russian").stem
        return stem

    RECHECK = False  # the same-text check once, before the equal last words are left out

    @staticmethod
    def one_sided(words: Sequence[Word]) -> str:
        """The type of a missing or unnecessary span."""
        relations = {w.deprel for w in words}
        if relations <= AUXILIARY:
            return "VERB:TENSE"
        tags = {w.upos for w in words}
        if len(tags) == 1 and words[0].upos not in RARE_POS:
            return words[0].upos
        if len(relations) == 1 and words[0].deprel in RELATION_TYPES:
            return RELATION_TYPES[words[0].deprel]
        return "VERB" if tags == {"PART", "VERB"} else "OTHER"

    def two_sided(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The type of a replacement (both sides non-empty)."""
        found = self.first_rules(source, target)
        if found is not None:
            return found
        relations = {w.deprel for w in (*source, *target)}
        if relations == {"aux", "root"}:
            return "VERB:TENSE"
        if len(relations) == 1 and source[0].deprel in RELATION_TYPES:
            return RELATION_TYPES[source[0].deprel]
        return "OTHER"

    def one_to_one(self, source: Word, target: Word) -> str:
        """The type of one word replaced by another."""
        pos_a, pos_b = source.upos, target.upos
        same_lemma = source.lemma == target.lemma
        if source.form.isalpha() and not self.known(source.form):
            if same_lemma:
                if pos_a == pos_b and pos_a in SPELL_INFLECTED:
                    return pos_a + ":INFL"
                if pos_a != pos_b:
                    return "MORPH"
            elif similarity(source.form, target.form) > SPELL_RATIO:
                return "SPELL"
            else:
                return "SPELL:" + pos_a if pos_a == pos_b and pos_a not in RARE_POS else "SPELL:OTHER"
        features_a, features_b = features(source), features(target)
        if same_lemma and pos_a in OPEN_POS and pos_b in OPEN_POS and pos_a == pos_b:
            inflection = inflection_type(pos_a, features_a, features_b)
            if inflection:
                return inflection
        if (
            not same_lemma
            and pos_a == pos_b == "VERB"
            and len(features_a) == len(features_b)
            and all(v == features_b[k] for k, v in features_a.items() if k != "Aspect" and k in features_b)
        ):
            return "VERB:ASPECT"
        if (
            pos_a != pos_b
            and pos_a in OPEN_POS
            and pos_b in OPEN_POS
            and self.stem(source.form) == self.stem(target.form)
        ):
            return "MORPH"
        if pos_a == pos_b and pos_a not in RARE_POS:
            return pos_a
        if source.deprel == target.deprel and source.deprel in RELATION_TYPES:
            return RELATION_TYPES[source.deprel]
        if {pos_a, pos_b} == {"PART", "PREP"} or {source.deprel, target.deprel} == {"prt", "prep"}:
            return "PART"
        return "OTHER"


def inflection_type(pos: str, a: dict[str, str], b: dict[str, str]) -> str:
    """The type of a change of form of one lemma with the open POS ``pos`` on both sides
    (features ``a`` → ``b``); empty for ADV (ru-errant names none: later rules decide)."""
    if pos == "ADJ":
        if "Degree" in a and "Degree" in b and a["Degree"] != b["Degree"]:
            return "ADJ:COMP_FORM"
        if "StyleVariant" in a or ("StyleVariant" in b and not ("StyleVariant" in a and "StyleVariant" in b)):
            return "ADJ:FULL/SHORT"
        return changed(pos, ADJ_FEATURES, a, b)
    if pos in ("NOUN", "NUM"):
        return changed(pos, NOUN_FEATURES, a, b)
    if pos == "VERB":
        for feature, name in (("VerbForm", "FORM"), ("Tense", "TENSE"), ("Aspect", "ASPECT")):
            if feature in a and feature in b and a[feature] != b[feature]:
                return "VERB:" + name
        return changed(pos, VERB_FEATURES, a, b)
    return ""


def changed(pos: str, named: tuple[tuple[str, str], ...], a: dict[str, str], b: dict[str, str]) -> str:
    """``POS:`` + the names of the features of ``named`` that both sides have with other values,
    or ``POS:INFL`` when there are none."""
    names = [name for feature, name in named if feature in a and feature in b and a[feature] != b[feature]]
    return f"{pos}:{':'.join(names) if names else 'INFL'}"


def features(word: Word) -> dict[str, str]:
    """The word's features (``Case=Nom|Number=Sing``) as a dict (a malformed one is an error)."""
    found = {}
    for item in word.feats.split("|"):
        if item.strip():
            key, sep, value = item.strip().partition("=")
            if not sep or "=" in value:
                raise InputError(f"malformed feature {item!r} of word {word.form!r}")
            found[key] = value
    return found


def similarity(a: str, b: str) -> float:
    """The Indel similarity of ``a`` and ``b``: twice their longest common subsequence over their
    summed length (1 for two empty strings)."""
    if not a and not b:
        return 1.0
    previous = [0] * (len(b) + 1)
    for ca in a:
        current = [0]
        for j, cb in enumerate(b, 1):
            current.append(previous[j - 1] + 1 if ca == cb else max(previous[j], current[j - 1]))
        previous = current
    return 2 * previous[-1] / (len(a) + len(b))
