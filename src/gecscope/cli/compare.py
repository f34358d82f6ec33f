"""``gecscope compare``: several systems, several metrics, confidence intervals and paired tests."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from typing import Any

from gecscope.cli.inputs import add_input_args, load_for_metrics
from gecscope.comparison import DEFAULT_SEED, TESTS, CompareConfig, Comparison, check_systems, compare_analyses
from gecscope.metrics import METRICS
from gecscope.progress import bar, quiet
from gecscope.report.signature import extend_signature

#: this command defines its own --quiet (the shared common options are not added to it)
OWN_COMMON_OPTIONS = True


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "compare",
        help="compare systems: confidence intervals and paired significance tests",
        description="Score several systems with several metrics; for each system: the score, its confidence "
        "interval, the difference to the baseline with its interval, and paired p-values (bootstrap "
        "resampling and approximate randomization over the cached per-sentence statistics).",
    )
    p.add_argument(
        "--metric", nargs="+", choices=list(METRICS), default=["cleme2"], metavar="METRIC", help="one or more metrics"
    )
    add_input_args(p, several=True)
    p.add_argument("--baseline", help="the system the others are compared with (default: the first)")
    t = p.add_argument_group("tests")
    t.add_argument("--test", choices=TESTS, default="both", help="paired bootstrap, approximate randomization, or both")
    t.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples (default 1000)")
    t.add_argument("--trials", type=int, default=10000, help="approximate-randomization trials (default 10000)")
    t.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    t.add_argument("--alpha", type=float, default=0.05, help="significance level for the marks (default 0.05)")
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def run_compare(args: argparse.Namespace, timings: dict[str, float] | None = None) -> Comparison:
    """Load, analyse once per (system, metric), resample; ``timings`` receives the phases' seconds."""
    timings = {} if timings is None else timings
    config = CompareConfig(args.bootstrap, args.trials, args.seed, args.test, 0.95, args.alpha)
    metrics = [METRICS[name].build() for name in dict.fromkeys(args.metric)]
    first, fields = load_for_metrics(metrics, args, timings)
    base = check_systems(first, args.baseline)
    rows = []
    timings["analyse"] = timings["resample"] = 0.0
    with bar(len(metrics) * len(first), "analysing") as progress:
        analysed = []
        t0 = time.perf_counter()
        for m, own in zip(metrics, fields, strict=True):
            analyses = {}
            for name, exs in first.items():
                analyses[name] = m.analyse(exs)
                progress.update(1)
            signature = m.score_analysis(analyses[base]).signature
            analysed.append((m, analyses, extend_signature(signature, own)))
        timings["analyse"] = time.perf_counter() - t0
    t0, c0 = time.perf_counter(), time.process_time()
    for m, analyses, signature in analysed:
        t1, c1 = time.perf_counter(), time.process_time()
        rows.extend(compare_analyses(m, analyses, base, config, signature))
        timings[f"resample_{m.name}"] = time.perf_counter() - t1
        timings[f"resample_{m.name}_cpu"] = time.process_time() - c1
    timings["resample"] = time.perf_counter() - t0
    timings["resample_cpu"] = time.process_time() - c0
    return Comparison(tuple(rows), base, config)


def render_table(result: Comparison) -> str:
    alpha = result.config.alpha
    head = ["metric", "system", "score", "95% CI", "diff", "diff 95% CI", "p (bs)", "p (ar)", ""]

    body = []
    for r in result.rows:
        label = r.system + (" (baseline)" if r.system == result.baseline else "")
        body.append([r.metric, label, *r.cells(), "*" if r.significant(alpha) else ""])
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in [head, *body]]
    lines.insert(1, "  ".join("-" * w for w in widths).rstrip())
    lines.append(f"* p < {alpha:g} under every test run; p-values are two-sided (see docs/compare.md)")
    signatures = dict.fromkeys(r.signature for r in result.rows)
    lines.extend(signatures)
    return "\n".join(lines)


def render_csv(result: Comparison) -> str:
    out = io.StringIO()
    fields = ["metric", "system", "baseline", "score", "ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high"]
    fields += ["p_bootstrap", "p_ar", "significant", "signature"]
    w = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    for d in result.as_dicts():
        (lo, hi), (dlo, dhi) = d.pop("ci"), d.pop("diff_ci")
        w.writerow({**d, "ci_low": lo, "ci_high": hi, "diff_ci_low": dlo, "diff_ci_high": dhi})
    return out.getvalue()


def run(args: argparse.Namespace) -> int:
    with quiet(args.quiet):
        result = run_compare(args)
    if args.format == "json":
        print(json.dumps(result.as_dicts(), indent=2))
    elif args.format == "csv":
        sys.stdout.write(render_csv(result))
    else:
        print(render_table(result))
    return 0
