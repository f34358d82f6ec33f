"""The persistent alignment cache: the edits of each (source, target) pair, on disk.

Keys digest the aligner's signature (aligner, errant, spaCy and model versions, merging rules)
with the two token sequences, so a cache written by another version is never read. A stored
value is used only if it is well formed and its edits rebuild the target from the source
(anything else is a miss and is recomputed), so a damaged cache can cost time but never a score.

Edits are stored compactly as JSON ``[[start, end, type, token, ...], ...]``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from gecscope.align.aligner import Aligner, Wrapper
from gecscope.align.settings import Origin
from gecscope.cache import ValueCache, cache_key, open_cache
from gecscope.types import Edit, Tokens, apply_edits

KIND = "align"


def encode_edits(edits: Sequence[Edit]) -> list[list[Any]]:
    """The compact JSON form of ``edits``.

    >>> encode_edits((Edit(1, 2, ("B", "b"), "R:NOUN"),))
    [[1, 2, 'R:NOUN', 'B', 'b']]
    """
    return [[e.start, e.end, e.type, *e.correction] for e in edits]


def well_formed(value: Any) -> bool:
    """Whether ``value`` looks like :func:`encode_edits` output."""
    return isinstance(value, list) and all(
        isinstance(row, list)
        and len(row) >= 3
        and all(type(x) is int and x >= 0 for x in row[:2])
        and row[0] <= row[1]
        and all(isinstance(x, str) for x in row[2:])
        for row in value
    )


def decode_edits(value: Any, source: Tokens, target: Tokens) -> tuple[Edit, ...] | None:
    """The edits of a stored value, or None unless they turn ``source`` into ``target``.

    >>> decode_edits([[1, 2, "R:NOUN", "B"]], ("a", "b"), ("a", "B"))
    (Edit(start=1, end=2, correction=('B',), type='R:NOUN'),)
    >>> decode_edits([[1, 2, "R:NOUN", "C"]], ("a", "b"), ("a", "B")) is None
    True
    """
    if not well_formed(value):
        return None
    edits = tuple(Edit(row[0], row[1], tuple(row[3:]), row[2]) for row in value)
    try:
        ok = apply_edits(source, edits) == target
    except ValueError:
        return None
    return edits if ok else None


def pair_key(signature: str, source: Tokens, target: Tokens, kind: str = "edits") -> str:
    return cache_key(kind, signature, "\n".join(source), "\n".join(target))


class CachedAligner(Wrapper):
    """Wraps an aligner: pairs seen before (same signature) come from the cache, the rest from
    the aligner (which then need not even load its model). The declared members are the inner
    aligner's."""

    inner: Aligner

    def __init__(self, inner: Aligner, cache: ValueCache) -> None:
        self.inner = inner
        self.cache = cache
        self.name = inner.name
        self.computed = 0
        self.rejected = 0
        #: where the examples come from (names the file and line in alignment errors)
        self.origin: Origin | None = None

    @property
    def signature(self) -> str:
        return self.inner.signature

    @property
    def tokenisation(self) -> Mapping[str, str]:  # type: ignore[override]  # the inner aligner's, read-only
        return self.inner.tokenisation

    @property
    def max_tokens(self) -> int:
        return self.inner.max_tokens

    @property
    def max_cells(self) -> int:
        return self.inner.max_cells

    @max_cells.setter
    def max_cells(self, value: int) -> None:
        self.inner.max_cells = value

    def keep_workers(self) -> AbstractContextManager[Any]:
        return self.inner.keep_workers()

    def _through_cache(
        self,
        kind: str,
        pairs: Sequence[tuple[Tokens, Tokens]],
        decode: Callable[[Any, Tokens, Tokens], Any],
        compute: Callable[[list[tuple[Tokens, Tokens]]], Sequence[Any]],
        encode: Callable[[Any], Any],
    ) -> list[Any]:
        """The value of each pair: stored under ``kind`` and decoded (None: a miss), or computed
        for every miss at once and stored."""
        keys = [pair_key(self.signature, s, t, kind) for s, t in pairs]
        stored = self.cache.get_many(keys)
        out = [decode(stored[key], s, t) if key in stored else None for key, (s, t) in zip(keys, pairs, strict=True)]
        self.rejected += sum(key in stored and found is None for key, found in zip(keys, out, strict=True))
        todo = [i for i, found in enumerate(out) if found is None]
        if todo:
            fresh = compute([pairs[i] for i in todo])
            self.computed += len(todo)
            for i, found in zip(todo, fresh, strict=True):
                out[i] = found
            self.cache.put_many({keys[i]: encode(found) for i, found in zip(todo, fresh, strict=True)})
        return out

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return self._through_cache("edits", pairs, decode_edits, self.inner.edits_batch, encode_edits)


class CachedAlternatives(CachedAligner):
    """Wraps an aligner that finds every cheapest alignment of a pair (ChERRANT's ``-s all``):
    the whole list is stored, each alternative checked like a single alignment."""

    alternatives = True

    def alignments_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[list[tuple[Edit, ...]]]:
        compute = self.inner.alignments_batch
        return self._through_cache("alternatives", pairs, decode_alternatives, compute, _encode_alternatives)

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        return [found[0] for found in self.alignments_batch(pairs)]


def _encode_alternatives(found: list[tuple[Edit, ...]]) -> list[list[list[Any]]]:
    return [encode_edits(edits) for edits in found]


def decode_alternatives(value: Any, source: Tokens, target: Tokens) -> list[tuple[Edit, ...]] | None:
    """The alternatives of a stored value, or None unless there is at least one and each
    turns ``source`` into ``target``.

    >>> decode_alternatives([[[0, 1, "S", "b"]], [[0, 1, "R", "b"]]], ("a",), ("b",))[1]
    (Edit(start=0, end=1, correction=('b',), type='R'),)
    >>> decode_alternatives([], ("a",), ("b",)) is None
    True
    """
    if not isinstance(value, list) or not value:
        return None
    out = []
    for alt in value:
        edits = decode_edits(alt, source, target)
        if edits is None:
            return None
        out.append(edits)
    return out


def cached(inner: Aligner, cache_dir: str | None = None, enabled: bool = True) -> CachedAligner:
    """``inner`` behind the alignment cache file ``<cache_dir>/align.sqlite`` (with its list of
    alternative alignments when it declares ``alternatives``)."""
    # the cache checks the cheap part; decode_edits checks the rest (and rebuilds the target)
    store = open_cache(KIND, cache_dir, enabled, validate=lambda v: isinstance(v, list))
    if inner.alternatives:
        return CachedAlternatives(inner, store)
    return CachedAligner(inner, store)
