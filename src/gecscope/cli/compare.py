"""``gecscope compare``: several systems, several metrics, confidence intervals and paired tests."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
import time
from collections.abc import Sequence
from typing import Any

from gecscope.align import align_examples, get_aligner
from gecscope.comparison import DEFAULT_SEED, TESTS, CompareConfig, Comparison, check_systems, compare_analyses
from gecscope.metrics import METRICS, Metric
from gecscope.progress import bar, quiet
from gecscope.report.signature import extend_signature
from gecscope.systems import load_systems
from gecscope.types import Example

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
    p.add_argument("--metric", nargs="+", choices=list(METRICS), default=["cleme2"], help="one or more metrics")
    g = p.add_argument_group("systems and references")
    g.add_argument("--source", help="source sentences, one per line (with --hyp)")
    g.add_argument("--hyp", nargs="+", default=[], metavar="HYP", help="system outputs, one sentence per line")
    g.add_argument("--hyp-m2", nargs="+", default=[], metavar="M2", help="system outputs as M2 (annotator 0)")
    g.add_argument("--ref", nargs="+", default=[], metavar="REF", help="reference files, one per annotator")
    g.add_argument("--ref-m2", help="references as M2")
    g.add_argument("--name", nargs="+", default=[], metavar="NAME", help="system names (default: file stems)")
    g.add_argument("--baseline", help="the system the others are compared with (default: the first)")
    g.add_argument("--aligner", choices=["errant", "levenshtein"], default="errant", help="edit extraction for text")
    t = p.add_argument_group("tests")
    t.add_argument("--test", choices=TESTS, default="both", help="paired bootstrap, approximate randomization, or both")
    t.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples (default 1000)")
    t.add_argument("--trials", type=int, default=10000, help="approximate-randomization trials (default 10000)")
    t.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    t.add_argument("--alpha", type=float, default=0.05, help="significance level for the marks (default 0.05)")
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")
    p.add_argument("--quiet", action="store_true", help="no progress bars")


def load_for_metrics(
    metrics: Sequence[Metric], args: argparse.Namespace, timings: dict[str, float]
) -> dict[str, dict[str, list[Example]]]:
    """Systems per missing-annotator convention, read once each and aligned in one pass."""
    t0 = time.perf_counter()
    modes = sorted({str(getattr(m, "missing_annotators", "unchanged")) for m in metrics})
    groups = {
        mode: load_systems(
            source=args.source,
            hypotheses=args.hyp,
            hyp_m2=args.hyp_m2,
            references=args.ref,
            ref_m2=args.ref_m2,
            names=args.name,
            aligner=None,
            missing_annotators=mode,
        )
        for mode in modes
    }
    timings["read"] = time.perf_counter() - t0
    hyps = any(m.needs_edits for m in metrics)
    refs = hyps or any(getattr(m, "needs_reference_edits", False) for m in metrics)
    flat = [ex for systems in groups.values() for exs in systems.values() for ex in exs]
    todo = [*([e.hypothesis for e in flat] if hyps else []), *(r for e in flat for r in e.references)] if refs else []
    t0, c0 = time.perf_counter(), time.process_time()
    if any(t.edits is None for t in todo):
        aligned = align_examples(flat, get_aligner(args.aligner), hypotheses=hyps)
        pos = 0
        for systems in groups.values():
            for name, exs in systems.items():
                systems[name] = aligned[pos : pos + len(exs)]
                pos += len(exs)
    timings["align"] = time.perf_counter() - t0
    timings["align_cpu"] = time.process_time() - c0
    return groups


def run_compare(args: argparse.Namespace, timings: dict[str, float] | None = None) -> Comparison:
    """Load, analyse once per (system, metric), resample; ``timings`` receives the phases' seconds."""
    timings = {} if timings is None else timings
    config = CompareConfig(args.bootstrap, args.trials, args.seed, args.test, 0.95, args.alpha)
    metrics = [METRICS[name].build() for name in dict.fromkeys(args.metric)]
    groups = load_for_metrics(metrics, args, timings)
    first = next(iter(groups.values()))
    base = check_systems(first, args.baseline)
    rows = []
    timings["analyse"] = timings["resample"] = 0.0
    with bar(len(metrics) * len(first), "analysing") as progress:
        analysed = []
        t0 = time.perf_counter()
        for m in metrics:
            systems = groups[str(getattr(m, "missing_annotators", "unchanged"))]
            analyses = {}
            for name, exs in systems.items():
                analyses[name] = m.analyse(exs)
                progress.update(1)
            signature = m.score_analysis(analyses[base]).signature
            fields = {"tok": "whitespace", "edits": "hyp=m2" if args.hyp_m2 else f"hyp={args.aligner}"}
            analysed.append((m, analyses, extend_signature(signature, fields)))
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

    def p(x: float | None) -> str:
        return "-" if x is None else f"{x:.4f}"

    body = []
    for r in result.rows:
        body.append(
            [
                r.metric,
                r.system + (" (baseline)" if r.system == result.baseline else ""),
                f"{r.score:.4f}",
                f"[{r.ci[0]:.4f}, {r.ci[1]:.4f}]",
                f"{r.diff:+.4f}",
                f"[{r.diff_ci[0]:+.4f}, {r.diff_ci[1]:+.4f}]",
                p(r.p_bootstrap),
                p(r.p_ar),
                "*" if r.significant(alpha) else "",
            ]
        )
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
