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
from operator import attrgetter
from typing import Any

from gecscope.io.sequence_counts import (
    END,
    JOIN,
    START,
    all_sequences,
    codes,
    occurrence_rows,
    packable,
    padded,
    ranges,
    shared_ends,
    spelt,
    word_ids,
)
from gecscope.types import Example

#: how many standard deviations the two signals together must say "swapped" before the warning
Z_WARN = 3.0
#: how many standard deviations each signal alone must say "swapped" (neither may be mere noise)
Z_EACH = 1.0
#: the word sequences read: single words, pairs and triples
ORDERS = (1, 2, 3)
#: random exchanges of source and hypothesis that measure the spread of the direction votes
FLIPS = 64


def sequences(tokens: Sequence[str]) -> Counter[str]:
    """The case-folded word sequences of :data:`ORDERS` (1 to 3 words) in ``tokens``, longer ones
    with the line's start and end, with their counts.

    >>> seqs = sequences(["A", "cat"])
    >>> seqs["a"], seqs["a\x1fcat"], len(seqs)  # 2 words, 3 pairs, 2 triples
    (1, 1, 7)
    """
    words = padded(tokens)
    return Counter(_window(words, 1, len(words) - 1))


def _window(padded: list[str], lo: int, hi: int) -> list[str]:
    """The sequences of ``padded`` that hold a word of ``padded[lo:hi]`` or, when that is empty,
    span its place (``1 <= lo <= hi < len(padded)``: the start and end markers are no words)."""
    first = max(lo - 2, 0)
    return [
        *padded[lo:hi],
        *map(JOIN.join, zip(padded[lo - 1 : hi], padded[lo:], strict=False)),
        *map(JOIN.join, zip(padded[first:hi], padded[first + 1 :], padded[first + 2 :], strict=False)),
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
    a, b = padded(before), padded(after)
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
        return dict(zip(spelt(self.counts.words, rows[:, :3]), rows[:, 3].tolist(), strict=True))

    @functools.cached_property
    def changes(self) -> tuple[LineChange, ...]:
        """The lines where the two files differ, in order."""
        if self.counts is None:
            return ()
        rows = self.counts.change
        lines: dict[int, list[tuple[str, int]]] = {}
        seqs = spelt(self.counts.words, rows[:, 1:4])
        for line, seq, n in zip(rows[:, 0].tolist(), seqs, rows[:, 4].tolist(), strict=True):
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
        margins = self._margins(FLIPS)
        spread = math.sqrt(sum(m**2 for m in margins[1:]) / FLIPS)
        return margins[0] / spread if spread else 0.0

    def direction_margin(self) -> float:
        """The votes of the changed word sequences with the references' direction minus those
        against it, over the square root of their number: :meth:`direction_z` is this over its
        spread under random exchanges, so it has its sign (0 without evidence); no exchange is
        drawn (nor ``numpy.random`` imported)."""
        return self._margins(0)[0]

    def _margins(self, flips: int) -> list[float]:
        """The direction votes' margin in the order given, then under ``flips`` random exchanges
        of source and hypothesis on lines chosen at random (a fixed seed); ``[0.0]`` without
        evidence."""
        import numpy as np

        if self.counts is None or not len(self.counts.change) or not len(self.counts.direction):
            return [0.0]
        rows, direction = self.counts.change, self.counts.direction
        packed = codes(np.concatenate([direction[:, :3], rows[:, 1:4]]), len(self.counts.words))
        known, wanted = packed[: len(direction)], packed[len(direction) :]  # known: sorted
        order = np.argsort(wanted)  # the changes' rows by sequence
        new = np.r_[True, wanted[order][1:] != wanted[order][:-1]]
        seqs = wanted[order][new]
        at = np.minimum(np.searchsorted(known, seqs), len(known) - 1)
        voting_seqs = known[at] == seqs  # the changed sequences that have a direction
        if not voting_seqs.any():
            return [0.0]
        kept = voting_seqs[np.cumsum(new) - 1]
        entries, firsts = order[kept], np.flatnonzero(new[kept])
        lines = rows[:, 0]
        n_lines = self.changed
        line_of = np.cumsum(np.r_[0, lines[1:] != lines[:-1]])[entries]  # each row's changed line
        # the real order (all +1) and the random exchanges: each sequence's sums under each
        signs = np.ones((1, n_lines), dtype=np.int32)
        if flips:
            drawn = np.random.default_rng(0).integers(0, 2, size=(flips, n_lines)) * 2 - 1
            signs = np.vstack([signs, drawn.astype(np.int32)])
        running = np.zeros((flips + 1, len(entries) + 1), dtype=np.int32)
        np.cumsum(signs[:, line_of] * rows[entries, 4].astype(np.int32), axis=1, out=running[:, 1:])
        sums = running[:, np.r_[firsts[1:], len(entries)]] - running[:, firsts]  # each sequence's
        votes = np.sign(sums) * np.sign(direction[at[voting_seqs], 3])
        voting = np.count_nonzero(votes, axis=1)
        margins = [
            float(v / math.sqrt(n)) if n else 0.0
            for v, n in zip(votes.sum(axis=1).tolist(), voting.tolist(), strict=True)
        ]
        return margins

    def fluency_z(self) -> float:
        """How many standard deviations more lines have their unwritten word sequences (ones no
        other line's references write) on the source's side than on the hypothesis's (< 0: the
        other way round); 0 without evidence. Every line's references are read as word ids, their
        sequences counted once a line."""
        import numpy as np

        if self.counts is None or not len(self.counts.change):
            return 0.0
        rows, lines = self.counts.change, len(self.references)
        texts = [ref for refs in self.references for ref in refs]
        words, ref_rows, owner = self.counts.words, np.zeros((0, 3), dtype=np.int64), np.zeros(0, dtype=np.int64)
        if texts:
            words, ids, starts = word_ids(texts, words)
            ref_rows, text_of = all_sequences(ids, starts)
            owner = np.repeat(np.arange(lines), [len(refs) for refs in self.references])[text_of]
        seq = codes(np.concatenate([ref_rows, rows[:, 1:4]]), len(words))
        if not packable(len(words), lines):  # a sequence and its line as one integer: by rank
            seq = np.unique(seq, return_inverse=True)[1].reshape(-1)
        written_in = np.sort(seq[: len(ref_rows)] * lines + owner)  # (sequence, line), once each
        written_in = written_in[np.r_[True, written_in[1:] != written_in[:-1]]] if len(written_in) else written_in
        wanted = seq[len(ref_rows) :]
        written = np.searchsorted(written_in, (wanted + 1) * lines) - np.searchsorted(written_in, wanted * lines)
        at = np.searchsorted(written_in, wanted * lines + rows[:, 0])
        own = written_in[np.minimum(at, len(written_in) - 1)] == wanted * lines + rows[:, 0] if len(written_in) else 0
        unwritten = written - own <= 0
        changed = np.cumsum(np.r_[0, rows[1:, 0] != rows[:-1, 0]])  # each row's changed line
        balance = np.bincount(changed, weights=np.where(unwritten, rows[:, 4], 0))
        along, against = int((balance < 0).sum()), int((balance > 0).sum())
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
        direction's spread is measured only when its votes go against the references
        (:meth:`direction_margin`), the fluency looked up only when the direction alone says
        "swapped" (>= :data:`Z_EACH`)."""
        if self.direction_margin() >= 0:  # with the references' direction: no spread to measure
            return None
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
    before = 0  # the lines before the first counted part: its line numbers shift by them
    for part in parts:
        if part.counts is not None:
            break
        before += part.lines
    if not counted or (len(counted) == 1 and not before):
        return SwapTally(lines, references, counted[0].counts if counted else None)
    import numpy as np

    vocabulary = {START: 0, END: 1}
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
    unique, first, inverse = np.unique(codes(direction[:, :3], len(vocabulary)), return_index=True, return_inverse=True)
    sums = np.bincount(inverse.reshape(-1), weights=direction[:, 3], minlength=len(unique)).astype(np.int64)
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
    words, ids, starts = word_ids(texts)
    kind = np.array(kinds)
    other_of = np.flatnonzero(kind)  # a pair of texts: each text but a source, with its line's source
    source_of = np.maximum.accumulate(np.where(kind == 0, np.arange(len(kind)), 0))[other_of]
    line, is_hyp = np.array(text_lines)[other_of], kind[other_of] == 2
    ends = np.append(starts[1:], len(ids))
    head, tail = shared_ends(ids, starts, ends, source_of, other_of)
    pieces = []
    for text, plus in ((source_of, 0), (other_of, 1)):  # the source's sequences count -1, the other's +1
        for n in ORDERS:
            lo = np.maximum(starts[text] + head - (n - 1), starts[text])
            at, of = ranges(lo, np.minimum(ends[text] - tail, ends[text] - n + 1))
            pieces.append((at, n, of, plus))
    counted = occurrence_rows(ids, pieces, line * 4 + is_hyp * 2, len(words))
    return SwapTally(len(examples), tuple(references), _Counts(words, *counted) if counted else None)
