"""Verified downloads: a file is fetched, its sha256 checked, then moved into place atomically.

A file already present is kept only if its digest matches (an HTML error page or a truncated
body saved by an earlier run is fetched again). Every failure is one line naming the URL, made
safe for a terminal: the server's text (status line, reason, redirect target) has its control
characters escaped (:func:`one_line`) and a URL's password is never shown (:func:`redact_url`);
the LLM client (``weighting/llm_client``) makes its messages safe with the same two functions.
A fetch may have a total deadline (``until``, a :class:`Deadline`): connecting, headers and
body together, so a server that trickles one byte at a time cannot hold it longer.
"""

from __future__ import annotations

import hashlib
import http.client
import os
import socket
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import InputError, SettingError

Fetch = Callable[[str], bytes]

#: refuse bodies larger than this (the largest data file is a few MB)
MAX_BYTES = 256 * 1024 * 1024
#: what replaces a secret (an API key, a URL's password) wherever a message would show it
REDACTED = "<redacted>"


def one_line(text: str, limit: int = 120) -> str:
    """``text`` made safe for a one-line message: control characters escaped, at most ``limit`` characters.

    >>> one_line("GARBAGE\\x00 status\\r\\n")
    'GARBAGE\\\\x00 status'
    """
    text = text.strip()
    safe = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return safe if len(safe) <= limit else safe[: limit - 3] + "..."


def redact(text: str, *secrets: str) -> str:
    """``text`` with every non-empty secret replaced by :data:`REDACTED`.

    >>> redact("HTTP/1.1 abc sk-123", "sk-123", "")
    'HTTP/1.1 abc <redacted>'
    """
    for secret in secrets:
        if secret:
            text = text.replace(secret, REDACTED)
    return text


def url_secrets(url: str) -> tuple[str, ...]:
    """The credentials a URL carries (``user:password@``: the password; a lone ``token@``: the token)."""
    netloc = urllib.parse.urlsplit(url).netloc if "://" in url else ""
    userinfo, at, _ = netloc.rpartition("@")
    if not at or not userinfo:
        return ()
    user, colon, password = userinfo.partition(":")
    return (password,) if colon else (user,)


def redact_url(url: str) -> str:
    """``url`` with its password (or lone token) replaced by :data:`REDACTED`, made one safe line.

    >>> redact_url("https://u:pw@host/a")
    'https://u:<redacted>@host/a'
    """
    secrets = url_secrets(url)
    if secrets:
        scheme, rest = url.split("://", 1)
        userinfo, _, tail = rest.partition("@")
        user, colon, _ = userinfo.partition(":")
        url = f"{scheme}://{user}:{REDACTED}@{tail}" if colon else f"{scheme}://{REDACTED}@{tail}"
    return one_line(url, limit=1000)


def check_url(url: str, setting: str = "base_url") -> None:
    """Refuse a URL that is not http(s) or holds a space or a control character (a CR/LF would
    split the request), naming the setting and showing the URL redacted and escaped."""
    if any(ch.isspace() or not ch.isprintable() for ch in url):
        raise SettingError(f"{setting} {redact_url(url)} holds a space or a control character", setting)
    parts = urllib.parse.urlsplit(url)
    if parts.scheme not in {"http", "https"} or not parts.hostname:
        raise SettingError(f"{setting} must be an http(s) URL; got {redact_url(url)}", setting)


@dataclass(frozen=True)
class Deadline:
    """A total deadline: ``seconds`` from the start, ending at ``end`` (a :func:`time.monotonic` time)."""

    seconds: float
    end: float

    @classmethod
    def after(cls, seconds: float) -> Deadline:
        return cls(seconds, time.monotonic() + seconds)

    def left(self) -> float:
        return self.end - time.monotonic()

    def passed(self) -> str:
        return f"the download's {self.seconds:g} s deadline passed; give more with --deadline"


def _tracked_opener(sockets: list[socket.socket]) -> urllib.request.OpenerDirector:
    """An opener whose connections record their sockets (so that a deadline can shut them down)."""

    class HTTP(http.client.HTTPConnection):
        def connect(self) -> None:
            super().connect()
            sockets.append(self.sock)

    class HTTPS(http.client.HTTPSConnection):
        def connect(self) -> None:
            super().connect()
            sockets.append(self.sock)

    class HTTPHandler(urllib.request.HTTPHandler):
        def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(HTTP, req)

    class HTTPSHandler(urllib.request.HTTPSHandler):
        def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
            return self.do_open(HTTPS, req)

    return urllib.request.build_opener(HTTPHandler, HTTPSHandler)


def _read_body(response: http.client.HTTPResponse, until: Deadline) -> bytes:
    """The body, a chunk at a time, checking the deadline between chunks."""
    chunks: list[bytes] = []
    size = 0
    while True:
        if until.left() <= 0:
            raise TimeoutError
        chunk = response.read1(1 << 16)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_BYTES:
            return b"".join(chunks) + chunk
        chunks.append(chunk)


def http_fetch(url: str, timeout: float = 60.0, until: Deadline | None = None) -> bytes:
    """The body of a 200 response; bad status, truncated or oversized bodies raise InputError.

    ``timeout`` bounds each wait for the server; ``until`` (the download's total deadline) bounds
    the whole fetch: a blocked connect or read is shut down when it passes.
    """
    where = redact_url(url)
    secrets = url_secrets(url)
    until = Deadline(float("inf"), float("inf")) if until is None else until

    def failed(reason: str) -> InputError:
        return InputError(f"download failed ({one_line(redact(reason, *secrets), limit=200)})", where)

    left = until.left()
    if left <= 0:
        raise failed(until.passed())
    sockets: list[socket.socket] = []
    expired = threading.Event()

    def abort() -> None:  # wakes a blocked connect or read when the deadline passes
        expired.set()
        for sock in list(sockets):
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(left, abort) if left != float("inf") else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        with _tracked_opener(sockets).open(url, timeout=min(timeout, left)) as response:
            expected = response.headers.get("Content-Length")
            data = _read_body(response, until)
        if expired.is_set():
            raise TimeoutError
    except urllib.error.HTTPError as exc:
        if 300 <= exc.code < 400:
            raise failed(f"HTTP {exc.code} {exc.reason}: redirected too often or without a target") from None
        raise failed(f"HTTP {exc.code} {exc.reason}") from None
    except http.client.IncompleteRead as exc:
        if expired.is_set():
            raise failed(until.passed()) from None
        raise failed(f"truncated response: {len(exc.partial)} bytes received") from None
    except (OSError, http.client.HTTPException, ValueError) as exc:
        if expired.is_set() or (isinstance(exc, TimeoutError) and until.left() <= 0):
            raise failed(until.passed()) from None
        reason = getattr(exc, "reason", None) or exc
        raise failed(f"{type(exc).__name__}: {reason}") from None
    finally:
        if timer is not None:
            timer.cancel()
    if len(data) > MAX_BYTES:
        raise failed(f"response larger than {MAX_BYTES} bytes")
    if expected is not None and expected.isdigit() and int(expected) != len(data):
        raise failed(f"truncated response: {len(data)} of {expected} bytes")
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
