"""CLEME2.0 (Ye et al., 2025): Hit, Wrong, Under, Over and their weighted combination.

hit = TP/N, wrong = FP_ne/N, under = FN/N with N = TP + FP_ne + FN (all 0 when N = 0);
over = FP_un/(TP + FP_ne + FP_un) (0 when that is 0);
score = a1*hit + a2*(1 - wrong) + a3*(1 - under) + a4*(1 - over).
Corpus level: greedy reference choice on (score, TP, -FP, -FN, TN); sentence level: per
sentence on (score, hit, -wrong, -under, -over), then the mean over all sentences.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gecscope import scoring
from gecscope.finite import check_finite
from gecscope.layout import CHUNK_COUNTS, HIGHER, LOWER, Component, Layout
from gecscope.metrics.chunk_metric import ChunkMetric
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.signature import number
from gecscope.stats import ChunkCounts


@dataclass(frozen=True, slots=True)
class Factors:
    """Trade-off factors (hit, wrong, under, over); they must sum to 1."""

    hit: float
    wrong: float
    under: float
    over: float

    def __post_init__(self) -> None:
        vals = self.values
        check_finite(hit=self.hit, wrong=self.wrong, under=self.under, over=self.over)
        if any(v < 0 for v in vals) or abs(sum(vals) - 1.0) > 1e-5:
            raise ValueError(f"factors must be non-negative and sum to 1; got {vals}")

    def __str__(self) -> str:
        return ",".join(number(v) for v in self.values)

    @property
    def values(self) -> tuple[float, float, float, float]:
        """(hit, wrong, under, over): the parameters of :func:`gecscope.scoring.heuo`."""
        return (self.hit, self.wrong, self.under, self.over)

    @classmethod
    def parse(cls, text: str) -> Factors:
        try:
            vals = [float(x) for x in text.split(",")]
        except ValueError:
            raise ValueError(f"factors must be a preset or four numbers A,B,C,D; got {text!r}") from None
        if len(vals) != 4:
            raise ValueError(f"factors must be four numbers A,B,C,D; got {text!r}")
        return cls(*vals)


@dataclass(frozen=True, slots=True)
class FactorPreset:
    name: str
    corpus: Factors
    sentence: Factors


FACTOR_PRESETS = {
    # the paper's §4.1 / App. B.5 factors, used by the official main.py and Table 1
    "paper": FactorPreset("paper", Factors(0.45, 0.35, 0.15, 0.05), Factors(0.35, 0.25, 0.20, 0.20)),
    # the official HEUOEditScorer class defaults, which produced the paper's Table 12
    "table12": FactorPreset("table12", Factors(0.50, 0.40, 0.05, 0.05), Factors(0.50, 0.40, 0.05, 0.05)),
}


def resolve_factors(spec: str | Factors | FactorPreset) -> FactorPreset:
    if isinstance(spec, FactorPreset):
        return spec
    if isinstance(spec, str) and spec in FACTOR_PRESETS:
        return FACTOR_PRESETS[spec]
    f = spec if isinstance(spec, Factors) else Factors.parse(spec)
    return FactorPreset(str(f), f, f)


def heuo(c: ChunkCounts, f: Factors) -> tuple[float, float, float, float, float]:
    """(score, hit, wrong, under, over) in the official evaluation order (:func:`gecscope.scoring.heuo`)."""
    return scoring.heuo((c.tp, c.fp_ne, c.fp_un, c.fn), f.values)


@dataclass(frozen=True)
class Cleme2Config(ChunkMetricConfig):
    factors: str | Factors | FactorPreset = field(default="paper")

    def __post_init__(self) -> None:
        super().__post_init__()
        resolve_factors(self.factors)

    @property
    def active_factors(self) -> Factors:
        preset = resolve_factors(self.factors)
        return preset.corpus if self.level == "corpus" else preset.sentence


#: the shares of the chunks hit, wrongly corrected, missed and over-corrected
COMPONENTS = (
    Component("hit", "hit", HIGHER, "TP / (TP + FP_ne + FN)"),
    Component("wrong", "wrong", LOWER, "FP_ne / (TP + FP_ne + FN)"),
    Component("under", "under", LOWER, "FN / (TP + FP_ne + FN)"),
    Component("over", "over", LOWER, "FP_un / (TP + FP_ne + FP_un)"),
)


class Cleme2(ChunkMetric):
    name = "cleme2"
    #: the official M2 reader (THUKElab/CLEME e90abea, ``M2DataReaderWriter``) makes one target per
    #: annotator with lines in the sentence: an annotator without lines is left out
    missing_annotators = "absent"
    layout = Layout("CLEME2.0", "score", COMPONENTS, ("tp", "fp", "fp_ne", "fp_un", "fn", "tn"), CHUNK_COUNTS)
    rule = scoring.CLEME2
    keys = rule.keys

    def __init__(self, config: Cleme2Config | None = None) -> None:
        self.config: Cleme2Config = config or Cleme2Config()

    def params(self) -> tuple[float, ...]:
        return self.config.active_factors.values

    def columns(self, t: Any, p: tuple[float, ...]) -> dict[str, Any]:
        return scoring.CLEME2.components(t, p)

    def type_row(self, c: ChunkCounts) -> dict[str, float]:
        """``{tp, fp_ne, fp_un, fn, hit, wrong, under, over}``."""
        _, hit, wrong, under, over = heuo(c, self.config.active_factors)
        return {**super().type_row(c), "hit": hit, "wrong": wrong, "under": under, "over": over}

    def settings(self) -> dict[str, str]:
        return {"factors": f"{resolve_factors(self.config.factors).name}({self.config.active_factors})"}
