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

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gecscope.weighting.cache import cache_key
from gecscope.weighting.causal_lm import CausalLM, bos_id
from gecscope.weighting.fluency import FluencyScorer

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
    if isinstance(start, str) and start:
        return [list(tok(start + text)["input_ids"])[:limit] for text in texts]
    return [[bos_id(lm), *tok.encode(text, add_special_tokens=False)][:limit] for text in texts]


class PerplexityScorer(FluencyScorer):
    """Mean token NLL (and perplexity) of sentences; the model loads on first use. The caching,
    batching and statistics are the fluency scorer's; the start of a sentence and the cache differ."""

    cache_kind = "perplexity"

    def __init__(self, config: PerplexityConfig | None = None, lm: CausalLM | None = None) -> None:
        super().__init__(config or PerplexityConfig(), lm)  # type: ignore[arg-type]  # same fields it reads

    def key(self, text: str) -> str:
        return cache_key("mean-nll", START, self.config.model, text)

    def perplexity(self, texts: Sequence[str]) -> np.ndarray:
        """``exp`` of the mean token NLL (NaN where there is none)."""
        return np.asarray(np.exp(self.nll(texts)), dtype=np.float64)

    def _score(self, texts: list[str]) -> list[float | None]:
        self.stats.scored += len(texts)
        return self._batched(reference_ids(self.lm, texts), "LM perplexity")
