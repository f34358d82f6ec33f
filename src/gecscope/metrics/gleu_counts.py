"""Memoised n-gram counts for GLEU: the sources and references that every system shares are
counted once, not once per system (the counts are the same, so are the scores).

>>> memo = CountMemo()
>>> memo(("a", "b", "a"), 1) == ngram_counts(("a", "b", "a"), 1)
True
>>> memo(("a", "b", "a"), 1) is memo(("a", "b", "a"), 1)
True
"""

from __future__ import annotations

from collections import Counter

from gecscope.metrics.gleu import ngram_counts
from gecscope.types import Tokens

#: the memo is emptied when it holds this many counts (bounded memory on huge corpora)
LIMIT = 200_000


class CountMemo:
    """A callable ``(tokens, n) -> Counter`` remembering its answers (callers must not modify them)."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self.memo: dict[tuple[Tokens, int], Counter[Tokens]] = {}

    def __call__(self, tokens: Tokens, n: int) -> Counter[Tokens]:
        key = (tokens, n)
        found = self.memo.get(key)
        if found is None:
            if len(self.memo) >= self.limit:
                self.memo.clear()
            found = self.memo[key] = ngram_counts(tokens, n)
        return found
