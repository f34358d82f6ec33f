"""The swap check's verdict (:mod:`gecscope.io.sanity`), kept by the content it reads.

The check tallies the first :data:`LINES` lines of text input; on CoNLL-2014 that is a ninth
of a GREEN run (190 M of 1,750 M instructions). Its verdict, the warning or none, is kept in
``<cache dir>/swapcheck.sqlite`` (where ``--cache-dir``/``--no-cache``/``$GECSCOPE_CACHE`` put the
alignment cache) under a digest of what the check reads: each line's source, hypothesis and
references as read, with how they were tokenised (or, for a text not read from a file, its
tokens), :data:`LINES`, :data:`SWAP_CHECK_VERSION`, gecscope's version and the source of the
check's two modules, its settings included (a change to the check is a miss), read as files: a
run whose verdict is kept does not import the check. A run that reads the same lines again says
the same warning without tallying; a value that fails validation, or a corrupt file, is a miss
(:mod:`gecscope.cache`). Fewer than :data:`CACHED_FROM` lines are checked, not looked up.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Sequence
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
#: what joins the tokens of a text that has no line as read
SEPARATOR = "\x1f"
#: the check's modules, whose source is keyed
CHECK = ("sanity.py", "sequence_counts.py")


def _valid(value: Any) -> bool:
    return isinstance(value, dict) and set(value) == {"warning"} and isinstance(value["warning"], str | None)


def _check_identity() -> str:
    """The check's version, :data:`LINES`, gecscope's version and the check's code (its two
    modules' source, read as files, so that a kept verdict costs no import of the check)."""
    from gecscope.version import __version__

    h = hashlib.sha1(repr((SWAP_CHECK_VERSION, LINES, __version__)).encode("utf-8"))
    folder = Path(__file__).resolve().parent.parent / "io"
    for name in CHECK:
        try:
            h.update((folder / name).read_bytes())
        except OSError:  # no source beside the bytecode: the version alone
            h.update(name.encode("utf-8"))
    return h.hexdigest()


def verdict_key(parts: Sequence[Sequence[Example]], reading: str = "") -> str:
    """The digest of what the check reads in ``parts`` (consecutive lines) and of the check.

    A text read from a file is keyed by its line as read (its tokens are the line's, as
    ``reading`` says: the language, the input format and the tokeniser, with gecscope's version);
    a text without one by its tokens, joined by :data:`SEPARATOR` or, where a token holds it, as
    JSON (each text's kind keyed). With each line's number of references, each text's number of
    tokens and length, no two inputs share a digest, and the digest costs a pass over some 5,000
    strings, not over every token."""
    shape = array("q", (len(ex.references) for part in parts for ex in part))
    raws: list[str | None] = []
    tokens: list[tuple[str, ...]] = []
    for part in parts:
        for ex in part:
            raws.append(ex.source_raw)
            tokens.append(ex.source)
            raws.append(ex.hypothesis.raw)
            tokens.append(ex.hypothesis.tokens)
            for ref in ex.references:
                raws.append(ref.raw)
                tokens.append(ref.tokens)
    kinds, texts = bytearray(len(raws)), list(raws)  # kind 0: the line as read
    for i in (i for i, raw in enumerate(raws) if raw is None):
        kinds[i], texts[i] = _joined(tokens[i])
    sizes, lengths = array("q", map(len, tokens)), array("q", map(len, texts))  # type: ignore[arg-type]
    blob = "".join(texts).encode("utf-8", "surrogatepass")  # type: ignore[arg-type]
    h = hashlib.sha1(_check_identity().encode("ascii"))
    for data in (reading.encode("utf-8"), shape.tobytes(), kinds, sizes.tobytes(), lengths.tobytes(), blob):
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()


def _joined(tokens: tuple[str, ...]) -> tuple[int, str]:
    """``tokens`` as one text: joined by :data:`SEPARATOR` (kind 1), or as JSON where a token
    holds it (kind 2)."""
    text = SEPARATOR.join(tokens)
    if text.count(SEPARATOR) == max(len(tokens) - 1, 0):
        return 1, text
    import json

    return 2, json.dumps(tokens)


def swap_warning(
    parts: Sequence[Sequence[Example]], cache_dir: str | None = None, cache: bool = True, reading: str = ""
) -> str | None:
    """The swap check's warning on ``parts`` (the first lines of a system, shard by shard), from
    the verdict cache when it holds them (from :data:`CACHED_FROM` lines on); ``cache=False``
    computes it (neither digest nor cache). ``reading``: how the lines became tokens
    (:func:`verdict_key`)."""
    if not cache or sum(map(len, parts)) < CACHED_FROM:  # nothing to keep, or cheaper than the look-up
        return _checked(parts)
    from gecscope.cache import open_cache

    key = verdict_key(parts, reading)
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
