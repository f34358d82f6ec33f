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

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

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


def _merged(*parts: Mapping[str, int]) -> dict[str, int]:
    out: Counter[str] = Counter()
    for part in parts:
        out.update(part)
    return {k: v for k, v in out.items() if v}


def sequences(tokens: Sequence[str]) -> Counter[str]:
    """The case-folded word sequences of :data:`ORDERS` (1 to 3 words) in ``tokens``, longer ones
    with the line's start and end, with their counts.

    >>> seqs = sequences(["A", "cat"])
    >>> seqs["a"], seqs["a\x1fcat"], len(seqs)  # 2 words, 3 pairs, 2 triples
    (1, 1, 7)
    """
    padded = _padded(tokens)
    return Counter(_grams(padded, 0, len(padded)))


def _padded(tokens: Sequence[str]) -> list[str]:
    """The words case folded, between the line's start and end."""
    return [_START, *(_JOIN.join(tokens).casefold().split(_JOIN) if tokens else ()), _END]


def _grams(padded: list[str], lo: int, hi: int) -> list[str]:
    """The sequences within ``padded[lo:hi]`` (its start and end markers are no words)."""
    part = padded[lo:hi]
    return [
        *part[lo == 0 : len(part) - (hi == len(padded))],
        *map(_JOIN.join, pairwise(part)),
        *map(_JOIN.join, zip(part, part[1:], part[2:], strict=False)),
    ]


#: how far ahead (words of either line together) :func:`_chunks` looks for the two to agree again
RESYNC = 6


def _chunks(a: list[str], b: list[str]) -> list[tuple[int, int, int, int]]:
    """Where padded lines ``a`` and ``b`` differ: ``(a_from, a_to, b_from, b_to)`` in order, the
    words between two of them alike in both (any such split serves :func:`difference`; the
    closer it follows the changes, the less it reads)."""
    shortest = min(len(a), len(b))
    tail = 1
    while tail < shortest - 1 and a[-1 - tail] == b[-1 - tail]:  # not into the start
        tail += 1
    a_end, b_end = len(a) - tail, len(b) - tail
    i = j = 1
    out = []
    while True:
        while i < a_end and j < b_end and a[i] == b[j]:
            i, j = i + 1, j + 1
        if i >= a_end or j >= b_end:
            if i < a_end or j < b_end:
                out.append((i, a_end, j, b_end))
            return out
        skip = next(
            (
                (da, k - da)
                for k in range(1, RESYNC + 1)
                for da in range(k + 1)
                if i + da < a_end and j + k - da < b_end and a[i + da] == b[j + k - da]
            ),
            None,
        )
        if skip is None:
            out.append((i, a_end, j, b_end))
            return out
        out.append((i, i + skip[0], j, j + skip[1]))
        i, j = i + skip[0], j + skip[1]


def difference(before: Sequence[str], after: Sequence[str]) -> dict[str, int]:
    """``sequences(after) - sequences(before)``: the sequences whose counts differ, read only
    around the words that differ. A sequence of 3 words or fewer that does not reach a changed
    word lies in words alike in both, so it cancels: the work follows the changes, not the
    lines' length.

    >>> difference(["A", "cat", "sat", "down", "here"], ["a", "cat", "sits", "down", "here"])["sits"]
    1
    """
    return _difference(_padded(before), _padded(after))


def _difference(a: list[str], b: list[str]) -> dict[str, int]:
    """:func:`difference` of two padded lines."""
    reach = max(ORDERS) - 1  # the words either side of a change that a sequence reaching it holds
    old: list[str] = []
    new: list[str] = []
    windows: list[list[int]] = []
    for a_lo, a_hi, b_lo, b_hi in _chunks(a, b):
        if windows and a_lo - windows[-1][1] < 2 * reach:  # the words alike between: too few to part them
            windows[-1][1], windows[-1][3] = a_hi, b_hi
        else:
            windows.append([a_lo, a_hi, b_lo, b_hi])
    # each sequence that holds a changed word once; the others lie in words alike on both sides
    for a_lo, a_hi, b_lo, b_hi in windows:
        for grams, line, lo, hi in ((old, a, a_lo, a_hi), (new, b, b_lo, b_hi)):
            part = line[max(0, lo - reach) : hi + reach]
            pairs = line[max(0, lo - 1) : hi + 1]
            grams += line[lo:hi]
            grams += map(_JOIN.join, pairwise(pairs))
            grams += map(_JOIN.join, zip(part, part[1:], part[2:], strict=False))
    olds, news = Counter(old), Counter(new)
    out = {seq: n - olds.get(seq, 0) for seq, n in news.items() - olds.items()}
    out.update((seq, -n) for seq, n in olds.items() - news.items() if seq not in news)
    return out


@dataclass(frozen=True)
class LineChange:
    """One line where the hypothesis differs from the source: ``change``, each word sequence whose
    count differs (hypothesis minus source); ``references``, the line's references."""

    change: tuple[tuple[str, int], ...]
    references: frozenset[tuple[str, ...]]


@dataclass(frozen=True)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    ``direction``: for each word sequence, how many more times the references have it than the
    source, counted on the lines where the hypothesis has it as often as the source (the same
    count whichever file is the source); ``references``: each line's references,
    whose word sequences :meth:`fluency_z` looks up, only when it is asked; ``changes``: the lines
    where the two files differ.

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    direction: Mapping[str, int] = field(default_factory=dict)
    references: tuple[frozenset[tuple[str, ...]], ...] = ()
    changes: tuple[LineChange, ...] = ()

    @property
    def changed(self) -> int:
        """The number of lines where the two files differ."""
        return len(self.changes)

    def __add__(self, other: SwapTally) -> SwapTally:
        return total((self, other))

    def direction_z(self) -> float:
        """How many standard deviations the changed word sequences go with the references'
        direction (< 0: against it); 0 without evidence."""
        import numpy as np

        index: dict[str, int] = {}
        rows, cols, deltas = [], [], []
        for row, line in enumerate(self.changes):
            for seq, delta in line.change:
                if self.direction.get(seq):
                    rows.append(row)
                    cols.append(index.setdefault(seq, len(index)))
                    deltas.append(delta)
        if not index:
            return 0.0
        way = np.sign([self.direction[seq] for seq in index])
        row_of, col_of, delta_of = np.array(rows), np.array(cols), np.array(deltas, dtype=float)
        # the real order (all +1) and FLIPS random exchanges, summed per sequence in one pass
        signs = np.vstack(
            [
                np.ones(len(self.changes)),
                np.random.default_rng(0).integers(0, 2, size=(FLIPS, len(self.changes))) * 2 - 1,
            ]
        )
        bins = (np.arange(FLIPS + 1)[:, None] * len(index) + col_of).ravel()
        sums = np.bincount(bins, weights=(delta_of * signs[:, row_of]).ravel(), minlength=(FLIPS + 1) * len(index))
        votes = np.sign(sums.reshape(FLIPS + 1, len(index))) * way
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
    return SwapTally(
        sum(t.lines for t in parts),
        _merged(*(t.direction for t in parts)),
        tuple(refs for t in parts for refs in t.references),
        tuple(line for t in parts for line in t.changes),
    )


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`)."""
    direction: Counter[str] = Counter()
    references: list[frozenset[tuple[str, ...]]] = []
    changes: list[LineChange] = []
    for ex in examples:
        refs = frozenset(ref.tokens for ref in ex.references)
        references.append(refs)
        if refs <= {ex.source} and ex.hypothesis.tokens == ex.source:
            continue  # nothing differs on the line
        source = _padded(ex.source)
        change = {} if ex.hypothesis.tokens == ex.source else _difference(source, _padded(ex.hypothesis.tokens))
        for ref in refs:
            if ref != ex.source:
                for seq, n in _difference(source, _padded(ref)).items():
                    if seq not in change:
                        direction[seq] += n
        if change:
            changes.append(LineChange(tuple(sorted(change.items())), refs))
    return SwapTally(len(examples), {k: v for k, v in direction.items() if v}, tuple(references), tuple(changes))
