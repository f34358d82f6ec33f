"""``gecscope compare``: several systems, several metrics, confidence intervals and paired tests."""

from __future__ import annotations

import argparse
import csv
import io
import json
import sys
from collections.abc import Callable
from typing import Any

from gecscope.cli.inputs import add_input_args, load_for_metrics
from gecscope.cli.option_names import retire
from gecscope.cli.settings import add_metric_choice, add_settings, metric_options
from gecscope.comparison import Comparison, compare_aligned
from gecscope.metrics import METRICS
from gecscope.resample.correction import CORRECTIONS
from gecscope.resample.paired import MAX_DRAWS
from gecscope.resample.settings import DEFAULT_SEED, TESTS, CompareConfig


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "compare",
        help="compare systems: confidence intervals and paired significance tests",
        description="Score several systems with several metrics; for each system: the score, its confidence "
        "interval, the difference to the baseline with its interval, and paired p-values (bootstrap "
        "resampling and approximate randomization over the cached per-sentence statistics).",
    )
    add_metric_choice(p, ["cleme2"])
    add_input_args(p, several=True)
    p.add_argument("--baseline", help="the system the others are compared with (default: the first)")
    t = p.add_argument_group("tests")
    t.add_argument("--test", choices=TESTS, default="both", help="paired bootstrap, approximate randomization, or both")
    t.add_argument("--bootstrap", type=DRAWS, default=1000, help="bootstrap resamples (default 1000)")
    t.add_argument("--trials", type=DRAWS, default=10000, help="approximate-randomization trials (default 10000)")
    t.add_argument(
        "--resample-seed",
        type=checked(int, lambda v: v >= 0, "a whole number of at least 0"),
        default=DEFAULT_SEED,
        help=f"seed of the bootstrap and approximate-randomization draws (default {DEFAULT_SEED})",
    )
    t.add_argument("--significance", type=LEVEL, default=0.05, help="significance level for the marks (default 0.05)")
    retire(p, "--alpha", "--significance", "--alpha is WODAFE's weight in score")
    retire(p, "--seed", "--resample-seed", "one name per seed")
    t.add_argument(
        "--correction",
        choices=CORRECTIONS,
        default="holm",
        help="multiple-comparison correction over every test of the call: Holm (default), "
        "Benjamini-Hochberg, or none; the * marks use the adjusted p-values",
    )
    t.add_argument(
        "--components",
        action="store_true",
        help="show every component (hit/wrong/under/over, P/R/F...) in the table (always in JSON and CSV)",
    )
    t.add_argument(
        "--cat",
        type=int,
        choices=[1, 2, 3],
        default=0,
        help="per-error-type differences at ERRANT's -cat level (CLEME2.0, unweighted CLEME, ERRANT, M2)",
    )
    t.add_argument(
        "--min-support",
        type=checked(float, lambda v: v >= 0, "a number of at least 0"),
        default=10.0,
        help="types with fewer chunks/edits (system or baseline) are flagged, not tested (default 10)",
    )
    p.add_argument("--format", choices=["table", "json", "csv"], default="table")
    add_settings(p)


def checked(kind: Callable[[str], Any], ok: Callable[[Any], bool], accepted: str) -> Callable[[str], Any]:
    """An option's type: its text read by ``kind``; a value that is not ``ok`` (or no value) is
    refused by argparse in one line naming the option and the ``accepted`` values."""

    def value(text: str) -> Any:
        try:
            read = kind(text)
        except ValueError:
            read = None
        if read is None or not ok(read):
            raise argparse.ArgumentTypeError(f"{text}: give {accepted}")
        return read

    return value


#: a count of resamples within :data:`MAX_DRAWS` (checked again per corpus size)
DRAWS = checked(int, lambda v: 1 <= v <= MAX_DRAWS, f"a count from 1 to {MAX_DRAWS}")
LEVEL = checked(float, lambda v: 0 < v < 1, "a level between 0 and 1 (both excluded)")


def run_compare(args: argparse.Namespace, timings: dict[str, float] | None = None) -> Comparison:
    """Load, analyse once per (system, metric), resample; ``timings`` receives the phases' seconds."""
    timings = {} if timings is None else timings
    config = CompareConfig(
        args.bootstrap,
        args.trials,
        args.resample_seed,
        args.test,
        0.95,
        args.significance,
        args.correction,
        args.cat,
        args.min_support,
    )
    metrics = [METRICS[name].build(**options) for name, options in metric_options(args).items()]
    systems, inputs = load_for_metrics(metrics, args, timings)
    return compare_aligned(metrics, systems, inputs, config, args.baseline, timings)


def render_table(result: Comparison, *, components: bool = False) -> str:
    """The headline rows (with ``components``, every component; with ``cat``, every error type too)."""
    alpha, corr, cat = result.config.alpha, result.config.correction, result.config.cat
    adjusted = corr != "none"
    head = ["metric", "system", "component", "type", "n", "score", "95% CI", "diff", "diff 95% CI", "p (bs)", "p (ar)"]
    head += [f"adj (bs, {corr})", f"adj (ar, {corr})", ""] if adjusted else [""]
    body = []
    for r in result.rows:
        if not r.headline and not (components or r.type):
            continue
        label = r.system + (" (baseline)" if r.system == result.baseline else "")
        comp = "score" if r.headline else f"{r.component} {r.arrow}"
        support = "" if r.support is None else f"{r.support:.1f}"
        cells = r.cells(adjusted)
        if not r.tested:
            cells[4:6] = ["n/a", "n/a"]
        row = [r.metric, label, comp, r.type or "all", support, *cells]
        body.append([*row, "*" if r.significant(alpha) else ("(few)" if not r.tested else "")])
    shown = [k for k, h in enumerate(head) if cat or (h not in ("type", "n") and (components or h != "component"))]
    rows = [[row[k] for k in shown] for row in [head, *body]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(shown))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths).rstrip())
    what = f"{corr}-adjusted p" if adjusted else "p"
    lines.append(f"* {what} < {alpha:g} under every test run; p-values are two-sided (see docs/compare.md)")
    hint = floor_hint(result)
    if hint:
        lines.append(hint)
    if cat:
        lines.append(
            f"n: the fewer chunks/edits of system and baseline for the type; (few): under "
            f"--min-support {result.config.min_support:g}, not tested; ↑ higher is better, ↓ lower is better"
        )
    lines.extend(dict.fromkeys(r.signature for r in result.rows))
    return "\n".join(lines)


def floor_hint(result: Comparison) -> str:
    """A note when the bootstrap's resolution keeps every adjusted bootstrap p-value above alpha."""
    cfg = result.config
    tests = sum(1 for r in result.rows if r.p_bootstrap is not None and r.tested and r.system != r.baseline)
    floor = 2 / (cfg.bootstrap + 1)
    if cfg.correction != "holm" or cfg.test == "ar" or tests * floor < cfg.alpha:
        return ""
    return (
        f"note: the smallest bootstrap p is 2/(N+1) = {floor:.4f}; Holm over {tests} tests keeps every adjusted "
        f"bootstrap p >= {min(1.0, tests * floor):.4f} > {cfg.alpha:g}: raise --bootstrap, use --test ar or "
        "--correction bh"
    )


def render_csv(result: Comparison) -> str:
    out = io.StringIO()
    fields = ["metric", "system", "baseline", "component", "type", "better", "support", "tested", "score"]
    fields += ["ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high", "p_bootstrap", "p_ar"]
    fields += ["p_bootstrap_adj", "p_ar_adj", "significant", "signature"]
    w = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    w.writeheader()
    w.writerows(result.as_dicts(flat=True))
    return out.getvalue()


def run(args: argparse.Namespace) -> int:
    result = run_compare(args)
    if args.format == "json":
        print(json.dumps(result.as_dicts(), indent=2))
    elif args.format == "csv":
        sys.stdout.write(render_csv(result))
    else:
        print(render_table(result, components=args.components))
    return 0
