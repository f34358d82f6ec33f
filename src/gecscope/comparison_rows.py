"""The rows of a comparison: every quantity a metric's resamples give (headline, components,
per-type aspects) against the baseline, with intervals and paired p-values, and the
multiple-comparison correction over all rows of a call (see :mod:`gecscope.comparison`)."""

from __future__ import annotations

import dataclasses
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.errors import SettingError
from gecscope.layout import split_details
from gecscope.metrics import METRICS, Metric
from gecscope.metrics import statistics as declared
from gecscope.metrics.error_types import GOLD, NOT_GOLD
from gecscope.progress import bar, is_quiet, progress
from gecscope.resample import GreedyTable, ReplayTable, measures, stat_table
from gecscope.resample.breakdown import denominators, payloads, support_weights, type_entries
from gecscope.resample.correction import adjust
from gecscope.resample.measures import HEADLINE, Key, Plan, supports, supports_totals, totals_of
from gecscope.resample.paired import (
    ar_p,
    ar_swaps,
    bootstrap_indices,
    bootstrap_p,
    percentile_interval,
)
from gecscope.resample.settings import FAMILIES, CompareConfig
from gecscope.signature import extend_signature


@dataclass(frozen=True)
class SystemResult:
    """One system under one metric, against the baseline."""

    metric: str
    system: str
    baseline: str
    #: None: an empty per-type cell (no proposal for P, no gold edit for R: shown ``-``)
    score: float | None
    ci: tuple[float, float] | None
    #: None where the system's or the baseline's cell is empty (then untested)
    diff: float | None
    diff_ci: tuple[float, float] | None
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
    #: the p-values adjusted within the row's family (None before adjustment or untested)
    p_bootstrap_adj: float | None = None
    p_ar_adj: float | None = None
    #: the family its p-values were corrected in: ``headline``, ``components`` or ``types`` ("" untested)
    family: str = ""
    #: how many tests that family holds (the ``m`` of the correction; 0 untested)
    family_size: int = 0

    @property
    def arrow(self) -> str:
        return "↑" if self.better == "higher" else "↓"

    @property
    def headline(self) -> bool:
        return self.component == "score" and not self.type

    @property
    def empty(self) -> bool:
        """Whether the row's cell, or the baseline's, is empty (a rate without a denominator)."""
        return self.score is None or self.diff is None

    def cells(self, adjusted: bool = False) -> list[str]:
        """Score, CI, difference, its CI and the two p-values (``adjusted``: then the two adjusted
        ones), formatted for tables ("-": not computed, or an empty cell)."""
        ps = (self.p_bootstrap, self.p_ar, self.p_bootstrap_adj, self.p_ar_adj)[: 4 if adjusted else 2]
        return [
            _number(self.score, ".4f"),
            _interval(self.ci, ".4f"),
            _number(self.diff, "+.4f"),
            _interval(self.diff_ci, "+.4f"),
            *("-" if p is None else f"{p:.4f}" for p in ps),
        ]

    @property
    def direction(self) -> str:
        """Which way the difference goes, whatever its significance: ``better`` (the system beats
        the baseline in the component's better direction), ``worse`` or ``equal`` (``-`` when
        there is no difference: an empty cell)."""
        if self.diff is None:
            return "-"
        if self.diff == 0 or self.system == self.baseline:
            return "equal"
        return "better" if (self.diff > 0) == (self.better == "higher") else "worse"

    def verdict(self, alpha: float = 0.05) -> str:
        """``better`` or ``worse`` when significant at ``alpha``, else ``n.s.`` (``-`` for the
        baseline itself and for an empty cell, ``untested`` for a type with too little support)."""
        if self.system == self.baseline or self.empty:
            return "-"
        if not self.tested:
            return "untested"
        return self.direction if self.significant(alpha) else "n.s."

    def p_adjusted(self) -> float | None:
        """The p-value that decides the verdict: the largest adjusted (else raw) p of the tests run."""
        bs = self.p_bootstrap if self.p_bootstrap_adj is None else self.p_bootstrap_adj
        ar = self.p_ar if self.p_ar_adj is None else self.p_ar_adj
        ps = [p for p in (bs, ar) if p is not None]
        return max(ps) if ps else None

    def significant(self, alpha: float = 0.05) -> bool:
        """Whether every p-value computed (adjusted, when adjusted) is below ``alpha`` (never for
        the baseline itself nor an untested type)."""
        bs = self.p_bootstrap if self.p_bootstrap_adj is None else self.p_bootstrap_adj
        ar = self.p_ar if self.p_ar_adj is None else self.p_ar_adj
        ps = [p for p in (bs, ar) if p is not None]
        return bool(ps) and self.tested and self.system != self.baseline and all(p < alpha for p in ps)


def _number(value: float | None, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def _interval(bounds: tuple[float, float] | None, spec: str) -> str:
    return "-" if bounds is None else f"[{format(bounds[0], spec)}, {format(bounds[1], spec)}]"


def check_view(metrics: Sequence[Metric], components: Any, hide_baseline: Any) -> tuple[str, ...] | None:
    """The components a comparison shows (None: its default; ``()``: every one), checked against
    the ``metrics``' layouts before any work: each name must be a component of one of them (or
    ``score``, the headline, always shown); ``hide_baseline`` must be a bool."""
    if not isinstance(hide_baseline, bool):
        raise SettingError(f"hide_baseline must be True or False, not {type(hide_baseline).__name__}", "hide_baseline")
    if components is None:
        return None
    if isinstance(components, str) or not isinstance(components, Sequence | set | frozenset):
        raise SettingError(
            f"components must be a list of component names (e.g. ['p', 'r', 'f']), not {type(components).__name__}",
            "components",
        )
    known = dict.fromkeys(["score", *(c.key for m in metrics for c in m.layout.components)])
    for name in components:
        if not isinstance(name, str) or name not in known:
            raise SettingError(f"components: no component {name!r} in {', '.join(known)}", "components")
    return tuple(dict.fromkeys(components))


def shown(
    rows: Sequence[SystemResult],
    components: Sequence[str] | None = None,
    hide_baseline: bool = False,
    every: bool = True,
) -> list[SystemResult]:
    """The rows a view keeps: every headline score; with ``components`` (names), the rows of those
    components (overall and per type), with ``()`` every component; by default (None) every row
    when ``every`` (JSON, CSV), else the per-type rows only (the table); ``hide_baseline``: no row of
    the baseline against itself. A view hides rows, never changes one: the corrections were made
    over every row."""
    kept = []
    for r in rows:
        if hide_baseline and r.system == r.baseline:
            continue
        if r.headline or (
            (every or bool(r.type)) if components is None else (not components or r.component in components)
        ):
            kept.append(r)
    return kept


def _plan(metric: Metric, analyses: Mapping[str, Any], baseline: str, config: CompareConfig) -> Any:
    """The components the metric's Score reports, and the per-type payloads (``cat``)."""
    score = metric.score_analysis(analyses[baseline])
    comps = tuple(split_details(metric.layout, score.details)[0])
    if config.cat:  # the analyses' per-type groups (pipeline.analyse with cat)
        entries = {s: type_entries(metric, analyses[s], config.cat) for s in analyses}
        if all(e is not None for e in entries.values()):
            found = {s: e for s, e in entries.items() if e is not None}
            pays, types, width = payloads(found)
            return Plan(comps, types, width, support_weights(found), denominators(found)), pays
    return Plan(comps), {}


def compare_analyses(
    metric: Metric,
    analyses: Mapping[str, Any],
    baseline: str,
    config: CompareConfig,
    signature: str,
) -> list[SystemResult]:
    """Rows for one metric from each system's cached analysis (the CLI's entry point): the
    headline score, every component the metric's Score reports and (with ``config.cat``, from the
    per-type group each analysis carries: :func:`gecscope.pipeline.analyse` with ``cat``) every
    error type's components, all from the same resamples."""
    names = list(analyses)
    b = names.index(baseline)
    point, boot, ar, support = _resampled(metric, analyses, b, config)
    sig = extend_signature(signature, config.signature_fields())
    better = {c.key: c.better for c in metric.layout.components}
    head = (HEADLINE, "")
    common = set.intersection(*(set(d) for d in [*point, *boot, *(a for a in ar if a)]))
    keys = [
        k
        for k in point[b]
        # a component identical to the headline on every resample is the headline (GREEN's corpus F...)
        if k in common and (k == head or k[1] or not all(np.array_equal(d[k], d[head]) for d in [*boot, *point]))
    ]
    if config.cat == GOLD:  # a gold type has no precision-side component (its unnecessary edits have none)
        keys = [k for k in keys if not (k[1] and k[0] in NOT_GOLD)]
    rows = []
    for key in keys:
        comp, kind = key
        base = _value(point[b][key][0])
        for i, name in enumerate(names):
            # an empty per-type cell (NaN: no denominator) has no value; with the baseline's it has no difference
            value = _value(point[i][key][0])
            diff = None if value is None or base is None else value - base
            diffs = boot[i][key] - boot[b][key]
            sup = min(support[i].get(kind, 0.0), support[b].get(kind, 0.0)) if kind else None
            tested = (sup is None or sup >= config.min_support) and diff is not None
            p_bs = bootstrap_p(diff, diffs) if config.test != "ar" and tested and diff is not None else None
            p_ar = None
            if config.test != "bootstrap" and tested and diff is not None:
                p_ar = ar_p(diff, ar[i][key]) if i != b else 1.0
            rows.append(
                SystemResult(
                    metric.name,
                    name,
                    names[b],
                    value,
                    None if value is None else _bounds(boot[i][key], config.confidence),
                    diff,
                    None if diff is None else _bounds(diffs, config.confidence),
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


def _value(x: float) -> float | None:
    """A full-corpus quantity, None where it is NaN (an empty per-type cell)."""
    return None if np.isnan(x) else float(x)


def _bounds(draws: Any, confidence: float) -> tuple[float, float] | None:
    """The percentile interval of the draws where the cell is defined (None if it never is)."""
    lo, hi = percentile_interval(draws, confidence)
    return None if np.isnan(lo) else (lo, hi)


def _resampled(metric: Metric, analyses: Mapping[str, Any], b: int, config: CompareConfig) -> Any:
    """Per system (the ``b``-th is the baseline): its quantities on the full corpus and on the
    bootstrap resamples, its differences to the baseline on the AR trials ({} for none), and its
    per-type supports. Read from the resampled totals where the tables give them, else the headline
    re-scored (a replayed metric re-scores its components too)."""
    names = list(analyses)
    n = declared(metric).size(analyses[names[b]])
    tables = [stat_table(metric, analyses[s]) for s in names]
    plan, pays = Plan(), {}
    if all(isinstance(t, ReplayTable) for t in tables):
        check_replay_cost(metric, analyses[names[b]], len(names), config)
        table = tables[0].stacked(tables[1:])

        def draws(i: int, orders: Any) -> dict[Key, Any]:
            return _replay_draws(metric, table, orders + i * n)

        def differences(i: int, swaps: Any) -> dict[Key, Any]:
            pos = np.arange(n, dtype=np.int64)
            mine, theirs = np.where(swaps, b * n + pos, i * n + pos), np.where(swaps, i * n + pos, b * n + pos)
            both = _replay_draws(metric, table, np.concatenate([mine, theirs]))
            return {k: v[: len(swaps)] - v[len(swaps) :] for k, v in both.items()}

    else:
        if all(supports_totals(t) for t in tables):
            plan, pays = _plan(metric, analyses, names[b], config)
        if pays:
            tables = [
                dataclasses.replace(t, payload=pays[s]) if isinstance(t, GreedyTable) else t
                for t, s in zip(tables, names, strict=True)
            ]
        table = tables[0].stacked(tables[1:])

        def draws(i: int, orders: Any) -> dict[Key, Any]:
            return measures.draws(table, plan, orders + i * n)

        def differences(i: int, swaps: Any) -> dict[Key, Any]:
            return measures.ar_draws(table, plan, n, i, b, swaps)

    full = np.arange(n, dtype=np.int64)[None]
    idx = bootstrap_indices(n, config.bootstrap, config.seed)
    swaps = ar_swaps(n, config.trials, config.seed) if config.test != "bootstrap" else None
    point, boot, ar, support = [], [], [], []
    with bar(len(names), f"resampling {metric.name}") as progress:
        for i in range(len(names)):
            point.append(draws(i, full))
            support.append(supports(plan, totals_of(table, full + i * n)[1]) if plan.types else {})
            boot.append(draws(i, idx))
            ar.append({} if swaps is None or i == b else differences(i, swaps))
            progress.update(1)
    return point, boot, ar, support


#: the longest resampling run by re-scoring started without asking for smaller counts (seconds)
MAX_REPLAY_SECONDS = 600.0
#: an estimate above this many seconds is told on standard error before the work (unless quiet)
TELL_REPLAY_SECONDS = 10.0


def duration(seconds: float) -> str:
    """Seconds in words.

    >>> duration(12.3), duration(2295), duration(1e-4)
    ('12 s', '38 min', '0.0001 s')
    """
    if seconds >= 120:
        return f"{seconds / 60:.0f} min"
    return f"{seconds:.0f} s" if seconds >= 1 else f"{seconds:.2g} s"


def check_replay_cost(metric: Metric, analysis: Any, systems: int, config: CompareConfig) -> float:
    """Estimate, before the work, what resampling ``metric`` (no fast plan: every resample
    re-scored) will take: one re-scoring timed, times their number. Over
    :data:`MAX_REPLAY_SECONDS` it is refused, naming smaller counts that fit; over
    :data:`TELL_REPLAY_SECONDS` it is told on standard error. Returns the estimate (seconds)."""
    count = systems * (1 + config.bootstrap)
    if config.test != "bootstrap":
        count += 2 * (systems - 1) * config.trials
    start = time.perf_counter()
    metric.score_analysis(analysis)
    one = max(time.perf_counter() - start, 1e-6)
    estimate = count * one
    if estimate > MAX_REPLAY_SECONDS:
        sentences = declared(metric).size(analysis)
        fits = max(1, int(MAX_REPLAY_SECONDS / one / (systems + 2 * (systems - 1) * (config.test != "bootstrap"))))
        raise SettingError(
            f"{metric.name} has no fast resampling plan: {count:,} re-scorings of {sentences:,} sentences "
            f"({one:.2g} s each) would take about {duration(estimate)}; give a smaller bootstrap and trials "
            f"(about {fits:,} each fit in {duration(MAX_REPLAY_SECONDS)})",
            "bootstrap",
            "trials",
        )
    if estimate > TELL_REPLAY_SECONDS and not is_quiet():
        print(
            f"gecscope: {metric.name} has no fast resampling plan: {count:,} re-scorings, about {duration(estimate)}",
            file=sys.stderr,
        )
    return estimate


def _replay_draws(metric: Metric, table: Any, orders: Any) -> dict[Key, Any]:
    """The headline and every numeric component the metric's Score reports, for each resample
    ``orders[k]``, by re-scoring it (the generic path: exact, slow)."""
    values: dict[Key, list[float]] = {}
    for o in progress(orders, desc=f"re-scoring {metric.name}"):
        score = metric.score_analysis(declared(metric).take(table.analysis, o))
        comps = split_details(metric.layout, score.details)[0]
        row = {(HEADLINE, ""): float(score.value)}
        row.update(
            {(k, ""): float(v) for k, v in comps.items() if isinstance(v, int | float) and not isinstance(v, bool)}
        )
        for key, v in row.items():
            values.setdefault(key, []).append(v)
    size = len(orders)
    return {k: np.asarray(v, dtype=np.float64) for k, v in values.items() if len(v) == size}


def family_of(row: SystemResult) -> str:
    """The kind of test a row is: ``headline``, ``components`` or ``types``."""
    return "types" if row.type else ("headline" if row.component == HEADLINE else "components")


def corrected(rows: Sequence[SystemResult], method: str, family: str = "system") -> tuple[SystemResult, ...]:
    """``rows`` with adjusted p-values, each test (bootstrap, AR) corrected within its family.

    The families are kept apart by kind (``headline`` scores, ``components``, error ``types``) and,
    with ``family="system"`` (the default), by system: each system against the baseline is its own
    family, so adding a system to a call changes no other system's verdict. ``family="call"``
    corrects each kind over every system of the call. A baseline compared with itself and an
    untested type are in no family. Every row's signature gains ``fam`` (the scope and the metrics
    whose tests share a family)."""
    if family not in FAMILIES:
        raise ValueError(f"family must be one of {', '.join(FAMILIES)}; got {family!r}")
    out = list(rows)
    groups: dict[tuple[str, str], list[int]] = {}
    for i, r in enumerate(out):
        if r.system != r.baseline and r.tested:
            groups.setdefault((r.system if family == "system" else "", family_of(r)), []).append(i)
    for (_, kind), members in groups.items():
        for field in ("p_bootstrap", "p_ar"):
            at = [i for i in members if getattr(out[i], field) is not None]
            adj = adjust([getattr(out[i], field) for i in at], method)
            for i, a in zip(at, adj, strict=True):
                out[i] = dataclasses.replace(out[i], **{f"{field}_adj": a})  # type: ignore[arg-type]
        for i in members:
            out[i] = dataclasses.replace(out[i], family=kind, family_size=len(members))
    metrics = "+".join(dict.fromkeys(r.metric for r in out))
    scope = f"system({metrics})" if family == "system" else f"call({metrics};{len({r.system for r in out})} systems)"
    return tuple(dataclasses.replace(r, signature=extend_signature(r.signature, {"fam": scope})) for r in out)


def summaries(rows: Sequence[SystemResult], alpha: float, adjusted: bool = True) -> list[str]:
    """One line per system on the headline scores against the baseline, e.g. ``CAMB > AMU on
    CLEME2.0 (p_adj = 0.0004); CAMB ~ AMU (n.s.) on GREEN (p_adj = 0.1890)`` (``<`` worse; ``~``
    no significant difference; ``p`` instead of ``p_adj`` when not ``adjusted``)."""
    lines = []
    for system in dict.fromkeys(r.system for r in rows if r.system != r.baseline):
        groups: dict[tuple[str, str], list[str]] = {}
        for r in rows:
            if r.system == system and r.headline:
                p = r.p_adjusted()
                spec = METRICS.get(r.metric)
                title = spec.layout.title if spec is not None else r.metric
                shown = "-" if p is None else f"{p:.4f}"
                groups.setdefault((r.verdict(alpha), r.baseline), []).append(
                    f"{title} ({'p_adj' if adjusted else 'p'} = {shown})"
                )
        signs = {"better": ">", "worse": "<", "n.s.": "~"}
        parts = [
            f"{system} {signs[v]} {base}{' (n.s.)' if v == 'n.s.' else ''} on {', '.join(groups[v, base])}"
            for v in signs
            for base in dict.fromkeys(b for _, b in groups)
            if (v, base) in groups
        ]
        lines.append("; ".join(parts))
    return lines


__all__ = ["FAMILIES", "check_view", "compare_analyses", "corrected", "family_of", "shown", "summaries"]
