"""Sentence fluency from a causal LM (WODAFE §2.3): ``f(x) = 1 / (1 + H(x))``.

``H(x)`` is the mean negative log-likelihood (nats) of the sentence's tokens, each predicted from
its prefix; a start token (``<|endoftext|>`` where the vocabulary has it) comes first so every
token of the sentence is scored. Scaling ``x4-clip`` is WODAFE Appendix C's ``min(1, 4 f)``. An
empty sentence has fluency 0. Distinct sentences are scored once, length-sorted in batches, and
``H`` is cached by (model, text).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from gecscope.progress import progress
from gecscope.weighting.cache import VALIDATORS, ValueCache, cache_key, open_cache, read_through
from gecscope.weighting.causal_lm import CausalLM, batch_nll, length_order, load_causal_lm, token_ids
from gecscope.weighting.encoders import put_back

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
    #: texts scored by the model (the others were read from the cache)
    scored: int = 0


class FluencyScorer:
    """Mean token NLL and fluency of sentences; the model loads on first use."""

    #: the cache file's name (its values are mean NLLs, validated as fluency values)
    cache_kind = "fluency"

    def __init__(self, config: FluencyConfig | None = None, lm: CausalLM | None = None) -> None:
        self.config = config or FluencyConfig()
        self._lm = lm
        self.cache: ValueCache = open_cache(
            self.cache_kind, self.config.cache_dir, self.config.cache, VALIDATORS["fluency"]
        )
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
        keys = [self.key(t) for t in texts]
        known = read_through(self.cache, dict(zip(keys, texts, strict=True)), self._score)
        return np.array([np.nan if known[k] is None else known[k] for k in keys], dtype=np.float64)

    def fluency(self, texts: Sequence[str]) -> np.ndarray:
        return fluency_from_nll(self.nll(texts), self.config.scaling)

    def _score(self, texts: list[str]) -> list[float | None]:
        self.stats.scored += len(texts)
        if self.config.sharding is not None and self.config.sharding.executor == "dask":
            from gecscope.weighting.sharded import dask_nll

            return dask_nll(self.config, texts)
        return self._batched(token_ids(self.lm, texts), "LM fluency")

    def _batched(self, ids: list[list[int]], desc: str) -> list[float | None]:
        """Mean NLL of each token-id list, length-sorted in batches (None: nothing to score)."""
        order, size = length_order(ids), self.config.batch_size
        starts = progress(range(0, len(order), size), desc=desc, unit="batch", lines=True)
        values = (v for b in starts for v in batch_nll(self.lm, [ids[i] for i in order[b : b + size]]))
        return put_back(order, values, len(ids), None)
