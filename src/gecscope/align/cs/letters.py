"""Czech letters for errant_czech's rules: diacritics folded away (its DIACR type), and its
character cost (a Levenshtein distance in which case, diacritics and i/y cost less), which
decides whether a reordering with small spelling changes is word order (its WO:SPELL type).

The character cost is errant_czech's (Náplava et al. 2022): substituting a letter by itself
costs 0, by the same letter in the other case 0.1, a Czech letter with a diacritic by its bare
letter (or back) 0.2, two Czech letters with diacritics on the same bare letter (``é``/``ě``,
``ú``/``ů``) 0.3, two of ``i í y ý`` 0.3, anything else 1; inserting or deleting costs 1; the
cost of two words is twice their distance over the sum of their lengths. Characters that are
neither ASCII nor one of the 30 Czech letters with diacritics are all one unknown character.

>>> fold("tiskárna") == fold("tiskarna"), fold("„Ano“"), fold("Łódź")
(True, ',,Ano"', 'Lodz')
>>> round(char_cost("mají", "maji"), 4), char_cost("byl", "bil") < 0.25, char_cost("pes", "kos")
(0.05, True, 0.6666666865348816)
>>> transposed(["blískají", "zeleně"], ["zeleně", "blýskají"]), transposed(["a", "b"], ["b", "c"])
(True, False)
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from itertools import permutations

import numpy as np

#: the Czech letters with diacritics and their bare letters (lower case; upper case derived)
CZECH_BARE = dict(zip("áčďéěíňóřšťúůýž", "acdeeinorstuuyz", strict=True))
CZECH_BARE.update({k.upper(): v.upper() for k, v in list(CZECH_BARE.items())})
I_Y = frozenset("iíyý")
UNKNOWN = "\x7f"
#: a transposition longer than this is word order only when exact (no spelling allowed)
LONGEST_TRANSPOSITION = 5
#: a word pair costing less than this counts as the same word with small spelling changes
SIMILAR = 0.25
#: letters and signs that Unicode decomposition does not reduce to ASCII: their ASCII spelling
SPELLINGS = {
    "ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "ß": "ss",
    "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "þ": "th", "Þ": "Th", "ı": "i", "ħ": "h", "Ħ": "H",
    "„": ",,", "“": '"', "”": '"', "‟": '"', "«": "<<", "»": ">>", "‚": ",", "‘": "'", "’": "'",
    "‛": "'", "‹": "<", "›": ">", "–": "-", "—": "--", "‐": "-", "‑": "-", "‒": "-", "―": "--",
    "…": "...", "\u00a0": " ", "\u00ad": "-", "×": "x", "·": "*", "•": "*", "′": "'", "″": "''",
    "−": "-", "°": "deg", "§": "SS",
}  # fmt: skip


def fold_letter(char: str) -> str:
    """``char`` in ASCII where it has an ASCII spelling (a letter without its diacritics, a
    typographic quote or dash as its ASCII sign), else unchanged."""
    if char.isascii():
        return char
    if char in SPELLINGS:
        return SPELLINGS[char]
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    return bare if bare and bare.isascii() else char


def fold(text: str) -> str:
    """``text`` with every character folded (:func:`fold_letter`): two words equal when folded
    differ only in diacritics (or typographic signs)."""
    return "".join(map(fold_letter, text))


def _letter_class(char: str) -> str:
    return char if char.isascii() or char in CZECH_BARE else UNKNOWN


def substitution_cost(a: str, b: str) -> float:
    """The cost of writing letter ``a`` as ``b`` (see the module docstring)."""
    a, b = _letter_class(a), _letter_class(b)
    if a == b:
        return 0.0
    if a.lower() == b.lower():
        return 0.1
    bare_a, bare_b = CZECH_BARE.get(a), CZECH_BARE.get(b)
    if bare_a == b or bare_b == a:
        return 0.2
    if bare_a is not None and bare_a == bare_b:
        return 0.3
    if a in I_Y and b in I_Y:
        return 0.3
    return 1.0


def distance(a: str, b: str) -> float:
    """The weighted Levenshtein distance of ``a`` and ``b`` (insertions and deletions cost 1)."""
    previous = [float(j) for j in range(len(b) + 1)]
    for i, ca in enumerate(a, 1):
        current = [float(i)]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1.0, current[j - 1] + 1.0, previous[j - 1] + substitution_cost(ca, cb)))
        previous = current
    return previous[-1]


def char_cost(a: str, b: str) -> float:
    """Twice the distance of ``a`` and ``b`` over their summed length, in single precision (as
    errant_czech keeps it)."""
    return float(np.float32(2 * distance(a, b) / (len(a) + len(b))))


def transposed(source: Sequence[str], target: Sequence[str]) -> bool:
    """``target`` is ``source`` reordered, each word the same or close (:func:`char_cost` below
    :data:`SIMILAR`), the first word not staying first nor the last last; longer spans than
    :data:`LONGEST_TRANSPOSITION` must be an exact reordering ignoring case."""
    n = len(source)
    if n != len(target):
        return False
    if n > LONGEST_TRANSPOSITION:
        return sorted(s.lower() for s in source) == sorted(t.lower() for t in target)
    close = [[char_cost(s, t) < SIMILAR for t in target] for s in source]
    return any(
        order[0] != 0 and order[-1] != n - 1 and all(close[i][j] for i, j in enumerate(order))
        for order in permutations(range(n))
    )
