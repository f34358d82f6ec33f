"""CLEME2.0 (Ye et al., 2025): Hit, Wrong, Under, Over and their weighted combination.

hit = TP/N, wrong = FP_ne/N, under = FN/N with N = TP + FP_ne + FN (all 0 when N = 0);
over = FP_un/(TP + FP_ne + FP_un) (0 when that is 0);
score = a1*hit + a2*(1 - wrong) + a3*(1 - under) + a4*(1 - over).
Corpus level: greedy reference choice on (score, TP, -FP, -FN, TN); sentence level: per
sentence on (score, hit, -wrong, -under, -over), then the mean over all sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gecscope.finite import check_finite
from gecscope.metrics.chunk_metric import ChunkMetric, sentence_row
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.report.signature import make_signature
from gecscope.result import Score
from gecscope.scoring import best_choice, greedy_choice, sum_chosen
from gecscope.stats import ChunkCounts


@dataclass(frozen=True, slots=True)
class Factors:
    """Trade-off factors (hit, wrong, under, over); they must sum to 1."""

    hit: float
    wrong: float
    under: float
    over: float

    def __post_init__(self) -> None:
        vals = (self.hit, self.wrong, self.under, self.over)
        check_finite(hit=self.hit, wrong=self.wrong, under=self.under, over=self.over)
        if any(v < 0 for v in vals) or abs(sum(vals) - 1.0) > 1e-5:
            raise ValueError(f"factors must be non-negative and sum to 1; got {vals}")

    def __str__(self) -> str:
        return ",".join(f"{v:g}" for v in (self.hit, self.wrong, self.under, self.over))

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
    if isinstance(spec, Factors):
        return FactorPreset(str(spec), spec, spec)
    if spec in FACTOR_PRESETS:
        return FACTOR_PRESETS[spec]
    f = Factors.parse(spec)
    return FactorPreset(str(f), f, f)


def heuo(c: ChunkCounts, f: Factors) -> tuple[float, float, float, float, float]:
    """(score, hit, wrong, under, over) in the official evaluation order."""
    ne = c.tp + c.fp_ne + c.fn
    hit = c.tp / ne if ne else 0.0
    err = c.fp_ne / ne if ne else 0.0
    und = c.fn / ne if ne else 0.0
    d = c.tp + c.fp_ne + c.fp_un
    ove = c.fp_un / d if d else 0.0
    com = f.hit * hit + f.wrong * (1 - err) + f.under * (1 - und) + f.over * (1 - ove)
    return com, hit, err, und, ove


def sentence_key(c: ChunkCounts, f: Factors) -> tuple[float, ...]:
    """Per-sentence reference preference: (score, hit, -wrong, -under, -over)."""
    com, hit, err, und, ove = heuo(c, f)
    return (com, hit, -err, -und, -ove)


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


NAMES = ("score", "hit", "wrong", "under", "over")


class Cleme2(ChunkMetric):
    name = "cleme2"

    def __init__(self, config: Cleme2Config | None = None) -> None:
        self.config = config or Cleme2Config()

    def score_counts(self, counts: Sequence[Sequence[ChunkCounts]], kept: Sequence[Sequence[int]]) -> Score:
        assert isinstance(self.config, Cleme2Config)
        f = self.config.active_factors
        if self.config.level == "corpus":
            chosen = greedy_choice(counts, ChunkCounts(), lambda tot, c: (heuo(tot, f)[0], c.tp, -c.fp, -c.fn, c.tn))
        else:
            chosen = best_choice(counts, lambda c: sentence_key(c, f))
        totals = sum_chosen(counts, chosen, ChunkCounts())
        rows = tuple(
            sentence_row(i, kept[i], j, counts[i][j], dict(zip(NAMES, heuo(counts[i][j], f), strict=True)))
            for i, j in enumerate(chosen)
        )
        if self.config.level == "corpus":
            head = dict(zip(NAMES, heuo(totals, f), strict=True))
        else:
            n = len(rows) or 1
            head = {k: sum(row[k] for row in rows) / n for k in NAMES}
        details = {**head, **totals.as_dict()}
        preset = resolve_factors(self.config.factors)
        fields = {**self.config.signature_fields(), "factors": f"{preset.name}({f})"}
        return Score(self.name, head["score"], details, make_signature(self.name, fields), rows)
