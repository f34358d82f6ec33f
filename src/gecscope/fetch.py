"""Verified downloads: a file is fetched, its sha256 checked, then moved into place atomically.

A file already present is kept only if its digest matches (an HTML error page or a truncated
body saved by an earlier run is fetched again). Every failure is one line naming the URL.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import tempfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

from gecscope.errors import InputError

Fetch = Callable[[str], bytes]

#: refuse bodies larger than this (the largest data file is a few MB)
MAX_BYTES = 256 * 1024 * 1024


def http_fetch(url: str, timeout: float = 60.0) -> bytes:
    """The body of a 200 response; bad status, truncated or oversized bodies raise InputError."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            expected = response.headers.get("Content-Length")
            data: bytes = response.read(MAX_BYTES + 1)
    except urllib.error.HTTPError as exc:
        raise InputError(f"download failed (HTTP {exc.code} {exc.reason})", url) from None
    except http.client.IncompleteRead as exc:
        raise InputError(f"download failed (truncated response: {len(exc.partial)} bytes received)", url) from None
    except (OSError, http.client.HTTPException, ValueError) as exc:
        raise InputError(f"download failed ({type(exc).__name__}: {exc})", url) from None
    if len(data) > MAX_BYTES:
        raise InputError(f"download failed (response larger than {MAX_BYTES} bytes)", url)
    if expected is not None and expected.isdigit() and int(expected) != len(data):
        raise InputError(f"download failed (truncated response: {len(data)} of {expected} bytes)", url)
    return data


def write_atomic(dest: Path, data: bytes) -> None:
    """Write ``data`` to a temporary file next to ``dest``, then rename it over ``dest``."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dest.name}.", suffix=".part", dir=dest.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, dest)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def sha256_of(path: Path) -> str | None:
    """Hex sha256 of a file, or None when it cannot be read."""
    try:
        digest = hashlib.sha256()
        with path.open("rb") as fh:
            for block in iter(lambda: fh.read(1 << 20), b""):
                digest.update(block)
        return digest.hexdigest()
    except OSError:
        return None


def fetch_verified(url: str, sha256: str, dest: str | Path, fetch: Fetch = http_fetch) -> bool:
    """Make ``dest`` hold the file at ``url`` whose sha256 is ``sha256``.

    Returns False when ``dest`` already holds it, True when it was (re-)fetched. A body with
    another digest (tampered, truncated, an error page) is never written.

    >>> import tempfile, hashlib
    >>> d = Path(tempfile.mkdtemp())
    >>> good = hashlib.sha256(b"S a\\n").hexdigest()
    >>> fetch_verified("http://x/a.m2", good, d / "a.m2", lambda url: b"S a\\n")
    True
    >>> fetch_verified("http://x/a.m2", good, d / "a.m2", lambda url: b"never fetched")
    False
    >>> fetch_verified("http://x/b.m2", good, d / "b.m2", lambda url: b"<html>404</html>")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    gecscope.errors.InputError: http://x/b.m2: sha256 mismatch: expected e78ab8afe505..., got 58520beec5f2... (...
    >>> (d / "b.m2").exists()
    False
    """
    dest = Path(dest)
    if dest.is_file() and sha256_of(dest) == sha256:  # a file there that cannot be read is fetched again
        return False
    data = fetch(url)
    got = hashlib.sha256(data).hexdigest()
    if got != sha256:
        raise InputError(
            f"sha256 mismatch: expected {sha256[:12]}..., got {got[:12]}... "
            "(tampered, truncated or an error page); nothing written",
            url,
        )
    try:
        write_atomic(dest, data)
    except OSError as exc:
        raise InputError(f"cannot write the file ({exc.strerror or exc})", dest) from None
    return True
