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
from typing import TYPE_CHECKING

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.cache import cache_key, read_through
from gecscope.weighting.causal_lm import CausalLM, bos_id, load_causal_lm
from gecscope.weighting.fluency import FluencyScorer

if TYPE_CHECKING:
    from gecscope.weighting.prefix import Group

#: how a sentence starts before it is scored (part of the cache key)
START = "bos-text"
#: the model's arithmetic: ``fp32`` (the reference's numbers), ``bf16`` (opt-in: faster, other numbers)
PRECISIONS = ("fp32", "bf16")
#: padded positions of one batch of source/hypothesis groups at most (bounds the activations' memory)
BATCH_TOKENS = 4096


@dataclass(frozen=True)
class PerplexityConfig:
    """``model``: ``smollm2-135m`` (packaged), ``gpt2`` (the paper's) or any causal LM name/path."""

    model: str = "smollm2-135m"
    device: str = "cpu"
    batch_size: int = 32
    cache: bool = True
    cache_dir: str | None = None
    #: ``bf16``: weights and activations in bfloat16 (not in the signature when ``fp32``)
    precision: str = "fp32"
    #: score a hypothesis from its source's shared prefix (:mod:`gecscope.weighting.prefix`);
    #: float rounding only, like ``batch_size``, so not in the signature
    share_prefix: bool = True

    def __post_init__(self) -> None:
        if not self.model:
            raise ValueError("the language model name must not be empty")
        if self.batch_size < 1:
            raise ValueError("perplexity batch_size must be >= 1")
        if self.precision not in PRECISIONS:
            raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}; got {self.precision!r}")

    def signature(self) -> str:
        return self.model if self.precision == "fp32" else f"{self.model}@{self.precision}"


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
        self.settings = config or PerplexityConfig()
        super().__init__(self.settings, lm)  # type: ignore[arg-type]  # same fields it reads

    @property
    def lm(self) -> CausalLM:
        if self._lm is None:
            cfg = self.settings
            bf16 = cfg.precision == "bf16"
            self._lm = load_causal_lm(cfg.model, device=cfg.device, cache_dir=cfg.cache_dir, bf16=bf16)
        return self._lm

    def key(self, text: str) -> str:
        return cache_key("mean-nll", START, self.settings.signature(), text)

    def pair_nll(self, pairs: Sequence[tuple[str, str]]) -> dict[str, float]:
        """The mean token NLL (NaN: none) of every text of ``(source, hypothesis)`` pairs; with
        ``share_prefix`` a hypothesis is scored from its source's shared prefix."""
        texts = list(dict.fromkeys(t for pair in pairs for t in pair))
        keys = {t: self.key(t) for t in texts}
        known = read_through(self.cache, {keys[t]: t for t in texts}, lambda todo: self._score_pairs(todo, pairs))
        return {t: float("nan") if known[keys[t]] is None else float(known[keys[t]]) for t in texts}

    def perplexity(self, texts: Sequence[str]) -> np.ndarray:
        """``exp`` of the mean token NLL (NaN where there is none)."""
        return np.asarray(np.exp(self.nll(texts)), dtype=np.float64)

    def _score(self, texts: list[str]) -> list[float | None]:
        self.stats.scored += len(texts)
        return self._batched(reference_ids(self.lm, texts), "LM perplexity")

    def _score_pairs(self, texts: list[str], pairs: Sequence[tuple[str, str]]) -> list[float | None]:
        from gecscope.weighting.prefix import SHARED_PREFIX_MODELS, group_nll, make_groups

        if not self.settings.share_prefix or self.lm.model.config.model_type not in SHARED_PREFIX_MODELS:
            return self._score(texts)
        self.stats.scored += len(texts)
        names, groups = make_groups(dict(zip(texts, reference_ids(self.lm, texts), strict=True)), pairs)
        values: dict[str, float] = {}
        for chosen in progress(self._group_batches(groups), desc="LM perplexity", unit="batch", lines=True):
            for g, means in zip(chosen, group_nll(self.lm, [groups[g] for g in chosen]), strict=True):
                root, branches = names[g]
                values.update(zip([root, *branches], means, strict=True))
        return [values.get(t) for t in texts]

    def _group_batches(self, groups: Sequence[Group]) -> list[list[int]]:
        """Groups by width, at most ``batch_size // 2`` (a group is mostly a source and its
        hypothesis) and at most :data:`BATCH_TOKENS` padded positions a batch (the long tail)."""
        size, batches = max(1, self.settings.batch_size // 2), list[list[int]]()
        for g in sorted(range(len(groups)), key=lambda g: groups[g].width):
            last = batches[-1] if batches else []
            if last and len(last) < size and (len(last) + 1) * groups[g].width <= BATCH_TOKENS:
                last.append(g)
            else:
                batches.append([g])
        return batches
