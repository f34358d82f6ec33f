"""CLEME (Ye et al., 2023): chunk-level precision, recall and F-beta.

Official behaviour reproduced: P/R/F/Acc rounded to 4 decimals (also inside reference
selection); P = 1 when nothing was proposed, R = 1 when nothing was needed; the corpus level
picks references greedily on (F, TP, -FP, -FN, TN); the sentence level picks per sentence on
(F, P, R, Acc) and averages over all sentences. CLEME is length-weighted by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.finite import check_finite
from gecscope.layout import HIGHER, Component, F, Layout, P, R
from gecscope.metrics.analysis import FloatArray, IntArray
from gecscope.metrics.base import signed
from gecscope.metrics.chunk_choice import Counts5, best_pairs, chosen_totals, greedy_pairs, mean, sentence_rows
from gecscope.metrics.chunk_metric import ChunkMetric, ChunkTable
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.result import Score
from gecscope.scoring import f_beta
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
    return prf_values(c.tp, c.fp, c.fn, beta)


def prf_values(tp: float, fp: float, fn: float, beta: float) -> tuple[float, float, float]:
    """:func:`prf` of plain counts (``fp`` = FP_ne + FP_un)."""
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    return round(p, 4), round(r, 4), round(f_beta(p, r, beta), 4)


def accuracy(c: ChunkCounts) -> float:
    return accuracy_values(c.tp, c.fp, c.fn, c.tn)


def accuracy_values(tp: float, fp: float, fn: float, tn: float) -> float:
    denom = tp + fp + fn + tn
    return round((tp + tn) / denom, 4) if denom else 0.0


def sentence_key(c: ChunkCounts, beta: float) -> tuple[float, ...]:
    """Per-sentence reference preference: rounded (F, P, R, Acc)."""
    p, r, f = prf(c, beta)
    return (f, p, r, accuracy(c))


def value_columns(values: FloatArray, beta: float) -> dict[str, FloatArray]:
    """Rounded F, P, R and accuracy of every count row (Python's ``round``, row by row)."""
    cols = np.empty((len(values), 4), dtype=np.float64)
    for first in range(0, len(values), 65536):  # plain floats for a block of rows at a time
        out = []
        for tp, fp_ne, fp_un, fn, tn in values[first : first + 65536].tolist():
            fp = fp_ne + fp_un
            p, r, f = prf_values(tp, fp, fn, beta)
            out.append((f, p, r, accuracy_values(tp, fp, fn, tn)))
        cols[first : first + len(out)] = out
    return {k: cols[:, i] for i, k in enumerate(("f", "p", "r", "acc"))}


class Cleme(ChunkMetric):
    name = "cleme"
    layout = Layout(
        "CLEME",
        "f",
        (P, R, F, Component("acc", "Acc", HIGHER, "accuracy")),
        ("tp", "fp", "fn", "tn"),
        "TP = correct chunk, FP = wrong or unnecessary change, FN = missed correction, TN = untouched and fine "
        "(length-weighted by default)",
    )

    def __init__(self, config: ClemeConfig | None = None) -> None:
        self.config = config or ClemeConfig()

    def greedy_rule(self) -> tuple[str, tuple[float, ...]]:
        return "cleme", (self.beta,)

    @property
    def beta(self) -> float:
        return self.config.beta if isinstance(self.config, ClemeConfig) else 0.5

    def table(self, values: FloatArray, pair_offsets: IntArray) -> ChunkTable:
        beta = self.beta
        if self.config.level == "corpus":

            def key(t: Counts5, c: Counts5) -> tuple[float, ...]:
                return (prf_values(t[0], t[1] + t[2], t[3], beta)[2], c[0], -(c[1] + c[2]), -c[3], c[4])

            chosen, totals = greedy_pairs(values, pair_offsets, key)
            columns = value_columns(values[chosen], beta)
            p, r, f = prf(totals, beta)
            return ChunkTable(chosen, columns, totals, {"f": f, "p": p, "r": r, "acc": accuracy(totals)})
        every = value_columns(values, beta)
        chosen = best_pairs([every[k] for k in ("f", "p", "r", "acc")], pair_offsets)
        columns = {k: v[chosen] for k, v in every.items()}
        return ChunkTable(chosen, columns, chosen_totals(values, chosen), {k: mean(v) for k, v in columns.items()})

    def finish(self, table: ChunkTable, values: FloatArray, ref_index: Any) -> Score:
        t = table.totals
        details = {**table.head, "tp": t.tp, "fp": t.fp, "fn": t.fn, "tn": t.tn}
        sig = signed(self, {**self.config.signature_fields(), "beta": f"{self.beta:g}"})
        rows = sentence_rows(table.chosen, values, ref_index, table.columns)
        return Score(self.name, table.head["f"], details, sig, rows, layout=self.layout)
