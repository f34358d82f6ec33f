"""The two-step protocol shared by CLEME and CLEME2.0: statistics once, then scores."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from gecscope.classify import Labels
from gecscope.metrics.analysis import ChunkAnalysis, WeightFn, analyse, relabel
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.result import Score
from gecscope.stats import ChunkCounts
from gecscope.types import Chunk, Example
from gecscope.weighting.length import LengthWeighting, length_bias, length_params
from gecscope.weighting.llm import LLMWeighting
from gecscope.weighting.similarity import SimilarityWeighting


class ChunkMetric:
    """Base of the CLEME family. Subclasses implement :meth:`score_counts`."""

    name = "chunk"
    needs_edits = True
    config: ChunkMetricConfig

    def analyse(self, examples: Sequence[Example]) -> ChunkAnalysis:
        """Step 1: partition and classify (the expensive, cacheable part)."""
        return analyse(examples, self.config.assumption, exclude_unchanged=self.config.exclude_unchanged_refs)

    def counts(self, analysis: ChunkAnalysis) -> list[tuple[ChunkCounts, ...]]:
        """Per sentence, per kept reference counts under the configured weighting."""
        if analysis.assumption != self.config.assumption:
            analysis = relabel(analysis, self.config.assumption)
        return analysis.counts(self.weight_fn(analysis))

    def weight_fn(self, analysis: ChunkAnalysis) -> WeightFn | None:
        """The chunk weights of the configured weighting (``None``: every chunk counts 1)."""
        kind = self.config.weighting
        if kind == "none":
            return None
        if kind == "length":
            return self.length_weights(analysis)
        if kind in ("similarity", "llm"):
            return self.model_weighting().weight_fn(analysis)
        length, sim = self.length_weights(analysis), self.model_weighting().weight_fn(analysis)

        def both(s: int, k: int, chunks: Sequence[Chunk], labels: Labels) -> tuple[float, ...]:
            return tuple(a * b for a, b in zip(length(s, k, chunks, labels), sim(s, k, chunks, labels), strict=True))

        return both

    def length_weights(self, analysis: ChunkAnalysis) -> WeightFn:
        weigher = LengthWeighting(
            length_params(self.config.level, self.config.assumption, self.config.mode),
            length_bias(analysis.chunks),
        )
        return lambda s, k, chunks, labels: weigher.weights(chunks, labels)

    def model_weighting(self) -> SimilarityWeighting | LLMWeighting:
        """The model-backed weighting, built once per metric object (models load on first use)."""
        cached = self.__dict__.get("_model_weighting")
        if cached is None:
            if self.config.weighting == "llm":
                assert self.config.llm is not None
                cached = LLMWeighting(self.config.llm)
            else:
                cached = SimilarityWeighting(self.config.similarity)
            self.__dict__["_model_weighting"] = cached
        return cached

    def use_weighting(self, weighting: SimilarityWeighting | LLMWeighting) -> None:
        """Share a loaded model (and its cache) between metric objects."""
        self.__dict__["_model_weighting"] = weighting

    def score_counts(self, counts: Sequence[Sequence[ChunkCounts]], kept: Sequence[Sequence[int]]) -> Score:
        raise NotImplementedError

    def score_analysis(self, analysis: ChunkAnalysis) -> Score:
        """Step 2: select references and reduce."""
        return self.score_counts(self.counts(analysis), analysis.kept)

    def score(self, examples: Sequence[Example]) -> Score:
        analysis = self.analyse(examples)
        result = self.score_analysis(analysis)
        if self.config.cat:  # per-error-type breakdown (details["types"])
            from gecscope.metrics.error_types import add_types

            result = add_types(self, examples, analysis, result)
        return result

    def sentence_scores(self, analysis: ChunkAnalysis) -> list[float]:
        """Each sentence's score against its best reference (the sentence-level choice)."""
        sentence_level = type(self)(dataclasses.replace(self.config, level="sentence"))  # type: ignore[call-arg]
        if "_model_weighting" in self.__dict__:
            sentence_level.use_weighting(self.__dict__["_model_weighting"])
        result = sentence_level.score_analysis(analysis)
        key = "score" if "score" in result.details else "f"
        return [float(row[key]) for row in result.sentences]


def sentence_row(
    index: int, kept: Sequence[int], chosen: int, counts: ChunkCounts, values: dict[str, float]
) -> dict[str, Any]:
    row: dict[str, Any] = {"index": index, "reference": kept[chosen]}
    row.update(values)
    row.update(counts.as_dict())
    return row
