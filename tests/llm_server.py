"""A minimal OpenAI-compatible chat-completions server on 127.0.0.1 for the LLM tests.

``answer(prompt) -> (text, {token: logprob})`` produces the reply; ``faults`` is a queue of
misbehaviours served first, one per request: "slow" (sleeps past the client's timeout), "500",
"garbage" (not JSON) or "empty" (no choices).
"""

from __future__ import annotations

import json
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

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:
            pass

        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            with state["lock"]:
                state["requests"].append(body)
                fault = state["faults"].pop(0) if state["faults"] else None
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
        server.shutdown()
        server.server_close()
