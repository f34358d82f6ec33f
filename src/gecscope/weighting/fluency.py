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
from typing import TYPE_CHECKING

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.cache import ValueCache, cache_key, open_cache
from gecscope.weighting.causal_lm import CausalLM, bos_id, load_causal_lm

if TYPE_CHECKING:
    from gecscope.align.settings import AlignSettings

SCALINGS = ("none", "x4-clip")


@dataclass(frozen=True)
class FluencyConfig:
    model: str = "smollm2-135m"
    device: str = "cpu"
    batch_size: int = 16
    scaling: str = "none"
    cache: bool = True
    cache_dir: str | None = None
    #: where the LM runs: the aligner's settings with executor 'dask' shard it on that cluster
    #: (:mod:`gecscope.weighting.sharded`; same numbers); None: in this process
    sharding: AlignSettings | None = None

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
        if self.config.sharding is not None and self.config.sharding.executor == "dask":
            from gecscope.weighting.sharded import dask_nll

            return dask_nll(self.config, texts)
        return self._batched(token_ids(self.lm, texts), "LM fluency")

    def _batched(self, ids: list[list[int]], desc: str) -> list[float | None]:
        """Mean NLL of each token-id list, length-sorted in batches (None: nothing to score)."""
        order = length_order(ids)
        out: list[float | None] = [None] * len(ids)
        for b in progress(range(0, len(order), self.config.batch_size), desc=desc, unit="batch"):
            idx = order[b : b + self.config.batch_size]
            for i, value in zip(idx, batch_nll(self.lm, [ids[i] for i in idx]), strict=True):
                out[i] = value
        return out


def token_ids(lm: CausalLM, texts: Sequence[str]) -> list[list[int]]:
    """The start token and the tokens of each text, cut to the model's context (empty: blank text)."""
    tok, first = lm.tokenizer, bos_id(lm)
    limit = int(getattr(lm.model.config, "max_position_embeddings", 1024) or 1024)
    return [[first, *tok.encode(t, add_special_tokens=False)][:limit] if t.strip() else [] for t in texts]


def length_order(ids: Sequence[Sequence[int]]) -> list[int]:
    """The texts that get a score (more than the start token), shortest first: the batch order.

    >>> length_order([[0, 5, 6], [], [0], [0, 7]])
    [3, 0]
    """
    return sorted((i for i in range(len(ids)) if len(ids[i]) > 1), key=lambda i: len(ids[i]))


def batch_nll(lm: CausalLM, rows: Sequence[Sequence[int]]) -> list[float]:
    """Mean token NLL of each row of one padded batch (rows of at least two tokens)."""
    torch, tok = lm.torch, lm.tokenizer
    pad = tok.pad_token_id if tok.pad_token_id is not None else bos_id(lm)
    with torch.inference_mode():
        width = max(len(r) for r in rows)
        batch = torch.full((len(rows), width), pad, dtype=torch.long)
        mask = torch.zeros((len(rows), width), dtype=torch.long)
        for row, r in enumerate(rows):
            batch[row, : len(r)] = torch.tensor(r)
            mask[row, : len(r)] = 1
        batch, mask = batch.to(lm.device), mask.to(lm.device)
        logits = lm.model(input_ids=batch, attention_mask=mask).logits.float()
        logp = torch.log_softmax(logits[:, :-1], dim=-1)
        nll = -logp.gather(2, batch[:, 1:].unsqueeze(-1)).squeeze(-1)
        valid = mask[:, 1:].float()
        mean = (nll * valid).sum(dim=1) / valid.sum(dim=1)
        return [float(mean[row]) for row in range(len(rows))]
