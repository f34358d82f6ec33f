"""A cheap check that catches a swapped ``--source``/``--hyp`` before anything is scored.

Which of two texts is the source cannot be read from how close each is to the references: a good
system is closer to them than its source (on CoNLL-2014 the source equals a reference on 411 lines,
BERT-fuse on 486), a weak one farther (CUUI on 294), so any "closer to the references" rule cries
wolf on one kind of system and stays silent on the swap of the other. What does not depend on the
system is the *direction* of correction. Wherever the hypothesis has a word as often as the source
(on every line, the words the system left alone), the references' changes to that word are the
same whichever file is which: they say, word by word, what annotators add (``the``, ``,``, ``to``)
and what they remove. A system's changes, right or wrong, mostly go the same way (it inserts the
articles and commas learners leave out); the same changes read backwards — the source and
hypothesis swapped — go against it. The check takes each word whose count the hypothesis changes
over the whole corpus (case folded) and asks whether it goes with the references' direction for
that word or against it (a word annotators add as often as they remove says nothing); it warns
when "against" wins by at least :data:`Z_WARN` standard deviations (a sign test over the words,
normal approximation). Counting each word once keeps one habit of a system (RAC splitting
``face-to-face`` on every line, a Chinese system joining sentences with ``，``) from outvoting the rest.

Measured on every system output in ``../shared`` and on the swapped copy of each
(``docs/inputs.md``, "A swapped source and hypothesis"): no false alarm; it fires on the swap of
each system whose changes clearly follow the references and stays silent — never wrong — on the
swap of a system that changes little or as often against the references as with them (a swapped
copy of such a system is indistinguishable from a real one without a language model).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from gecscope.types import Example

#: how many standard deviations "against the references" must win by before the warning
Z_WARN = 2.5


def _merged(a: Mapping[str, int], b: Mapping[str, int]) -> dict[str, int]:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) + value
    return {k: v for k, v in out.items() if v}


@dataclass(frozen=True)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    ``direction``: for each (case-folded) word, how many more times the references have it than
    the source, counted on the lines where the hypothesis has it as often as the source (the same
    count whichever file is the source); ``change``: for each word, how many more times the
    hypothesis has it than the source, over the whole corpus.

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    changed: int = 0
    direction: Mapping[str, int] = field(default_factory=dict)
    change: Mapping[str, int] = field(default_factory=dict)

    def __add__(self, other: SwapTally) -> SwapTally:
        return SwapTally(
            self.lines + other.lines,
            self.changed + other.changed,
            _merged(self.direction, other.direction),
            _merged(self.change, other.change),
        )

    def votes(self) -> tuple[int, int]:
        """(words the hypothesis changes the references' way, words it changes against it): each
        word once, by the sign of its change over the corpus."""
        along = against = 0
        for word, change in self.change.items():
            bias = self.direction.get(word, 0)
            if bias and change:
                if (bias > 0) == (change > 0):
                    along += 1
                else:
                    against += 1
        return along, against

    def z(self) -> float:
        """How many standard deviations the changed words go with the references' direction
        (< 0: against it); 0 without evidence."""
        along, against = self.votes()
        return (along - against) / math.sqrt(along + against) if along + against else 0.0

    def warning(self) -> str | None:
        """The one-line warning when the source and hypothesis look swapped, else ``None``."""
        if self.z() > -Z_WARN:
            return None
        along, against = self.votes()
        return (
            f"on the {self.changed} of {self.lines} lines where their words differ, the hypothesis undoes the "
            f"references' corrections ({against} words changed against them, {along} with them): "
            "are --source and --hyp swapped?"
        )


def _folded(tokens: Iterable[str]) -> Counter[str]:
    return Counter(t.casefold() for t in tokens)


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`)."""
    direction: Counter[str] = Counter()
    change: Counter[str] = Counter()
    changed = 0
    for ex in examples:
        source, hypothesis = _folded(ex.source), _folded(ex.hypothesis.tokens)
        if hypothesis != source:
            changed += 1
            change.update(hypothesis)
            change.subtract(source)
        for ref in ex.references:
            counts = _folded(ref.tokens)
            for word in counts.keys() | source.keys():
                if source[word] == hypothesis[word]:
                    direction[word] += counts[word] - source[word]
    return SwapTally(
        len(examples),
        changed,
        {k: v for k, v in direction.items() if v},
        {k: v for k, v in change.items() if v},
    )
