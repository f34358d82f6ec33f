"""A cheap check that catches a swapped ``--source``/``--hyp`` before anything is scored.

Which of two texts is the source cannot be read from how close each is to the references: a good
system is closer to them than its source (on CoNLL-2014 the source equals a reference on 411 lines,
BERT-fuse on 486), a weak one farther (CUUI on 294), so any "closer to the references" rule cries
wolf on one kind of system and stays silent on the swap of the other. What does not depend on the
system is the *direction* of correction. On the lines the system left unchanged the source and
the hypothesis are the same text, so the references' corrections there are the same whichever
file is which: they say, word by word, what annotators add (``the``, ``,``, ``to``) and what
they remove. A system's changes, right or wrong, go mostly the same way (it inserts the articles
and commas learners leave out); the same changes read backwards — the source and hypothesis
swapped — go against it. The check counts, on the changed lines, the word changes that go with
the references' direction and those that go against it (case folded; a word annotators add as
often as they remove says nothing) and warns only when "against" wins by at least
:data:`Z_WARN` standard deviations (a sign test, normal approximation).

Measured on every system output in ``../shared`` and on the swapped copy of each
(``docs/inputs.md``, "A swapped source and hypothesis"): no false alarm; it fires on the swap of
each system whose changes clearly follow the references and stays silent — never wrong — on the
swap of a system that changes little or as often against the references as with them (a
swapped copy of such a system is indistinguishable from a real one without a language model).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gecscope.types import Example

#: how many standard deviations "against the references" must win by before the warning
Z_WARN = 4.0


def _merged(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return {k: v for k, v in out.items() if v}


@dataclass(frozen=True)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    ``direction``: for each (case-folded) word, how many more times the references add it than
    remove it on the lines where the hypothesis equals the source; ``change``: for each word,
    how many more times the hypothesis has it than the source, summed over the changed lines
    (a word added on one line and removed on another counts on both sides: ``added``/``removed``).

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    changed: int = 0
    direction: Mapping[str, int] = field(default_factory=dict)
    added: Mapping[str, int] = field(default_factory=dict)
    removed: Mapping[str, int] = field(default_factory=dict)

    def __add__(self, other: SwapTally) -> SwapTally:
        return SwapTally(
            self.lines + other.lines,
            self.changed + other.changed,
            _merged(self.direction, other.direction),
            _merged(self.added, other.added),
            _merged(self.removed, other.removed),
        )

    def votes(self) -> tuple[int, int]:
        """(word changes that go the references' way, word changes against it)."""
        along = against = 0
        for changes, sign in ((self.added, 1), (self.removed, -1)):
            for word, count in changes.items():
                bias = self.direction.get(word, 0)
                if bias:
                    if (bias > 0) == (sign > 0):
                        along += count
                    else:
                        against += count
        return along, against

    def z(self) -> float:
        """How many standard deviations the changes go with the references' direction (< 0:
        against it); 0 without evidence."""
        along, against = self.votes()
        return (along - against) / math.sqrt(along + against) if along + against else 0.0

    def warning(self) -> str | None:
        """The one-line warning when the source and hypothesis look swapped, else ``None``."""
        along, against = self.votes()
        if self.z() > -Z_WARN:
            return None
        return (
            f"on the {self.changed} of {self.lines} lines where they differ, the hypothesis undoes the "
            f"references' corrections ({against} word changes against them, {along} with them): "
            "are --source and --hyp swapped?"
        )


def _folded(tokens: Iterable[str]) -> tuple[str, ...]:
    return tuple(t.casefold() for t in tokens)


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`)."""
    direction: Counter[str] = Counter()
    added: Counter[str] = Counter()
    removed: Counter[str] = Counter()
    changed = 0
    for ex in examples:
        folded = _folded(ex.source)
        source = Counter(folded)
        if _folded(ex.hypothesis.tokens) == folded:
            for ref in ex.references:
                direction.update(_folded(ref.tokens))
                direction.subtract(source)
            continue
        changed += 1
        hypothesis = Counter(_folded(ex.hypothesis.tokens))
        added.update(hypothesis - source)
        removed.update(source - hypothesis)
    return SwapTally(
        len(examples),
        changed,
        {k: v for k, v in direction.items() if v},
        dict(added),
        dict(removed),
    )
