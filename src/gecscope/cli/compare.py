"""``gecscope compare``: several systems, several metrics, confidence intervals and paired tests."""

from __future__ import annotations

import argparse
import csv
import dataclasses
import io
import json
import sys
from collections.abc import Callable
from typing import Any

from gecscope.cli import command_parser
from gecscope.cli.inputs import add_input_args, load_for_metrics
from gecscope.cli.option_names import retire
from gecscope.cli.settings import add_metric_choice, add_settings, metric_options
from gecscope.comparison import Comparison, compare_aligned
from gecscope.comparison_rows import SystemResult, check_view
from gecscope.errors import InputError, SettingError
from gecscope.metrics import METRICS
from gecscope.metrics.options import cat_level
from gecscope.resample.correction import CORRECTIONS
from gecscope.resample.paired import MAX_DRAWS
from gecscope.resample.settings import DEFAULT_SEED, FAMILIES, TESTS, CompareConfig


def add_parser(sub: Any) -> None:
    p = command_parser(sub, "compare")
    add_metric_choice(p, ["cleme2"])
    add_input_args(p, several=True, echo=False)
    p.add_argument("--baseline", help="the system the others are compared with (default: the first)")
    t = p.add_argument_group("tests")
    t.add_argument(
        "--test",
        choices=TESTS,
        default="ar",
        help="verdicts by approximate randomization (default), the paired bootstrap or both",
    )
    t.add_argument("--bootstrap", type=DRAWS, default=1000, help="bootstrap resamples (default 1000)")
    t.add_argument("--trials", type=DRAWS, default=10000, help="approximate-randomization trials (default 10000)")
    t.add_argument(
        "--resample-seed",
        type=checked(int, lambda v: v >= 0, "a whole number of at least 0"),
        default=DEFAULT_SEED,
        help=f"seed of the bootstrap and approximate-randomization draws (default {DEFAULT_SEED})",
    )
    t.add_argument("--significance", type=LEVEL, default=0.05, help="significance level for the marks (default 0.05)")
    retire(p, "--seed", "--resample-seed", "one name per seed")
    t.add_argument(
        "--correction",
        choices=CORRECTIONS,
        default="holm",
        help="correction within each family: Holm (default), Benjamini-Hochberg or none (the * marks "
        "use the adjusted p)",
    )
    t.add_argument(
        "--family",
        choices=FAMILIES,
        default="system",
        help="families corrected together: each system against the baseline (default) or the whole call; "
        "headline scores, components and types apart",
    )
    t.add_argument(
        "--components",
        nargs="*",
        metavar="NAME",
        help="components shown, e.g. p r f (alone: all; default: docs/compare.md)",
    )
    t.add_argument(
        "--hide-baseline",
        action="store_true",
        help="leave out the baseline's own rows (its differences to itself are all zero)",
    )
    t.add_argument(
        "--cat",
        type=cat_level,
        choices=[0, 1, 2, 3, "gold"],
        default=0,
        help="per-error-type differences (CLEME2.0, CLEME, ERRANT, M2) at ERRANT's -cat level, or gold: "
        "the reference M2's own types; 0: none",
    )
    t.add_argument(
        "--min-support",
        type=checked(float, lambda v: v >= 0, "a number of at least 0"),
        default=10.0,
        help="types with fewer chunks/edits (system or baseline) are flagged, not tested (default 10)",
    )
    p.add_argument(
        "--format",
        choices=["table", "json", "csv", "latex", "markdown"],
        default="table",
        help="table (default), json, csv (every row), latex or markdown (a paper's table: docs/output.md)",
    )
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
        args.family,
    )
    if getattr(args, "alpha", None) is not None and "wodafe" not in args.metric:
        raise InputError("--alpha is WODAFE's over-correction weight; the significance level is --significance")
    metrics = [METRICS[name].build(**options) for name, options in metric_options(args).items()]
    hide = bool(getattr(args, "hide_baseline", False))
    try:
        view = check_view(metrics, getattr(args, "components", None), hide)
    except SettingError as exc:
        raise InputError(exc.renamed({"components": "--components", "hide_baseline": "--hide-baseline"})) from None
    systems, inputs = load_for_metrics(metrics, args, timings, types=args.cat not in (0, "gold"))
    result = compare_aligned(metrics, systems, inputs, config, args.baseline, timings)
    return dataclasses.replace(result, components=view, hide_baseline=hide)


def render_table(result: Comparison, *, components: bool = False) -> str:
    """The rows the comparison's view shows (:meth:`Comparison.shown`: the headline; the chosen
    components, ``components=True`` every one; with ``cat`` the error types), each with its
    verdict against the baseline; then the families, one summary line per system and the
    signatures."""
    if components and result.components is None:
        result = dataclasses.replace(result, components=())
    cfg = result.config
    alpha, corr, cat = cfg.alpha, cfg.correction, cfg.cat
    adjusted = corr != "none"
    head = ["metric", "system", "component", "type", "n", "score", "95% CI", "diff", "diff 95% CI", "p (bs)", "p (ar)"]
    head += [f"adj (bs, {corr})", f"adj (ar, {corr})"] if adjusted else []
    head.append(f"vs {result.baseline}")
    body = []
    for r in result.shown(every=False):
        label = r.system + (" (baseline)" if r.system == result.baseline else "")
        comp = "score" if r.headline else f"{r.component} {r.arrow}"
        support = "" if r.support is None else f"{r.support:.1f}"
        cells = r.cells(adjusted)
        if not r.tested and not r.empty:
            cells[4:6] = ["n/a", "n/a"]
        row = [r.metric, label, comp, r.type or "all", support, *cells]
        body.append([*row, verdict_cell(r, alpha)])
    unused = {"p (bs)", f"adj (bs, {corr})"} if cfg.test == "ar" else set()
    unused |= {"p (ar)", f"adj (ar, {corr})"} if cfg.test == "bootstrap" else set()
    shown = [
        k
        for k, h in enumerate(head)
        if h not in unused and (cat or (h not in ("type", "n") and (result.components is not None or h != "component")))
    ]
    rows = [[row[k] for k in shown] for row in [head, *body]]
    widths = [max(len(row[i]) for row in rows) for i in range(len(shown))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths).rstrip())
    what = f"{corr}-adjusted p" if adjusted else "p"
    test = {"ar": "approximate randomization", "bootstrap": "the paired bootstrap", "both": "both tests"}[cfg.test]
    lines.append(
        f"vs {result.baseline}: better * / worse * : {what} < {alpha:g} under {test} (two-sided), in the "
        "component's direction; n.s.: no significant difference (see docs/compare.md)"
    )
    lines.append(families_line(result))
    hint = floor_hint(result)
    if hint:
        lines.append(hint)
    if cat:
        lines.append(
            f"n: the fewer chunks/edits of system and baseline for the type; (few): under "
            f"--min-support {result.config.min_support:g}, not tested; ↑ higher is better, ↓ lower is better"
        )
    lines.extend(result.summary())
    lines.extend(dict.fromkeys(r.signature for r in result.rows))
    return "\n".join(lines)


def verdict_cell(row: SystemResult, alpha: float) -> str:
    """``better *`` or ``worse *`` when significant at ``alpha`` (adjusted), else ``n.s.``, whatever
    the sign of the difference; ``(few)`` for an untested type; ``-`` for an empty cell (a rate
    without a denominator, the system's or the baseline's); empty for the baseline itself."""
    if row.system == row.baseline:
        return ""
    if row.empty:
        return "-"
    if not row.tested:
        return "(few)"
    return f"{row.direction} *" if row.significant(alpha) else "n.s."


def families_line(result: Comparison) -> str:
    """Which tests were corrected together (the scope and each kind's size)."""
    cfg = result.config
    if cfg.correction == "none":
        return "no multiple-comparison correction (--correction none)"
    sizes: dict[str, int] = {}
    for r in result.rows:
        if r.family:
            sizes[r.family] = max(sizes.get(r.family, 0), r.family_size)
    kinds = ", ".join(f"{k} ({n} tests)" for k, n in sizes.items()) or "none"
    scope = f"each system against {result.baseline}" if cfg.family == "system" else "every system of the call"
    return f"families ({cfg.correction}, {scope}; corrected apart): {kinds}"


def floor_hint(result: Comparison) -> str:
    """A note when the bootstrap's resolution keeps every adjusted bootstrap p-value of a family
    above alpha (Holm over the largest family)."""
    cfg = result.config
    tests = max((r.family_size for r in result.rows if r.p_bootstrap is not None and r.family), default=0)
    floor = 2 / (cfg.bootstrap + 1)
    if cfg.correction != "holm" or cfg.test == "ar" or tests * floor < cfg.alpha:
        return ""
    return (
        f"note: the smallest bootstrap p is 2/(N+1) = {floor:.4f}; Holm over a family of {tests} tests keeps its "
        f"adjusted bootstrap p >= {min(1.0, tests * floor):.4f} > {cfg.alpha:g}: raise --bootstrap or use --test ar"
    )


def render_csv(result: Comparison) -> str:
    out = io.StringIO()
    fields = ["metric", "system", "baseline", "component", "type", "better", "support", "tested", "score"]
    fields += ["ci_low", "ci_high", "diff", "diff_ci_low", "diff_ci_high", "p_bootstrap", "p_ar"]
    fields += ["p_bootstrap_adj", "p_ar_adj", "family", "family_size", "direction", "significant", "verdict"]
    fields += ["signature"]
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
    elif args.format in ("latex", "markdown"):
        from gecscope.report.paper import comparison_table, render

        sys.stdout.write(render(comparison_table(result), args.format))
    else:
        print(render_table(result))
    return 0
