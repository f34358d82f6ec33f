"""The I-measure's token counts: an exact three-way alignment of source, hypothesis and reference,
compiled (numba) when it is installed, plain Python otherwise (one function, the same counts).

Facts carried over from Felice and Briscoe (2015) and their scorer (the code is ours):

- Tokens are compared as strings. A pair of tokens costs 0 when equal, 3 when not; a token
  against a gap costs 2 (a gap against a gap, 0). A column's cost is the sum over its three
  pairs (sum of pairs); the alignment is the cheapest.
- When two of the three sequences are equal, a pairwise alignment of the two different ones is
  enough: source = hypothesis aligns the source with the reference, source = reference the
  reference with the hypothesis. (The scorer aligns hypothesis = reference three ways.)
- The pairwise table's cell is the cheapest of the cell above + 2, the cell left + 2 and the
  diagonal + the pair's cost; the three-way table's faces are the pairwise tables of their two
  sequences plus 2 per token, and an inner cell the cheapest of its seven predecessors. The
  alignment is read back from the last cell, preferring on ties: all three tokens; then two
  tokens (source and hypothesis, source and reference, hypothesis and reference); then one
  (source, hypothesis, reference). The pairwise read-back prefers the diagonal, then the first
  sequence's token, then the second's.
- Each column is counted for detection and correction: source = hypothesis = reference is a
  true negative; source = hypothesis != reference a false negative; source != hypothesis with
  source = reference a false positive; otherwise detection has a true positive, and correction a
  true positive when hypothesis = reference, else a false positive, a false negative and one
  ``fpn`` (both at once).
"""

from __future__ import annotations

import types
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from gecscope.extras import numba_jit
from gecscope.types import Tokens

GAP = 2
MISMATCH = 3
#: the order of the counts :func:`tally` returns (detection, then correction)
COUNTS = ("tp", "tn", "fp", "fn", "fpn")
#: how the three sequences are aligned
SAME, SOURCE_IS_HYPOTHESIS, SOURCE_IS_REFERENCE, THREE_WAY = 0, 1, 2, 3


def count_column(s: int, h: int, r: int, out: Any) -> None:
    """Add one column's counts to ``out`` (10 numbers: detection tp tn fp fn fpn, then correction's)."""
    if s == h:
        if h == r:
            out[1] += 1
            out[6] += 1
        else:
            out[3] += 1
            out[8] += 1
    elif s == r:
        out[2] += 1
        out[7] += 1
    else:
        out[0] += 1
        if h == r:
            out[5] += 1
        else:
            out[7] += 1
            out[8] += 1
            out[9] += 1


def pair_table(a: Any, b: Any) -> Any:
    """The pairwise cost table of ``a`` and ``b``."""
    m, n = len(a) + 1, len(b) + 1
    t = np.empty((m, n), dtype=np.int64)
    for j in range(n):
        t[0, j] = j * GAP
    for i in range(1, m):
        t[i, 0] = i * GAP
        for j in range(1, n):
            best = t[i - 1, j] + GAP
            left = t[i, j - 1] + GAP
            if left < best:
                best = left
            diagonal = t[i - 1, j - 1] + (0 if a[i - 1] == b[j - 1] else MISMATCH)
            if diagonal < best:
                best = diagonal
            t[i, j] = best
    return t


def tally_kernel(src: Any, hyp: Any, ref: Any, case: int, out: Any) -> None:
    """Add the counts of the alignment of ``src``, ``hyp`` and ``ref`` (token ids >= 0; a gap is
    -1) to ``out``; ``case`` is how they are aligned (:data:`SAME` ... :data:`THREE_WAY`)."""
    if case == SAME:
        for i in range(len(src)):
            count_column(src[i], src[i], src[i], out)
        return
    if case != THREE_WAY:
        # the pairwise alignment of a (the two equal sequences) with b
        a = src
        b = ref if case == SOURCE_IS_HYPOTHESIS else hyp
        t = pair_table(a, b)
        i, j = len(a), len(b)
        while i > 0 or j > 0:
            x, y = -1, -1
            if i > 0 and j > 0 and t[i, j] == t[i - 1, j - 1] + (0 if a[i - 1] == b[j - 1] else MISMATCH):
                x, y = a[i - 1], b[j - 1]
                i -= 1
                j -= 1
            elif i > 0 and t[i, j] == t[i - 1, j] + GAP:
                x = a[i - 1]
                i -= 1
            else:
                y = b[j - 1]
                j -= 1
            if case == SOURCE_IS_HYPOTHESIS:
                count_column(x, x, y, out)
            else:
                count_column(x, y, x, out)
        return
    n1, n2, n3 = len(src) + 1, len(hyp) + 1, len(ref) + 1
    d = np.empty((n1, n2, n3), dtype=np.int32)
    t12 = pair_table(src, hyp)
    for i in range(n1):
        for j in range(n2):
            d[i, j, 0] = t12[i, j] + (i + j) * GAP
    t13 = pair_table(src, ref)
    for i in range(n1):
        for k in range(n3):
            d[i, 0, k] = t13[i, k] + (i + k) * GAP
    t23 = pair_table(hyp, ref)
    for j in range(n2):
        for k in range(n3):
            d[0, j, k] = t23[j, k] + (j + k) * GAP
    two = 2 * GAP
    for i in range(1, n1):
        s = src[i - 1]
        for j in range(1, n2):
            c_ij = 0 if s == hyp[j - 1] else MISMATCH
            for k in range(1, n3):
                r = ref[k - 1]
                c_ik = 0 if s == r else MISMATCH
                c_jk = 0 if hyp[j - 1] == r else MISMATCH
                best = d[i - 1, j - 1, k - 1] + c_ij + c_ik + c_jk
                for v in (
                    d[i - 1, j - 1, k] + c_ij + two,
                    d[i - 1, j, k - 1] + c_ik + two,
                    d[i, j - 1, k - 1] + c_jk + two,
                    d[i - 1, j, k] + two,
                    d[i, j - 1, k] + two,
                    d[i, j, k - 1] + two,
                ):
                    if v < best:
                        best = v
                d[i, j, k] = best
    i, j, k = n1 - 1, n2 - 1, n3 - 1
    while i > 0 or j > 0 or k > 0:
        here = d[i, j, k]
        s = src[i - 1] if i > 0 else -1
        h = hyp[j - 1] if j > 0 else -1
        r = ref[k - 1] if k > 0 else -1
        c_ij = 0 if s == h else MISMATCH
        c_ik = 0 if s == r else MISMATCH
        c_jk = 0 if h == r else MISMATCH
        if i > 0 and j > 0 and k > 0 and here == d[i - 1, j - 1, k - 1] + c_ij + c_ik + c_jk:
            count_column(s, h, r, out)
            i, j, k = i - 1, j - 1, k - 1
        elif i > 0 and j > 0 and here == d[i - 1, j - 1, k] + c_ij + two:
            count_column(s, h, -1, out)
            i, j = i - 1, j - 1
        elif i > 0 and k > 0 and here == d[i - 1, j, k - 1] + c_ik + two:
            count_column(s, -1, r, out)
            i, k = i - 1, k - 1
        elif j > 0 and k > 0 and here == d[i, j - 1, k - 1] + c_jk + two:
            count_column(-1, h, r, out)
            j, k = j - 1, k - 1
        elif i > 0 and here == d[i - 1, j, k] + two:
            count_column(s, -1, -1, out)
            i -= 1
        elif j > 0 and here == d[i, j - 1, k] + two:
            count_column(-1, h, -1, out)
            j -= 1
        else:
            count_column(-1, -1, r, out)
            k -= 1


def case_of(src: Tokens, hyp: Tokens, ref: Tokens) -> int:
    """How the scorer aligns the three (hypothesis = reference != source: three ways)."""
    if src == hyp:
        return SAME if hyp == ref else SOURCE_IS_HYPOTHESIS
    return SOURCE_IS_REFERENCE if src == ref else THREE_WAY


class Tally:
    """:func:`tally_kernel` compiled with numba when it is installed (``compiled``: None: when
    installed, True: required, False: plain Python)."""

    def __init__(self, compiled: bool | None = None) -> None:
        self._fn: Any = tally_kernel
        jit = numba_jit(compiled)
        if jit is not None:
            # the kernel resolves its helpers by name: a copy of it sees their compiled versions
            names = {**globals(), "count_column": jit(count_column), "pair_table": jit(pair_table)}
            self._fn = jit(types.FunctionType(tally_kernel.__code__, names, tally_kernel.__name__))
        self.compiled = self._fn is not tally_kernel

    def counts(self, src: Tokens, hyp: Tokens, ref: Tokens) -> NDArray[np.int64]:
        """The 10 counts (detection tp tn fp fn fpn, then correction's) of one alignment."""
        ids: dict[str, int] = {}
        arrays = [np.array([ids.setdefault(w, len(ids)) for w in seq], dtype=np.int64) for seq in (src, hyp, ref)]
        out = np.zeros(10, dtype=np.int64)
        self._fn(arrays[0], arrays[1], arrays[2], case_of(src, hyp, ref), out)
        return out


def token_ids(sequences: Sequence[Tokens]) -> list[NDArray[np.int64]]:
    """The sequences as arrays of ids (equal tokens, equal ids)."""
    ids: dict[str, int] = {}
    return [np.array([ids.setdefault(w, len(ids)) for w in seq], dtype=np.int64) for seq in sequences]
