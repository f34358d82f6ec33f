"""The model-output cache: moved to :mod:`gecscope.cache` (shared with the aligner); re-exported here."""

from __future__ import annotations

from gecscope.cache import VALIDATORS, ValueCache, cache_key, default_cache_dir, open_cache

__all__ = ["VALIDATORS", "ValueCache", "cache_key", "default_cache_dir", "open_cache"]
