"""A minimal OpenAI-compatible chat-completions server on 127.0.0.1 for the LLM tests.

``answer(prompt) -> (text, {token: logprob})`` produces the reply; ``faults`` is a queue of
misbehaviours served first, one per request: "slow" (sleeps past the client's timeout), "500",
"garbage" (not JSON) or "empty" (no choices). ``fault`` (``"*"`` in ``faults``: repeated forever)
is one of those or: "hang" (accepts and never answers, until the server stops), "reset" (closes
the connection with a TCP reset), "retry-after" (429 asking to wait 10^9 s), and four that echo the
request's API key: "echo-status" (in a broken status line), "echo-header" (a 503 with the key in
a header and its reason), "echo-redirect" (a 307 whose ``Location`` holds it) and "echo-body" (an
answer "4" followed by the key).
"""

from __future__ import annotations

import json
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Answer = Callable[[str], tuple[str, dict[str, float]]]


def completion(text: str, top: dict[str, float]) -> dict[str, Any]:
    logprobs = None
    if top:
        steps = [{"token": k, "logprob": v} for k, v in top.items()]
        logprobs = {"content": [{"token": text[:1], "logprob": 0.0, "top_logprobs": steps}]}
    return {
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "logprobs": logprobs}],
    }


@contextmanager
def serve(answer: Answer, faults: list[str] | None = None, slow_seconds: float = 2.0) -> Iterator[dict[str, Any]]:
    state: dict[str, Any] = {"faults": list(faults or []), "requests": [], "lock": threading.Lock()}
    stop = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            key = self.headers.get("Authorization", "").removeprefix("Bearer ")
            with state["lock"]:
                state["requests"].append(body)
                fault = state["faults"][0] if state["faults"] else None
                if state["faults"][1:2] != ["*"]:
                    state["faults"] = state["faults"][1:]
            if fault in RAW:
                RAW[fault](self, key, stop)
                return
            if fault == "slow":
                time.sleep(slow_seconds)
            if fault == "500":
                self.send_response(500)
                self.end_headers()
                return
            if fault == "garbage":
                payload = b"<html>not json"
            elif fault == "empty":
                payload = json.dumps({"choices": []}).encode()
            else:
                text, top = answer(body["messages"][-1]["content"])
                text = f"{text} {key}" if fault == "echo-body" else text
                payload = json.dumps(completion(text, top if body.get("logprobs") else {})).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            with suppress(BrokenPipeError, ConnectionResetError):
                self.wfile.write(payload)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state["url"] = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield state
    finally:
        stop.set()
        server.shutdown()
        server.server_close()


def _raw(handler: BaseHTTPRequestHandler, text: str) -> None:
    handler.close_connection = True
    with suppress(OSError):
        handler.wfile.write(text.encode("latin-1"))
        handler.wfile.flush()


def _hang(handler: BaseHTTPRequestHandler, key: str, stop: threading.Event) -> None:
    handler.close_connection = True
    stop.wait(120)


def _reset(handler: BaseHTTPRequestHandler, key: str, stop: threading.Event) -> None:
    handler.close_connection = True
    handler.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    handler.connection.close()


#: the misbehaviours written by hand (status line, headers) rather than through send_response
RAW: dict[str, Callable[[BaseHTTPRequestHandler, str, threading.Event], None]] = {
    "hang": _hang,
    "reset": _reset,
    "retry-after": lambda h, key, stop: _raw(
        h, "HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1000000000\r\nContent-Length: 0\r\n\r\n"
    ),
    "echo-status": lambda h, key, stop: _raw(h, f"HTTP/1.1 abc {key}\r\n\r\n"),
    "echo-header": lambda h, key, stop: _raw(
        h, f"HTTP/1.1 503 {key}\r\nX-Echo: {key}\r\nRetry-After: {key}\r\nContent-Length: 0\r\n\r\n"
    ),
    "echo-redirect": lambda h, key, stop: _raw(
        h, f"HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:9/v1?key={key}\r\nContent-Length: 0\r\n\r\n"
    ),
}
