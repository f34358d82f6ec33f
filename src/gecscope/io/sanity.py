"""Cheap checks that catch a swapped ``--source``/``--hyp`` before anything is scored.

References are corrections of the *source*: wherever the source needs no correction a reference
repeats it, so the source equals some reference on more lines than any system output does (on
CoNLL-2014: 411 lines for the source, 191-406 for the 12 systems). When the "hypothesis" equals a
reference on clearly more lines than the "source" does — and is not itself a reference — the two
files are most likely swapped.
"""

from __future__ import annotations

from collections.abc import Sequence

from gecscope.types import Example


def swap_warning(examples: Sequence[Example]) -> str | None:
    """A one-line warning when the source and hypothesis look swapped, else ``None``."""
    n = len(examples)
    if n == 0 or not all(e.references for e in examples):
        return None
    src_hits = sum(any(r.tokens == e.source for r in e.references) for e in examples)
    hyp_hits = sum(any(r.tokens == e.hypothesis.tokens for r in e.references) for e in examples)
    if hyp_hits - src_hits >= max(3, 0.01 * n) and hyp_hits < 0.9 * n:
        return (
            f"the hypothesis equals a reference on {hyp_hits} of {n} lines but the source only on {src_hits}: "
            "are --source and --hyp swapped?"
        )
    return None
