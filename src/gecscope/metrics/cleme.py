"""CLEME (Ye et al., 2023): chunk-level precision, recall and F-beta.

Official behaviour reproduced: P/R/F/Acc rounded to 4 decimals (also inside reference
selection); P = 1 when nothing was proposed, R = 1 when nothing was needed; the corpus level
picks references greedily on (F, TP, -FP, -FN, TN); the sentence level picks per sentence on
(F, P, R, Acc) and averages over all sentences. CLEME is length-weighted by default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.finite import check_finite
from gecscope.metrics.chunk_metric import ChunkMetric, sentence_row
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.report.signature import make_signature
from gecscope.result import Score
from gecscope.scoring import best_choice, f_beta, greedy_choice, sum_chosen
from gecscope.stats import ChunkCounts


@dataclass(frozen=True)
class ClemeConfig(ChunkMetricConfig):
    weighting: str = "length"
    beta: float = 0.5

    def __post_init__(self) -> None:
        super().__post_init__()
        check_finite(beta=self.beta)
        if self.beta <= 0:
            raise ValueError(f"beta must be positive; got {self.beta}")


def prf(c: ChunkCounts, beta: float) -> tuple[float, float, float]:
    """Rounded (P, R, F) as the official scorer returns them."""
    p = c.tp / (c.tp + c.fp) if c.tp + c.fp else 1.0
    r = c.tp / (c.tp + c.fn) if c.tp + c.fn else 1.0
    return round(p, 4), round(r, 4), round(f_beta(p, r, beta), 4)


def accuracy(c: ChunkCounts) -> float:
    denom = c.tp + c.fp + c.fn + c.tn
    return round((c.tp + c.tn) / denom, 4) if denom else 0.0


def sentence_key(c: ChunkCounts, beta: float) -> tuple[float, ...]:
    """Per-sentence reference preference: rounded (F, P, R, Acc)."""
    p, r, f = prf(c, beta)
    return (f, p, r, accuracy(c))


class Cleme(ChunkMetric):
    name = "cleme"

    def __init__(self, config: ClemeConfig | None = None) -> None:
        self.config = config or ClemeConfig()

    @property
    def beta(self) -> float:
        return self.config.beta if isinstance(self.config, ClemeConfig) else 0.5

    def score_counts(self, counts: Sequence[Sequence[ChunkCounts]], kept: Sequence[Sequence[int]]) -> Score:
        beta = self.beta

        def values(c: ChunkCounts) -> dict[str, float]:
            p, r, f = prf(c, beta)
            return {"f": f, "p": p, "r": r, "acc": accuracy(c)}

        if self.config.level == "corpus":
            chosen = greedy_choice(counts, ChunkCounts(), lambda tot, c: (prf(tot, beta)[2], c.tp, -c.fp, -c.fn, c.tn))
        else:
            chosen = best_choice(counts, lambda c: sentence_key(c, beta))
        totals = sum_chosen(counts, chosen, ChunkCounts())
        rows = tuple(sentence_row(i, kept[i], j, counts[i][j], values(counts[i][j])) for i, j in enumerate(chosen))
        if self.config.level == "corpus":
            head = values(totals)
        else:
            n = len(rows) or 1
            head = {k: sum(row[k] for row in rows) / n for k in ("f", "p", "r", "acc")}
        details = {**head, "tp": totals.tp, "fp": totals.fp, "fn": totals.fn, "tn": totals.tn}
        sig = make_signature(self.name, {**self.config.signature_fields(), "beta": f"{beta:g}"})
        return Score(self.name, head["f"], details, sig, rows)
