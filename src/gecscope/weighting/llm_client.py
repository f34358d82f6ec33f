"""OpenAI-compatible chat-completions client (vLLM, llama.cpp server, Ollama, OpenAI), stdlib only.

Requests run concurrently (``concurrency`` threads), each with a timeout; connection errors,
timeouts, HTTP 429/5xx and unreadable JSON are retried ``retries`` times with exponential
back-off, then fail with one clear error. An answer whose text holds no score is not retried:
it is returned, and the weighting applies its fallback.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gecscope.weighting.config import LLMConfig
from gecscope.weighting.llm import Rating

RETRY_STATUS = {408, 409, 425, 429, 500, 502, 503, 504}


class LLMServerError(RuntimeError):
    """The server could not be reached or kept failing after the retries."""


def parse_response(body: dict[str, Any]) -> Rating:
    """Text and first-token top log-probabilities of a chat-completions response."""
    choice = body["choices"][0]
    text = choice.get("message", {}).get("content")
    if text is None:
        text = choice.get("text", "")
    top: dict[str, float] = {}
    content = (choice.get("logprobs") or {}).get("content") or []
    for step in content:
        cands = step.get("top_logprobs") or []
        if any(c.get("token", "").strip() in {"1", "2", "3", "4", "5"} for c in cands):
            top = {c["token"]: float(c["logprob"]) for c in cands}
            break
    return Rating(str(text), top)


class OpenAIRater:
    def __init__(self, config: LLMConfig, *, backoff: float = 0.5) -> None:
        if not config.endpoint:
            raise ValueError("OpenAIRater needs an endpoint")
        self.config = config
        self.url = config.endpoint.rstrip("/") + "/chat/completions"
        self.backoff = backoff
        self.api_key = os.environ.get(config.api_key_env, "")
        self.attempts = 0

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

    def one(self, prompt: str) -> Rating:
        data = json.dumps(self.payload(prompt)).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        last = ""
        for attempt in range(self.config.retries + 1):
            self.attempts += 1
            if attempt:
                time.sleep(self.backoff * 2 ** (attempt - 1))
            request = urllib.request.Request(self.url, data=data, headers=headers, method="POST")
            try:
                with urllib.request.urlopen(request, timeout=self.config.timeout) as response:
                    return parse_response(json.loads(response.read().decode("utf-8")))
            except urllib.error.HTTPError as err:
                last = f"HTTP {err.code}"
                if err.code not in RETRY_STATUS:
                    break
            except (urllib.error.URLError, TimeoutError, ConnectionError) as err:
                last = f"{type(err).__name__}: {getattr(err, 'reason', err)}"
            except (ValueError, KeyError, IndexError, TypeError) as err:
                last = f"malformed response ({type(err).__name__})"
        raise LLMServerError(f"{self.url}: {last} after {self.config.retries + 1} attempt(s)")

    def rate(self, prompts: Sequence[str]) -> list[Rating]:
        with ThreadPoolExecutor(max_workers=self.config.concurrency) as pool:
            return list(pool.map(self.one, prompts))
