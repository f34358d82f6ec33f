"""Compare systems: scores with confidence intervals and paired significance tests.

Every statistic is computed once per (system, metric) (``metric.analyse``); the paired
bootstrap and approximate randomization then resample the cached statistics (see
:mod:`gecscope.resample.paired` for exactly what is resampled and how each p-value is defined).

>>> import gecscope
>>> d = gecscope.example_dir()
>>> ex = gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
>>> res = compare("cleme2", {"base": ex, "same": ex}, bootstrap=50, trials=50)
>>> row = res.row("cleme2", "same")
>>> row.diff, row.p_bootstrap, row.p_ar  # the default test is approximate randomization alone
(0.0, None, 1.0)
>>> res = compare("cleme2", {"base": ex, "same": ex}, bootstrap=50, trials=50, test="both")
>>> res.row("cleme2", "same").p_bootstrap
1.0
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from gecscope import arguments, pipeline
from gecscope.api import get_metric
from gecscope.comparison_rows import SystemResult, check_view, compare_analyses, corrected, shown, summaries
from gecscope.errors import InputError, MissingExtraError, SettingError
from gecscope.metrics import Metric
from gecscope.progress import bar
from gecscope.resample.correction import CORRECTIONS
from gecscope.resample.paired import MAX_DRAWS, check_draws
from gecscope.resample.settings import DEFAULT_SEED, FAMILIES, TESTS, CompareConfig
from gecscope.signature import extend_signature
from gecscope.types import Example


@dataclass(frozen=True)
class Comparison:
    """All rows (metric-major, systems in the order given) and the settings; ``components`` and
    ``hide_baseline`` choose the rows shown (:meth:`shown`: tables, JSON, CSV, frames), never the
    rows computed or corrected."""

    rows: tuple[SystemResult, ...]
    baseline: str
    config: CompareConfig
    #: the components shown besides the headline (None: the default view; (): every one)
    components: tuple[str, ...] | None = None
    #: no row of the baseline against itself
    hide_baseline: bool = False

    def shown(self, every: bool = True) -> list[SystemResult]:
        """The rows this view keeps (:func:`gecscope.comparison_rows.shown`); ``every``: the default
        view keeps every component (JSON, CSV, frames), else only the per-type ones (the table)."""
        return shown(self.rows, self.components, self.hide_baseline, every)

    def row(self, metric: str, system: str, component: str = "score", type: str = "") -> SystemResult:
        """The row of ``system`` under ``metric`` (the headline unless ``component``/``type``)."""
        for r in self.rows:
            if r.metric == metric and r.system == system and r.component == component and r.type == type:
                return r
        raise KeyError((metric, system, component, type))

    def as_dicts(self, flat: bool = False) -> list[dict[str, Any]]:
        """One dict per row; ``flat``: the intervals as ``ci_low``... fields (CSV, DataFrame)."""
        alpha = self.config.alpha
        out = [
            {
                **dataclasses.asdict(r),
                "direction": r.direction,
                "significant": r.significant(alpha),
                "verdict": r.verdict(alpha),
            }
            for r in self.shown()
        ]
        for d in out if flat else ():  # an interval is None for an empty per-type cell
            (d["ci_low"], d["ci_high"]), (d["diff_ci_low"], d["diff_ci_high"]) = (
                d.pop(key) or (None, None) for key in ("ci", "diff_ci")
            )
        return out

    def summary(self) -> list[str]:
        """One line per system on the headline scores: ``CAMB > AMU on CLEME2.0 (p_adj = 0.0004);
        CAMB ~ AMU (n.s.) on ERRANT (p_adj = 0.4369)`` (see :func:`gecscope.comparison_rows.summaries`)."""
        return summaries(self.rows, self.config.alpha, self.config.correction != "none")

    def to_frame(self) -> Any:
        """A pandas DataFrame, one row per (metric, system) (needs pandas)."""
        try:
            import pandas as pd
        except ImportError:
            raise MissingExtraError("Comparison.to_frame()", "pandas") from None
        return pd.DataFrame(self.as_dicts(flat=True))

    def _repr_html_(self) -> str:
        """Every row as an HTML table (notebooks); ``*`` marks a row significantly different from
        the baseline after the correction."""
        head = ["metric", "system", "component", "type", "score", "95% CI", "diff", "diff CI", "p (bs)", "p (ar)"]
        head += ["adj p (bs)", "adj p (ar)", f"vs {self.baseline}"]
        lines = ["<table>", "<tr>" + "".join(f"<th>{h}</th>" for h in head) + "</tr>"]
        for r in self.shown():
            mark = " *" if r.significant(self.config.alpha) else ""
            comp = "score" if r.headline else f"{r.component} {r.arrow}"
            cells = [
                r.metric,
                r.system + mark,
                comp,
                r.type or "all",
                *r.cells(adjusted=True),
                r.verdict(self.config.alpha),
            ]
            lines.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
        return "\n".join([*lines, "</table>"])


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


def compare(
    metric: str | Metric | Sequence[str | Metric],
    systems: Mapping[str, Sequence[Example]],
    *,
    baseline: str | None = None,
    bootstrap: int = 1000,
    trials: int = 10000,
    seed: int = DEFAULT_SEED,
    test: str = "ar",
    confidence: float = 0.95,
    alpha: float = 0.05,
    aligner: str | None = None,
    correction: str = "holm",
    cat: int | str = 0,
    min_support: float = 10.0,
    family: str = "system",
    lang: str | None = None,
    components: Sequence[str] | None = None,
    hide_baseline: bool = False,
) -> Comparison:
    """Compare ``systems`` (name -> examples, all on the same sentences) under one or several
    metrics; the baseline defaults to the first system. The p-values are corrected (``correction``)
    within each ``family`` (see :func:`gecscope.comparison_rows.corrected`). ``lang``: the language
    (None: that of :class:`gecscope.Examples`, else English); ``aligner``: None for the language's
    default. ``components`` (names, e.g. ``["p", "r", "f"]``) and ``hide_baseline`` choose the rows
    shown (:meth:`Comparison.shown`), not the tests corrected together."""
    arguments.compare_arguments(locals())
    for name, count in (("bootstrap", bootstrap), ("trials", trials)):  # as gecscope compare's options
        arguments.number(name, count, int, 1, MAX_DRAWS)
    for name, chosen, allowed in (("test", test, TESTS), ("correction", correction, CORRECTIONS)):
        if chosen not in allowed:
            raise arguments.refused(name, f"must be one of {', '.join(allowed)}, not {arguments.shown(chosen)}")
    if family not in FAMILIES:
        raise arguments.refused("family", f"must be one of {', '.join(FAMILIES)}, not {arguments.shown(family)}")
    config = CompareConfig(bootstrap, trials, seed, test, confidence, alpha, correction, cat, min_support, family)
    check_systems(systems, baseline)
    metrics = arguments.metrics("metric", metric)
    built = [get_metric(m) if isinstance(m, str) else m for m in metrics]
    view = check_view(built, components, hide_baseline)
    # every system aligned in one pass (each distinct sentence pair once, one aligner)
    langs = {str(getattr(ex, "lang", "en")) for ex in systems.values()}
    if lang is None and len(langs) > 1:
        raise SettingError(f"systems built in different languages ({', '.join(sorted(langs))})", "lang")
    lang = lang if lang is not None else langs.pop() if langs else "en"
    # the gold's own types (cat "gold") are the references' as read: no classifier types them
    aligned, inputs = pipeline.prepare(list(systems.values()), built, aligner, lang=lang, types=cat not in (0, "gold"))
    result = compare_aligned(built, dict(zip(systems, aligned, strict=True)), inputs, config, baseline)
    return dataclasses.replace(result, components=view, hide_baseline=hide_baseline)


def check_types(metrics: Sequence[Metric], cat: int | str) -> None:
    """Refuse a per-type breakdown (``cat``) when no metric has error types (GLEU, GREEN, ...),
    before any work."""
    if not cat:
        return
    if not any(
        "cat" in {f.name for f in dataclasses.fields(m.config)} for m in metrics if dataclasses.is_dataclass(m.config)
    ):
        names = ", ".join(m.name for m in metrics)
        raise SettingError(
            f"cat means nothing for {names}: no per-error-type statistics (cat applies to cleme2, cleme, errant, "
            "m2 and the metrics built on them)",
            "cat",
        )


def compare_aligned(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[Example]],
    inputs: pipeline.Inputs,
    config: CompareConfig,
    baseline: str | None = None,
    timings: dict[str, float] | None = None,
) -> Comparison:
    """:func:`compare` on systems prepared beforehand (:func:`gecscope.pipeline.prepare`:
    ``inputs`` sign each metric): each (system, metric) analysed once (:func:`gecscope.pipeline.analyse`,
    analyses shared where metrics declare the same key), then resampled; ``timings`` receives the
    seconds of each phase."""
    timings = {} if timings is None else timings
    base = check_systems(systems, baseline)
    check_types(metrics, config.cat)
    n = len(next(iter(systems.values())))
    check_draws(n, config.bootstrap, "bootstrap")  # before any work
    if config.test != "bootstrap":
        check_draws(n, config.trials, "trials")
    analysed = []
    shared: dict[Any, Any] = {}
    t0 = time.perf_counter()
    with bar(len(metrics) * len(systems), "analysing") as progress:
        for met in metrics:
            analyses = {}
            for name, examples in systems.items():
                analyses[name] = pipeline.analyse(met, examples, shared, cat=config.cat)
                progress.update(1)
            signature = pipeline.reduce(met, [analyses[base]], inputs).signature
            if config.cat and not met.uses_types:  # the per-type rows read the classifier's types
                signature = extend_signature(signature, inputs.type_fields())
            analysed.append((met, analyses, signature))
    del shared
    timings["analyse"] = time.perf_counter() - t0
    rows: list[SystemResult] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for met, analyses, signature in analysed:
        t1, c1 = time.perf_counter(), time.process_time()
        rows.extend(compare_analyses(met, analyses, base, config, signature))
        timings[f"resample_{met.name}"] = time.perf_counter() - t1
        timings[f"resample_{met.name}_cpu"] = time.process_time() - c1
    timings["resample"] = time.perf_counter() - t0
    timings["resample_cpu"] = time.process_time() - c0
    return Comparison(corrected(rows, config.correction, config.family), base, config)
