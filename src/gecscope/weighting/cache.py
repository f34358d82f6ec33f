"""The model-output cache (:mod:`gecscope.cache`, shared with the aligner; re-exported here) and
the read-through lookup of the model weightings."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from gecscope.cache import VALIDATORS, ValueCache, cache_key, default_cache_dir, open_cache

T = TypeVar("T")


def read_through(
    cache: ValueCache, items: Mapping[str, T], compute: Callable[[list[T]], Sequence[Any]]
) -> dict[str, Any]:
    """The value of every item by its key: cached values are read, the others computed in one
    call (in key order) and cached."""
    known = cache.get_many(list(items))
    todo = [k for k in items if k not in known]
    if todo:
        fresh = dict(zip(todo, compute([items[k] for k in todo]), strict=True))
        cache.put_many(fresh)
        known.update(fresh)
    return known


__all__ = ["VALIDATORS", "ValueCache", "cache_key", "default_cache_dir", "open_cache", "read_through"]
