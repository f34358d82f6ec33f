"""Cheap checks that catch a swapped ``--source``/``--hyp`` before anything is scored.

References are corrections of the *source*: wherever the source needs no correction a reference
repeats it, so the source equals some reference on more lines than any system output does (on
CoNLL-2014: 411 lines for the source, 191-406 for the 12 systems). When the "hypothesis" equals a
reference on clearly more lines than the "source" does — and is not itself a reference — the two
files are most likely swapped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.types import Example


@dataclass(frozen=True)
class SwapTally:
    """What the swap warning counts; tallies of consecutive parts of a corpus add up to the
    tally of the whole (so a corpus read shard by shard gets the whole corpus's warning).

    >>> from gecscope.types import Target
    >>> ex = Example(("a",), Target(("b",)), (Target(("b",)),), "0")
    >>> swap_tally([ex] * 3) + swap_tally([ex]) == swap_tally([ex] * 4)
    True
    """

    lines: int = 0
    source_hits: int = 0
    hypothesis_hits: int = 0
    #: every line has at least one reference
    referenced: bool = True

    def __add__(self, other: SwapTally) -> SwapTally:
        return SwapTally(
            self.lines + other.lines,
            self.source_hits + other.source_hits,
            self.hypothesis_hits + other.hypothesis_hits,
            self.referenced and other.referenced,
        )

    def warning(self) -> str | None:
        """The one-line warning when the source and hypothesis look swapped, else ``None``."""
        n, src_hits, hyp_hits = self.lines, self.source_hits, self.hypothesis_hits
        if self.referenced and hyp_hits - src_hits >= max(3, 0.01 * n) and hyp_hits < 0.9 * n:  # hits <= n
            return (
                f"the hypothesis equals a reference on {hyp_hits} of {n} lines but the source only on {src_hits}: "
                "are --source and --hyp swapped?"
            )
        return None


def swap_tally(examples: Sequence[Example]) -> SwapTally:
    """The counts behind the swap warning for ``examples`` (:meth:`SwapTally.warning`)."""
    return SwapTally(
        len(examples),
        sum(any(r.tokens == e.source for r in e.references) for e in examples),
        sum(any(r.tokens == e.hypothesis.tokens for r in e.references) for e in examples),
        all(e.references for e in examples),
    )
