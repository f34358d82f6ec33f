"""OpenAI-compatible chat-completions client (vLLM, llama.cpp server, Ollama, OpenAI), stdlib only.

Requests run concurrently (``concurrency`` threads). Each request has a *total* deadline of
``timeout`` seconds (connecting, sending, headers and body together: a server that drips one
byte a second cannot hold it longer) and a body cap of ``max_body`` bytes. Connection errors,
timeouts, broken HTTP (``http.client.HTTPException``), HTTP 408/409/425/429/5xx, unreadable or
wrongly shaped JSON are retried ``retries`` times with exponential back-off (or the server's
``Retry-After``, capped), then fail with one line naming the URL and the attempts really made.
Redirects are never followed: the API key is sent to the configured origin only. An answer whose
text holds no score is not retried: it is returned, and the weighting applies its fallback.
"""

from __future__ import annotations

import email.utils
import http.client
import json
import os
import socket
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import suppress
from typing import Any

from gecscope.errors import InputError
from gecscope.weighting.config import LLMConfig, Rating

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}
MAX_BODY = 4 * 1024 * 1024
MAX_RETRY_AFTER = 60.0


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


def one_line(text: str, limit: int = 120) -> str:
    """``text`` made safe for a one-line message: control characters escaped, at most ``limit`` characters.

    >>> one_line("GARBAGE\\x00 status\\r\\n")
    'GARBAGE\\\\x00 status'
    """
    text = text.strip()
    safe = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)
    return safe if len(safe) <= limit else safe[: limit - 3] + "..."


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
        timeout = self.config.timeout
        deadline = time.monotonic() + timeout
        conn, absolute = _connection(self.parts, timeout)
        expired = threading.Event()

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
            conn.request("POST", path, body=data, headers=headers)
            response = conn.getresponse()
            status = response.status
            if 300 <= status < 400:
                target = response.getheader("Location", "(no Location)")
                raise _Fatal(f"HTTP {status} redirect to {target} not followed (set --llm-endpoint to the final URL)")
            if status != 200:
                if status in RETRY_STATUS:
                    raise _Retry(f"HTTP {status}", retry_after(response.getheader("Retry-After")))
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
        except (_Retry, _Fatal):
            raise
        except (TimeoutError, OSError, http.client.HTTPException) as err:
            if expired.is_set() or isinstance(err, TimeoutError):
                raise _Retry(f"no complete answer within the {timeout:g} s deadline") from None
            reason = getattr(err, "reason", None) or err
            raise _Retry(f"{type(err).__name__}: {one_line(str(reason))}") from None
        except (ValueError, RecursionError) as err:
            raise _Retry(f"unreadable JSON ({type(err).__name__})") from None
        finally:
            timer.cancel()
            conn.close()

    def one(self, prompt: str) -> Rating:
        data = json.dumps(self.payload(prompt)).encode("utf-8")
        last = ""
        wait: float | None = None
        for attempt in range(self.config.retries + 1):
            if attempt:
                pause = min(self.backoff * 2 ** min(attempt - 1, 32), MAX_RETRY_AFTER)
                time.sleep(pause if wait is None else max(pause, min(wait, MAX_RETRY_AFTER)))
            with self._lock:
                self.attempts += 1
            try:
                return parse_response(self.post(data))
            except _Fatal as err:
                last = str(err)
                break
            except _Retry as err:
                last, wait = str(err), err.wait
            except (ValueError, RecursionError) as err:
                last, wait = str(err).split("\n")[0] or "malformed response", None
        raise LLMServerError(f"{last} after {attempt + 1} attempt(s)", self.url)

    def rate(self, prompts: Sequence[str], on_answer: Callable[[int, Rating], None] | None = None) -> list[Rating]:
        """Rate prompts concurrently (order kept); ``on_answer(i, rating)`` runs (in the calling
        thread) as each answer arrives, so a later failure loses nothing already received."""
        out: list[Rating | None] = [None] * len(prompts)
        with ThreadPoolExecutor(max_workers=self.config.concurrency) as pool:
            futures = {pool.submit(self.one, p): i for i, p in enumerate(prompts)}
            try:
                for future in as_completed(futures):
                    i = futures[future]
                    out[i] = future.result()
                    if on_answer is not None:
                        on_answer(i, out[i])  # type: ignore[arg-type]
            except BaseException:
                pool.shutdown(cancel_futures=True)  # the requests not started yet
                raise
        return [r for r in out if r is not None]
