"""Similarity (PTScore) chunk weights, as the official CLEME2.0 ``SimilarityWeigher`` computes them.

For each sentence, kept reference ``R`` and chunk: ``X'`` is the source with only that chunk
replaced, by the hypothesis chunk when the hypothesis changed it (TP, FP_ne, FP_un), otherwise by
this reference's chunk (FN); ``w = |F1(X', R) - F1(X, R)|`` with BERTScore F1 and ``X`` the
source. TN chunks weigh 1. An empty ``X'`` is replaced by the source (weight 0). Weights are
computed for every chunk that could carry either label, so one table serves both assumptions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from gecscope.classify import Labels
from gecscope.types import Chunk
from gecscope.weighting.bertscore import BertScorer
from gecscope.weighting.cache import open_cache
from gecscope.weighting.config import Partitions, SimilarityConfig, WeightTable, table_weights


def replace_chunk(chunks: Sequence[Chunk], index: int, tokens: Sequence[str]) -> str:
    """The source with chunk ``index`` replaced by ``tokens`` (single spaces, empty tokens dropped)."""
    return " ".join(t for i, c in enumerate(chunks) for t in (tokens if i == index else c.source) if t)


def target_text(chunks: Sequence[Chunk], target: int) -> str:
    return " ".join(t for c in chunks for t in c.outputs[target] if t)


Slot = tuple[int, int, int, bool, int, int]


def chunk_pairs(analysis: Partitions) -> tuple[list[tuple[str, str]], list[Slot]]:
    """All BERTScore pairs and where each weight comes from.

    Returns ``pairs`` and ``slots`` of ``(sentence, ref, chunk, fn, pair, base_pair)``: ``fn`` is
    False for the hypothesis chunk and True for the reference chunk; ``pairs[pair]`` is (X', R) and
    ``pairs[base_pair]`` is (X, R).
    """
    pairs: list[tuple[str, str]] = []
    slots: list[Slot] = []
    for s, (chunks, kept) in enumerate(zip(analysis.chunks, analysis.kept, strict=True)):
        source = " ".join(t for c in chunks for t in c.source if t)
        for k in range(1, len(kept) + 1):
            ref = target_text(chunks, k)
            base = -1
            for i, c in enumerate(chunks):
                target = 0 if c.changed[0] else k  # the hypothesis chunk where it changed, else this reference's
                if target and c.outputs[k] == c.source:
                    continue
                if base < 0:
                    base = len(pairs)
                    pairs.append((source, ref))
                cand = replace_chunk(chunks, i, c.outputs[target]) or source
                slots.append((s, k - 1, i, target > 0, len(pairs), base))
                pairs.append((cand, ref))
    return pairs, slots


class SimilarityWeighting:
    """Builds :class:`WeightTable` s for analyses; one model load and one cache per object."""

    def __init__(self, config: SimilarityConfig | None = None, scorer: BertScorer | None = None) -> None:
        self.config = config or SimilarityConfig()
        self._scorer = scorer
        self._tables: dict[int, tuple[object, WeightTable]] = {}

    @property
    def scorer(self) -> BertScorer:
        if self._scorer is None:
            cache = open_cache("bertscore", self.config.cache_dir, self.config.cache)
            encoder = None
            if self.config.sharding is not None and self.config.sharding.executor == "dask":
                from gecscope.weighting.sharded import DaskEncoder

                encoder = DaskEncoder(self.config.encoder, self.config.sharding)
            self._scorer = BertScorer(
                self.config.encoder,
                cache,
                rescale_baseline=self.config.rescale_baseline,
                progress=self.config.progress,
                encoder=encoder,
            )
        return self._scorer

    def table(self, analysis: Partitions) -> WeightTable:
        """All weights of an analysis in one batched BERTScore call (memoised per partition)."""
        memo = self._tables.get(id(analysis.chunks))
        if memo is not None and memo[0] is analysis.chunks:
            return memo[1]
        pairs, slots = chunk_pairs(analysis)
        f1 = self.scorer.f1(pairs) if pairs else np.zeros(0)
        table = {(s, k, i, fn): abs(float(f1[pair]) - float(f1[base])) for s, k, i, fn, pair, base in slots}
        self._tables[id(analysis.chunks)] = (analysis.chunks, table)
        return table

    def weight_fn(self, analysis: Partitions) -> Callable[[int, int, Sequence[Chunk], Labels], tuple[float, ...]]:
        return table_weights(self.table(analysis))
