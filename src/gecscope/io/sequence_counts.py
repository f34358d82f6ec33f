"""The word-sequence counts behind the swap check (:mod:`gecscope.io.sanity`) as integer arrays:
each text's words as ids of one vocabulary, the words two texts share at their start and end for
many pairs at once, and every 1-3-word sequence around the rest, packed with its line into one
integer, counted in one sort (numpy, imported when called)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

#: the separator of a sequence's words, and the line's start and end as words
JOIN, START, END = "\x1f", "\x02", "\x03"
#: a sequence (3 word ids) packed with its line and flags is one integer of this many bits at most,
#: else (a vocabulary of some 10**5 words) the sequences are sorted column by column
BITS = 63


def packable(words: int, times: int) -> bool:
    """Whether a sequence of 3 ids of ``words`` words, times ``times``, fits in :data:`BITS` bits."""
    return bool((words + 1) ** 3 * times < 2**BITS)


def padded(tokens: Sequence[str]) -> list[str]:
    """The words case folded, between the line's start and end (a token that holds
    :data:`JOIN` is several words)."""
    return [START, *(JOIN.join(tokens).casefold().split(JOIN) if tokens else ()), END]


#: an occurrence's weight by its flags (2: in a hypothesis, 1: counts +1): a reference's +-1, a
#: hypothesis's +-2**32
_WEIGHTS = (-1, 1, -(2**32), 2**32)


def occurrence_rows(ids: Any, pieces: list[tuple[Any, int, Any, int]], side: Any, words: int) -> tuple[Any, Any] | None:
    """A tally's direction rows (3 word ids, count; by sequence) and change rows (line, 3 word
    ids, count; by line), or ``None`` when both are empty, from the sequences of ``n`` words at
    ``ids[at]`` of each piece ``(at, n, pair, plus)``: each on line ``side[pair] // 4``, in the
    hypothesis if ``side[pair] & 2``, counting +1 (in the other text) if ``plus`` else -1 (in the
    source). The occurrences are sorted by sequence, line and flags: in one integer each when that
    fits in :data:`BITS` bits, else column by column."""
    import numpy as np

    base, lines = words + 1, int(side.max()) // 4 + 1
    if packable(words, lines * 4):
        key = np.empty(sum(len(at) for at, _, _, _ in pieces), dtype=np.int64)
        done = 0
        for at, n, pair, plus in pieces:  # in place: the check's memory is its arrays of occurrences
            code = key[done : done + len(at)]
            np.add(ids[at], 1, out=code)
            for k in (1, 2):
                code *= base
                if k < n:
                    code += ids[at + k] + 1
            code *= lines * 4
            code += side[pair] + plus
            done += len(at)
        key.sort()
        group = key >> 2
        starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
        seq = group[starts]
        del group
        flags = key & 3
        del key
        line_of, seq = seq % lines, seq // lines
        new_seq = np.r_[True, seq[1:] != seq[:-1]]

        def rows_at(where: Any) -> Any:
            code = seq[where]
            return np.stack([code // base**2, code // base % base, code % base], 1) - 1

    else:
        grams = np.concatenate(
            [np.stack([ids[at + k] if k < n else np.full(len(at), -1) for k in range(3)], 1) for at, n, _, _ in pieces]
        )
        flag = np.concatenate([side[pair] % 4 + plus for _, _, pair, plus in pieces])
        line = np.concatenate([side[pair] // 4 for _, _, pair, _ in pieces])
        order = np.lexsort((flag, line, grams[:, 2], grams[:, 1], grams[:, 0]))
        flags, grams, line = flag[order], grams[order], line[order]
        seq_starts = np.r_[True, (grams[1:] != grams[:-1]).any(axis=1)]
        starts = np.flatnonzero(seq_starts | np.r_[True, line[1:] != line[:-1]])
        line_of, new_seq = line[starts], seq_starts[starts]

        def rows_at(where: Any) -> Any:
            return grams[starts[where]]

    # a hypothesis's occurrence weighs 2**32 (a group holds fewer than 2**31 occurrences): one sum
    sums = np.add.reduceat(np.array(_WEIGHTS)[flags], starts)
    hyp_sum = (sums + 2**31) >> 32
    ref_sum = sums - (hyp_sum << 32)
    # the hypothesis's change on each line; the references' elsewhere, summed per sequence: the direction
    changed = np.flatnonzero(hyp_sum)
    changed = changed[np.argsort(line_of[changed])]
    change = np.column_stack([line_of[changed], rows_at(changed), hyp_sum[changed]])
    firsts = np.flatnonzero(new_seq)
    sums = np.add.reduceat(np.where(hyp_sum == 0, ref_sum, 0), firsts)
    counted = np.flatnonzero(sums)
    direction = np.column_stack([rows_at(firsts[counted]), sums[counted]])
    return (direction, change) if len(direction) or len(change) else None


def codes(rows: Any, words: int) -> Any:
    """One integer for each sequence of ``rows`` (3 word ids each, -1 past its end) in the order
    of the rows' ids: packed when they fit in 63 bits, else each row's rank."""
    import numpy as np

    base = words + 1
    if packable(words, 1):
        return ((rows[:, 0] + 1) * base + rows[:, 1] + 1) * base + rows[:, 2] + 1
    return np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)


def word_ids(texts: list[tuple[str, ...]], known: Sequence[str] = (START, END)) -> tuple[tuple[str, ...], Any, Any]:
    """The case-folded words of ``texts`` as ids, each text between the start (0) and end (1)
    ids, all in one array; the words of the ids (``known`` first, with their ids); where each
    text starts in the array. A token that holds the separator is several words, as
    :func:`gecscope.io.sanity.sequences` reads it."""
    import numpy as np

    flat = list(chain.from_iterable(texts))
    vocabulary = {word: i for i, word in enumerate(known)}
    tokens = set(flat)  # the ids' order changes no count
    if JOIN in "".join(tokens):
        texts = [tuple(padded(text)[1:-1]) for text in texts]
        flat = list(chain.from_iterable(texts))
        word_of = {word: vocabulary.setdefault(word, len(vocabulary)) for word in set(flat)}
    else:
        word_of = {token: vocabulary.setdefault(token.casefold(), len(vocabulary)) for token in tokens}
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)) + 2
    ends = np.cumsum(lengths)
    ids = np.ones(ends[-1], dtype=np.int64)
    ids[ends - lengths] = 0
    inner = np.ones(len(ids), dtype=bool)
    inner[ends - lengths] = inner[ends - 1] = False
    found = itemgetter(*flat)(word_of) if len(flat) > 1 else [word_of[t] for t in flat]  # one C call
    ids[inner] = np.fromiter(found, dtype=np.int64, count=len(flat))
    return tuple(vocabulary), ids, ends - lengths


def all_sequences(ids: Any, starts: Any) -> tuple[Any, Any]:
    """Every sequence of 1 to 3 words of each padded text of ``ids`` (from ``starts``), the longer
    ones with the start and end markers, as :func:`gecscope.io.sanity.sequences` reads them: rows
    of 3 word ids (-1 past a sequence's end), and each row's text."""
    import numpy as np

    ends = np.append(starts[1:], len(ids))
    rows, texts = [], []
    for n in (1, 2, 3):
        at, text = ranges(starts + (n == 1), ends - max(n - 1, 1))
        rows.append(np.stack([ids[at + k] if k < n else np.full(len(at), -1) for k in range(3)], 1))
        texts.append(text)
    return np.concatenate(rows), np.concatenate(texts)


def ranges(lo: Any, hi: Any) -> tuple[Any, Any]:
    """Every ``i`` with ``lo[r] <= i < hi[r]``, and its ``r``, for all ``r`` at once."""
    import numpy as np

    size = np.maximum(hi - lo, 0)
    row = np.repeat(np.arange(len(lo)), size)
    return np.arange(len(row)) + np.repeat(lo - (np.cumsum(size) - size), size), row


def shared_ends(ids: Any, starts: Any, ends: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """The words that padded texts ``a[r]`` and ``b[r]`` of ``ids`` share at their start and at
    their end, for all ``r`` at once: the start markers in the first part, the end markers in the
    last (each at least 1), as :func:`gecscope.io.sanity.difference` reads them."""
    import numpy as np

    most = np.minimum(ends[a] - starts[a], ends[b] - starts[b])
    out = []
    for edge, step in ((starts, 1), (ends - 1, -1)):
        at, row = ranges(np.zeros(len(a), dtype=np.int64), most - 1)
        apart = np.flatnonzero(ids[edge[a][row] + at * step] != ids[edge[b][row] + at * step])
        firsts = apart[np.r_[True, row[apart][1:] != row[apart][:-1]]] if len(apart) else apart
        shared = most - 1
        shared[row[firsts]] = at[firsts]
        out.append(shared)
    head = np.maximum(out[0], 1)
    return head, np.maximum(np.minimum(out[1], most - head), 1)


def spelt(words: tuple[str, ...], rows: Any) -> list[str]:
    """The sequences of ``rows`` (3 word ids each, -1 past its end) as :func:`gecscope.io.sanity.sequences` spells
    them."""
    spelling = (*words, "")
    return [JOIN.join(spelling[w] for w in row if w >= 0) for row in rows.tolist()]
