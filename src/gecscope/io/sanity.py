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
    words = _JOIN.join(tokens).casefold().split(_JOIN) if tokens else []
    padded = [_START, *words, _END]
    out = Counter(words)
    out.update(map(_JOIN.join, pairwise(padded)))
    out.update(map(_JOIN.join, zip(padded, padded[1:], padded[2:], strict=False)))
    return out


@dataclass(frozen=True)
class LineChange:
    """One line where the hypothesis differs from the source: ``change``, each word sequence whose
    count differs (hypothesis minus source); ``own``, those of them its own references have."""

    change: tuple[tuple[str, int], ...]
    own: frozenset[str]


@dataclass(frozen=True)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    ``direction``: for each word sequence, how many more times the references have it than the
    source, counted on the lines where the hypothesis has it as often as the source (the same
    count whichever file is the source); ``written``: for each sequence, on how many lines the
    references have it; ``changes``: the lines where the two files differ.

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    direction: Mapping[str, int] = field(default_factory=dict)
    written: Mapping[str, int] = field(default_factory=dict)
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

        def margin(signs: np.ndarray) -> float:
            votes = np.sign(np.bincount(col_of, weights=delta_of * signs[row_of], minlength=len(index))) * way
            voting = np.count_nonzero(votes)
            return float(votes.sum() / math.sqrt(voting)) if voting else 0.0

        real = margin(np.ones(len(self.changes)))
        flips = np.random.default_rng(0).integers(0, 2, size=(FLIPS, len(self.changes))) * 2 - 1
        spread = math.sqrt(sum(margin(f) ** 2 for f in flips) / FLIPS)
        return real / spread if spread else 0.0

    def fluency_z(self) -> float:
        """How many standard deviations more lines have their unwritten word sequences (ones no
        other line's references write) on the source's side than on the hypothesis's (< 0: the
        other way round); 0 without evidence."""
        along = against = 0
        for line in self.changes:
            balance = 0
            for seq, delta in line.change:
                if self.written.get(seq, 0) - (seq in line.own) <= 0:
                    balance += delta
            along += balance < 0
            against += balance > 0
        return (along - against) / math.sqrt(along + against) if along + against else 0.0

    def z(self) -> float:
        """The two signals together, ``(direction + fluency) / sqrt 2``, when each says the same
        beyond :data:`Z_EACH`; 0 when either is weaker or they disagree (< 0: swapped)."""
        if not self.changes or not self.written:
            return 0.0
        direction = self.direction_z()
        fluency = self.fluency_z()
        if min(direction, fluency) >= Z_EACH or max(direction, fluency) <= -Z_EACH:
            return (direction + fluency) / math.sqrt(2)
        return 0.0

    def warning(self) -> str | None:
        """The one-line warning when the source and hypothesis look swapped, else ``None``."""
        together = self.z()
        if together > -Z_WARN:
            return None
        return (
            f"on the {self.changed} of {self.lines} lines where they differ, the hypothesis reads as the "
            f"source: its changes go against the references' corrections (direction z = {self.direction_z():.1f}) "
            f"and the wording only it has is missing from the other lines' references more often than the "
            f"source's (fluency z = {self.fluency_z():.1f}): are --source and --hyp swapped?"
        )


def total(tallies: Iterable[SwapTally]) -> SwapTally:
    """The tally of consecutive parts of a corpus, merged in one pass (``sum`` would copy the
    growing tally once per part)."""
    parts = list(tallies)
    return SwapTally(
        sum(t.lines for t in parts),
        _merged(*(t.direction for t in parts)),
        _merged(*(t.written for t in parts)),
        tuple(line for t in parts for line in t.changes),
    )


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`)."""
    direction: Counter[str] = Counter()
    written: Counter[str] = Counter()
    changes: list[LineChange] = []
    for ex in examples:
        source = sequences(ex.source)
        same = ex.hypothesis.tokens == ex.source
        hypothesis = source if same else sequences(ex.hypothesis.tokens)
        seen: set[str] = set()
        for ref in {ref.tokens for ref in ex.references}:
            if ref == ex.source:  # no change to read, and the source's own sequences
                seen.update(source)
                continue
            counts = sequences(ref)
            seen.update(counts)
            for seq, n in counts.items() - source.items():  # (item views: set operations in C)
                m = source.get(seq, 0)
                if m == hypothesis.get(seq, 0):
                    direction[seq] += n - m
            for seq, m in source.items() - counts.items():
                if seq not in counts and m == hypothesis.get(seq, 0):
                    direction[seq] -= m
        written.update(seen)
        if not same and hypothesis != source:
            change = {seq: n - source.get(seq, 0) for seq, n in hypothesis.items() - source.items()}
            change.update((seq, -m) for seq, m in source.items() - hypothesis.items() if seq not in hypothesis)
            changes.append(LineChange(tuple(sorted(change.items())), frozenset(seq for seq in change if seq in seen)))
    return SwapTally(
        len(examples),
        {k: v for k, v in direction.items() if v},
        dict(written),
        tuple(changes),
    )
