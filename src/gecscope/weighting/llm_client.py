"""OpenAI-compatible chat-completions client (vLLM, llama.cpp server, Ollama, OpenAI), stdlib only.

Requests run concurrently (``concurrency`` threads). Each request has a *total* deadline of
``timeout`` seconds (connecting, sending, headers and body together: a server that drips one
byte a second cannot hold it longer) and a body cap of ``max_body`` bytes. Connection errors,
timeouts, broken HTTP (``http.client.HTTPException``), HTTP 408/409/425/429/5xx, unreadable or
wrongly shaped JSON are retried ``retries`` times with exponential back-off (or the server's
``Retry-After``, capped), then fail with one line naming the URL and the attempts really made.
Redirects are never followed: the API key is sent to the configured origin only. An answer whose
text holds no score is not retried: it is returned, and the weighting applies its fallback.

A run (one :meth:`OpenAIRater.rate` call) has its own deadline, ``run_timeout``: requests,
retries and waits together; a ``Retry-After`` longer than :data:`MAX_RETRY_AFTER` ends the request
at once (the server asks for more than the run will wait). The requests run on daemon threads:
Ctrl-C (or any error) in the calling thread shuts every open connection down and returns at
once, without waiting for a request in flight. The API key never leaves in a message or an answer:
it is replaced by ``<redacted>`` in every error text (status line, redirect target, reason) and in
the answer's text and tokens before they are returned (and so cached). Messages are made safe
with the downloader's functions (:func:`gecscope.fetch.one_line`, :func:`gecscope.fetch.redact`).
"""

from __future__ import annotations

import email.utils
import http.client
import json
import os
import queue
import socket
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from contextlib import suppress
from typing import Any

from gecscope.errors import InputError
from gecscope.fetch import one_line, redact
from gecscope.weighting.config import LLMConfig, Rating

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
MAX_BODY = 4 * 1024 * 1024
#: the longest ``Retry-After`` honoured (seconds); a server asking for more ends the request
MAX_RETRY_AFTER = 30.0
#: the longest wait for a connection to open (seconds; the request's deadline when shorter)
CONNECT_TIMEOUT = 10.0


class LLMServerError(InputError):
    """The server could not be reached, redirected, or kept failing after the retries.

    An :class:`InputError` (``str(err)`` is one line naming the URL), so the CLI reports it
    without a traceback.
    """


class _Retry(Exception):
    """One failed attempt that may be retried; ``wait`` is the server's Retry-After."""

    def __init__(self, message: str, wait: float | None = None) -> None:
        super().__init__(message)
        self.wait = wait


class _Fatal(Exception):
    """One failed attempt that must not be retried."""


class _Cancelled(Exception):
    """The run was stopped (Ctrl-C, another request's failure, the run's deadline)."""


def parse_response(body: Any) -> Rating:
    """Text and first-token top log-probabilities of a chat-completions response.

    A response of the wrong shape raises ``ValueError``.

    >>> parse_response({"choices": [{"message": {"content": "4"}}]}).text
    '4'
    >>> parse_response({"choices": "4"})
    Traceback (most recent call last):
    ValueError: malformed response: no 'choices' list
    """
    choices = body.get("choices") if isinstance(body, dict) else None
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        raise ValueError("malformed response: no 'choices' list")
    choice = choices[0]
    message = choice.get("message")
    text = message.get("content") if isinstance(message, dict) else None
    if text is None:
        text = choice.get("text", "")
    if not isinstance(text, str):
        raise ValueError("malformed response: the answer text is not a string")
    top: dict[str, float] = {}
    logprobs = choice.get("logprobs")
    content = logprobs.get("content") if isinstance(logprobs, dict) else None
    for step in content if isinstance(content, list) else []:
        cands = step.get("top_logprobs") if isinstance(step, dict) else None
        if not isinstance(cands, list) or not all(isinstance(c, dict) for c in cands):
            continue
        if any(str(c.get("token", "")).strip() in {"1", "2", "3", "4", "5"} for c in cands):
            try:
                top = {str(c["token"]): float(c["logprob"]) for c in cands}
            except (KeyError, TypeError, ValueError):
                raise ValueError("malformed response: bad top_logprobs") from None
            break
    return Rating(text, top)


def retry_after(value: str | None) -> float | None:
    """Seconds asked for by a ``Retry-After`` header (delta seconds or an HTTP date), or None.

    >>> retry_after("3"), retry_after(None), retry_after("soon")
    (3.0, None, None)
    """
    if value is None:
        return None
    value = value.strip()
    try:
        seconds = float(value)
    except ValueError:
        try:
            when = email.utils.parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - time.time()
    if seconds != seconds:  # NaN
        return None
    return max(0.0, seconds)


def _connection(url: urllib.parse.SplitResult, timeout: float) -> tuple[http.client.HTTPConnection, bool]:
    """A connection to the URL's host, through the environment's proxy when one applies, and
    whether the request line must carry the absolute URL (plain HTTP through a proxy)."""
    https = url.scheme == "https"
    host = url.hostname or ""
    port = url.port or (443 if https else 80)
    proxy = urllib.request.getproxies().get(url.scheme)
    cls = http.client.HTTPSConnection if https else http.client.HTTPConnection
    if proxy and not urllib.request.proxy_bypass(host):
        p = urllib.parse.urlsplit(proxy if "://" in proxy else "http://" + proxy)
        if not https:
            return http.client.HTTPConnection(p.hostname or "", p.port or 80, timeout=timeout), True
        conn = cls(p.hostname or "", p.port or 80, timeout=timeout)
        conn.set_tunnel(host, port)  # CONNECT: the proxy never sees the key
        return conn, False
    return cls(host, port, timeout=timeout), False


class OpenAIRater:
    def __init__(self, config: LLMConfig, *, backoff: float = 0.5, max_body: int = MAX_BODY) -> None:
        if not config.endpoint:
            raise ValueError("OpenAIRater needs an endpoint")
        self.config = config
        self.url = config.endpoint.rstrip("/") + "/chat/completions"
        self.parts = urllib.parse.urlsplit(self.url)
        if self.parts.scheme not in {"http", "https"} or not self.parts.hostname:
            raise ValueError(f"LLM endpoint must be an http(s) URL; got {config.endpoint!r}")
        self.backoff = backoff
        self.max_body = max_body
        self.api_key = os.environ.get(config.api_key_env, "")
        self.attempts = 0
        self._lock = threading.Lock()
        #: set when the run stops: waits end, open connections are shut down
        self._stop = threading.Event()
        self._open: set[http.client.HTTPConnection] = set()
        #: the monotonic time the current run must end by
        self._run_deadline = float("inf")

    def redact(self, text: str) -> str:
        """``text`` with the API key replaced by ``<redacted>`` (nothing to do without a key).

        >>> r = OpenAIRater.__new__(OpenAIRater); r.api_key = "sk-123"
        >>> r.redact("HTTP/1.1 abc sk-123")
        'HTTP/1.1 abc <redacted>'
        """
        return redact(text, self.api_key)

    def _shut_open(self) -> None:
        """Shut every open connection down (their blocked reads return at once)."""
        with self._lock:
            conns = list(self._open)
        for conn in conns:
            sock = conn.sock
            if sock is not None:
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def payload(self, prompt: str) -> dict[str, Any]:
        c = self.config
        body: dict[str, Any] = {
            "model": c.model,
            "messages": [{"role": "user", "content": prompt}],
            "temperature": c.temperature,
            "seed": c.seed,
            "max_tokens": c.max_tokens,
        }
        if c.expected:
            body["logprobs"] = True
            body["top_logprobs"] = 5
        return body

    def post(self, data: bytes) -> Any:
        """One attempt under a total deadline: the parsed JSON body, or ``_Retry``/``_Fatal``."""
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        timeout = min(self.config.timeout, max(self._run_deadline - time.monotonic(), 0.001))
        deadline = time.monotonic() + timeout
        conn, absolute = _connection(self.parts, min(timeout, CONNECT_TIMEOUT))
        expired = threading.Event()
        with self._lock:
            self._open.add(conn)

        def abort() -> None:  # wakes a blocked read when the deadline passes
            expired.set()
            sock = conn.sock
            if sock is not None:
                with suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

        timer = threading.Timer(timeout, abort)
        timer.daemon = True
        timer.start()
        path = self.url if absolute else self.parts.path + (f"?{self.parts.query}" if self.parts.query else "")
        try:
            if self._stop.is_set():
                raise _Cancelled
            conn.connect()
            if conn.sock is not None:
                conn.sock.settimeout(timeout)  # connected: the request's own deadline from here
            if self._stop.is_set():
                raise _Cancelled
            conn.request("POST", path, body=data, headers=headers)
            response = conn.getresponse()
            status = response.status
            if 300 <= status < 400:
                target = one_line(self.redact(response.getheader("Location", "(no Location)")))
                raise _Fatal(f"HTTP {status} redirect to {target} not followed (set --llm-endpoint to the final URL)")
            if status != 200:
                if status in RETRY_STATUS:
                    wait = retry_after(response.getheader("Retry-After"))
                    if wait is not None and wait > MAX_RETRY_AFTER:
                        raise _Fatal(f"HTTP {status} asking to wait {wait:.3g} s, more than {MAX_RETRY_AFTER:g} s")
                    raise _Retry(f"HTTP {status}", wait)
                raise _Fatal(f"HTTP {status}")
            chunks: list[bytes] = []
            size = 0
            while True:
                if time.monotonic() > deadline:
                    raise TimeoutError
                chunk = response.read1(65536)
                if not chunk:
                    break
                size += len(chunk)
                if size > self.max_body:
                    raise _Retry(f"response body larger than {self.max_body} bytes")
                chunks.append(chunk)
            if expired.is_set():
                raise TimeoutError
            return json.loads(b"".join(chunks).decode("utf-8"))
        except (_Retry, _Fatal, _Cancelled):
            raise
        except (TimeoutError, OSError, http.client.HTTPException) as err:
            if self._stop.is_set():
                raise _Cancelled from None
            if expired.is_set() or isinstance(err, TimeoutError):
                raise _Retry(f"no complete answer within the {timeout:.3g} s deadline") from None
            reason = getattr(err, "reason", None) or err
            raise _Retry(f"{type(err).__name__}: {one_line(self.redact(str(reason)))}") from None
        except (ValueError, RecursionError) as err:
            raise _Retry(f"unreadable JSON ({type(err).__name__})") from None
        finally:
            timer.cancel()
            with self._lock:
                self._open.discard(conn)
            conn.close()

    def pause(self, seconds: float) -> None:
        """Wait ``seconds`` between attempts; a stopped run ends the wait at once."""
        if self._stop.wait(seconds):
            raise _Cancelled

    def one(self, prompt: str) -> Rating:
        """The rating of one prompt (retried as the module says), its text and tokens redacted."""
        data = json.dumps(self.payload(prompt)).encode("utf-8")
        last = ""
        wait: float | None = None
        for attempt in range(self.config.retries + 1):
            if attempt:
                pause = min(self.backoff * 2 ** min(attempt - 1, 32), MAX_RETRY_AFTER)
                pause = pause if wait is None else max(pause, min(wait, MAX_RETRY_AFTER))
                if time.monotonic() + pause >= self._run_deadline:
                    last += f"; the run's {self.config.run_timeout:g} s deadline leaves no time for a retry"
                    break
                self.pause(pause)
            with self._lock:
                self.attempts += 1
            try:
                rating = parse_response(self.post(data))
                return Rating(self.redact(rating.text), {self.redact(k): v for k, v in rating.top_logprobs.items()})
            except _Fatal as err:
                last = str(err)
                break
            except _Retry as err:
                last, wait = str(err), err.wait
            except (ValueError, RecursionError) as err:
                last, wait = str(err).split("\n")[0] or "malformed response", None
        raise LLMServerError(self.redact(f"{last} after {attempt + 1} attempt(s)"), self.url)

    def rate(self, prompts: Sequence[str], on_answer: Callable[[int, Rating], None] | None = None) -> list[Rating]:
        """Rate prompts concurrently (order kept); ``on_answer(i, rating)`` runs (in the calling
        thread) as each answer arrives, so a later failure loses nothing already received."""
        out: list[Rating | None] = [None] * len(prompts)
        if not prompts:
            return []
        self._stop.clear()
        start = time.monotonic()
        self._run_deadline = start + self.config.run_timeout
        todo: queue.SimpleQueue[tuple[int, str]] = queue.SimpleQueue()
        for item in enumerate(prompts):
            todo.put(item)
        done: queue.SimpleQueue[tuple[int, Rating | None, BaseException | None]] = queue.SimpleQueue()

        def work() -> None:
            while not self._stop.is_set():
                try:
                    i, prompt = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((i, self.one(prompt), None))
                except _Cancelled:
                    return
                except BaseException as err:  # handed to the calling thread
                    done.put((i, None, err))
                    return

        # daemon threads: a run stopped by Ctrl-C never waits for a request in flight
        workers = [
            threading.Thread(target=work, daemon=True) for _ in range(min(self.config.concurrency, len(prompts)))
        ]
        try:
            for w in workers:
                w.start()
            for answered in range(len(prompts)):
                left = self._run_deadline - time.monotonic()
                try:
                    i, rating, err = done.get(timeout=max(left, 0.0) + 0.5)  # Ctrl-C interrupts the wait
                except queue.Empty:
                    raise LLMServerError(
                        f"no answer within the run's {self.config.run_timeout:g} s deadline "
                        f"({answered} of {len(prompts)} prompts answered; raise it with --llm-run-timeout)",
                        self.url,
                    ) from None
                if err is not None:
                    raise err
                out[i] = rating
                if on_answer is not None:
                    on_answer(i, rating)  # type: ignore[arg-type]
        finally:
            self._stop.set()  # the workers stop taking prompts, waits end
            self._shut_open()  # and blocked reads return
            self._run_deadline = float("inf")
        return [r for r in out if r is not None]
