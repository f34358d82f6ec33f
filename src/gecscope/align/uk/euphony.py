"""Ukrainian orthographic variants: one word written in its euphonic forms.

Used by the tag-free error types (:mod:`gecscope.align.types_notag`) through the Ukrainian unit's
``spelling_variants``: such a change is a spelling edit (UA-GEC tags it Spelling).
"""

from __future__ import annotations

#: Ukrainian euphony (милозвучність, a rule of the Pravopys): the word-initial у/в, і/й, з/із/зі
#: alternations and the reflexive ending -ся/-сь are spelling variants (UA-GEC tags them Spelling)
UK_SHORT = {"у": "в", "в": "в", "і": "й", "й": "й", "з": "з", "із": "з", "зі": "з"}
UK_PREFIXES = ("у", "в", "і")


def is_ukrainian_variant(a: str, b: str) -> bool:
    """``a`` and ``b`` (lower case) are one Ukrainian word in its euphonic variants."""
    if a in UK_SHORT and b in UK_SHORT:
        return (UK_SHORT[a] == UK_SHORT[b] and UK_SHORT[a] != "й") or {a, b} <= {"і", "й"}
    if a[:1] in ("у", "в") and b[:1] in ("у", "в") and a[1:] == b[1:]:
        return True
    short, long = sorted((a, b), key=len)
    if len(long) == len(short) + 1 and long[0] in UK_PREFIXES and long[1:] == short:
        return True
    return a[:-2] == b[:-2] and {a[-2:], b[-2:]} == {"ся", "сь"}
