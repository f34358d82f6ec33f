"""The German Snowball stemmer (Porter's Snowball ``german`` algorithm, as NLTK's
``GermanStemmer`` applies it), written from the algorithm's description: Boyd's German ERRANT
calls a word pair MORPH when both words have the same stem.

The regions: R1 starts after the first consonant that follows a vowel, R2 is R1 of R1; then
R1 is moved to leave at least three letters before it (R2 is not). Then three steps, each
removing at most one suffix found at the end of its region (the first of its list that the
region ends with):

1. ``ern em er en es e s`` in R1 (``s`` only after one of ``bdfghklmnrt``; ``en es e`` after
   ``niss`` also take its last ``s``);
2. ``est en er st`` in R1 (``st`` only after one of ``bdfghklmnt`` with three letters before it);
3. ``isch lich heit keit end ung ig ik`` in R2 (``end ung`` take a preceding ``ig`` not preceded
   by ``e``; ``ig ik isch`` not after ``e``; ``lich heit`` take a preceding ``er``/``en`` of R1;
   ``keit`` a preceding ``lich`` or ``ig`` of R2).

>>> [stem(w) for w in ("Häuser", "laufen", "Freundlichkeit", "Kenntnisse", "wunderbarer")]
['haus', 'lauf', 'freundlich', 'kenntnis', 'wunderbar']
"""

from __future__ import annotations

VOWELS = frozenset("aeiouyäöü")
S_ENDING = frozenset("bdfghklmnrt")
ST_ENDING = frozenset("bdfghklmnt")
STEP1 = ("ern", "em", "er", "en", "es", "e", "s")
STEP2 = ("est", "en", "er", "st")
STEP3 = ("isch", "lich", "heit", "keit", "end", "ung", "ig", "ik")


def _marked(word: str) -> str:
    """``word`` with ``u``/``y`` between two vowels in upper case (they count as consonants)."""
    letters = list(word)
    for i in range(1, len(letters) - 1):
        if letters[i] in "uy" and letters[i - 1] in VOWELS and letters[i + 1] in VOWELS:
            letters[i] = letters[i].upper()
    return "".join(letters)


def _region(word: str, start: int) -> int:
    """Where the region after ``start`` begins: after the first non-vowel that follows a vowel."""
    for i in range(start + 1, len(word)):
        if word[i] not in VOWELS and word[i - 1] in VOWELS:
            return i + 1
    return len(word)


def stem(word: str) -> str:
    """The Snowball stem of ``word`` (lower-cased, ``ß`` as ``ss``, umlauts folded)."""
    word = _marked(word.lower().replace("ß", "ss"))
    r1 = _region(word, 0)
    r2 = _region(word, r1) if r1 < len(word) else len(word)
    if r1 < len(word) and r1 < 3:
        r1 = 3
    word = _step1(word, r1)
    word = _step2(word, r1)
    word = _step3(word, r1, r2)
    return word.translate(str.maketrans("äöüUY", "aouuy"))


def _step1(word: str, r1: int) -> str:
    for suffix in STEP1:
        if word.endswith(suffix) and len(word) - len(suffix) >= r1:
            cut = len(word) - len(suffix)
            if suffix in ("en", "es", "e") and word[:cut].endswith("niss"):
                return word[: cut - 1]
            if suffix == "s":
                return word[:cut] if len(word) > 1 and word[-2] in S_ENDING else word
            return word[:cut]
    return word


def _step2(word: str, r1: int) -> str:
    for suffix in STEP2:
        if word.endswith(suffix) and len(word) - len(suffix) >= r1:
            if suffix == "st":
                return word[:-2] if len(word) > 2 and word[-3] in ST_ENDING and len(word) - 3 >= 3 else word
            return word[: -len(suffix)]
    return word


def _step3(word: str, r1: int, r2: int) -> str:
    for suffix in STEP3:
        cut = len(word) - len(suffix)
        if not (word.endswith(suffix) and cut >= r2):
            continue
        before = word[:cut]
        if suffix in ("end", "ung"):
            if before.endswith("ig") and cut - 2 >= r2 and not before[:-2].endswith("e"):
                return before[:-2]
            return before
        if suffix in ("ig", "ik", "isch"):
            return word if before.endswith("e") else before
        if suffix in ("lich", "heit"):
            if (before.endswith("er") or before.endswith("en")) and cut - 2 >= r1:
                return before[:-2]
            return before
        if before.endswith("lich") and cut - 4 >= r2:
            return before[:-4]
        if before.endswith("ig") and cut - 2 >= r2:
            return before[:-2]
        return before
    return word
