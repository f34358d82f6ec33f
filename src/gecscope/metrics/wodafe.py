"""WODAFE (weighted over-correction-decoupled F-score and fluency): the first public implementation.

Edit level, on CLEME chunks (FP_noc = CLEME2.0's FP_ne, FP_oc = FP_un), with weighted counts
``w`` (default: CLEME's length weights times PTScore similarity weights)::

    F_G = (1 + b²) w_TP / ((1 + b²) w_TP + b² w_FN + w_FPne + alpha * w_FPun)
    1 / F_G = 1 / F_M + alpha / OCScore,  F_M = F_G at alpha = 0,  OCScore = (1 + b²) w_TP / w_FPun

(F_G = 1 when its denominator is 0: nothing to correct and nothing counted). Sentence level:
``f(x) = 1 / (1 + H(x))`` with ``H`` the mean token NLL of the hypothesis under a causal LM; the
system fluency is the mean over sentences. Final score ``(1 - gamma) F_G + gamma * fluency``.
Corpus level: counts summed over the corpus, references chosen greedily on the running F_G (then
TP, -FP, -FN, TN, as CLEME does); sentence level: the mean of per-sentence final scores, each
sentence against its best reference. With ``gamma = 0`` no language model is loaded.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gecscope import scoring
from gecscope.extras import check_fluency_lm
from gecscope.finite import check_finite
from gecscope.layout import CHUNK_COUNTS, CHUNK_STATS, HIGHER, Component, Layout
from gecscope.metrics import options as o
from gecscope.metrics.analysis import ChunkAnalysis
from gecscope.metrics.chunk_choice import mean
from gecscope.metrics.chunk_metric import ChunkMetric, ChunkTable
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.result import Score
from gecscope.signature import number
from gecscope.stats import ChunkCounts
from gecscope.weighting.fluency import FluencyConfig, FluencyScorer
from gecscope.weighting.similarity import target_text

#: the paper's Table 2 optima (two annotators, system level, Spearman): SEEDA-E Base and SEEDA-S +Fluent
PRESETS = {"edit": (0.195, 0.825), "sentence": (0.035, 0.895)}


def f_generalized(c: ChunkCounts, beta: float, alpha: float) -> float:
    """F_beta-G of (weighted) counts.

    >>> c = ChunkCounts(tp=2, fp_ne=1, fp_un=3, fn=1)
    >>> round(f_generalized(c, 0.5, 1.0), 6) == round(1.25 * 2 / (1.25 * 2 + 0.25 * 1 + 4), 6)
    True
    """
    return float(scoring.f_generalized((c.tp, c.fp_ne, c.fp_un, c.fn), beta, alpha))


def oc_score(c: ChunkCounts, beta: float) -> float:
    """OCScore = (1 + b²) TP / FP_un (infinite without over-correction)."""
    return (1 + beta * beta) * c.tp / c.fp_un if c.fp_un > 0 else float("inf")


@dataclass(frozen=True)
class WodafeConfig(ChunkMetricConfig):
    weighting: str = "length+similarity"
    beta: float = 0.5
    preset: str = "edit"
    alpha: float | None = None
    gamma: float | None = None
    fluency: FluencyConfig = field(default_factory=FluencyConfig)

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.preset not in PRESETS:
            raise ValueError(f"WODAFE preset must be one of {', '.join(PRESETS)}; got {self.preset!r}")
        check_finite(beta=self.beta, alpha=self.alpha, gamma=self.gamma)
        o.BETA.check(self.beta)
        o.ALPHA.check(self.alpha)
        o.GAMMA.check(self.gamma)

    @property
    def resolved_alpha(self) -> float:
        return PRESETS[self.preset][0] if self.alpha is None else self.alpha

    @property
    def resolved_gamma(self) -> float:
        return PRESETS[self.preset][1] if self.gamma is None else self.gamma


COMPONENTS = (
    Component("f_g", "F_G", HIGHER, "over-correction-decoupled F"),
    Component("f_m", "F_M", HIGHER, "F_G without the over-correction term"),
    Component("ocscore", "OCScore", HIGHER, "(1 + b^2) TP / FP_un", None),
    Component("fluency", "fluency", HIGHER, "1 / (1 + mean token NLL)"),
)


class Wodafe(ChunkMetric):
    name = "wodafe"
    layout = Layout("WODAFE", "score", COMPONENTS, CHUNK_STATS, CHUNK_COUNTS + " (weighted)")
    rule = scoring.WODAFE
    keys = rule.keys

    def check_ready(self) -> None:
        """The chunk weights' extras and, with a fluency term, its language model's."""
        super().check_ready()
        if self.config.resolved_gamma > 0:
            check_fluency_lm(self.config.fluency.model)

    def __init__(self, config: WodafeConfig | None = None) -> None:
        self.config: WodafeConfig = config or WodafeConfig()

    @property
    def needs_chunks(self) -> bool:
        """The fluency term reads the hypotheses from the chunks."""
        return super().needs_chunks or self.config.resolved_gamma > 0

    @functools.cached_property
    def scorer(self) -> FluencyScorer:
        return FluencyScorer(self.config.fluency)

    def use_fluency(self, scorer: FluencyScorer) -> None:
        self.__dict__["scorer"] = scorer

    def hypothesis_fluency(self, analysis: ChunkAnalysis) -> np.ndarray:
        """Per-sentence fluency of the hypotheses (loads the language model)."""
        return self.scorer.fluency([target_text(chunks, 0) for chunks in analysis.chunks])

    def params(self) -> tuple[float, ...]:
        return (self.config.beta, self.config.resolved_alpha)

    def columns(self, t: Any, p: tuple[float, ...]) -> dict[str, Any]:
        return {"f_g": scoring.f_generalized(t, p[0], p[1]), "f_m": scoring.f_generalized(t, p[0], 0.0)}

    def score_analysis(self, analysis: ChunkAnalysis) -> Score:
        cfg = self.config
        gamma = cfg.resolved_gamma
        values = self.count_array(analysis)
        table = self.table(values, analysis.pair_offsets)
        fluency = self.hypothesis_fluency(analysis) if gamma else np.zeros(len(analysis))  # gamma 0: no model
        columns = {"score": (1 - gamma) * table.columns["f_g"] + gamma * fluency, **table.columns, "fluency": fluency}
        mean_fluency = float(fluency.mean()) if len(fluency) else 0.0
        if cfg.level == "corpus":
            head = {"score": (1 - gamma) * table.head["f_g"] + gamma * mean_fluency, **table.head}
        else:
            head = {k: mean(columns[k]) for k in ("score", "f_g", "f_m")}
        details = {
            **head,
            "ocscore": oc_score(table.totals, cfg.beta),
            "fluency": mean_fluency,
            "alpha": cfg.resolved_alpha,
            "gamma": gamma,
        }
        finished = self.finish(ChunkTable(table.chosen, columns, table.totals, details), values, analysis.ref_index)
        return self.typed(analysis, finished, table.chosen)

    def settings(self) -> dict[str, str]:
        cfg = self.config
        return {
            "beta": number(cfg.beta),
            "alpha": number(cfg.resolved_alpha),
            "gamma": number(cfg.resolved_gamma),
            "lm": cfg.fluency.signature() if cfg.resolved_gamma > 0 else "none",
        }

    def sentence_scores(self, analysis: ChunkAnalysis) -> list[float]:
        return [float(r["score"]) for r in self.sentence_level().score_analysis(analysis).sentences]
