"""Compare systems: scores with confidence intervals and paired significance tests.

Every statistic is computed once per (system, metric) (``metric.analyse``); the paired
bootstrap and approximate randomization then resample the cached statistics (see
:mod:`gecscope.resample.paired` for exactly what is resampled and how each p-value is defined).

>>> import gecscope
>>> d = gecscope.example_dir()
>>> ex = gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
>>> res = compare("cleme2", {"base": ex, "same": ex}, bootstrap=50, trials=50)
>>> row = res.row("cleme2", "same")
>>> row.diff, row.p_bootstrap, row.p_ar
(0.0, 1.0, 1.0)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.api import get_metric, prepare
from gecscope.errors import InputError, MissingExtraError
from gecscope.metrics import Metric
from gecscope.progress import bar
from gecscope.report.layout import layout_of, split_details
from gecscope.report.signature import extend_signature
from gecscope.resample import GreedyTable, stat_table
from gecscope.resample.breakdown import payloads, type_entries
from gecscope.resample.correction import CORRECTIONS, adjust
from gecscope.resample.measures import (
    HEADLINE,
    Key,
    Plan,
    ar_draws,
    measure,
    supports,
    supports_totals,
    system_draws,
    totals_of,
)
from gecscope.resample.paired import (
    ar_differences,
    ar_p,
    ar_swaps,
    bootstrap_indices,
    bootstrap_p,
    bootstrap_scores,
    percentile_interval,
)
from gecscope.types import Example

TESTS = ("bootstrap", "ar", "both")
DEFAULT_SEED = 12345


@dataclass(frozen=True)
class CompareConfig:
    """Settings of a comparison (validated)."""

    bootstrap: int = 1000
    trials: int = 10000
    seed: int = DEFAULT_SEED
    test: str = "both"
    confidence: float = 0.95
    alpha: float = 0.05
    #: multiple-comparison correction over every test of a call: holm, bh or none
    correction: str = "holm"
    #: per-error-type breakdown level (0: none; 1-3: ERRANT's -cat levels)
    cat: int = 0
    #: types with fewer chunks/edits than this (system or baseline) are flagged, not tested
    min_support: float = 10.0

    def __post_init__(self) -> None:
        if self.correction not in CORRECTIONS:
            raise ValueError(f"correction must be one of {', '.join(CORRECTIONS)}; got {self.correction!r}")
        if self.cat not in (0, 1, 2, 3):
            raise ValueError(f"cat must be 0, 1, 2 or 3; got {self.cat}")
        if self.min_support < 0:
            raise ValueError("min_support must not be negative")
        if self.test not in TESTS:
            raise ValueError(f"test must be one of {', '.join(TESTS)}; got {self.test!r}")
        if self.bootstrap < 1 or self.trials < 1:
            raise ValueError("bootstrap and trials must be positive")
        if not 0 < self.confidence < 1 or not 0 < self.alpha < 1:
            raise ValueError("confidence and alpha must lie in (0, 1)")

    def signature_fields(self) -> dict[str, str]:
        fields = {"test": "bs+ar" if self.test == "both" else ("bs" if self.test == "bootstrap" else "ar")}
        fields["bs"] = str(self.bootstrap)
        if self.test != "bootstrap":
            fields["ar"] = str(self.trials)
        fields["seed"] = str(self.seed)
        fields["ci"] = f"{self.confidence * 100:g}"
        fields["corr"] = self.correction
        if self.cat:
            fields["cat"] = str(self.cat)
            fields["min_support"] = f"{self.min_support:g}"
        return fields


@dataclass(frozen=True)
class SystemResult:
    """One system under one metric, against the baseline."""

    metric: str
    system: str
    baseline: str
    score: float
    ci: tuple[float, float]
    diff: float
    diff_ci: tuple[float, float]
    p_bootstrap: float | None
    p_ar: float | None
    signature: str
    #: ``score`` for the headline, else the component's key (``hit``, ``p``...)
    component: str = "score"
    #: the error type ("" for the whole corpus)
    type: str = ""
    #: which direction is better: ``higher`` (↑) or ``lower`` (↓)
    better: str = "higher"
    #: per type: the fewer chunks/edits of system and baseline counted for it (None overall)
    support: float | None = None
    #: False for a type with too little support (reported, not tested)
    tested: bool = True
    #: the p-values adjusted over every test of the call (None before adjustment or untested)
    p_bootstrap_adj: float | None = None
    p_ar_adj: float | None = None

    @property
    def arrow(self) -> str:
        return "↑" if self.better == "higher" else "↓"

    @property
    def headline(self) -> bool:
        return self.component == "score" and not self.type

    def cells(self) -> list[str]:
        """Score, CI, difference, its CI and the two p-values, formatted for tables."""

        def p(x: float | None) -> str:
            return "-" if x is None else f"{x:.4f}"

        return [
            f"{self.score:.4f}",
            f"[{self.ci[0]:.4f}, {self.ci[1]:.4f}]",
            f"{self.diff:+.4f}",
            f"[{self.diff_ci[0]:+.4f}, {self.diff_ci[1]:+.4f}]",
            p(self.p_bootstrap),
            p(self.p_ar),
        ]

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether every p-value computed (adjusted, when adjusted) is below ``alpha`` (never for
        the baseline itself nor an untested type)."""
        bs = self.p_bootstrap if self.p_bootstrap_adj is None else self.p_bootstrap_adj
        ar = self.p_ar if self.p_ar_adj is None else self.p_ar_adj
        ps = [p for p in (bs, ar) if p is not None]
        return bool(ps) and self.tested and self.system != self.baseline and all(p < alpha for p in ps)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


@dataclass(frozen=True)
class Comparison:
    """All rows (metric-major, systems in the order given) and the settings."""

    rows: tuple[SystemResult, ...]
    baseline: str
    config: CompareConfig

    def row(self, metric: str, system: str, component: str = "score", type: str = "") -> SystemResult:
        """The row of ``system`` under ``metric`` (the headline unless ``component``/``type``)."""
        for r in self.rows:
            if r.metric == metric and r.system == system and r.component == component and r.type == type:
                return r
        raise KeyError((metric, system, component, type))

    def as_dicts(self) -> list[dict[str, Any]]:
        return [{**r.as_dict(), "significant": r.significant(self.config.alpha)} for r in self.rows]

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per (metric, system) (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise MissingExtraError("Comparison.to_frame()", "pandas") from None
        flat = []
        for d in self.as_dicts():
            lo, hi = d.pop("ci")
            dlo, dhi = d.pop("diff_ci")
            flat.append({**d, "ci_low": lo, "ci_high": hi, "diff_ci_low": dlo, "diff_ci_high": dhi})
        return pd.DataFrame(flat)

    def _repr_html_(self) -> str:
        from gecscope.report.html import comparison_html

        return comparison_html(self)


def check_systems(systems: Mapping[str, Sequence[Any]], baseline: str | None) -> str:
    """The baseline name (default: the first system); sizes must agree."""
    if not systems:
        raise InputError("no systems to compare")
    names = list(systems)
    base = names[0] if baseline is None else baseline
    if base not in systems:
        raise InputError(f"baseline {base!r} is not among the systems ({', '.join(names)})")
    n = {len(v) for v in systems.values()}
    if len(n) != 1:
        sizes = ", ".join(f"{k}: {len(v)}" for k, v in systems.items())
        raise InputError(f"systems have different numbers of sentences ({sizes})")
    return base


def _plan(metric: Metric, analyses: Mapping[str, Any], baseline: str, examples: Any, config: CompareConfig) -> Any:
    """The components the metric's Score reports, and the per-type payloads (``cat``)."""
    score = metric.score_analysis(analyses[baseline])
    comps = tuple(split_details(metric.name, score.details)[0])
    pays: dict[str, Any] = {}
    types: tuple[str, ...] = ()
    width = 0
    if config.cat and examples is not None:
        entries = {s: type_entries(metric, analyses[s], examples.get(s), config.cat) for s in analyses}
        if all(e is not None for e in entries.values()):
            pays, types, width = payloads({s: e for s, e in entries.items() if e is not None})
    return Plan(comps, types, width), pays


def _interval_rows(
    metric: Metric,
    names: list[str],
    b: int,
    config: CompareConfig,
    sig: str,
    point: list[dict[Key, Any]],
    boot: list[dict[Key, Any]],
    ar: list[dict[Key, Any] | None],
    support: list[dict[str, float]],
) -> list[SystemResult]:
    better = {c.key: c.better for c in layout_of(metric.name).components}
    head = (HEADLINE, "")
    keys = [
        k
        for k in point[b]
        # a component identical to the headline on every resample is the headline (GREEN's corpus F...)
        if k == head or k[1] or not all(np.array_equal(d[k], d[head]) for d in [*boot, *point])
    ]
    rows = []
    for key in keys:
        comp, kind = key
        for i, name in enumerate(names):
            diff = float(point[i][key][0] - point[b][key][0])
            diffs = boot[i][key] - boot[b][key]
            sup = min(support[i].get(kind, 0.0), support[b].get(kind, 0.0)) if kind else None
            tested = sup is None or sup >= config.min_support
            p_bs = bootstrap_p(diff, diffs) if config.test != "ar" and tested else None
            p_ar: float | None = None
            if config.test != "bootstrap" and tested:
                arr = ar[i]
                p_ar = 1.0 if arr is None else ar_p(diff, arr[key])
            rows.append(
                SystemResult(
                    metric.name,
                    name,
                    names[b],
                    float(point[i][key][0]),
                    percentile_interval(boot[i][key], config.confidence),
                    diff,
                    percentile_interval(diffs, config.confidence),
                    p_bs,
                    p_ar,
                    sig,
                    comp,
                    kind,
                    better.get(comp, "higher"),
                    sup,
                    tested,
                )
            )
    return rows


def compare_analyses(
    metric: Metric,
    analyses: Mapping[str, Any],
    baseline: str,
    config: CompareConfig,
    signature: str,
    examples: Mapping[str, Sequence[Example]] | None = None,
) -> list[SystemResult]:
    """Rows for one metric from each system's cached analysis (the CLI's entry point): the
    headline score, every component the metric's Score reports and (with ``config.cat`` and the
    systems' ``examples``) every error type's components, all from the same resamples."""
    names = list(analyses)
    n = len(analyses[baseline])
    tables = [stat_table(metric, analyses[s]) for s in names]
    b = names.index(baseline)
    sig = extend_signature(signature, config.signature_fields())
    if not all(supports_totals(t) for t in tables):
        return _score_rows(metric, names, tables, n, b, config, sig)
    plan, pays = _plan(metric, analyses, baseline, examples, config)
    if pays:
        tables = [_with_payload(t, pays[s]) for t, s in zip(tables, names, strict=True)]
    table = tables[0].stacked(tables[1:])
    full = np.arange(n, dtype=np.int64)[None]
    idx = bootstrap_indices(n, config.bootstrap, config.seed)
    swaps = ar_swaps(n, config.trials, config.seed) if config.test != "bootstrap" else None
    point, boot, ar, support = [], [], [], []
    with bar(len(names), f"resampling {metric.name}") as progress:
        for i in range(len(names)):
            tot, pay = totals_of(table, full + i * n)
            point.append(measure(table, plan, tot, pay))
            support.append(supports(plan, pay))
            boot.append(system_draws(table, plan, n, i, idx))
            ar.append(None if swaps is None or i == b else ar_draws(table, plan, n, i, b, swaps))
            progress.update(1)
    return _interval_rows(metric, names, b, config, sig, point, boot, ar, support)


def _with_payload(table: Any, payload: Any) -> Any:
    return dataclasses.replace(table, payload=payload) if isinstance(table, GreedyTable) else table


def _score_rows(
    metric: Metric, names: list[str], tables: list[Any], n: int, b: int, config: CompareConfig, sig: str
) -> list[SystemResult]:
    """Headline rows only, for tables that re-score (no totals to read components from)."""
    table = tables[0].stacked(tables[1:])
    point = bootstrap_scores(table, n, range(len(names)), np.arange(n, dtype=np.int64)[None])[:, 0]
    boot = bootstrap_scores(table, n, range(len(names)), bootstrap_indices(n, config.bootstrap, config.seed))
    swaps = ar_swaps(n, config.trials, config.seed) if config.test != "bootstrap" else None
    key = (HEADLINE, "")
    ar = [None if swaps is None or i == b else {key: ar_differences(table, n, i, b, swaps)} for i in range(len(names))]
    return _interval_rows(
        metric,
        names,
        b,
        config,
        sig,
        [{key: np.array([point[i]])} for i in range(len(names))],
        [{key: boot[i]} for i in range(len(names))],
        ar,
        [{} for _ in names],
    )


def corrected(rows: Sequence[SystemResult], method: str) -> tuple[SystemResult, ...]:
    """``rows`` with adjusted p-values: each test (bootstrap, AR) corrected over every tested row
    that is not a baseline compared with itself (all metrics, components and types of the call)."""
    out = list(rows)
    for field in ("p_bootstrap", "p_ar"):
        at = [i for i, r in enumerate(out) if getattr(r, field) is not None and r.system != r.baseline and r.tested]
        adj = adjust([getattr(out[i], field) for i in at], method)
        for i, a in zip(at, adj, strict=True):
            if field == "p_bootstrap":
                out[i] = dataclasses.replace(out[i], p_bootstrap_adj=a)
            else:
                out[i] = dataclasses.replace(out[i], p_ar_adj=a)
    return tuple(out)


def compare(
    metric: str | Metric | Sequence[str | Metric],
    systems: Mapping[str, Sequence[Example]],
    *,
    baseline: str | None = None,
    bootstrap: int = 1000,
    trials: int = 10000,
    seed: int = DEFAULT_SEED,
    test: str = "both",
    confidence: float = 0.95,
    alpha: float = 0.05,
    aligner: str = "errant",
    correction: str = "holm",
    cat: int = 0,
    min_support: float = 10.0,
) -> Comparison:
    """Compare ``systems`` (name -> examples, all on the same sentences) under one or several
    metrics; the baseline defaults to the first system."""
    config = CompareConfig(bootstrap, trials, seed, test, confidence, alpha, correction, cat, min_support)
    base = check_systems(systems, baseline)
    metrics: list[str | Metric] = (
        list(metric) if isinstance(metric, Sequence) and not isinstance(metric, str) else [metric]
    )
    built = [get_metric(m) if isinstance(m, str) else m for m in metrics]
    hyps = any(m.needs_edits for m in built)
    if hyps or any(getattr(m, "needs_reference_edits", False) for m in built):
        # every system aligned in one pass (each distinct sentence pair once, one aligner)
        flat = [ex for exs in systems.values() for ex in exs]
        ready, fields = prepare(flat, aligner, hypotheses=hyps)
        n = len(systems[base])
        systems = {name: ready[i * n : (i + 1) * n] for i, name in enumerate(systems)}
    else:
        fields = {"tok": "whitespace"}
    rows: list[SystemResult] = []
    for met in built:
        analyses = {name: met.analyse(list(examples)) for name, examples in systems.items()}
        signature = extend_signature(met.score_analysis(analyses[base]).signature, fields)
        rows.extend(compare_analyses(met, analyses, base, config, signature, systems))
    return Comparison(corrected(rows, config.correction), base, config)
