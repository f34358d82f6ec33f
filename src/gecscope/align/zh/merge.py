"""ChERRANT-compatible merging of a char alignment into edits (gecscope's own implementation).

Rules (facts from ChERRANT's char mode):

1. Split the alignment into runs: matches, transpositions (each its own edit) and the rest.
   A run of the rest becomes one edit, except a run of deletions and insertions only, whose steps
   stay separate; a run of only deletions (only insertions) is one deletion (insertion), any
   other run one substitution.
2. Scanning left to right, ``S M S`` becomes one transposition when the swapped strings are equal
   (some part one character long) or each within Levenshtein distance 1 of its counterpart;
   ``D M I`` / ``I M D`` (the middle may be a transposition) becomes one when neither side is
   punctuation, their lengths differ by at most 1, and they are equal (one character), within
   distance 1 or rotations of each other. Matches are dropped.
3. An edit whose source and target strings are equal is dropped; a substitution sharing a
   prefix or suffix with its target is trimmed to an insertion, deletion or smaller substitution.

Edit types: ``W`` (transposition), ``R`` (deletion), ``M`` (insertion), ``S`` (substitution).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby
from string import punctuation

from rapidfuzz.distance.Levenshtein import distance as levenshtein

from gecscope.align.zh.aligner import Step
from gecscope.types import Edit, Tokens

#: the punctuation string of the merger (membership is a substring test, as in ChERRANT)
MERGE_PUNCT = punctuation + (
    "！？｡＂＃＄％＆＇（）＊＋，－／：；＜＝＞＠［＼］＾＿｀｛｜｝～｟｠｢｣､、〃》「」『』【】〔〕〖〗〘〙〚〛〜〝〞〟–—‘'‛“”„‟…‧."
)
TYPES = {"T": "W", "D": "R", "I": "M", "S": "S"}


def _span(run: Sequence[Step], tag: str) -> Step:
    return (tag, run[0][1], run[-1][2], run[0][3], run[-1][4])


def _runs(alignment: Sequence[Step]) -> list[Step]:
    out: list[Step] = []
    for kind, group in groupby(alignment, key=lambda step: step[0][0] if step[0][0] in "MT" else ""):
        run = list(group)
        kinds = {step[0] for step in run}
        if kind == "T" or len(run) == 1 or kinds == {"D", "I"}:
            out.extend(run)
        else:
            out.append(_span(run, kinds.pop() if kinds in ({"D"}, {"I"}, {"M"}) else "S"))
    return out


def _swap(edits: list[Step], i: int, src: Tokens, tgt: Tokens) -> bool:
    """Whether ``edits[i:i+3]`` is a transposition pattern to merge."""
    e1, e2, e3 = (edits[i + d][0][0] for d in range(3))
    first, third = edits[i], edits[i + 2]
    if e1 == "S" and e2 == "M" and e3 == "S":
        w1, w2 = "".join(src[first[1] : first[2]]), "".join(tgt[first[3] : first[4]])
        w3, w4 = "".join(src[third[1] : third[2]]), "".join(tgt[third[3] : third[4]])
        if min(len(w1), len(w2), len(w3), len(w4)) == 1:
            return w1 == w4 and w2 == w3
        return levenshtein(w1, w4) <= 1 and levenshtein(w2, w3) <= 1
    if (e1, e3) in (("D", "I"), ("I", "D")) and (e2 == "M" or e2 == "T"):
        deleted, inserted = (first, third) if e1 == "D" else (third, first)
        a = "".join(src[deleted[1] : deleted[2]])
        b = "".join(tgt[inserted[3] : inserted[4]])
        if len(a) < len(b):
            a, b = b, a
        if a in MERGE_PUNCT or b in MERGE_PUNCT or len(a) - len(b) > 1:
            return False
        if len(b) == 1:
            return a == b
        return levenshtein(a, b) <= 1 or (len(a) == len(b) and b in a + a)
    return False


def _shared_start(src: Sequence[str], tgt: Sequence[str], span2: str) -> tuple[int, int]:
    """``(n, m)``: the longest run of leading source tokens that starts ``span2`` is ``n`` tokens long
    and spelled by the first ``m`` target tokens; ``(0, 0)`` when no run of target tokens spells it."""
    common, n = "", 0
    for tok in src:
        if not span2.startswith(common + tok):
            break
        common, n = common + tok, n + 1
    acc = ""
    for m, tok in enumerate(tgt, start=1):
        acc += tok
        if common and acc == common:
            return n, m
        if len(acc) > len(common):
            break
    return 0, 0


def _flip(tokens: Sequence[str]) -> list[str]:
    """The tokens backwards, each spelled backwards (a shared end becomes a shared start)."""
    return [tok[::-1] for tok in reversed(tokens)]


def _trim(edit: Step, src: Tokens, tgt: Tokens) -> Step:
    """Drop a shared prefix / suffix of a substitution (ChERRANT's second filter)."""
    _, s1, e1, s2, e2 = edit
    span2 = "".join(tgt[s2:e2])
    n, m = _shared_start(src[s1:e1], tgt[s2:e2], span2)
    s1, s2 = s1 + n, s2 + m
    n_end, m_end = _shared_start(_flip(src[s1:e1]), _flip(tgt[s2:e2]), span2[::-1])
    if not (m or m_end):
        return edit
    e1, e2 = e1 - n_end, e2 - m_end
    return ("I" if s1 == e1 else "D" if s2 == e2 else "S", s1, e1, s2, e2)


def merge(alignment: Sequence[Step], src: Tokens, tgt: Tokens) -> list[Step]:
    """The edits of one alignment, as ChERRANT's merger makes them."""
    edits = _runs(alignment)
    kept: list[Step] = []
    i = 0
    while i < len(edits):
        if i < len(edits) - 2 and _swap(edits, i, src, tgt):
            kept.append(_span(edits[i : i + 3], f"T{edits[i + 2][2] - edits[i][1]}"))
            i += 3
            continue
        if edits[i][0][0] != "M":
            kept.append(edits[i])
        i += 1
    return [
        _trim(edit, src, tgt) if edit[0] == "S" else edit
        for edit in kept
        if "".join(src[edit[1] : edit[2]]) != "".join(tgt[edit[3] : edit[4]])
    ]


def to_edits(steps: Sequence[Step], tgt: Tokens) -> tuple[Edit, ...]:
    """ChERRANT's char-level classification: W / R / M / S with the target tokens."""
    return tuple(Edit(s1, e1, () if op[0] == "D" else tgt[s2:e2], TYPES[op[0]]) for op, s1, e1, s2, e2 in steps)
