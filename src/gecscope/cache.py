"""A persistent, content-keyed cache (one SQLite file per kind of value), shared by the aligner
and the model-backed weightings.

Keys are SHA-1 digests of the parts that determine a value (aligner and model versions, settings,
texts), so a re-run on the same texts costs no parse and no model call. ``path=None`` keeps the
cache in memory only. The default directory is ``$GECSCOPE_CACHE`` or ``~/.cache/gecscope``.

The cache never costs a result: the file runs in WAL mode with a busy timeout (several processes
may write at once); every value read is validated (NaN, out of range, bad JSON count as a miss);
a corrupt file is rebuilt; and an unusable one (a directory in its place, a read-only folder, a
full disk) prints one warning on stderr and the run goes on with the in-memory layer only.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import os
import sqlite3
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

#: seconds a writer waits for another process's transaction before giving up
BUSY_TIMEOUT = 120.0
SCHEMA = "CREATE TABLE IF NOT EXISTS kv (k TEXT PRIMARY KEY, v TEXT NOT NULL)"

Validator = Callable[[Any], bool]


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


def finite(value: Any) -> bool:
    """Whether ``value`` holds no NaN or infinite float anywhere (JSON values).

    >>> finite({"a": [1.0, 2]}), finite([float("nan")])
    (True, False)
    """
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(finite(v) for v in value)
    if isinstance(value, dict):
        return all(finite(v) for v in value.values())
    return True


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _bertscore(value: Any) -> bool:
    return _number(value) and -1.0 - 1e-6 <= value <= 1.0 + 1e-6


def _fluency(value: Any) -> bool:
    return value is None or (_number(value) and value >= 0.0)


def _llm(value: Any) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("text"), str):
        return False
    top = value.get("top")
    if top is None:
        return True
    return isinstance(top, dict) and all(isinstance(k, str) and _number(v) and v <= 0.0 for k, v in top.items())


#: what a value of each known kind must look like to be used
VALIDATORS: dict[str, Validator] = {"bertscore": _bertscore, "fluency": _fluency, "llm": _llm}


class ValueCache:
    """``key -> JSON value`` with an in-memory layer over an optional SQLite file.

    >>> c = ValueCache(None)
    >>> c.put_many({cache_key("m", "a"): 0.5})
    >>> list(c.get_many([cache_key("m", "a"), cache_key("m", "b")]).values())
    [0.5]
    """

    def __init__(self, path: Path | None, validate: Validator | None = None) -> None:
        self.path = path
        self.validate: Validator = validate or finite
        self.memory: dict[str, Any] = {}
        self.hits = 0
        self.misses = 0
        self.rejected = 0
        self.warning: str | None = None
        self._db: sqlite3.Connection | None = None
        self._rebuilt = False
        if path is not None:
            self._open(path)

    # -- the file -------------------------------------------------------------------------
    def _open(self, path: Path) -> None:
        try:
            if self._rebuilt:  # a corrupt file: an empty one in its place
                for suffix in ("", "-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_dir():
                raise OSError("a directory is in the place of the cache file")
            # a file that fails the checks below is closed by _fail
            self._db = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT, check_same_thread=False, isolation_level=None)
            self._db.execute(f"PRAGMA busy_timeout = {int(BUSY_TIMEOUT * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute(SCHEMA)
            columns = [row[1] for row in self._db.execute("PRAGMA table_info(kv)")]
            if columns != ["k", "v"]:
                raise sqlite3.DatabaseError(f"wrong schema (table kv has columns {columns})")
            self._db.execute("SELECT k, v FROM kv LIMIT 1").fetchall()
        except (OSError, sqlite3.Error) as exc:
            self._fail(exc)

    def _fail(self, exc: BaseException) -> None:
        """Replace a corrupt file by an empty one (once); give up on the file for any other error,
        or if that fails."""
        assert self.path is not None
        self.close()
        if self._rebuilt or not _corrupt(exc):
            self._warn(f"cache {self.path} is unusable ({_reason(exc)}); continuing without it")
            return
        self._rebuilt = True
        self._warn(f"cache file {self.path} is corrupt ({_reason(exc)}); rebuilding it")
        self._open(self.path)

    def _warn(self, message: str) -> None:
        if self.warning is None:
            print(f"gecscope: warning: {message}", file=sys.stderr)
            self.warning = message

    # -- values ---------------------------------------------------------------------------
    def _decode(self, text: Any) -> tuple[bool, Any]:
        """Whether ``text`` is JSON of a value its kind may hold, and the value."""
        try:
            value = json.loads(text)
            return bool(self.validate(value)), value
        except (TypeError, ValueError, RecursionError, KeyError, IndexError, AttributeError):
            return False, None

    def get_many(self, keys: Sequence[str]) -> dict[str, Any]:
        """The cached values among ``keys`` (counted as hits; the rest as misses)."""
        found = {k: self.memory[k] for k in keys if k in self.memory}
        rest = [k for k in dict.fromkeys(keys) if k not in found]
        if self._db is not None and rest:
            try:
                for i in range(0, len(rest), 500):
                    part = rest[i : i + 500]
                    marks = ",".join("?" * len(part))
                    for k, v in self._db.execute(f"SELECT k, v FROM kv WHERE k IN ({marks})", part):
                        ok, value = self._decode(v)
                        if ok:
                            found[k] = self.memory[k] = value
                        else:
                            self.rejected += 1
            except sqlite3.Error as exc:
                self._fail(exc)
        unique = set(keys)
        self.hits += len(unique & found.keys())
        self.misses += len(unique - found.keys())
        return found

    def put_many(self, items: dict[str, Any] | Iterable[tuple[str, Any]]) -> None:
        pairs = list(items.items()) if isinstance(items, dict) else list(items)
        self.memory.update(pairs)
        if self._db is None or not pairs:
            return
        rows = [(k, json.dumps(v)) for k, v in pairs]
        for _attempt in range(2):
            if self._db is None:
                return
            try:
                with self._db:
                    self._db.execute("BEGIN IMMEDIATE")
                    self._db.executemany("INSERT OR REPLACE INTO kv (k, v) VALUES (?, ?)", rows)
                return
            except sqlite3.Error as exc:
                self._fail(exc)

    @property
    def enabled(self) -> bool:
        """Whether values reach the file (False: memory only)."""
        return self._db is not None

    @property
    def hit_rate(self) -> float:
        asked = self.hits + self.misses
        return self.hits / asked if asked else 0.0

    def close(self) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None


def _corrupt(exc: BaseException) -> bool:
    """A damaged or foreign file (rebuild it), as opposed to a lock, a full disk, a permission."""
    if not isinstance(exc, sqlite3.DatabaseError):
        return False
    if getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return True
    text = str(exc)
    return any(s in text for s in ("malformed", "not a database", "wrong schema", "no such column", "no such table"))


def _reason(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__


def open_cache(
    kind: str, cache_dir: str | Path | None, enabled: bool = True, validate: Validator | None = None
) -> ValueCache:
    """The cache file ``<dir>/<kind>.sqlite`` (memory only when disabled)."""
    check = validate or VALIDATORS.get(kind)
    if not enabled:
        return ValueCache(None, check)
    base = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return ValueCache(base / f"{kind}.sqlite", check)
