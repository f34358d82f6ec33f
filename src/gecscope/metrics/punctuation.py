"""Punctuation removed before scoring, as FCGEC's scorer asks ("all punctuation must be removed
before calculating the metrics"); the set is not published, so it is a setting, signed:

* ``unicode`` (default): every character of Unicode general category P* (this Python's Unicode);
* ``fcgec-script``: the only list in the FCGEC repository (``scripts/convert_seq2seq_to_operation.py``,
  model-side): ``,.:;，。：；、．'"‘’“”…``;
* ``keep``: nothing removed.

A token is removed when every character of it is in the set (a Chinese char token is one
character; ``[缺失成分]`` stays).

>>> strip_tokens(("我", "，", "是", "。"), "unicode"), strip_tokens(("a", "!"), "fcgec-script")
(('我', '是'), ('a', '!'))
"""

from __future__ import annotations

import unicodedata
from functools import cache

from gecscope.types import Tokens

#: FCGEC's model-side punctuation list (xlxwalex/FCGEC scripts/convert_seq2seq_to_operation.py)
FCGEC_SCRIPT = ",.:;，。：；、．'\"‘’“”…"
SETS = ("unicode", "fcgec-script", "keep")


@cache
def punctuation_set(name: str) -> frozenset[str]:
    """The characters set ``name`` removes."""
    if name == "unicode":
        return frozenset(chr(c) for c in range(0x110000) if unicodedata.category(chr(c)).startswith("P"))
    if name == "fcgec-script":
        return frozenset(FCGEC_SCRIPT)
    if name == "keep":
        return frozenset()
    raise ValueError(f"punctuation must be one of {', '.join(SETS)}; got {name!r}")


def strip_tokens(tokens: Tokens, name: str) -> Tokens:
    """``tokens`` without those made only of characters of set ``name``."""
    chars = punctuation_set(name)
    if not chars:
        return tokens
    return tuple(t for t in tokens if not (t and all(c in chars for c in t)))


def signed_set(name: str) -> str:
    """The set's signature value (``unicode`` with its Unicode version)."""
    return f"unicode-p.{unicodedata.unidata_version}" if name == "unicode" else name
