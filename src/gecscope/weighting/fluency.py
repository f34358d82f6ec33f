"""Sentence fluency from a causal LM (WODAFE §2.3): ``f(x) = 1 / (1 + H(x))``.

``H(x)`` is the mean negative log-likelihood (nats) of the sentence's tokens, each predicted from
its prefix; a start token (``<|endoftext|>`` where the vocabulary has it) comes first so every
token of the sentence is scored. Scaling ``x4-clip`` is WODAFE Appendix C's ``min(1, 4 f)``. An
empty sentence has fluency 0. Distinct sentences are scored once, length-sorted in batches, and
``H`` is cached by (model, text).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.cache import ValueCache, cache_key, open_cache
from gecscope.weighting.causal_lm import CausalLM, bos_id, load_causal_lm

SCALINGS = ("none", "x4-clip")


@dataclass(frozen=True)
class FluencyConfig:
    model: str = "smollm2-135m"
    device: str = "cpu"
    batch_size: int = 16
    scaling: str = "none"
    cache: bool = True
    cache_dir: str | None = None

    def __post_init__(self) -> None:
        if self.scaling not in SCALINGS:
            raise ValueError(f"fluency scaling must be one of {', '.join(SCALINGS)}; got {self.scaling!r}")
        if self.batch_size < 1:
            raise ValueError("fluency batch_size must be >= 1")

    def signature(self) -> str:
        return self.model + ("" if self.scaling == "none" else f":{self.scaling}")


def fluency_from_nll(h: np.ndarray, scaling: str = "none") -> np.ndarray:
    """``1 / (1 + H)`` (NaN for empty sentences becomes 0), optionally ``min(1, 4 f)``.

    >>> fluency_from_nll(np.array([1.0, 3.0, np.nan]), "x4-clip").tolist()
    [1.0, 1.0, 0.0]
    """
    f = np.where(np.isnan(h), 0.0, 1.0 / (1.0 + np.nan_to_num(h)))
    return np.minimum(1.0, 4.0 * f) if scaling == "x4-clip" else f


@dataclass
class FluencyStats:
    sentences: int = 0
    cached: int = 0
    scored: int = 0
    seconds: float = 0.0


class FluencyScorer:
    """Mean token NLL and fluency of sentences; the model loads on first use."""

    def __init__(self, config: FluencyConfig | None = None, lm: CausalLM | None = None) -> None:
        self.config = config or FluencyConfig()
        self._lm = lm
        self.cache: ValueCache = open_cache("fluency", self.config.cache_dir, self.config.cache)
        self.stats = FluencyStats()

    @property
    def lm(self) -> CausalLM:
        if self._lm is None:
            self._lm = load_causal_lm(self.config.model, device=self.config.device, cache_dir=self.config.cache_dir)
        return self._lm

    def key(self, text: str) -> str:
        return cache_key("mean-nll", self.config.model, text)

    def nll(self, texts: Sequence[str]) -> np.ndarray:
        """Mean token NLL per text (NaN for an empty text)."""
        start = time.perf_counter()
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
        self.stats.seconds += time.perf_counter() - start
        return np.array([np.nan if known[k] is None else known[k] for k in keys], dtype=np.float64)

    def fluency(self, texts: Sequence[str]) -> np.ndarray:
        return fluency_from_nll(self.nll(texts), self.config.scaling)

    def _score(self, texts: list[str]) -> list[float | None]:
        lm = self.lm
        torch, tok = lm.torch, lm.tokenizer
        first = bos_id(lm)
        limit = int(getattr(lm.model.config, "max_position_embeddings", 1024) or 1024)
        ids = [[first, *tok.encode(t, add_special_tokens=False)][:limit] if t.strip() else [] for t in texts]
        out: list[float | None] = [None] * len(texts)
        order = sorted((i for i in range(len(texts)) if len(ids[i]) > 1), key=lambda i: len(ids[i]))
        pad = tok.pad_token_id if tok.pad_token_id is not None else first
        with torch.inference_mode():
            for b in progress(range(0, len(order), self.config.batch_size), desc="LM fluency", unit="batch"):
                idx = order[b : b + self.config.batch_size]
                width = max(len(ids[i]) for i in idx)
                batch = torch.full((len(idx), width), pad, dtype=torch.long)
                mask = torch.zeros((len(idx), width), dtype=torch.long)
                for row, i in enumerate(idx):
                    batch[row, : len(ids[i])] = torch.tensor(ids[i])
                    mask[row, : len(ids[i])] = 1
                batch, mask = batch.to(lm.device), mask.to(lm.device)
                logits = lm.model(input_ids=batch, attention_mask=mask).logits.float()
                logp = torch.log_softmax(logits[:, :-1], dim=-1)
                nll = -logp.gather(2, batch[:, 1:].unsqueeze(-1)).squeeze(-1)
                valid = mask[:, 1:].float()
                mean = (nll * valid).sum(dim=1) / valid.sum(dim=1)
                for row, i in enumerate(idx):
                    out[i] = float(mean[row])
        return out
