"""The Czech stemmer of Dolamic & Savoy (2009), "Indexing and stemming approaches for the Czech
language" (light: case and possessive endings; aggressive: also comparative, diminutive,
augmentative and derivational suffixes), the one errant_czech's classifier uses (aggressive) to
call a replacement MORPH when the lemmatiser failed.

Each step is a table of rules tried in order; a rule applies to a word longer than its bound
that ends with one of its suffixes, and either cuts the suffix or cuts part of it and
palatalises what is left (Dolamic & Savoy's ``palatalise``: ``ci/ce/či/če`` → ``k``,
``zi/ze/ži/že`` → ``h``, ``čtě/čti/čtí`` → ``ck``, ``ště/šti/ští`` → ``sk``, else drop the last
letter). The first rule that applies ends the step.

>>> stem("kamarádkami"), stem("kamarádkami", aggressive=True), stem("Praze"), stem("USA")
('kamarádk', 'kamarád', 'Prah', 'USA')
"""

from __future__ import annotations

import re

#: (bound: the word must be longer, suffixes, letters cut, palatalise what is left)
Rule = tuple[int, frozenset[str], int, bool]


def _rule(bound: int, suffixes: str, cut: int, palatal: bool = False) -> Rule:
    return bound, frozenset(suffixes.split()), cut, palatal


CASE: tuple[Rule, ...] = (
    _rule(7, "atech", 5),
    _rule(6, "ětem", 3, True),
    _rule(6, "atům", 4),
    _rule(5, "ech ich ích ého ěmi emi ému ete eti iho ího ími imu", 2, True),
    _rule(5, "ách ata aty ých ama ami ové ovi ými", 3),
    _rule(4, "em", 1, True),
    _rule(4, "es ém ím", 2, True),
    _rule(4, "ům at ám os us ým mi ou", 2),
    _rule(3, "e i í ě", 0, True),
    _rule(3, "u y ů a o á é ý", 1),
)
POSSESSIVE: tuple[Rule, ...] = (_rule(5, "ov ův", 2), _rule(5, "in", 1, True))
COMPARATIVE: tuple[Rule, ...] = (_rule(5, "ejš ějš", 2, True),)
DIMINUTIVE: tuple[Rule, ...] = (
    _rule(7, "oušek", 5),
    _rule(6, "eček éček iček íček enek ének inek ínek", 3, True),
    _rule(6, "áček aček oček uček anek onek unek ánek", 4, True),
    _rule(5, "ečk éčk ičk íčk enk énk ink ínk", 3, True),
    _rule(5, "áčk ačk očk učk ank onk unk átk ánk ušk", 3),
    _rule(4, "ek ék ík ik", 1, True),
    _rule(4, "ák ak ok uk", 1),
    _rule(3, "k", 1),
)
AUGMENTATIVE: tuple[Rule, ...] = (_rule(6, "ajzn", 4), _rule(5, "izn isk", 2, True), _rule(4, "ák", 2))
DERIVATIONAL: tuple[Rule, ...] = (
    _rule(8, "obinec", 6),
    _rule(7, "ionář", 4, True),
    _rule(7, "ovisk ovstv ovišt ovník", 5),
    _rule(6, "ásek loun nost teln ovec ovík ovtv ovin štin", 4),
    _rule(6, "enic inec itel", 3, True),
    _rule(5, "árn", 3),
    _rule(5, "ěnk ián ist isk išt itb írn", 2, True),
    _rule(5, "och ost ovn oun out ouš ušk kyn čan kář néř ník ctv stv", 3),
    _rule(4, "áč ač án an ář as", 2),
    _rule(4, "ec en ěn éř íř ic in ín it iv", 1, True),
    _rule(4, "ob ot ov oň ul yn čk čn dl nk tv tk vk", 2),
    _rule(3, "c č k l n t", 1),
)
#: the palatal endings and what replaces them (longest checked after the two-letter ones)
PALATALS: tuple[tuple[frozenset[str], str], ...] = (
    (frozenset({"ci", "ce", "či", "če"}), "k"),
    (frozenset({"zi", "ze", "ži", "že"}), "h"),
    (frozenset({"čtě", "čti", "čtí"}), "ck"),
    (frozenset({"ště", "šti", "ští"}), "sk"),
)
WORD = re.compile(r"\w+")


def palatalise(word: str) -> str:
    """``word`` with its palatal ending hardened (see the module docstring)."""
    for endings, hard in PALATALS:
        size = len(next(iter(endings)))
        if word[-size:] in endings:
            return word[:-size] + hard
    return word[:-1]


def apply_rules(word: str, rules: tuple[Rule, ...]) -> str:
    """``word`` after the first of ``rules`` that applies (unchanged when none does)."""
    for bound, suffixes, cut, palatal in rules:
        if len(word) <= bound:
            continue
        size = len(next(iter(suffixes)))
        if word[-size:] in suffixes:
            left = word[: len(word) - cut]
            return palatalise(left) if palatal else left
    return word


def stem(word: str, aggressive: bool = False) -> str:
    """The stem of ``word``: a word of letters and digits only, all lower case, title case or
    upper case (anything else is returned as it is), stemmed in lower case and given back its case."""
    if not WORD.fullmatch(word) or not (word.islower() or word.istitle() or word.isupper()):
        return word
    steps = [CASE, POSSESSIVE] + ([COMPARATIVE, DIMINUTIVE, AUGMENTATIVE, DERIVATIONAL] if aggressive else [])
    result = word.lower()
    for rules in steps:
        result = apply_rules(result, rules)
    if word.isupper():
        return result.upper()
    return result.title() if word.istitle() else result
