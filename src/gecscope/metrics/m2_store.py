"""The persistent cache of M2's lattice search: the hypothesis edits MaxMatch picks per annotator.

The search (:mod:`gecscope.metrics.maxmatch`) depends on the source, the hypothesis, each
annotator's gold edits and the lattice settings (initialisation, unchanged-word limit,
algorithm and its fast-path threshold, whitespace/casing filter). All of them, and
:data:`VERSION`, go into the key, so a cache written under other settings or by another version
of the search is never read. Values are ``[[[start, end, original, correction], ...], ...]``
(one list per annotator); a malformed value is a miss and is recomputed, so a damaged cache costs
time, never a score. The file is ``<cache dir>/m2lattice.sqlite`` (the SQLite cache of
:mod:`gecscope.cache`, safe with several writers).

>>> from gecscope.metrics.m2 import M2, M2Config
>>> lattice_signature(M2Config())
'gecscope-m2-lattice-2+v3.2+unchanged-2+auto-1500+ws-case-keep'
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gecscope.cache import ValueCache, cache_key, open_cache
from gecscope.metrics.m2 import FAST_PATH_ARCS, M2, M2Config, gold_edits
from gecscope.metrics.m2_types import HypEdit
from gecscope.metrics.maxmatch import GoldEdit
from gecscope.types import Example

KIND = "m2lattice"
#: bump when the lattice search changes its choices
VERSION = "gecscope-m2-lattice-2"
#: pending values are written in one transaction once this many have accumulated
FLUSH_EVERY = 2000

#: the types of a stored edit's ``[start, end, original, correction]``
EDIT_TYPES = [int, int, str, str]
AnnotatorEdits = list[tuple[list[HypEdit], list[GoldEdit]]]


def lattice_signature(config: M2Config) -> str:
    """Everything besides the sentence that changes the search's result."""
    ws = "drop" if config.ignore_whitespace_casing else "keep"
    return (
        f"{VERSION}+{config.edit_lattice}+unchanged-{config.max_unchanged_words}"
        f"+{config.algorithm}-{FAST_PATH_ARCS}+ws-case-{ws}"
    )


def well_formed(value: Any, annotators: int) -> bool:
    """Whether ``value`` holds one list of ``[int, int, str, str]`` edits per annotator.

    >>> well_formed([[[0, 1, "a", "b"]], []], 2), well_formed([[[0, "1", "a", "b"]]], 1)
    (True, False)
    """
    return (
        isinstance(value, list)
        and len(value) == annotators
        and all(
            isinstance(edits, list) and all(isinstance(e, list) and [type(x) for x in e] == EDIT_TYPES for e in edits)
            for edits in value
        )
    )


class LatticeStore:
    """Looks up (and records) the lattice search of :class:`~gecscope.metrics.m2.M2` examples."""

    def __init__(self, cache: ValueCache) -> None:
        self.cache = cache
        self.pending: dict[str, list[list[list[Any]]]] = {}
        self.computed = 0

    def _key(self, signature: str, ex: Example, golds: Sequence[Sequence[GoldEdit]]) -> str:
        source, hypothesis = "\n".join(ex.source), "\n".join(ex.hypothesis.tokens)
        return cache_key("m2-edits", signature, source, hypothesis, json.dumps(golds))

    def prefetch(self, config: M2Config, examples: Sequence[Example]) -> None:
        """Read the stored searches of ``examples`` under ``config`` in a few queries (optional:
        a speed-up)."""
        sig = lattice_signature(config)
        keys = [
            self._key(sig, ex, g)
            for ex in examples
            if ex.hypothesis.tokens != ex.source and (g := gold_edits(ex)) is not None
        ]
        self.cache.get_many(keys)

    def annotator_edits(self, metric: M2, ex: Example) -> AnnotatorEdits:
        """:meth:`M2.annotator_edits`, from the cache when the same search was stored before."""
        golds = gold_edits(ex)
        if golds is None or ex.hypothesis.tokens == ex.source:  # an error (the search raises it), or no search at all
            return metric.search_edits(ex)
        key = self._key(lattice_signature(metric.config), ex, golds)
        stored = self.pending.get(key)
        if stored is None:
            stored = self.cache.get_many([key]).get(key)
        if well_formed(stored, len(golds)):
            assert stored is not None
            return [([(e[0], e[1], e[2], e[3]) for e in edits], g) for edits, g in zip(stored, golds, strict=True)]
        out = metric.search_edits(ex)
        self.computed += 1
        self.pending[key] = [[list(e) for e in edits] for edits, _gold in out]
        if len(self.pending) >= FLUSH_EVERY:
            self.flush()
        return out

    def flush(self) -> None:
        """Write the pending searches (one transaction)."""
        if self.pending:
            self.cache.put_many(self.pending)
            self.pending = {}


def open_store(cache_dir: str | None = None, enabled: bool = True) -> LatticeStore:
    """The store in ``<cache_dir>/m2lattice.sqlite`` (memory only when not ``enabled``)."""
    return LatticeStore(open_cache(KIND, cache_dir, enabled, validate=lambda v: isinstance(v, list)))
