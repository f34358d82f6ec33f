"""The error types tag-free ERRANT writes: ERRANT's English classifier on blank tokens.

The facts carried over (the code is ours): in the MultiGEC fork every token's fine tag is empty,
which its classifier maps to POS ``X`` (a "rare" POS that never names a type) and dependency
``dep``, and every lemma is the same (empty). ERRANT's rules then reduce to these:

* nothing to nothing, or a replacement whose two strings are equal: ``UNK``;
* a replacement whose last tokens are equal case-insensitively (two or more tokens on a side) is
  typed as the replacement without them (which may become ``M:``/``U:``/``UNK``);
* missing or unnecessary tokens: ``CONTR`` for one contraction token, else ``OTHER``;
* replacements: ``ORTH`` (case or whitespace only), ``WO`` (the same tokens reordered); for one
  token to one token the contraction rules (``CONTR``, ``VERB:TENSE``), ``was``/``were``
  (``VERB:SVA``), an alphabetic source word that is not in ERRANT's British English word list
  (``MORPH``: its lemma equals the target's), ``other``/``another`` (``DET``), ``your`` ->
  ``yours`` (``PRON``), ``no``/``not`` (``OTHER``) and the string-similarity rules that give
  ``SPELL``, ``PRON`` or ``MORPH``; anything else, or several tokens, ``ADJ:FORM`` when the
  first token of a side is ``most``/``more`` and both sides have at most two tokens, else ``OTHER``.

The word list is read from the installed ``errant`` package (``en/resources/en_GB-large.txt``,
the same file as the fork's), without importing it.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Sequence
from functools import cache
from importlib import metadata
from pathlib import Path

from gecscope.align.types.frame import label
from gecscope.errors import MissingExtraError

CONTRACTIONS = frozenset({"'d", "'ll", "'m", "n't", "'re", "'s", "'ve"})
AUX_CONTRACTIONS = {"ca": "can", "sha": "shall", "wo": "will"}


@cache
def word_list() -> frozenset[str]:
    """ERRANT's British English word list (the ``errant`` package, from the ``text`` extra)."""
    spec = importlib.util.find_spec("errant")
    if spec is None or not spec.submodule_search_locations:
        raise MissingExtraError("tag-free ERRANT's error types (ERRANT's word list)", "text")
    path = Path(next(iter(spec.submodule_search_locations))) / "en" / "resources" / "en_GB-large.txt"
    with path.open(encoding="utf-8") as f:
        return frozenset(line.strip() for line in f)


def word_list_signature() -> str:
    """``errant-VERSION``, the package the word list comes from (its types depend on it)."""
    try:
        return f"errant-{metadata.version('errant')}"
    except metadata.PackageNotFoundError:
        raise MissingExtraError("tag-free ERRANT's error types (ERRANT's word list)", "text") from None


def classify(orig: tuple[str, ...], cor: tuple[str, ...]) -> str:
    """The type of the edit ``orig -> cor`` (token texts).

    >>> classify((), ("the",)), classify(("the",), ("The",)), classify(("a", "b"), ("b", "a"))
    ('M:OTHER', 'R:ORTH', 'R:WO')
    >>> classify(("Teh",), ("The",)), classify(("go",), ("went",))  # not in ERRANT's word list: MORPH
    ('R:MORPH', 'R:OTHER')
    """
    return label(orig, cor, orig, cor, _one_sided, _two_sided, recheck=False)


def _one_sided(toks: Sequence[str]) -> str:
    return "CONTR" if len(toks) == 1 and toks[0].lower() in CONTRACTIONS else "OTHER"


def _two_sided(orig: Sequence[str], cor: Sequence[str]) -> str:
    o_low = [t.lower() for t in orig]
    c_low = [t.lower() for t in cor]
    if "".join(o_low) == "".join(c_low):
        return "ORTH"
    if sorted(o_low) == sorted(c_low):
        return "WO"
    if len(orig) == len(cor) == 1:
        found = _one_to_one(orig[0], cor[0], o_low[0], c_low[0])
        if found is not None:
            return found
    if (o_low[0] in ("most", "more") or c_low[0] in ("most", "more")) and len(orig) <= 2 and len(cor) <= 2:
        return "ADJ:FORM"
    return "OTHER"


def _one_to_one(o: str, c: str, ol: str, cl: str) -> str | None:
    """The type of a one-token replacement, or None where ERRANT goes on to its multi-token rules."""
    if ol in CONTRACTIONS or cl in CONTRACTIONS:
        return "CONTR"
    if AUX_CONTRACTIONS.get(ol) == cl or AUX_CONTRACTIONS.get(cl) == ol:
        return "CONTR"
    if ol in AUX_CONTRACTIONS or cl in AUX_CONTRACTIONS:
        return "VERB:TENSE"
    pair = {ol, cl}
    if pair == {"was", "were"}:
        return "VERB:SVA"
    if o.isalpha() and o not in word_list() and ol not in word_list():
        return "MORPH"
    if pair == {"other", "another"}:
        return "DET"
    if ol == "your" and cl == "yours":
        return "PRON"
    if pair == {"no", "not"}:
        return "OTHER"
    if not (o.isalpha() and c.isalpha()):
        return "OTHER"
    return _similar(o, c, ol, cl)


def _similar(o: str, c: str, ol: str, cl: str) -> str | None:
    """ERRANT's string-similarity rules for two alphabetic tokens (POS-based outcomes never fire)."""
    from rapidfuzz.distance import Levenshtein

    sim = Levenshtein.normalized_similarity(ol, cl)
    lo, lc = len(o), len(c)
    if lo == 1 and lc == 2 and sim == 0.5:
        return "SPELL"
    if lo == 2 and 2 <= lc <= 3 and sim >= 0.5:
        return "SPELL"
    if lo == 3:
        if (ol, cl) in (("the", "that"), ("all", "everything")):
            return "PRON"
        if 2 <= lc <= 4 and sim >= 0.5:
            return "SPELL"
    if lo == 4:
        if {ol, cl} == {"that", "what"}:
            return "PRON"
        if (lc == 3 and sim > 0.5) or (lc == 4 and sim >= 0.5) or (lc == 5 and sim == 0.8):
            return "SPELL"
    if lo == 5 and ((lc == 4 and sim == 0.8) or (lc == 5 and sim >= 0.6)):
        return "SPELL"
    if lo > 5 and lc > 5:
        if (ol, cl) == ("therefor", "therefore") or {ol, cl} == {"though", "thought"}:
            return "SPELL"
        if (o.startswith(c) or c.startswith(o)) and sim >= 0.66:
            return "MORPH"
        if sim > 0.8:
            return "SPELL"
    return None
