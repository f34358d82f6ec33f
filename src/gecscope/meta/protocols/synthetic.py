"""Synthetic systems by hybrid super-sampling (Graham and Liu, 2016), as GMEG-Data's Table 8 uses them.

Napoles, Nădejde and Tetreault (TACL 2019, §5.2): sentences are drawn from *pairs* of the real
systems (never Reference, Source or Source+error), with 10 % to 90 % of the sentences from the
first system; a synthetic system's human score is the mean rating of its sentences. Their
generator and seed were never released, so :func:`hybrids` is a seeded rebuild: synthetic
system ``j`` takes pair ``j mod 15`` (in the order of :func:`itertools.combinations` over the
systems), share ``10 % * (1 + (j // 15) mod 9)`` rounded to whole sentences, and which sentences
come from the first system is a uniform draw (``random.Random(seed)``).

A synthetic system's metric score is computed from the real systems' cached statistics: its
sentences' statistics taken from the two systems' analyses in sentence order
(:meth:`gecscope.stats.Statistics.take` of the stacked pair), which equals re-scoring the hybrid
output file (reference choices, GLEU's draws and running sums all go by sentence position).
Sentence-mean ("Sent-") presets average the sentences' own scores.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from gecscope.meta.protocols.evaluate import MetricRun
from gecscope.meta.protocols.limits import MAX_SYNTHETIC
from gecscope.metrics import statistics

#: the shares of the first system's sentences (10 % to 90 %)
SHARES = tuple(k / 10 for k in range(1, 10))


@dataclass(frozen=True)
class Hybrid:
    """One synthetic system: the sentences in ``from_first`` (0-based, ascending) come from ``first``,
    every other sentence from ``second``."""

    first: str
    second: str
    share: float
    from_first: tuple[int, ...]

    @property
    def name(self) -> str:
        return f"{self.first}+{self.second}@{self.share:g}"

    def rows(self, sentences: int) -> np.ndarray:
        """Row of each sentence in the pair's stacked statistics (first's rows, then second's)."""
        rows = np.arange(sentences, dtype=np.int64) + sentences
        rows[list(self.from_first)] -= sentences
        return rows


def hybrids(systems: Sequence[str], sentences: int, count: int, seed: int) -> list[Hybrid]:
    """``count`` synthetic systems over ``sentences`` sentences, seeded (see the module)."""
    if not 0 <= count <= MAX_SYNTHETIC:
        raise ValueError(f"synthetic systems must be from 0 to {MAX_SYNTHETIC:,}; got {count}")
    pairs = list(combinations(systems, 2))
    if count and not pairs:
        raise ValueError("synthetic systems need at least two real systems")
    rng = random.Random(seed)
    out = []
    for j in range(count):
        first, second = pairs[j % len(pairs)]
        share = SHARES[(j // len(pairs)) % len(SHARES)]
        taken = rng.sample(range(sentences), round(share * sentences))
        out.append(Hybrid(first, second, share, tuple(sorted(taken))))
    return out


def hybrid_human(segments: dict[str, list[float | None]], hybrid: Hybrid) -> float:
    """The mean rating of the hybrid's sentences (unrated sentences left out, as in the real
    systems' corpus scores)."""
    first, second = segments[hybrid.first], segments[hybrid.second]
    chosen = set(hybrid.from_first)
    values = [(first if i in chosen else second)[i] for i in range(len(first))]
    rated = [v for v in values if v is not None]
    return sum(rated) / len(rated) if rated else float("nan")


def hybrid_scores(run: MetricRun, found: Sequence[Hybrid], aggregation: str = "corpus") -> list[float]:
    """Each hybrid's metric score from the run's cached statistics (no re-scoring)."""
    if aggregation == "sentence":
        sentence = run.sentence_scores()
        out = []
        for h in found:
            chosen = set(h.from_first)
            a, b = sentence[h.first], sentence[h.second]
            out.append(sum(a[i] if i in chosen else b[i] for i in range(len(a))) / len(a))
        return out
    from gecscope.resample import stat_table  # the resampling tables: the values of re-scoring

    stats = statistics(run.metric)
    by_pair: dict[tuple[str, str], list[int]] = {}
    for k, h in enumerate(found):
        by_pair.setdefault((h.first, h.second), []).append(k)
    scores = [0.0] * len(found)
    for (first, second), members in by_pair.items():
        n = stats.size(run.analyses[first])
        table = stat_table(run.metric, stats.stack([run.analyses[first], run.analyses[second]]))
        values = table.scores(np.stack([found[k].rows(n) for k in members]))
        for k, value in zip(members, values.tolist(), strict=True):
            scores[k] = float(value)
    return scores


def synthetic_vectors(
    run: MetricRun,
    segments: dict[str, list[float | None]],
    human: dict[str, float],
    count: int,
    seed: int,
    aggregation: str = "corpus",
) -> tuple[dict[str, float], dict[str, float]]:
    """Metric and human scores of the real systems plus ``count`` hybrids drawn with ``seed``
    (a hybrid is named ``first+second@share#k``); their Pearson/Spearman is
    :func:`~gecscope.meta.protocols.correlate.system_correlation` of the two."""
    systems = run.dataset.systems
    found = hybrids(systems, len(segments[systems[0]]), count, seed)
    metric = {**run.system_scores(aggregation)}
    people = {s: human[s] for s in systems}
    for k, (h, value) in enumerate(zip(found, hybrid_scores(run, found, aggregation), strict=True)):
        metric[f"{h.name}#{k}"], people[f"{h.name}#{k}"] = value, hybrid_human(segments, h)
    return metric, people


def summarise(values: Sequence[float]) -> dict[str, float]:
    """Mean and sample standard deviation (0 for one value)."""
    arr = np.asarray(values, dtype=np.float64)
    return {"mean": float(arr.mean()), "sd": float(arr.std(ddof=1)) if len(arr) > 1 else 0.0}
