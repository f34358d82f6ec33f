"""Sentence perplexity under a causal LM, tokenised as the Scribendi Score's reference code does.

The reference implementations (Islam and Magnani's release, gec-metrics, MultiGEC-2025) prepend
the tokenizer's BOS *text* to the sentence and tokenise the result with the tokenizer's defaults
(``tokenizer(bos_token + sentence)``); the perplexity is ``exp`` of the mean token NLL of every
token after the first. For GPT-2 that start is ``<|endoftext|>``, for SmolLM2 ``<|im_start|>``;
a tokenizer that adds its own BOS (Llama) therefore starts with two, as in the reference runs.
A tokenizer without a BOS token falls back to WODAFE's start token (:func:`bos_id`).

A text with no token after the start has no perplexity (NaN, as the reference's 0/0). Distinct
texts are scored once, length-sorted in batches (right padding, masked: the numbers do not depend
on the batch), and the mean NLL is cached by (model, start convention, text).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.cache import VALIDATORS, ValueCache, cache_key, open_cache
from gecscope.weighting.causal_lm import CausalLM, bos_id, load_causal_lm
from gecscope.weighting.fluency import FluencyStats, batch_nll, length_order

#: how a sentence starts before it is scored (part of the cache key)
START = "bos-text"


@dataclass(frozen=True)
class PerplexityConfig:
    """``model``: ``smollm2-135m`` (packaged), ``gpt2`` (the paper's) or any causal LM name/path."""

    model: str = "smollm2-135m"
    device: str = "cpu"
    batch_size: int = 32
    cache: bool = True
    cache_dir: str | None = None

    def __post_init__(self) -> None:
        if not self.model:
            raise ValueError("the language model name must not be empty")
        if self.batch_size < 1:
            raise ValueError("perplexity batch_size must be >= 1")

    def signature(self) -> str:
        return self.model


def reference_ids(lm: CausalLM, texts: Sequence[str]) -> list[list[int]]:
    """Token ids of ``bos_token + text`` with the tokenizer's defaults, cut to the model's context."""
    tok = lm.tokenizer
    limit = int(getattr(lm.model.config, "max_position_embeddings", 1024) or 1024)
    start = tok.bos_token
    out = []
    for text in texts:
        if isinstance(start, str) and start:
            ids = list(tok(start + text)["input_ids"])
        else:
            ids = [bos_id(lm), *tok.encode(text, add_special_tokens=False)]
        out.append(ids[:limit])
    return out


class PerplexityScorer:
    """Mean token NLL (and perplexity) of sentences; the model loads on first use."""

    def __init__(self, config: PerplexityConfig | None = None, lm: CausalLM | None = None) -> None:
        self.config = config or PerplexityConfig()
        self._lm = lm
        self.cache: ValueCache = open_cache(
            "perplexity", self.config.cache_dir, self.config.cache, VALIDATORS["fluency"]
        )
        self.stats = FluencyStats()

    @property
    def lm(self) -> CausalLM:
        if self._lm is None:
            self._lm = load_causal_lm(self.config.model, device=self.config.device, cache_dir=self.config.cache_dir)
        return self._lm

    def key(self, text: str) -> str:
        return cache_key("mean-nll", START, self.config.model, text)

    def nll(self, texts: Sequence[str]) -> np.ndarray:
        """Mean token NLL (nats) per text; NaN when nothing follows the start token."""
        begin = time.perf_counter()
        keys = [self.key(t) for t in texts]
        known = self.cache.get_many(keys)
        todo = {k: t for k, t in zip(keys, texts, strict=True) if k not in known}
        self.stats.sentences += len(texts)
        self.stats.cached += len(set(keys)) - len(todo)
        if todo:
            fresh = dict(zip(todo, self._score(list(todo.values())), strict=True))
            self.cache.put_many(fresh)
            known.update(fresh)
            self.stats.scored += len(fresh)
        self.stats.seconds += time.perf_counter() - begin
        return np.array([np.nan if known[k] is None else known[k] for k in keys], dtype=np.float64)

    def perplexity(self, texts: Sequence[str]) -> np.ndarray:
        """``exp`` of the mean token NLL (NaN where there is none)."""
        return np.asarray(np.exp(self.nll(texts)), dtype=np.float64)

    def _score(self, texts: list[str]) -> list[float | None]:
        lm = self.lm
        ids = reference_ids(lm, texts)
        order = length_order(ids)
        out: list[float | None] = [None] * len(texts)
        for b in progress(range(0, len(order), self.config.batch_size), desc="LM perplexity", unit="batch"):
            idx = order[b : b + self.config.batch_size]
            for i, value in zip(idx, batch_nll(lm, [ids[i] for i in idx]), strict=True):
                out[i] = value
        return out
