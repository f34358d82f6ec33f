"""The two-step protocol shared by CLEME and CLEME2.0: statistics once, then scores.

Counts are a (pairs, 5) array (one row per sentence and kept reference, ``tp, fp_ne, fp_un,
fn, tn``); a subclass turns them into a :class:`ChunkTable` (the chosen references and the
per-sentence values), from which the :class:`~gecscope.result.Score` is built.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from gecscope.extras import encoder_extra, require
from gecscope.layout import CHUNK_STATS, Layout
from gecscope.metrics.analysis import ChunkAnalysis, FloatArray, IntArray, analyse, relabel, split_counts
from gecscope.metrics.base import Greedy, MetricBase, Plan, SentenceMean, convention, references_chosen, signed
from gecscope.metrics.chunk_choice import best_pairs, chosen_totals, greedy_pairs, mean, sentence_rows
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.metrics.error_types import chunk_type_counts, chunk_type_rows
from gecscope.result import Score
from gecscope.stats import ChunkCounts
from gecscope.types import Example
from gecscope.weighting.length import LengthWeighting, length_params

if TYPE_CHECKING:  # the model weightings are imported when a metric uses one
    from gecscope.weighting.llm import LLMWeighting
    from gecscope.weighting.similarity import SimilarityWeighting


@dataclass(frozen=True)
class ChunkTable:
    """A chunk metric's result before it becomes a Score: the chosen pair of every sentence
    (an index into the count rows), per-sentence value columns, the totals and the corpus values
    (``head``, the headline among them) that lead ``details``."""

    chosen: IntArray
    columns: dict[str, FloatArray]
    totals: ChunkCounts
    head: dict[str, float]


class ChunkMetric(MetricBase):
    """Base of the CLEME family. Subclasses declare their :attr:`keys`, :meth:`params`,
    :meth:`columns` and :meth:`settings`."""

    name = "chunk"
    needs_edits = True
    config: ChunkMetricConfig
    layout: Layout
    #: the totals in ``details``, in this order (after the headline values)
    detail_counts: ClassVar[tuple[str, ...]] = (*CHUNK_STATS, "fp")

    def check_ready(self) -> None:
        """The extras of the chunk weights: the similarity encoder's, or a local LLM rater's."""
        weighting = self.config.weighting
        if "similarity" in weighting:
            require(encoder_extra(self.config.similarity_settings()), f"--metric {self.name} with similarity weights")
        if weighting == "llm" and self.config.llm is not None and not self.config.llm.endpoint:
            require("lm", "a local LLM rater", ("torch", "transformers"))

    @property
    def needs_chunks(self) -> bool:
        """Whether scoring needs the :class:`Chunk` objects (model weighting; the per-type group
        is counted from them as the examples are analysed, :meth:`analyse_typed`)."""
        return self.config.weighting not in ("none", "length")

    def analyse(self, examples: Sequence[Example], *, keep_chunks: bool = True) -> ChunkAnalysis:
        """Step 1: partition and classify (the expensive, cacheable part). ``keep_chunks=False``
        keeps only the compact arrays (enough unless :attr:`needs_chunks`)."""
        return analyse(
            references_chosen(self, examples),
            self.config.assumption,
            exclude_unchanged=self.config.exclude_unchanged_refs,
            keep_chunks=keep_chunks,
        )

    def analyse_compactly(self, examples: Sequence[Example]) -> ChunkAnalysis:
        return self.analyse(examples, keep_chunks=self.needs_chunks)

    @property
    def type_level(self) -> int | str:
        return self.config.cat

    def analyse_typed(self, examples: Sequence[Example], level: int | str) -> ChunkAnalysis:
        """:meth:`analyse` with its per-type group at ``cat`` ``level``, counted from the chunks,
        which are then kept only if scoring reads them (:attr:`needs_chunks`)."""
        typed = self.with_types(self.analyse(examples, keep_chunks=True), references_chosen(self, examples), level)
        return typed if self.needs_chunks else dataclasses.replace(typed, partitions=None)

    def with_types(self, analysis: ChunkAnalysis, examples: Sequence[Example], level: int | str) -> ChunkAnalysis:
        """``analysis`` (of ``examples``) under this metric's assumption, with its per-type group
        (:func:`gecscope.metrics.error_types.chunk_type_counts`)."""
        analysis = relabel(analysis, self.config.assumption)
        return dataclasses.replace(analysis, types=chunk_type_counts(examples, analysis, level))

    def typed(self, analysis: ChunkAnalysis, result: Score, chosen: Any = None) -> Score:
        """``result`` with ``details["types"]`` at the metric's ``cat`` level, from the analysis's
        per-type group (none without ``cat``, or when the analysis has no group at that level);
        ``chosen``: the count row each sentence's result used (its table's), if known."""
        group = relabel(analysis, self.config.assumption).types
        if not self.config.cat or group is None or group.level != self.config.cat:
            return result
        types = chunk_type_rows(self, relabel(analysis, self.config.assumption), result, chosen)
        return dataclasses.replace(result, details={**result.details, "types": types})

    def analysis_key(self) -> Hashable | None:
        """Without a model the analysis is the plain partition (weights apply when scoring): one per
        reference filter and convention, whatever the assumption, level or factors."""
        if type(self).analyse is not ChunkMetric.analyse or self.config.weighting not in ("none", "length"):
            return None
        return ("chunks", bool(self.config.exclude_unchanged_refs), convention(self))

    def shared_analysis(self, examples: Sequence[Example]) -> ChunkAnalysis:
        """The dependent partition (every chunk kept), which :meth:`adopt` relabels."""
        return analyse(
            references_chosen(self, examples),
            "dependent",
            exclude_unchanged=self.config.exclude_unchanged_refs,
            keep_chunks=True,
        )

    def adopt(self, shared: ChunkAnalysis) -> ChunkAnalysis:
        return relabel(shared, self.config.assumption)

    def count_array(self, analysis: ChunkAnalysis) -> FloatArray:
        """(pairs, 5) counts per sentence and kept reference under the configured weighting."""
        analysis = relabel(analysis, self.config.assumption)
        return analysis.count_array(self.weight_array(analysis))

    def counts(self, analysis: ChunkAnalysis) -> list[tuple[ChunkCounts, ...]]:
        """Per sentence, per kept reference counts under the configured weighting."""
        return split_counts(self.count_array(analysis), analysis.pair_offsets)

    def weight_array(self, analysis: ChunkAnalysis) -> FloatArray | None:
        """One weight per (pair, chunk) of ``analysis`` (``None``: every chunk counts 1)."""
        kind = self.config.weighting
        if kind == "none":
            return None
        if kind == "length":
            return self.length_array(analysis)
        model = analysis.weight_array(self.model_weighting.weight_fn(analysis))
        if kind in ("similarity", "llm"):
            return model
        return self.length_array(analysis) * model

    def length_array(self, analysis: ChunkAnalysis) -> FloatArray:
        params = length_params(self.config.level, self.config.assumption, self.config.mode)
        weigher = LengthWeighting(params, analysis.length_bias())
        return weigher.weight_array(analysis.label_array, analysis.hyp_length[analysis.pair_chunks()])

    @functools.cached_property
    def model_weighting(self) -> SimilarityWeighting | LLMWeighting:
        """The model-backed weighting, built once per metric object (models load on first use)."""
        if self.config.weighting == "llm":
            from gecscope.weighting.llm import LLMWeighting

            assert self.config.llm is not None
            return LLMWeighting(self.config.llm)
        from gecscope.weighting.similarity import SimilarityWeighting

        return SimilarityWeighting(self.config.similarity_settings())

    def use_weighting(self, weighting: SimilarityWeighting | LLMWeighting) -> None:
        """Share a loaded model (and its cache) between metric objects."""
        self.__dict__["model_weighting"] = weighting

    #: the metric's keys (:mod:`gecscope.scoring`): corpus ``key(t, c, p)``, sentence ``key(c, p)``
    keys: ClassVar[tuple[Callable[[Any, Any, Any], tuple[Any, ...]], Callable[[Any, Any], tuple[Any, ...]]]]

    def params(self) -> tuple[float, ...]:
        """The parameters ``p`` of the metric's formulas (CLEME2.0's factors, CLEME's beta)."""
        raise NotImplementedError

    def columns(self, t: Any, p: tuple[float, ...]) -> dict[str, Any]:
        """The per-sentence values (and the headline) of statistics ``t`` (fields first)."""
        raise NotImplementedError

    def table(self, values: FloatArray, pair_offsets: IntArray) -> ChunkTable:
        """Choose references (greedily at the corpus level, per sentence otherwise) and reduce."""
        p = self.params()
        if self.config.level == "corpus":
            chosen, totals = greedy_pairs(values, pair_offsets, self.keys[0], p)
            head = {k: float(v) for k, v in self.columns(totals, p).items()}
            return ChunkTable(chosen, self.columns(values[chosen].T, p), ChunkCounts(*totals), head)
        chosen = best_pairs(self.keys[1](values.T, p), pair_offsets)
        columns = self.columns(values[chosen].T, p)
        return ChunkTable(chosen, columns, chosen_totals(values, chosen), {k: mean(v) for k, v in columns.items()})

    def type_row(self, c: ChunkCounts) -> dict[str, float]:
        """One row of ``details["types"]`` (a type's summed counts and the metric's values of them)."""
        return {"tp": c.tp, "fp_ne": c.fp_ne, "fp_un": c.fp_un, "fn": c.fn}

    def settings(self) -> dict[str, str]:
        """The signature fields of the metric's own parameters (after the chunk settings)."""
        raise NotImplementedError

    def signature(self) -> str:
        return signed(self, {**self.config.signature_fields(), **self.settings()})

    def finish(self, table: ChunkTable, values: FloatArray, ref_index: Any) -> Score:
        """The Score of a table (``ref_index``: the reference index of every count row)."""
        details = {**table.head, **{k: getattr(table.totals, k) for k in self.detail_counts}}
        rows = sentence_rows(table.chosen, values, ref_index, table.columns)
        return Score(self.name, table.head[self.layout.headline], details, self.signature(), rows, layout=self.layout)

    def score_analysis(self, analysis: ChunkAnalysis) -> Score:
        """Step 2: select references and reduce (with ``cat``, the per-type group too)."""
        values = self.count_array(analysis)
        table = self.table(values, analysis.pair_offsets)
        return self.typed(analysis, self.finish(table, values, analysis.ref_index), table.chosen)

    def score(self, examples: Sequence[Example]) -> Score:
        if self.config.cat:
            return self.score_analysis(self.analyse_typed(examples, self.config.cat))
        return self.score_analysis(self.analyse(examples, keep_chunks=self.needs_chunks))

    def sentence_level(self) -> ChunkMetric:
        """This metric at sentence level, sharing its loaded models (and their caches)."""
        metric = type(self)(dataclasses.replace(self.config, level="sentence"))  # type: ignore[call-arg]
        metric.__dict__.update({k: v for k, v in self.__dict__.items() if k != "config"})
        return metric

    def resampling(self, analysis: ChunkAnalysis) -> Plan:
        """Unweighted: the greedy rule over the counts (corpus) or the sentence mean. Length
        weights depend on the whole corpus (its mean chunk length), so weighted metrics replay."""
        if self.config.weighting != "none":
            return None
        if self.config.level == "corpus":
            return Greedy(self.name, self.params(), self.count_array(analysis), analysis.pair_offsets)
        return SentenceMean(np.asarray(self.sentence_scores(analysis), dtype=np.float64), sequential=True)

    def sentence_scores(self, analysis: ChunkAnalysis) -> list[float]:
        """Each sentence's score against its best reference (the sentence-level choice)."""
        metric = self.sentence_level()
        table = metric.table(metric.count_array(analysis), analysis.pair_offsets)
        return [float(v) for v in table.columns[self.layout.headline].tolist()]
