"""A persistent, content-keyed cache of model outputs (one SQLite file per kind of output).

Keys are SHA-1 digests of the parts that determine a value (model id, layer or decoding settings,
texts), so a re-run with the same model on the same texts costs no model call. ``path=None`` keeps
the cache in memory only. The default directory is ``$GECSCOPE_CACHE`` or ``~/.cache/gecscope``.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any


def default_cache_dir() -> Path:
    env = os.environ.get("GECSCOPE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "gecscope"


def cache_key(*parts: str) -> str:
    """A stable digest of ``parts`` (separated so that ("ab", "c") != ("a", "bc"))."""
    h = hashlib.sha1()
    for part in parts:
        data = part.encode("utf-8")
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


class ValueCache:
    """``key -> JSON value`` with an in-memory layer over an optional SQLite file.

    >>> c = ValueCache(None)
    >>> c.put_many({cache_key("m", "a"): 0.5})
    >>> list(c.get_many([cache_key("m", "a"), cache_key("m", "b")]).values())
    [0.5]
    """

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.memory: dict[str, Any] = {}
        self.hits = 0
        self.misses = 0
        self._db: sqlite3.Connection | None = None
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(str(path), check_same_thread=False)
            self._db.execute("CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)")
            self._db.commit()

    def get_many(self, keys: Sequence[str]) -> dict[str, Any]:
        """The cached values among ``keys`` (counted as hits; the rest as misses)."""
        found = {k: self.memory[k] for k in keys if k in self.memory}
        rest = [k for k in dict.fromkeys(keys) if k not in found]
        if self._db is not None and rest:
            for i in range(0, len(rest), 500):
                part = rest[i : i + 500]
                marks = ",".join("?" * len(part))
                for k, v in self._db.execute(f"SELECT k, v FROM kv WHERE k IN ({marks})", part):
                    found[k] = self.memory[k] = json.loads(v)
        unique = set(keys)
        self.hits += len(unique & found.keys())
        self.misses += len(unique - found.keys())
        return found

    def put_many(self, items: dict[str, Any] | Iterable[tuple[str, Any]]) -> None:
        pairs = list(items.items()) if isinstance(items, dict) else list(items)
        for k, v in pairs:
            self.memory[k] = v
        if self._db is not None and pairs:
            rows = [(k, json.dumps(v)) for k, v in pairs]
            self._db.executemany("INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)", rows)
            self._db.commit()

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None


def open_cache(kind: str, cache_dir: str | Path | None, enabled: bool = True) -> ValueCache:
    """The cache file ``<dir>/<kind>.sqlite`` (memory only when disabled)."""
    if not enabled:
        return ValueCache(None)
    base = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return ValueCache(base / f"{kind}.sqlite")
