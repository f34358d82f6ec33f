"""CLEME (Ye et al., 2023): chunk-level precision, recall and F-beta.

Official behaviour reproduced: P/R/F/Acc rounded to 4 decimals (also inside reference
selection); P = 1 when nothing was proposed, R = 1 when nothing was needed; the corpus level
picks references greedily on (F, TP, -FP, -FN, TN); the sentence level picks per sentence on
(F, P, R, Acc) and averages over all sentences. CLEME is length-weighted by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gecscope import scoring
from gecscope.finite import check_finite
from gecscope.layout import ACC, PRF, Layout
from gecscope.metrics import options as o
from gecscope.metrics.chunk_metric import ChunkMetric
from gecscope.metrics.config import ChunkMetricConfig
from gecscope.signature import number
from gecscope.stats import ChunkCounts


@dataclass(frozen=True)
class ClemeConfig(ChunkMetricConfig):
    weighting: str = "length"
    beta: float = 0.5

    def __post_init__(self) -> None:
        super().__post_init__()
        check_finite(beta=self.beta)
        o.BETA.check(self.beta)


class Cleme(ChunkMetric):
    name = "cleme"
    #: the official M2 reader (THUKElab/CLEME e90abea, ``M2DataReaderWriter``) makes one target per
    #: annotator with lines in the sentence: an annotator without lines is left out
    missing_annotators = "absent"
    layout = Layout(
        "CLEME",
        "f",
        (*PRF, ACC),
        ("tp", "fp", "fn", "tn"),
        "TP = correct chunk, FP = wrong or unnecessary change, FN = missed correction, TN = untouched and fine "
        "(length-weighted by default)",
    )
    rule = scoring.CLEME
    keys = rule.keys
    detail_counts = ("tp", "fp", "fn", "tn")

    def __init__(self, config: ClemeConfig | None = None) -> None:
        self.config: ClemeConfig = config or ClemeConfig()

    def params(self) -> tuple[float, ...]:
        return (self.config.beta,)

    def columns(self, t: Any, p: tuple[float, ...]) -> dict[str, Any]:
        pr, rc, f = scoring.cleme_prf(t, p[0])
        return {"f": f, "p": pr, "r": rc, "acc": scoring.cleme_accuracy(t)}

    def type_row(self, c: ChunkCounts) -> dict[str, float]:
        """``{tp, fp, fn, p, r, f}``, P/R/F rounded to 4 decimals as CLEME's are."""
        p, r, f = scoring.cleme_prf((c.tp, c.fp_ne, c.fp_un, c.fn), self.config.beta)
        return {"tp": c.tp, "fp": c.fp, "fn": c.fn, "p": p, "r": r, "f": f}

    def settings(self) -> dict[str, str]:
        return {"beta": number(self.config.beta)}
