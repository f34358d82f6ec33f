"""The data behind ``gecscope report``: several systems, several metrics, per-type CLEME2.0
counts and the sentences worth looking at.

Rendering lives in :mod:`gecscope.report.html` and :mod:`gecscope.report.markdown`; this module
only computes. Confidence intervals are optional input (``intervals``), e.g. from a bootstrap,
keyed by ``(system, metric)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gecscope.comparison import compare_aligned
from gecscope.errors import InputError
from gecscope.metrics import METRICS
from gecscope.pipeline import Inputs, prepare, score_examples
from gecscope.progress import progress
from gecscope.report.explain import Explanation, explain
from gecscope.resample.settings import CompareConfig
from gecscope.result import Score
from gecscope.types import Example

#: the metric whose per-sentence counts pick the example sentences and whose types are mapped
TYPES_METRIC = "cleme2"


@dataclass(frozen=True)
class SystemData:
    """One system's aligned examples and the run's inputs, which sign each metric with its own
    fields (:func:`gecscope.pipeline.prepare`; by default, what the examples carry)."""

    name: str
    examples: Sequence[Example]
    inputs: Inputs | None = None
    #: the same examples with the references' own M2 types (no classifier): the gold-type heat map
    gold: Sequence[Example] | None = None

    def __post_init__(self) -> None:
        if not self.examples:
            raise ValueError(f"system {self.name!r} has no examples")


@dataclass(frozen=True)
class Interval:
    """A confidence interval for one number (rendered as ``[low, high]``)."""

    low: float
    high: float
    level: float = 0.95

    def __post_init__(self) -> None:
        if self.low > self.high or not 0 < self.level < 1:
            raise ValueError(f"invalid interval [{self.low}, {self.high}] at level {self.level}")


@dataclass(frozen=True)
class SentenceView:
    """A sentence of one system worth showing, with its chunk table."""

    system: str
    index: int
    reason: str
    explanation: Explanation
    counts: Mapping[str, float]
    #: the reference the sentence was scored against (index among all references)
    reference: int = 0

    @property
    def position(self) -> int:
        """The chosen reference's position among the kept references of the explanation."""
        kept = self.explanation.kept
        return kept.index(self.reference) if self.reference in kept else 0


@dataclass(frozen=True)
class Divergence:
    """A sentence on which the best and the worst system differ most (per-sentence CLEME2.0)."""

    index: int
    spread: float
    scores: Mapping[str, float]
    views: tuple[SentenceView, SentenceView]


@dataclass(frozen=True)
class ReportSettings:
    metrics: tuple[str, ...] = ("cleme2", "cleme", "errant")
    cat: int = 3
    per_system: int = 3
    divergent: int = 5
    max_types: int = 30
    #: no sentence is shown more often than this among all the examples (chunk tables)
    max_repeats: int = 2
    #: the system the per-type differences are tested against (None: INPUT if present, else the first)
    baseline: str | None = None
    #: each metric's settings (as ``gecscope.get_metric`` takes them)
    options: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = [m for m in self.metrics if m not in METRICS]
        if unknown or not self.metrics:
            raise ValueError(f"unknown metric(s) {unknown}; available: {', '.join(sorted(METRICS))}")
        if self.cat not in (1, 2, 3) or self.per_system < 0 or self.divergent < 0 or self.max_types < 1:
            raise ValueError("cat must be 1-3, per_system/divergent >= 0 and max_types >= 1")
        if self.max_repeats < 1:
            raise ValueError("max_repeats must be at least 1")


@dataclass(frozen=True)
class ReportData:
    systems: tuple[str, ...]
    settings: ReportSettings
    scores: Mapping[str, Mapping[str, Score]]
    types: Mapping[str, Score]
    views: Mapping[str, tuple[SentenceView, ...]]
    divergences: tuple[Divergence, ...]
    intervals: Mapping[tuple[str, str], Interval] = field(default_factory=dict)
    #: CLEME2.0 against the baseline with components and per-type tests (``gecscope.comparison``)
    comparison: Any = None
    #: CLEME2.0 per gold type (``cat="gold"``: the reference M2's own types) per system; empty
    #: when the references carry no M2 types
    gold_types: Mapping[str, Score] = field(default_factory=dict)

    def type_names(self) -> list[str]:
        """The error types shown: the most frequent by attributed chunks (TP + FP_ne + FP_un + FN)
        summed over the systems, at most ``settings.max_types``."""
        need: dict[str, float] = {}
        for s in self.types.values():
            for name, row in s.details.get("types", {}).items():
                need[name] = need.get(name, 0.0) + row["tp"] + row["fp_ne"] + row["fn"] + row["fp_un"]
        return sorted(need, key=lambda k: (-need[k], k))[: self.settings.max_types]

    def gold_type_names(self) -> list[str]:
        """The gold types shown: the most frequent by their chunks (TP + FP_ne + FN) summed over
        the systems, at most ``settings.max_types``."""
        need: dict[str, float] = {}
        for s in self.gold_types.values():
            for name, row in s.details.get("types", {}).items():
                need[name] = need.get(name, 0.0) + row["tp"] + row["fp_ne"] + row["fn"]
        return sorted(need, key=lambda k: (-need[k], k))[: self.settings.max_types]


def score_system(system: SystemData, settings: ReportSettings) -> dict[str, Score]:
    """Every requested metric for one system, through the pipeline's analyse and reduce;
    CLEME2.0 always, with per-type counts. Metrics that declare the same analysis key (the CLEME
    family) share one analysis."""
    out = {}
    shared: dict[Any, Any] = {}
    inputs = system.inputs or prepare([system.examples], [])[1]
    for name in dict.fromkeys((TYPES_METRIC, *settings.metrics)):
        options = {**settings.options.get(name, {}), **({"cat": settings.cat} if name == TYPES_METRIC else {})}
        out[name] = score_examples(METRICS[name].build(**options), system.examples, inputs, shared)
    return out


#: sentences shorter than this many source tokens are ranked as if they had this many
MIN_LENGTH = 10


def worst_sentences(
    system: SystemData, score: Score, n: int, used: dict[int, int], max_repeats: int
) -> tuple[SentenceView, ...]:
    """The ``n`` sentences with the most FP_un chunks and the ``n`` with the most FP_ne, per
    source token (``max(tokens, MIN_LENGTH)``: long sentences do not win by length alone); a
    sentence already shown ``max_repeats`` times (``used``, updated) is skipped."""
    rows = score.sentences
    picked: dict[int, str] = {}
    for key, reason in (("fp_un", "most FP_un (over-correction)"), ("fp_ne", "most FP_ne (wrong correction)")):

        def rate(r: Mapping[str, Any], key: str = key) -> float:
            return float(r[key]) / max(len(system.examples[int(r["index"])].source), MIN_LENGTH)

        ranked = sorted((r for r in rows if r[key] > 0), key=lambda r: (-rate(r), -r[key], r["index"]))
        shown = [i for i in (int(r["index"]) for r in ranked) if i not in picked and used.get(i, 0) < max_repeats]
        for i in shown[:n]:
            picked[i] = reason
            used[i] = used.get(i, 0) + 1
    return tuple(view(system.name, system.examples, rows, i, reason) for i, reason in picked.items())


def view(name: str, examples: Sequence[Example], rows: Sequence[Mapping[str, float]], i: int, why: str) -> SentenceView:
    counts = {k: float(rows[i][k]) for k in ("tp", "fp_ne", "fp_un", "fn", "score")}
    return SentenceView(name, i, why, explain(examples[i]), counts, int(rows[i]["reference"]))


def divergences(systems: Sequence[SystemData], scores: Mapping[str, Mapping[str, Score]], n: int) -> list[Divergence]:
    """Sentences with the largest spread of per-sentence CLEME2.0 across systems."""
    if len(systems) < 2 or n == 0:
        return []
    per = {s.name: scores[s.name][TYPES_METRIC].sentences for s in systems}
    spreads = []
    for i in range(len(per[systems[0].name])):
        vals = {name: float(rows[i]["score"]) for name, rows in per.items()}
        best, worst = max(vals, key=lambda k: vals[k]), min(vals, key=lambda k: vals[k])
        spreads.append((vals[best] - vals[worst], i, best, worst, vals))
    spreads.sort(key=lambda t: (-t[0], t[1]))
    by_name = {s.name: s for s in systems}
    out = []
    for spread, i, best, worst, vals in spreads[:n]:
        if spread <= 0:
            break
        pair = tuple(view(k, by_name[k].examples, per[k], i, "best" if k == best else "worst") for k in (best, worst))
        out.append(Divergence(i, spread, vals, (pair[0], pair[1])))
    return out


def build_report(
    systems: Sequence[SystemData],
    settings: ReportSettings | None = None,
    intervals: Mapping[tuple[str, str], Interval] | None = None,
    *,
    comparison: Any = None,
) -> ReportData:
    """Score every system with every metric and pick the sentences to show; ``comparison`` (see
    :func:`significance`) adds intervals to the Hit/Wrong/Under/Over bars and marks in the heat map."""
    settings = settings or ReportSettings()
    if not systems:
        raise InputError("no systems to report on")
    names = [s.name for s in systems]
    if len(set(names)) != len(names):
        raise InputError(f"system names must be distinct; got {names}")
    lengths = {s.name: len(s.examples) for s in systems}
    if len(set(lengths.values())) != 1:
        raise InputError(f"systems have different numbers of sentences: {lengths}")
    scores = {s.name: score_system(s, settings) for s in progress(systems, desc="scoring systems")}
    diverging = tuple(divergences(systems, scores, settings.divergent))
    used: dict[int, int] = {}
    for d in diverging:  # both systems' tables show the sentence
        used[d.index] = used.get(d.index, 0) + 2
    views = {
        s.name: worst_sentences(s, scores[s.name][TYPES_METRIC], settings.per_system, used, settings.max_repeats)
        for s in systems
    }
    return ReportData(
        tuple(names),
        settings,
        scores,
        {k: v[TYPES_METRIC] for k, v in scores.items()},
        views,
        diverging,
        dict(intervals or {}),
        comparison,
        gold_scores(systems),
    )


def gold_scores(systems: Sequence[SystemData]) -> dict[str, Score]:
    """CLEME2.0 per gold type of every system given with :attr:`SystemData.gold` examples ({} when
    one lacks them): the reference M2's own types, recall-side (``cat="gold"``)."""
    if not systems or any(s.gold is None for s in systems):
        return {}
    metric = METRICS[TYPES_METRIC].build(cat="gold")
    out = {}
    for s in systems:
        assert s.gold is not None
        inputs = s.inputs or prepare([s.gold], [])[1]
        out[s.name] = score_examples(metric, s.gold, inputs, {})
    return out


def baseline_of(systems: Sequence[str], settings: ReportSettings) -> str:
    """The chosen baseline: ``settings.baseline``, else INPUT when present, else the first system."""
    if settings.baseline is not None:
        if settings.baseline not in systems:
            raise InputError(f"--baseline {settings.baseline!r} is not among the systems ({', '.join(systems)})")
        return settings.baseline
    return "INPUT" if "INPUT" in systems else systems[0]


def significance(
    systems: Sequence[SystemData],
    settings: ReportSettings,
    *,
    bootstrap: int = 1000,
    trials: int = 10000,
) -> Any:
    """CLEME2.0 of every system against the baseline: the score, hit/wrong/under/over and every
    error type's aspects at ``settings.cat``, with bootstrap intervals and paired p-values
    (approximate randomization, Benjamini-Hochberg-adjusted over every type x aspect test of the
    page, the headline and its components corrected apart: a report tests hundreds of type x
    aspect differences, where Holm's family-wise control leaves almost nothing)."""
    examples = {s.name: list(s.examples) for s in systems}
    config = CompareConfig(bootstrap, trials, test="ar", cat=settings.cat, correction="bh", family="call")
    base = baseline_of(list(examples), settings)
    metric = METRICS[TYPES_METRIC].build()
    inputs = systems[0].inputs if systems and systems[0].inputs is not None else prepare(list(examples.values()), [])[1]
    return compare_aligned([metric], examples, inputs, config, base)
