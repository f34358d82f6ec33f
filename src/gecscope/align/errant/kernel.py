"""ERRANT 3.0.2's linguistic alignment, compiled (numba) over arrays of token attributes.

The facts carried over from ERRANT's ``Alignment`` (the code is ours): a Damerau-Levenshtein
table over the two token sequences where equal texts (``orth``) match at no cost; otherwise the
cell is the cheapest of, in this order of preference on ties, a transposition, a substitution,
an insertion and a deletion. A substitution costs 0 when the lower-cased forms are equal, else
0.499 for different lemmas + 0.25 (both POS open-class and different) or 0.5 (different POS)
+ the normalised Indel distance of the two texts. A transposition of ``k + 1`` tokens is looked
for along the diagonal while the diagonal does not keep its cost, and holds when the two
windows of lower-cased forms are the same multiset (cost: the cell ``k`` back + ``k``). The
cheapest alignment is read back from the bottom-right cell.

The same kernel (:func:`align_kernel`) runs compiled when numba is installed and as plain
Python otherwise: one source, so both give the same table to the bit (float additions in the
same order as ERRANT's). Windows for the transposition test are compared first by two sums of a
cheap key of each lower-cased form (a necessary condition for equal multisets), then exactly.
"""

from __future__ import annotations

import ctypes
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from string import punctuation
from typing import Any

import numpy as np

from gecscope.extras import numba_jit

# operation codes of an alignment step (a transposition of s tokens is TRANS + s)
MATCH, SUB, INS, DEL, TRANS = 0, 1, 2, 3, 10
#: the modulus of the cheap key of a lower-cased form (its spaCy hash modulo this)
KEY_MODULUS = 1_000_003


def align_kernel(  # one loop nest, kept whole so that numba compiles it alone
    o_attrs: Any,
    o_chars: Any,
    o_off: Any,
    c_attrs: Any,
    c_chars: Any,
    c_off: Any,
    o_first: Any,
    c_first: Any,
    cost: Any,
    ops: Any,
    row: Any,
    seq: Any,
    op_max: int,
) -> int:
    """Fill ``cost``/``ops`` (flat ``(n + 1) x (m + 1)`` tables) and write the cheapest alignment
    into ``seq`` (rows of ``op, o_start, o_end, c_start, c_end``, left to right); return its
    number of steps. ``*_attrs``: rows orth, lower, key, lemma, pos, open of each token;
    ``*_chars``/``*_off``: the code points of the texts, each token's from its offset to the next;
    ``o_first``/``c_first``: for each token, the first position of its lower-cased form on the
    other side (that side's length if absent): a window holding a token whose form does not occur
    in the other side's prefix can never be a transposition, so the walk stops there (the same
    result, without walking to the table's edge far from the diagonal of long texts);
    ``row``: scratch space of at least the longest token's length + 1; ``op_max``: the largest op
    code ``ops`` holds: a transposition whose code exceeds it stops the fill at once and returns
    -1 (the caller fills a wider table again)."""
    o_orth, o_lower, o_key, o_lemma, o_pos, o_open = o_attrs
    c_orth, c_lower, c_key, c_lemma, c_pos, c_open = c_attrs
    n = len(o_orth)
    m = len(c_orth)
    w = m + 1
    cost[0] = 0.0
    ops[0] = MATCH
    for i in range(1, n + 1):
        cost[i * w] = cost[(i - 1) * w] + 1
        ops[i * w] = DEL
    for j in range(1, m + 1):
        cost[j] = cost[j - 1] + 1
        ops[j] = INS
    for i in range(n):
        for j in range(m):
            here = (i + 1) * w + j + 1
            if o_orth[i] == c_orth[j]:
                cost[here] = cost[i * w + j]
                ops[here] = MATCH
                continue
            del_cost = cost[i * w + j + 1] + 1
            ins_cost = cost[(i + 1) * w + j] + 1
            # substitution
            if o_lower[i] == c_lower[j]:
                sub_cost = cost[i * w + j] + 0.0
            else:
                lemma_cost = 0.0 if o_lemma[i] == c_lemma[j] else 0.499
                if o_pos[i] == c_pos[j]:
                    pos_cost = 0.0
                elif o_open[i] and c_open[j]:
                    pos_cost = 0.25
                else:
                    pos_cost = 0.5
                lemma_pos = lemma_cost + pos_cost
                a0, a1 = o_off[i], o_off[i + 1]
                b0, b1 = c_off[j], c_off[j + 1]
                la, lb = a1 - a0, b1 - b0
                total = la + lb
                # the character cost is at least (la + lb - 2 cap) / (la + lb), cap bounding the LCS:
                # the shorter text, one less for two texts of one length (they differ: their lower
                # cases do); the same float expression, so rounding keeps the order
                cap = min(la, lb) - 1 if la == lb else min(la, lb)
                least = (total - 2 * cap) / total if total > 0 else 0.0
                if cost[i * w + j] + (lemma_pos + least) > min(ins_cost, del_cost):
                    # the substitution loses whatever its character cost (>= least: rounding is
                    # monotone, so the sum can only grow): the cell does not depend on it
                    sub_cost = math.inf
                else:
                    # normalised Indel distance of the texts: (la + lb - 2 LCS) / (la + lb)
                    for t in range(lb + 1):
                        row[t] = 0
                    for s in range(la):
                        ch = o_chars[a0 + s]
                        diag = 0
                        for t in range(lb):
                            up = row[t + 1]
                            if ch == c_chars[b0 + t]:
                                row[t + 1] = diag + 1
                            elif row[t] > up:
                                row[t + 1] = row[t]
                            diag = up
                    char_cost = (total - 2 * row[lb]) / total if total > 0 else 0.0
                    sub_cost = cost[i * w + j] + (lemma_pos + char_cost)
            # transposition: walk back along the diagonal while it does not keep its cost
            trans_cost = math.inf
            k = 1
            so = o_key[i]
            sc = c_key[j]
            qo = o_key[i] * o_key[i]
            qc = c_key[j] * c_key[j]
            possible = o_first[i] <= j and c_first[j] <= i
            while (
                possible
                and i - k >= 0
                and j - k >= 0
                and cost[(i - k + 1) * w + j - k + 1] != cost[(i - k) * w + j - k]
            ):
                if o_first[i - k] > j or c_first[j - k] > i:
                    break  # no longer window can be a permutation: a form absent from the other prefix
                so += o_key[i - k]
                sc += c_key[j - k]
                qo += o_key[i - k] * o_key[i - k]
                qc += c_key[j - k] * c_key[j - k]
                if so == sc and qo == qc:
                    same = True
                    for a in range(i - k, i + 1):
                        in_o = 0
                        in_c = 0
                        for b in range(i - k, i + 1):
                            if o_lower[b] == o_lower[a]:
                                in_o += 1
                        for b in range(j - k, j + 1):
                            if c_lower[b] == o_lower[a]:
                                in_c += 1
                        if in_o != in_c:
                            same = False
                            break
                    if same:
                        trans_cost = cost[(i - k) * w + j - k] + k
                        break
                k += 1
            # the first cheapest of transposition, substitution, insertion, deletion
            best = trans_cost
            op = TRANS + k + 1
            if sub_cost < best:
                best = sub_cost
                op = SUB
            if ins_cost < best:
                best = ins_cost
                op = INS
            if del_cost < best:
                best = del_cost
                op = DEL
            if op > op_max:
                return -1  # a transposition too long for the op table's type
            cost[here] = best
            ops[here] = op
    # read the cheapest alignment back from the bottom-right cell
    i, j = n, m
    steps = 0
    while i + j != 0:
        op = ops[i * w + j]
        if op <= SUB:  # MATCH or SUB
            di, dj = 1, 1
        elif op == DEL:
            di, dj = 1, 0
        elif op == INS:
            di, dj = 0, 1
        else:
            di = dj = op - TRANS
        seq[steps * 5] = op
        seq[steps * 5 + 1] = i - di
        seq[steps * 5 + 2] = i
        seq[steps * 5 + 3] = j - dj
        seq[steps * 5 + 4] = j
        steps += 1
        i -= di
        j -= dj
    return steps


@dataclass(frozen=True, eq=False)
class TokenFeatures:
    """What alignment and merging read of one parsed sentence."""

    words: tuple[str, ...]
    lower: tuple[int, ...]
    lower_: tuple[str, ...]
    pos: tuple[int, ...]
    #: whether the fine tag is ``POS`` (the possessive suffix)
    possessive: tuple[bool, ...]
    #: the kernel's arrays: attributes (rows orth, lower, key, lemma, pos, open: ADJ/ADV/NOUN/VERB),
    #: code points of the texts, offsets of the tokens in them
    arrays: tuple[np.ndarray, ...]
    #: the POS symbol ids the merger tests against (None: spaCy's, read on first need); tag-free
    #: features (:mod:`gecscope.align.notag`) give ids no token has, so spaCy is never imported
    symbols: dict[str, int] | None = None

    def __post_init__(self) -> None:
        if not (len(self.words) == len(self.lower) == len(self.pos) == len(self.possessive)):
            raise ValueError("token attributes of different lengths")

    def is_punct(self, i: int) -> bool:
        """ERRANT's merger's punctuation test: POS ``PUNCT`` or a character of ``string.punctuation``."""
        return self.pos[i] == self.symbol_ids()["PUNCT"] or self.words[i] in punctuation

    def symbol_ids(self) -> dict[str, int]:
        """The POS symbol ids of :attr:`symbols` (spaCy's by default)."""
        return self.symbols if self.symbols is not None else _symbols()


def _symbols() -> dict[str, int]:
    if not _SYMBOLS:
        import spacy.symbols as sym

        for name in ("ADJ", "ADV", "AUX", "DET", "NOUN", "PART", "PUNCT", "VERB"):
            _SYMBOLS[name] = int(getattr(sym, name))
    return _SYMBOLS


#: spaCy's POS symbol ids, read on first need (spaCy is imported only when parsing)
_SYMBOLS: dict[str, int] = {}


def features_of(doc: Any, words: tuple[str, ...] | None = None) -> TokenFeatures:
    """The :class:`TokenFeatures` of a spaCy ``Doc`` (one array read; ``words``: its token texts
    when known, as for a Doc made from pre-tokenised words)."""
    from spacy.attrs import LEMMA, LOWER, ORTH, POS, TAG

    sym = _symbols()
    strings = doc.vocab.strings
    table = doc.to_array([ORTH, LOWER, LEMMA, POS, TAG]).astype(np.uint64).reshape(-1, 5)
    if words is None:
        words = tuple(t.text for t in doc)
    attrs = np.empty((6, len(words)), dtype=np.int64)
    attrs[0] = table[:, 0].view(np.int64)
    attrs[1] = table[:, 1].view(np.int64)
    attrs[2] = table[:, 1] % np.uint64(KEY_MODULUS)
    attrs[3] = table[:, 2].view(np.int64)
    pos = attrs[4] = table[:, 3]
    attrs[5] = (pos == sym["ADJ"]) | (pos == sym["ADV"]) | (pos == sym["NOUN"]) | (pos == sym["VERB"])
    chars = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
    offsets = np.zeros(len(words) + 1, dtype=np.int64)
    np.cumsum([len(w) for w in words], out=offsets[1:])
    # the id spaCy stores for a tag string is the one its StringStore gives that string
    possessive = table[:, 4] == np.uint64(strings["POS"])
    return TokenFeatures(
        words=words,
        lower=tuple(attrs[1].tolist()),
        lower_=tuple(w.lower() for w in words),  # spaCy's LOWER is str.lower of the text
        pos=tuple(attrs[4].tolist()),
        possessive=tuple(possessive.tolist()),
        arrays=(attrs, chars, offsets),
    )


Step = tuple[int, int, int, int, int]


def first_positions(o_lower: Sequence[int], c_lower: Sequence[int]) -> tuple[list[int], list[int]]:
    """For each token of each side, the first position of its lower-cased form on the other side
    (the other side's length when it has none).

    >>> first_positions([1, 2, 3], [2, 1, 1])
    ([1, 0, 3], [1, 0, 0])
    """
    in_c: dict[int, int] = {}
    for pos, v in enumerate(c_lower):
        in_c.setdefault(v, pos)
    in_o: dict[int, int] = {}
    for pos, v in enumerate(o_lower):
        in_o.setdefault(v, pos)
    return [in_c.get(v, len(c_lower)) for v in o_lower], [in_o.get(v, len(o_lower)) for v in c_lower]


#: tables of at least this many cells (80 MB of costs) first hand the memory freed since (a
#: parse's scratch space) back to the system, so that it and the tables do not add up
RELEASE_CELLS = 10_000_000


def release_freed_memory() -> None:
    """Collect unreachable objects and, on glibc, return the heap's free pages to the system
    (``malloc_trim``): the peak of a long line is then the parse or the tables, not both."""
    import gc

    gc.collect()
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL("libc.so.6")
            libc.malloc_trim(0)
        except (OSError, AttributeError):  # not glibc (musl): nothing to trim
            pass


class Kernel:
    """The alignment kernel, compiled with numba when it is installed (``compiled``), else plain
    Python over lists (the same function, the same result)."""

    def __init__(self, compiled: bool | None = None) -> None:
        jit = numba_jit(compiled)
        fn: Any = align_kernel if jit is None else jit(align_kernel)
        self.compiled = fn is not align_kernel
        self._fn = fn

    def align(self, orig: TokenFeatures, cor: TokenFeatures) -> list[Step]:
        """The cheapest alignment of ``orig`` to ``cor``: ``(op, o_start, o_end, c_start, c_end)``
        steps, left to right (ops: :data:`MATCH`, :data:`SUB`, :data:`INS`, :data:`DEL`,
        :data:`TRANS` + size)."""
        n, m = len(orig.words), len(cor.words)
        longest = max((len(w) for w in cor.words), default=0) + 1
        o_first, c_first = first_positions(orig.lower, cor.lower)
        cells = (n + 1) * (m + 1)
        if self.compiled:
            if cells >= RELEASE_CELLS:
                release_freed_memory()
            cost = np.empty(cells, dtype=np.float64)
            row = np.empty(longest, dtype=np.int64)
            seq = np.empty(5 * (n + m + 1), dtype=np.int64)
            firsts = (np.array(o_first, dtype=np.int64), np.array(c_first, dtype=np.int64))
            steps = -1
            # op codes in one byte (a transposition of up to 245 tokens); a longer one, should the
            # cheapest path of some cell take it, fills the table again with 4-byte codes
            for dtype in (np.uint8, np.int32):
                if steps < 0:
                    ops = np.empty(cells, dtype=dtype)
                    op_max = int(np.iinfo(dtype).max)
                    steps = self._fn(*orig.arrays, *cor.arrays, *firsts, cost, ops, row, seq, op_max)
                    del ops
            flat = seq[: 5 * steps].tolist()
        else:
            cost_l = [0.0] * cells
            ops_l = [0] * cells
            seq_l = [0] * (5 * (n + m + 1))
            lists = [a.tolist() for a in (*orig.arrays, *cor.arrays)]  # plain ints: no numpy scalars
            lists += [o_first, c_first]
            steps = self._fn(*lists, cost_l, ops_l, [0] * longest, seq_l, TRANS + n + m + 2)
            flat = seq_l[: 5 * steps]
        out = [(flat[r], flat[r + 1], flat[r + 2], flat[r + 3], flat[r + 4]) for r in range(5 * (steps - 1), -1, -5)]
        return out
