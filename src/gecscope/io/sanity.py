"""A cheap check that catches a swapped ``--source``/``--hyp`` before anything is scored.

Which file is closer to the references cannot tell the source: a good system is closer to them
than its source, a weak one farther. Two things the check reads do not depend on how good the
system is, and each reads backwards when the files are swapped (exactly: exchanging the source and
hypothesis of a line negates its evidence):

- **direction**: wherever the hypothesis has a word sequence (1 to 3 words, case folded) as often
  as the source, the references' changes to it are the same whichever file is which; summed over
  the corpus they say what annotators add (``the``, ``, and``) and what they remove. Each sequence
  whose count the hypothesis changes over the corpus votes once, with that direction or against it
  (one habit of a system repeated on every line votes once). The votes are a sign test whose spread
  is measured by exchanging source and hypothesis on lines chosen at random (a fixed seed): the
  statistic ``direction`` is the votes' margin in units of that spread.
- **fluency**: on each line where they differ, the word sequences only the source has and those
  only the hypothesis has are looked up in the references of the *other* lines; a line votes for
  the file whose own sequences the references write elsewhere (a learner's misspelling or
  ``a informations`` appears in no reference; a system's output mostly does). A sign test over
  the lines: ``fluency``.

Both go the references' way on a real system that corrects; a system that spoils its input (IPN,
RAC on CoNLL-2014) reads less fluent than its source, and its changes follow the references'
direction no more than against it. So the warning needs both: each at least :data:`Z_EACH`
against the given order, and together (their sum over sqrt 2) at least :data:`Z_WARN`. Measured
on every system output in ``../shared`` and on the swapped copy of each in ``docs/inputs.md``.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

from gecscope.types import Example

#: how many standard deviations the two signals together must say "swapped" before the warning
Z_WARN = 3.0
#: how many standard deviations each signal alone must say "swapped" (neither may be mere noise)
Z_EACH = 1.0
#: the word sequences read: single words, pairs and triples
ORDERS = (1, 2, 3)
#: random exchanges of source and hypothesis that measure the spread of the direction votes
FLIPS = 64
#: the lines the check reads, the first ones of the input: ample evidence (the test sets measured
#: have 16 to 1,488 changed lines), and its memory (about 8 kB a line) stays bounded however long
#: the input a run streams
LINES = 5000

_JOIN, _START, _END = "\x1f", "\x02", "\x03"
#: a sequence (3 word ids) packed with its line and flags is one integer of this many bits at most,
#: else (a vocabulary of some 10**5 words) the sequences are sorted column by column
_BITS = 63


def sequences(tokens: Sequence[str]) -> Counter[str]:
    """The case-folded word sequences of :data:`ORDERS` (1 to 3 words) in ``tokens``, longer ones
    with the line's start and end, with their counts.

    >>> seqs = sequences(["A", "cat"])
    >>> seqs["a"], seqs["a\x1fcat"], len(seqs)  # 2 words, 3 pairs, 2 triples
    (1, 1, 7)
    """
    padded = _padded(tokens)
    return Counter(_window(padded, 1, len(padded) - 1))


def _padded(tokens: Sequence[str]) -> list[str]:
    """The words case folded, between the line's start and end."""
    return [_START, *(_JOIN.join(tokens).casefold().split(_JOIN) if tokens else ()), _END]


def _window(padded: list[str], lo: int, hi: int) -> list[str]:
    """The sequences of ``padded`` that hold a word of ``padded[lo:hi]`` or, when that is empty,
    span its place (``1 <= lo <= hi < len(padded)``: the start and end markers are no words)."""
    first = max(lo - 2, 0)
    return [
        *padded[lo:hi],
        *map(_JOIN.join, zip(padded[lo - 1 : hi], padded[lo:], strict=False)),
        *map(_JOIN.join, zip(padded[first:hi], padded[first + 1 :], padded[first + 2 :], strict=False)),
    ]


def _ends(a: Sequence[object], b: Sequence[object]) -> tuple[int, int]:
    """How many items padded lines ``a`` and ``b`` share at their start and at their end, so that
    the start markers lie in the first part and the end markers in the last (each at least 1)."""
    most = min(len(a), len(b))
    head = 1
    while head < most - 1 and a[head] == b[head]:
        head += 1
    tail = 1
    while tail < most - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    return head, tail


def difference(before: Sequence[str], after: Sequence[str]) -> dict[str, int]:
    """``sequences(after) - sequences(before)``: the sequences whose counts differ, read only
    between the words the two lines share at their start and at their end. A sequence of 3 words
    or fewer that lies in those words is in both lines, so it cancels.

    >>> difference(["A", "cat", "sat", "down", "here"], ["a", "cat", "sits", "down", "here"])["sits"]
    1
    """
    a, b = _padded(before), _padded(after)
    head, tail = _ends(a, b)
    out = Counter(_window(b, head, len(b) - tail))
    out.subtract(_window(a, head, len(a) - tail))
    return {seq: n for seq, n in out.items() if n}


@dataclass(frozen=True)
class LineChange:
    """One line where the hypothesis differs from the source: ``change``, each word sequence whose
    count differs (hypothesis minus source); ``references``, the line's references."""

    change: tuple[tuple[str, int], ...]
    references: frozenset[tuple[str, ...]]


@dataclass(frozen=True)
class _Counts:
    """A tally's counts as arrays of word ids: ``words``, each id's case-folded word (0 and 1:
    the line's start and end); ``direction``, rows (3 word ids, count) of
    :attr:`SwapTally.direction` in the order of :func:`_codes`; ``change``, rows (line, 3 word
    ids, count) of the changed lines' changes, in line order. A sequence of fewer than 3 words has
    -1 for the ids past its end."""

    words: tuple[str, ...]
    direction: Any
    change: Any


@dataclass(frozen=True, eq=False)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    ``direction``: for each word sequence, how many more times the references have it than the
    source, counted on the lines where the hypothesis has it as often as the source (the same
    count whichever file is the source); ``references``: each line's references,
    whose word sequences :meth:`fluency_z` looks up, only when it is asked; ``changes``: the lines
    where the two files differ. Both are held as word ids (``counts``) and spelt out when read.

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    references: tuple[frozenset[tuple[str, ...]], ...] = ()
    counts: _Counts | None = field(default=None, repr=False)

    @functools.cached_property
    def direction(self) -> Mapping[str, int]:
        """Each sequence's direction count (none is 0)."""
        if self.counts is None:
            return {}
        rows = self.counts.direction
        return dict(zip(_spelt(self.counts.words, rows[:, :3]), rows[:, 3].tolist(), strict=True))

    @functools.cached_property
    def changes(self) -> tuple[LineChange, ...]:
        """The lines where the two files differ, in order."""
        if self.counts is None:
            return ()
        rows = self.counts.change
        lines: dict[int, list[tuple[str, int]]] = {}
        spelt = _spelt(self.counts.words, rows[:, 1:4])
        for line, seq, n in zip(rows[:, 0].tolist(), spelt, rows[:, 4].tolist(), strict=True):
            lines.setdefault(line, []).append((seq, n))
        return tuple(LineChange(tuple(sorted(change)), self.references[line]) for line, change in lines.items())

    @property
    def changed(self) -> int:
        """The number of lines where the two files differ."""
        if self.counts is None:
            return 0
        rows = self.counts.change[:, 0]
        return int((rows[1:] != rows[:-1]).sum()) + bool(len(rows))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SwapTally):
            return NotImplemented
        mine = (self.lines, self.references, self.direction, self.changes)
        return mine == (other.lines, other.references, other.direction, other.changes)

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: SwapTally) -> SwapTally:
        return total((self, other))

    def direction_z(self) -> float:
        """How many standard deviations the changed word sequences go with the references'
        direction (< 0: against it); 0 without evidence."""
        import numpy as np

        if self.counts is None or not len(self.counts.change) or not len(self.counts.direction):
            return 0.0
        rows, direction = self.counts.change, self.counts.direction
        codes = _codes(np.concatenate([direction[:, :3], rows[:, 1:4]]), len(self.counts.words))
        known, wanted = codes[: len(direction)], codes[len(direction) :]  # known: sorted
        order = np.argsort(wanted)  # the changes' rows by sequence
        new = np.r_[True, wanted[order][1:] != wanted[order][:-1]]
        seqs = wanted[order][new]
        at = np.minimum(np.searchsorted(known, seqs), len(known) - 1)
        voting_seqs = known[at] == seqs  # the changed sequences that have a direction
        if not voting_seqs.any():
            return 0.0
        kept = voting_seqs[np.cumsum(new) - 1]
        entries, firsts = order[kept], np.flatnonzero(new[kept])
        lines = rows[:, 0]
        n_lines = self.changed
        line_of = np.cumsum(np.r_[0, lines[1:] != lines[:-1]])[entries]  # each row's changed line
        # the real order (all +1) and FLIPS random exchanges: each sequence's sums under each
        flips = np.random.default_rng(0).integers(0, 2, size=(FLIPS, n_lines)) * 2 - 1
        signs = np.vstack([np.ones(n_lines, dtype=flips.dtype), flips]).astype(np.int32)
        running = np.zeros((FLIPS + 1, len(entries) + 1), dtype=np.int32)
        np.cumsum(signs[:, line_of] * rows[entries, 4].astype(np.int32), axis=1, out=running[:, 1:])
        sums = running[:, np.r_[firsts[1:], len(entries)]] - running[:, firsts]  # each sequence's
        votes = np.sign(sums) * np.sign(direction[at[voting_seqs], 3])
        voting = np.count_nonzero(votes, axis=1)
        margins = [
            float(v / math.sqrt(n)) if n else 0.0
            for v, n in zip(votes.sum(axis=1).tolist(), voting.tolist(), strict=True)
        ]
        spread = math.sqrt(sum(m**2 for m in margins[1:]) / FLIPS)
        return margins[0] / spread if spread else 0.0

    def fluency_z(self) -> float:
        """How many standard deviations more lines have their unwritten word sequences (ones no
        other line's references write) on the source's side than on the hypothesis's (< 0: the
        other way round); 0 without evidence."""
        wanted = {seq for line in self.changes for seq, _ in line.change}
        written: Counter[str] = Counter()
        for refs in self.references:
            written.update(set().union(*map(sequences, refs)) & wanted)
        along = against = 0
        for line in self.changes:
            own = set().union(*map(sequences, line.references))
            balance = 0
            for seq, delta in line.change:
                if written[seq] - (seq in own) <= 0:
                    balance += delta
            along += balance < 0
            against += balance > 0
        return (along - against) / math.sqrt(along + against) if along + against else 0.0

    def z(self) -> float:
        """The two signals together, ``(direction + fluency) / sqrt 2``, when each says the same
        beyond :data:`Z_EACH`; 0 when either is weaker or they disagree (< 0: swapped)."""
        return self._together(self.direction_z())[0]

    def _together(self, direction: float) -> tuple[float, float]:
        """:meth:`z` and the fluency, given the direction (the fluency, the costlier signal, is not
        read when the direction is within :data:`Z_EACH`: then z is 0 whatever it says)."""
        if not self.changes or not any(self.references) or abs(direction) < Z_EACH:
            return 0.0, 0.0
        fluency = self.fluency_z()
        if min(direction, fluency) >= Z_EACH or max(direction, fluency) <= -Z_EACH:
            return (direction + fluency) / math.sqrt(2), fluency
        return 0.0, fluency

    def warning(self) -> str | None:
        """The one-line warning when the source and hypothesis look swapped, else ``None``: the
        fluency is looked up only when the direction alone says "swapped" (>= :data:`Z_EACH`)."""
        direction = self.direction_z()
        if direction > -Z_EACH:
            return None
        together, fluency = self._together(direction)
        if together > -Z_WARN:
            return None
        return (
            f"on the {self.changed} of {self.lines} lines where they differ, the hypothesis reads as the "
            f"source: its changes go against the references' corrections (direction z = {direction:.1f}) "
            f"and the wording only it has is missing from the other lines' references more often than the "
            f"source's (fluency z = {fluency:.1f}): are --source and --hyp swapped?"
        )


def total(tallies: Iterable[SwapTally]) -> SwapTally:
    """The tally of consecutive parts of a corpus, merged in one pass (``sum`` would copy the
    growing tally once per part)."""
    parts = list(tallies)
    lines = sum(t.lines for t in parts)
    references = tuple(refs for t in parts for refs in t.references)
    counted = [t for t in parts if t.counts is not None]
    if len(counted) <= 1:
        return SwapTally(lines, references, counted[0].counts if counted else None)
    import numpy as np

    vocabulary = {_START: 0, _END: 1}
    directions, changes, offset = [], [], 0
    for part in parts:
        if part.counts is not None:
            ids = np.array([*(vocabulary.setdefault(w, len(vocabulary)) for w in part.counts.words), -1])
            direction, change = part.counts.direction.copy(), part.counts.change.copy()
            direction[:, :3], change[:, 1:4] = ids[direction[:, :3]], ids[change[:, 1:4]]  # -1 stays -1
            change[:, 0] += offset
            directions.append(direction)
            changes.append(change)
        offset += part.lines
    direction = np.concatenate(directions)
    codes, first, inverse = np.unique(_codes(direction[:, :3], len(vocabulary)), return_index=True, return_inverse=True)
    sums = np.bincount(inverse.reshape(-1), weights=direction[:, 3], minlength=len(codes)).astype(np.int64)
    kept = np.flatnonzero(sums)
    merged = np.column_stack([direction[first[kept], :3], sums[kept]])
    return SwapTally(lines, references, _Counts(tuple(vocabulary), merged, np.concatenate(changes)))


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`): the
    lines' words as ids, the words each source shares with its hypothesis and each reference at
    the start and end found for all lines at once, the sequences around the rest sorted once."""
    import numpy as np

    tokens_of = attrgetter("tokens")
    references = [frozenset(map(tokens_of, ex.references)) for ex in examples]
    texts: list[tuple[str, ...]] = []
    kinds: list[int] = []  # each text's: 0 a source, 1 a reference, 2 a hypothesis
    text_lines: list[int] = []
    for number, (ex, refs) in enumerate(zip(examples, references, strict=True)):
        source, hyp = ex.source, ex.hypothesis.tokens
        others = refs.difference((source,))
        if hyp != source:
            texts += (source, *others, hyp)
            kinds += (0, *(1,) * len(others), 2)
            text_lines += (number,) * (len(others) + 2)
        elif others:
            texts += (source, *others)
            kinds += (0, *(1,) * len(others))
            text_lines += (number,) * (len(others) + 1)
    if not texts:
        return SwapTally(len(examples), tuple(references))
    words, ids, starts = _word_ids(texts)
    kind = np.array(kinds)
    other_of = np.flatnonzero(kind)  # a pair of texts: each text but a source, with its line's source
    source_of = np.maximum.accumulate(np.where(kind == 0, np.arange(len(kind)), 0))[other_of]
    line, is_hyp = np.array(text_lines)[other_of], kind[other_of] == 2
    ends = np.append(starts[1:], len(ids))
    head, tail = _shared_ends(ids, starts, ends, source_of, other_of)
    pieces = []
    for text, plus in ((source_of, 0), (other_of, 1)):  # the source's sequences count -1, the other's +1
        for n in ORDERS:
            lo = np.maximum(starts[text] + head - (n - 1), starts[text])
            at, of = _ranges(lo, np.minimum(ends[text] - tail, ends[text] - n + 1))
            pieces.append((at, n, of, plus))
    counted = _counted(ids, pieces, line * 4 + is_hyp * 2, len(words))
    return SwapTally(len(examples), tuple(references), _Counts(words, *counted) if counted else None)


#: an occurrence's weight by its flags (2: in a hypothesis, 1: counts +1): a reference's +-1, a
#: hypothesis's +-2**32
_WEIGHTS = (-1, 1, -(2**32), 2**32)


def _counted(ids: Any, pieces: list[tuple[Any, int, Any, int]], side: Any, words: int) -> tuple[Any, Any] | None:
    """The direction and change rows of :class:`_Counts` from the sequences of ``n`` words at
    ``ids[at]`` for each piece ``(at, n, pair, plus)``: each on line ``side[pair] // 4``, in the
    hypothesis if ``side[pair] & 2``, counting +1 (in the other text) if ``plus`` else -1 (in the
    source); ``None``: no counts. The occurrences are sorted by sequence, line and flags: in one
    integer each when that fits in 63 bits, else column by column."""
    import numpy as np

    base, lines = words + 1, int(side.max()) // 4 + 1
    if base**3 * lines * 4 < 2**_BITS:
        keys = []
        for at, n, pair, plus in pieces:
            code = ids[at] + 1
            for k in (1, 2):
                code = code * base + (ids[at + k] + 1 if k < n else 0)
            keys.append(code * (lines * 4) + side[pair] + plus)
        key = np.sort(np.concatenate(keys))
        group = key >> 2
        starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
        flags, line_of, seq = key & 3, group[starts] % lines, group[starts] // lines
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


def _codes(rows: Any, words: int) -> Any:
    """One integer for each sequence of ``rows`` (3 word ids each, -1 past its end) in the order
    of the rows' ids: packed when they fit in 63 bits, else each row's rank."""
    import numpy as np

    base = words + 1
    if base**3 < 2**_BITS:
        return ((rows[:, 0] + 1) * base + rows[:, 1] + 1) * base + rows[:, 2] + 1
    return np.unique(rows, axis=0, return_inverse=True)[1].reshape(-1)


def _word_ids(texts: list[tuple[str, ...]]) -> tuple[tuple[str, ...], Any, Any]:
    """The case-folded words of ``texts`` as ids, each text between the start (0) and end (1)
    ids, all in one array; the words of the ids; where each text starts in the array. A token
    that holds the separator is several words, as :func:`sequences` reads it."""
    import numpy as np

    flat = list(chain.from_iterable(texts))
    vocabulary = {_START: 0, _END: 1}
    tokens = set(flat)  # the ids' order changes no count
    if _JOIN in "".join(tokens):
        texts = [tuple(_padded(text)[1:-1]) for text in texts]
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


def _ranges(lo: Any, hi: Any) -> tuple[Any, Any]:
    """Every ``i`` with ``lo[r] <= i < hi[r]``, and its ``r``, for all ``r`` at once."""
    import numpy as np

    size = np.maximum(hi - lo, 0)
    row = np.repeat(np.arange(len(lo)), size)
    return np.arange(len(row)) + np.repeat(lo - (np.cumsum(size) - size), size), row


def _shared_ends(ids: Any, starts: Any, ends: Any, a: Any, b: Any) -> tuple[Any, Any]:
    """:func:`_ends` of the padded texts ``a[r]`` and ``b[r]`` of ``ids``, for all ``r`` at once."""
    import numpy as np

    most = np.minimum(ends[a] - starts[a], ends[b] - starts[b])
    out = []
    for edge, step in ((starts, 1), (ends - 1, -1)):
        at, row = _ranges(np.zeros(len(a), dtype=np.int64), most - 1)
        apart = np.flatnonzero(ids[edge[a][row] + at * step] != ids[edge[b][row] + at * step])
        firsts = apart[np.r_[True, row[apart][1:] != row[apart][:-1]]] if len(apart) else apart
        shared = most - 1
        shared[row[firsts]] = at[firsts]
        out.append(shared)
    head = np.maximum(out[0], 1)
    return head, np.maximum(np.minimum(out[1], most - head), 1)


def _spelt(words: tuple[str, ...], rows: Any) -> list[str]:
    """The sequences of ``rows`` (3 word ids each, -1 past its end) as :func:`sequences` spells
    them."""
    spelling = (*words, "")
    return [_JOIN.join(spelling[w] for w in row if w >= 0) for row in rows.tolist()]
