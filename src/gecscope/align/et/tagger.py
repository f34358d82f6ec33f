"""Annotated Estonian words from what can be installed: EstNLTK's Vabamorf (``estnltk``, the
``et-tagger`` extra; the morphological lexicon is inside its wheel), each sentence's words
analysed and disambiguated in context, the first analysis kept, its part of speech and form
mapped to a UD POS and UD features; no parser, so each word's relation is the one its POS
implies (``aux`` for the negation ``ei`` and a form of *olema* next to a verb). Signed as
``tags:estnltk-<version>+vabamorf``; the UD-POS classifier types the edits (Estonian has no
ERRANT port: EstGEC's own categories NOM:FORM, VERB:FORM, ... come from its gold, ``--cat gold``)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from gecscope.align.pos_relations import implied_words
from gecscope.errors import MissingExtraError
from gecscope.io.conllu import Sentence

PACKAGE = "estnltk"
#: Vabamorf's parts of speech → UD POS (and a feature of their own)
POS = {
    "S": ("NOUN", ""), "H": ("PROPN", ""), "A": ("ADJ", ""), "C": ("ADJ", "Degree=Cmp"),
    "U": ("ADJ", "Degree=Sup"), "G": ("ADJ", ""), "V": ("VERB", ""), "D": ("ADV", ""), "P": ("PRON", ""),
    "N": ("NUM", "NumType=Card"), "O": ("ADJ", "NumType=Ord"), "K": ("ADP", ""), "J": ("CCONJ", ""),
    "Z": ("PUNCT", ""), "I": ("INTJ", ""), "Y": ("X", "Abbr=Yes"), "X": ("X", ""), "T": ("X", "Foreign=Yes"),
    "B": ("X", ""), "E": ("X", ""),
}  # fmt: skip
#: Vabamorf's case codes → UD Case
CASES = {
    "n": "Nom", "g": "Gen", "p": "Par", "ill": "Ill", "adt": "Ill", "in": "Ine", "el": "Ela", "all": "All",
    "ad": "Ade", "abl": "Abl", "tr": "Tra", "ter": "Ter", "es": "Ess", "ab": "Abe", "kom": "Com",
}  # fmt: skip
#: Vabamorf's verb form codes → UD features
VERB_FORMS = {
    "n": "Mood=Ind|Number=Sing|Person=1|Tense=Pres|VerbForm=Fin",
    "d": "Mood=Ind|Number=Sing|Person=2|Tense=Pres|VerbForm=Fin",
    "b": "Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
    "me": "Mood=Ind|Number=Plur|Person=1|Tense=Pres|VerbForm=Fin",
    "te": "Mood=Ind|Number=Plur|Person=2|Tense=Pres|VerbForm=Fin",
    "vad": "Mood=Ind|Number=Plur|Person=3|Tense=Pres|VerbForm=Fin",
    "sin": "Mood=Ind|Number=Sing|Person=1|Tense=Past|VerbForm=Fin",
    "sid": "Mood=Ind|Tense=Past|VerbForm=Fin",
    "s": "Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin",
    "sime": "Mood=Ind|Number=Plur|Person=1|Tense=Past|VerbForm=Fin",
    "site": "Mood=Ind|Number=Plur|Person=2|Tense=Past|VerbForm=Fin",
    "o": "Mood=Imp|Number=Sing|Person=2|VerbForm=Fin",
    "ge": "Mood=Imp|Number=Plur|Person=2|VerbForm=Fin",
    "ks": "Mood=Cnd|VerbForm=Fin", "ksin": "Mood=Cnd|Number=Sing|Person=1|VerbForm=Fin",
    "vat": "Mood=Qot|VerbForm=Fin", "takse": "Tense=Pres|VerbForm=Fin|Voice=Pass",
    "ti": "Tense=Past|VerbForm=Fin|Voice=Pass", "neg": "Polarity=Neg",
    "ma": "VerbForm=Sup", "mas": "Case=Ine|VerbForm=Sup", "mast": "Case=Ela|VerbForm=Sup",
    "maks": "Case=Tra|VerbForm=Sup", "mata": "Case=Abe|VerbForm=Sup", "da": "VerbForm=Inf",
    "des": "VerbForm=Conv", "nud": "Tense=Past|VerbForm=Part|Voice=Act",
    "tud": "Tense=Past|VerbForm=Part|Voice=Pass", "v": "Tense=Pres|VerbForm=Part|Voice=Act",
}  # fmt: skip
RELATIONS = {"PUNCT": "punct", "ADJ": "amod", "ADV": "advmod", "ADP": "case", "CCONJ": "cc"}


@cache
def analyser() -> Any:
    """Vabamorf through EstNLTK (loaded once; an error naming the extra when it is missing)."""
    try:
        from estnltk.vabamorf.morf import Vabamorf
    except ImportError:
        raise MissingExtraError("the Estonian tagger (estnltk)", "et-tagger") from None
    return Vabamorf.instance()


def features(pos: str, form: str) -> str:
    """UD features of a Vabamorf analysis (``sg n`` → ``Case=Nom|Number=Sing``; ``b`` → the 3rd
    person present indicative)."""
    found: dict[str, str] = {}
    own = POS.get(pos, ("X", ""))[1]
    for part in filter(None, (own, VERB_FORMS.get(form, "") if pos == "V" else "")):
        found.update(kv.split("=") for kv in part.split("|"))  # type: ignore[misc]
    if pos != "V":
        for code in form.split():
            if code in ("sg", "pl"):
                found["Number"] = "Sing" if code == "sg" else "Plur"
            elif code in CASES:
                found["Case"] = CASES[code]
    return "|".join(f"{k}={v}" for k, v in sorted(found.items()))


def tag_sentence(tokens: Sequence[str]) -> Sentence:
    """The annotated words of one pre-tokenised sentence (see the module docstring)."""
    if not tokens:
        return ()
    analysed = analyser().analyze(words=list(tokens), disambiguate=True, guess=True, propername=True)
    tagged = []
    for form, result in zip(tokens, analysed, strict=True):
        first = (result.get("analysis") or [{}])[0]
        pos = str(first.get("partofspeech") or "X")
        lemma = str(first.get("lemma") or form)
        tagged.append((lemma, POS.get(pos, ("X", ""))[0], features(pos, str(first.get("form") or ""))))
    return implied_words(tokens, tagged, RELATIONS, auxiliary="olema", auxiliary_verbs=("ei",), finite="VerbForm=Fin")


@dataclass(frozen=True)
class EstonianTagger:
    """The offline Estonian tagger (``--tagger estnltk`` with ``--lang et``)."""

    @property
    def name(self) -> str:
        """The tagger and its version, as the signature names it."""
        from importlib.metadata import version

        return f"{PACKAGE}-{version(PACKAGE)}+vabamorf"

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]:
        """The annotated words of pre-tokenised ``sentences`` (their tokens kept as they are)."""
        return [tag_sentence(tokens) for tokens in sentences]
