"""The swap check's verdict (:mod:`gecscope.io.sanity`), kept by the content it reads.

The check tallies the first :data:`LINES` lines of text input; on CoNLL-2014
that is a ninth of a GREEN run (190 M of 1,750 M instructions). Its verdict, the warning or none, is kept
in ``<cache dir>/swapcheck.sqlite`` (where ``--cache-dir``/``--no-cache``/``$GECSCOPE_CACHE`` put
the alignment cache) under a digest of exactly what the check reads: each line's source,
hypothesis and reference tokens, :data:`LINES`, :data:`SWAP_CHECK_VERSION` and the source of
the check's two modules, its settings included (a change to the check is a miss), read as files:
a run whose verdict is kept does not import the check. A run that reads the same lines
again says the same warning without tallying; a value that fails validation, or a corrupt file,
is a miss (:mod:`gecscope.cache`). Fewer than :data:`CACHED_FROM` lines are checked, not looked up.
"""

from __future__ import annotations

import hashlib
import json
from array import array
from collections.abc import Sequence
from operator import attrgetter
from pathlib import Path
from typing import Any

from gecscope.types import Example

#: bump when the check's verdict changes for the same lines (its modules' source is keyed too)
SWAP_CHECK_VERSION = "1"
#: the lines the check reads, the first ones of the input: ample evidence (the test sets measured
#: have 16 to 1,488 changed lines), and its memory (about 1.5 kB a line held, 11 kB while counting)
#: stays bounded however long the input a run streams
LINES = 5000
#: the cache file's kind: ``<cache dir>/swapcheck.sqlite``
KIND = "swapcheck"
#: the fewest lines whose verdict is kept: below them the check costs less than the cache (its
#: SQLite module, file and digest: 4-5 ms; the check, about 0.05 ms a line on CoNLL-2014)
CACHED_FROM = 250
#: what joins the tokens of a text, and the texts, into the digested text
SEPARATOR, TEXTS = "\x1f", "\x1e"
#: the check's modules, whose source is keyed
CHECK = ("sanity.py", "sequence_counts.py")


def _valid(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"warning"} and isinstance(value["warning"], str | None)


def _check_identity() -> str:
    """The check's version, :data:`LINES` and code (its two modules' source, read as files, so
    that a kept verdict costs no import of the check)."""
    h = hashlib.sha1(repr((SWAP_CHECK_VERSION, LINES)).encode("utf-8"))
    folder = Path(__file__).resolve().parent.parent / "io"
    for name in CHECK:
        try:
            h.update((folder / name).read_bytes())
        except OSError:  # no source beside the bytecode: the version alone
            h.update(name.encode("utf-8"))
    return h.hexdigest()


def verdict_key(parts: Sequence[Sequence[Example]]) -> str:
    """The digest of what the check reads in ``parts`` (consecutive lines) and of the check: each
    line's number of references, each text's number of tokens, and the texts (tokens joined by
    :data:`SEPARATOR`, texts by :data:`TEXTS`; written out as JSON where a token holds either, so
    that no two inputs share a digest)."""
    tokens_of = attrgetter("tokens")
    shape = array("q", (len(ex.references) for part in parts for ex in part))
    texts = [
        t for part in parts for ex in part for t in (ex.source, ex.hypothesis.tokens, *map(tokens_of, ex.references))
    ]
    sizes = array("q", map(len, texts))
    joined = TEXTS.join(map(SEPARATOR.join, texts))
    inside = sum(sizes) - (len(sizes) - sizes.count(0))  # the separators between a text's tokens
    if joined.count(SEPARATOR) != inside or joined.count(TEXTS) != max(len(texts) - 1, 0):  # a token holds one
        blob, how = json.dumps(texts).encode("ascii"), b"json"
    else:
        blob, how = joined.encode("utf-8", "surrogatepass"), b"joined"
    h = hashlib.sha1(_check_identity().encode("ascii"))
    for data in (how, shape.tobytes(), sizes.tobytes(), blob):
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def swap_warning(parts: Sequence[Sequence[Example]], cache_dir: str | None = None, cache: bool = True) -> str | None:
    """The swap check's warning on ``parts`` (the first lines of a system, shard by shard), from
    the verdict cache when it holds them (from :data:`CACHED_FROM` lines on); ``cache=False``
    computes it (neither digest nor cache)."""
    if not cache or sum(map(len, parts)) < CACHED_FROM:  # nothing to keep, or cheaper than the look-up
        return _checked(parts)
    from gecscope.cache import open_cache

    key = verdict_key(parts)
    store = open_cache(KIND, cache_dir, cache, validate=_valid)
    try:
        found = store.get_many([key])
        if key in found:
            warning: str | None = found[key]["warning"]
            return warning
        warning = _checked(parts)
        store.put_many({key: {"warning": warning}})
        return warning
    finally:
        store.close()


def _checked(parts: Sequence[Sequence[Example]]) -> str | None:
    """The check's warning on ``parts``, computed (its module is loaded only here)."""
    from gecscope.io.sanity import swap_tally, total

    return total([swap_tally(part) for part in parts]).warning()
