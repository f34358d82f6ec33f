"""BERTScore F1 (Zhang et al., 2020) as PTScore uses it: one layer, greedy matching, no IDF.

Candidate and reference are encoded with special tokens; every token may be matched, but the
averages run over the real tokens only (the special tokens get weight 0, as bert-score does
without IDF). ``F = 2PR / (P + R)``; a text with no real token (the empty string) scores 0.
Optional baseline rescaling ``(F - b) / (1 - b)``.

Pairs are scored in windows: the distinct texts of a window are encoded once, length-sorted in
batches, and the window's pairs matched in numpy; F1 values are cached by
(model, layer, candidate, reference).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gecscope.progress import bar
from gecscope.weighting.cache import ValueCache, cache_key
from gecscope.weighting.encoders import Encoder, EncoderConfig, load_encoder

#: distinct texts encoded and held in memory at a time
WINDOW = 2048


def greedy_f1(cand: np.ndarray, ref: np.ndarray) -> float:
    """F1 of unit-normalised token matrices that include [CLS] first and [SEP] last.

    >>> e = np.eye(4, dtype=np.float32)
    >>> greedy_f1(e[[0, 1, 2, 3]], e[[0, 1, 2, 3]])
    1.0
    >>> greedy_f1(e[[0, 1, 3]], e[[0, 2, 3]])
    0.0
    """
    if cand.shape[0] <= 2 or ref.shape[0] <= 2:
        return 0.0
    sim = cand @ ref.T
    p = float(sim[1:-1].max(axis=1).mean())
    r = float(sim[:, 1:-1].max(axis=0).mean())
    return 2 * p * r / (p + r) if p + r > 0 else 0.0


@dataclass
class ScorerStats:
    #: texts encoded (for pairs not read from the cache)
    encoded: int = 0


class BertScorer:
    """Batched, cached BERTScore F1 over many (candidate, reference) pairs.

    The model loads on first use, so building a scorer is free.
    """

    def __init__(
        self,
        config: EncoderConfig,
        cache: ValueCache | None = None,
        *,
        rescale_baseline: float | None = None,
        progress: bool = False,
        encoder: Encoder | None = None,
    ) -> None:
        self.config = config
        self.cache = cache if cache is not None else ValueCache(None)
        self.rescale_baseline = rescale_baseline
        self.progress = progress
        self._encoder = encoder
        self.stats = ScorerStats()

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = load_encoder(self.config)
        return self._encoder

    def f1(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """F1 of each (candidate, reference) pair (rescaled when a baseline is set)."""
        keys = [cache_key("bertscore-f1", self.config.model_id, c, r) for c, r in pairs]
        known = self.cache.get_many(keys)
        todo = {k: pair for k, pair in zip(keys, pairs, strict=True) if k not in known}
        if todo:
            known.update(self._compute(todo))
        values = np.array([known[k] for k in keys], dtype=np.float64)
        if self.rescale_baseline is not None:
            values = (values - self.rescale_baseline) / (1.0 - self.rescale_baseline)
        return values

    def _compute(self, todo: dict[str, tuple[str, str]]) -> dict[str, float]:
        items = list(todo.items())
        done: dict[str, float] = {}
        i = 0
        with bar(len(items), "BERTScore", "pair", None if self.progress else False, lines=True) as report:
            while i < len(items):
                texts: dict[str, int] = {}
                j = i
                while j < len(items) and len(texts) < WINDOW:
                    for t in items[j][1]:
                        texts.setdefault(t, len(texts))
                    j += 1
                vectors = self.encoder.embed(list(texts))
                self.stats.encoded += len(texts)
                window = {k: greedy_f1(vectors[texts[c]], vectors[texts[r]]) for k, (c, r) in items[i:j]}
                self.cache.put_many(window)
                done.update(window)
                report.update(j - i)
                i = j
        return done
