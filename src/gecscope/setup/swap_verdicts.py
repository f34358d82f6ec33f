"""The swap check's verdict (:mod:`gecscope.io.sanity`), kept by the content it reads.

The check tallies the first :data:`~gecscope.io.sanity.LINES` lines of text input; on CoNLL-2014
that is a ninth of a GREEN run (190 M of 1,750 M instructions). Its verdict, the warning or none, is kept
in ``<cache dir>/swapcheck.sqlite`` (where ``--cache-dir``/``--no-cache``/``$GECSCOPE_CACHE`` put
the alignment cache) under a digest of exactly what the check reads: each line's source,
hypothesis and reference tokens, the check's settings, :data:`SWAP_CHECK_VERSION` and the source
of the check's two modules (a change to the check is a miss). A run that reads the same lines
again says the same warning without tallying; a value that fails validation, or a corrupt file,
is a miss (:mod:`gecscope.cache`). Fewer than :data:`CACHED_FROM` lines are checked, not looked up.
"""

from __future__ import annotations

import hashlib
import json
from array import array
from collections.abc import Sequence
from itertools import chain
from operator import attrgetter
from pathlib import Path
from typing import Any

from gecscope.types import Example

#: bump when the check's verdict changes for the same lines (its modules' source is keyed too)
SWAP_CHECK_VERSION = "1"
#: the cache file's kind: ``<cache dir>/swapcheck.sqlite``
KIND = "swapcheck"
#: the fewest lines whose verdict is kept: below them the check costs less than the cache (its
#: SQLite module, file and digest: 4-5 ms; the check, about 0.05 ms a line on CoNLL-2014)
CACHED_FROM = 250
#: what joins the tokens read into the digested text
SEPARATOR = "\x1f"


def _valid(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"warning"} and isinstance(value["warning"], str | None)


def _check_identity() -> str:
    """The check's version, settings and code (its two modules' source)."""
    from gecscope.io import sanity, sequence_counts

    settings = (SWAP_CHECK_VERSION, sanity.LINES, sanity.Z_WARN, sanity.Z_EACH, sanity.ORDERS, sanity.FLIPS)
    h = hashlib.sha1(repr(settings).encode("utf-8"))
    for module in (sanity, sequence_counts):
        try:
            h.update(Path(str(module.__file__)).read_bytes())
        except (OSError, TypeError):  # no source beside the bytecode: the version alone
            h.update(str(module.__name__).encode("utf-8"))
    return h.hexdigest()


def verdict_key(parts: Sequence[Sequence[Example]]) -> str:
    """The digest of what the check reads in ``parts`` (consecutive lines) and of the check: each
    line's number of references, each text's number of tokens, and the tokens joined by
    :data:`SEPARATOR` (written out as JSON where a token holds it, so that no two inputs share a
    digest)."""
    tokens_of = attrgetter("tokens")
    shape = array("q", (len(ex.references) for part in parts for ex in part))
    texts = [
        t for part in parts for ex in part for t in (ex.source, ex.hypothesis.tokens, *map(tokens_of, ex.references))
    ]
    sizes = array("q", map(len, texts))
    blob, how = SEPARATOR.join(chain.from_iterable(texts)).encode("utf-8", "surrogatepass"), b"joined"
    if blob.count(SEPARATOR.encode("ascii")) != max(sum(sizes) - 1, 0):  # a token holds the separator
        blob, how = json.dumps(texts).encode("ascii"), b"json"
    h = hashlib.sha1(_check_identity().encode("ascii"))
    for data in (how, shape.tobytes(), sizes.tobytes(), blob):
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def swap_warning(parts: Sequence[Sequence[Example]], cache_dir: str | None = None, cache: bool = True) -> str | None:
    """The swap check's warning on ``parts`` (the first lines of a system, shard by shard), from
    the verdict cache when it holds them (from :data:`CACHED_FROM` lines on); ``cache=False``
    computes it (neither digest nor cache)."""
    from gecscope.io.sanity import swap_tally, total

    if not cache or sum(map(len, parts)) < CACHED_FROM:  # nothing to keep, or cheaper than the look-up
        return total([swap_tally(part) for part in parts]).warning()
    from gecscope.cache import open_cache

    key = verdict_key(parts)
    store = open_cache(KIND, cache_dir, cache, validate=_valid)
    try:
        found = store.get_many([key])
        if key in found:
            warning: str | None = found[key]["warning"]
            return warning
        warning = total([swap_tally(part) for part in parts]).warning()
        store.put_many({key: {"warning": warning}})
        return warning
    finally:
        store.close()
