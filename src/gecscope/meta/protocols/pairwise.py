"""Sentence-level meta-evaluation: agreement with human pairwise preferences, and windows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gecscope.meta.data.judgments import HumanPair
from gecscope.meta.protocols.correlate import Correlation, system_correlation

#: gec-metrics and the released SEEDA script: a metric tie counts as "the later system wins"
#: (so tau = 2 acc - 1); seeda-paper: a tie is a miss for accuracy and neither for tau
TIE_RULES = ("gec-metrics", "seeda-paper")


@dataclass(frozen=True, slots=True)
class PairwiseResult:
    accuracy: float
    kendall: float
    pairs: int
    metric_ties: int
    tie_rule: str


def pairwise_agreement(
    pairs: Sequence[HumanPair],
    sentence_scores: Mapping[str, Sequence[float]],
    position: Mapping[int, int] | None = None,
    tie_rule: str = "gec-metrics",
) -> PairwiseResult:
    """Accuracy and Kendall's tau of metric sentence scores against human pairs.

    ``position`` maps an item's src-id to the index of the sentence in ``sentence_scores``
    (identity when omitted)."""
    if tie_rule not in TIE_RULES:
        raise ValueError(f"tie_rule must be one of {TIE_RULES}; got {tie_rule!r}")
    agree = discord = ties = 0
    for p in pairs:
        row = position[p.src_id] if position is not None else p.src_id
        a, b = sentence_scores[p.first][row], sentence_scores[p.second][row]
        if a == b:
            ties += 1
            if tie_rule != "gec-metrics":
                continue
        hit = p.label == -1 if a == b else (a > b) == (p.label == 1)
        agree += hit
        discord += not hit
    n = len(pairs)
    return PairwiseResult(agree / n if n else 0.0, (agree - discord) / n if n else 0.0, n, ties, tie_rule)


def window_correlations(
    metric: Mapping[str, float], human: Mapping[str, float], systems: Sequence[str], size: int = 4
) -> dict[tuple[int, int], Correlation]:
    """Correlations inside every window of ``size`` systems consecutive in the human ranking
    (best first); keys are 0-based (first, last) ranks."""
    ranked = sorted(systems, key=lambda s: -human[s])
    out = {}
    for k in range(len(ranked) - size + 1):
        window = ranked[k : k + size]
        out[(k, k + size - 1)] = system_correlation({s: metric[s] for s in window}, {s: human[s] for s in window})
    return out
