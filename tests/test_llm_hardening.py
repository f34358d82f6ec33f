"""The LLM client against misbehaving servers on 127.0.0.1 (issue 16): redirects never carry the
key elsewhere, a total deadline per request, a body cap, broken HTTP and wrong shapes retried then
reported in one line, Retry-After honoured, attempts counted right, answers cached as they arrive.
"""

from __future__ import annotations

import json
import socketserver
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

from gecscope.errors import InputError
from gecscope.weighting.config import LLMConfig
from gecscope.weighting.llm import LLMWeighting
from gecscope.weighting.llm_client import LLMServerError, OpenAIRater

GOOD = json.dumps({"choices": [{"message": {"content": "4"}}]}).encode()

Reply = Callable[[socketserver.StreamRequestHandler, int, dict[str, str]], None]


@contextmanager
def raw_server(reply: Reply) -> Iterator[dict[str, Any]]:
    """A bare HTTP server: ``reply(handler, n, headers)`` writes the raw answer to request n."""
    state: dict[str, Any] = {"n": 0, "headers": [], "lines": [], "lock": threading.Lock()}

    class Handler(socketserver.StreamRequestHandler):
        def handle(self) -> None:
            head = self.rfile.readline()
            if not head:
                return
            headers: dict[str, str] = {}
            while (line := self.rfile.readline().decode("latin-1").strip()) != "":
                k, _, v = line.partition(":")
                headers[k.strip().lower()] = v.strip()
            self.rfile.read(int(headers.get("content-length", "0")))
            with state["lock"]:
                n = state["n"]
                state["n"] += 1
                state["headers"].append(headers)
                state["lines"].append(head.decode("latin-1").strip())
            with suppress(OSError):
                reply(self, n, headers)

    class Server(socketserver.ThreadingTCPServer):
        daemon_threads = True
        allow_reuse_address = True

    server = Server(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    state["url"] = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def ok(h: socketserver.StreamRequestHandler, body: bytes = GOOD, status: str = "200 OK", extra: str = "") -> None:
    h.wfile.write(f"HTTP/1.1 {status}\r\nContent-Length: {len(body)}\r\n{extra}Connection: close\r\n\r\n".encode())
    h.wfile.write(body)


def rater(url: str, **kw: Any) -> OpenAIRater:
    base: dict[str, Any] = {"model": "m", "endpoint": url, "timeout": 1.0, "retries": 2, "cache": False}
    base.update(kw)
    return OpenAIRater(LLMConfig(**base), backoff=0.01)


def test_redirect_is_not_followed_and_the_key_stays_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    with raw_server(lambda h, n, hd: ok(h)) as other:
        target = other["url"] + "/chat/completions"

        def redirect(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
            ok(h, b"", "302 Found", f"Location: {target}\r\n")

        with raw_server(redirect) as first:
            r = rater(first["url"])
            redirected = r"302 redirect to http://127\.0\.0\.1:\d+/v1/chat/completions"
            with pytest.raises(LLMServerError, match=redirected) as e:
                r.rate(["x"])
            assert first["headers"][0]["authorization"] == "Bearer sk-secret"
        assert other["n"] == 0
    assert "\n" not in str(e.value) and "after 1 attempt(s)" in str(e.value)


def test_server_error_is_a_one_line_input_error() -> None:
    with raw_server(lambda h, n, hd: ok(h, b"no", "404 Not Found")) as srv:
        with pytest.raises(InputError, match=r"HTTP 404 after 1 attempt\(s\)$"):
            rater(srv["url"]).rate(["x"])
        assert srv["n"] == 1


def test_a_drip_cannot_defeat_the_total_deadline() -> None:
    def drip(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
        for _ in range(1000):
            h.wfile.write(b" ")
            h.wfile.flush()
            time.sleep(0.2)

    with raw_server(drip) as srv:
        start = time.monotonic()
        with pytest.raises(LLMServerError, match=r"deadline after 2 attempt\(s\)"):
            rater(srv["url"], timeout=0.6, retries=1).rate(["x"])
        assert time.monotonic() - start < 3.0


def test_a_drip_in_the_headers_cannot_defeat_the_deadline() -> None:
    def drip(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        for ch in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 1000:
            h.wfile.write(bytes([ch]))
            h.wfile.flush()
            time.sleep(0.1)

    with raw_server(drip) as srv:
        start = time.monotonic()
        with pytest.raises(LLMServerError, match="deadline"):
            rater(srv["url"], timeout=0.5, retries=0).rate(["x"])
        assert time.monotonic() - start < 2.0


def test_an_endless_body_is_capped() -> None:
    def endless(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        h.wfile.write(b"HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
        while True:
            h.wfile.write(b"[" * 65536)

    with raw_server(endless) as srv:
        r = OpenAIRater(LLMConfig(model="m", endpoint=srv["url"], timeout=5, retries=0, cache=False), max_body=100_000)
        with pytest.raises(LLMServerError, match="larger than 100000 bytes"):
            r.rate(["x"])


@pytest.mark.parametrize(
    "fault",
    [
        b'HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{"choices"',  # IncompleteRead
        b"garbage status line\r\n\r\n",  # BadStatusLine
        b"",  # connection closed without an answer
        b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n" + b'{"x": 1}\n',  # wrong shape
        b'HTTP/1.1 200 OK\r\nContent-Length: 17\r\n\r\n{"choices": "4"}\n',  # wrong shape
        b"HTTP/1.1 200 OK\r\nContent-Length: 200000\r\n\r\n" + b"[" * 200000,  # deep JSON
    ],
    ids=["incomplete-read", "bad-status-line", "closed", "no-choices", "choices-not-list", "deep-json"],
)
def test_broken_answers_are_retried(fault: bytes) -> None:
    def flaky(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        if n == 0:
            h.wfile.write(fault)
        else:
            ok(h)

    with raw_server(flaky) as srv:
        r = rater(srv["url"])
        assert r.rate(["x"])[0].text == "4"
        assert r.attempts == 2


@pytest.mark.parametrize(
    ("body", "message"),
    [(b'{"choices": [{"message": {"content": 5}}]}', "not a string"), (b"[" * 100000, "RecursionError")],
    ids=["content-not-string", "deep-json"],
)
def test_persistent_bad_answers_end_in_one_line(body: bytes, message: str) -> None:
    with raw_server(lambda h, n, hd: ok(h, body)) as srv, pytest.raises(LLMServerError, match=message) as e:
        rater(srv["url"]).rate(["x"])
    assert str(e.value).endswith("after 3 attempt(s)")
    assert "\n" not in str(e.value)


def test_retry_after_is_honoured() -> None:
    def busy(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        if n == 0:
            ok(h, b"busy", "503 Service Unavailable", "Retry-After: 1\r\n")
        else:
            ok(h)

    with raw_server(busy) as srv:
        start = time.monotonic()
        assert rater(srv["url"]).rate(["x"])[0].text == "4"
        assert time.monotonic() - start >= 1.0


def test_answers_are_cached_as_they_arrive(tmp_path: Path) -> None:
    def flaky(h: socketserver.StreamRequestHandler, n: int, hd: dict[str, str]) -> None:
        if n < 5:
            ok(h)
        else:
            ok(h, b"down", "500 Internal Server Error")

    with raw_server(flaky) as srv:
        cfg = LLMConfig(model="m", endpoint=srv["url"], timeout=1, retries=0, concurrency=1, cache_dir=str(tmp_path))
        w = LLMWeighting(cfg, rater=OpenAIRater(cfg, backoff=0.01))
        prompts = [f"prompt {i}" for i in range(8)]
        with pytest.raises(LLMServerError):
            w.rate_prompts(prompts)
    assert len(w.cache.get_many([w.key(p) for p in prompts])) == 5


def test_plain_http_goes_through_the_environment_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    with raw_server(lambda h, n, hd: ok(h)) as proxy:
        monkeypatch.setenv("http_proxy", proxy["url"].rsplit("/", 1)[0])
        monkeypatch.delenv("no_proxy", raising=False)
        monkeypatch.delenv("NO_PROXY", raising=False)
        assert rater("http://llm.invalid:8000/v1").rate(["x"])[0].text == "4"
        assert proxy["lines"] == ["POST http://llm.invalid:8000/v1/chat/completions HTTP/1.1"]


def test_the_cli_reports_a_failing_server_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from gecscope.cli import main

    with raw_server(lambda h, n, hd: ok(h, b"down", "500 Internal Server Error")) as srv:
        argv = ["score", "--example", "--weighting", "llm", "--llm-model", "m", "--llm-endpoint", srv["url"]]
        assert main([*argv, "--llm-retries", "1", "--no-cache"]) == 2
    err = capsys.readouterr().err
    assert err == f"gecscope: error: {srv['url']}/chat/completions: HTTP 500 after 2 attempt(s)\n"
