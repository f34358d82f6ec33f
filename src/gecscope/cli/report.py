"""``gecscope report``: several systems, several metrics, one self-contained HTML page
(or Markdown tables for a paper appendix)."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from gecscope.cli.compare import DRAWS
from gecscope.cli.inputs import add_input_args, load_for_metrics, setup_of
from gecscope.cli.output import check_output, write_output
from gecscope.cli.settings import add_metric_choice, add_settings, metric_options
from gecscope.errors import InputError
from gecscope.extras import require
from gecscope.metrics import METRICS
from gecscope.pipeline import prepare
from gecscope.report.overview import ReportSettings, SystemData, build_report, significance


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "report",
        help="HTML report comparing several systems",
        description="Score several systems and write one self-contained HTML report (or Markdown tables).",
    )
    add_input_args(p, several=True, echo=False)
    add_metric_choice(
        p,
        ["cleme2", "cleme", "errant"],
        "metrics of the summary table (CLEME2.0 is always computed for the charts)",
    )
    p.add_argument("--examples", type=int, default=3, help="sentences shown per system and per FP class")
    p.add_argument("--divergent", type=int, default=5, help="sentences where systems differ most")
    p.add_argument(
        "--baseline",
        help="with --intervals: the system the others are tested against (default: INPUT if present, else the first)",
    )
    p.add_argument(
        "--intervals",
        action="store_true",
        help="CLEME2.0 confidence intervals on the Hit/Wrong/Under/Over bars and per-type differences to the "
        "baseline marked in the heat map (approximate randomization, Benjamini-Hochberg-adjusted over the page's "
        "per-type tests; see docs/report.md)",
    )
    p.add_argument("--bootstrap", type=DRAWS, default=1000, help="with --intervals: bootstrap resamples (default 1000)")
    p.add_argument("--trials", type=DRAWS, default=10000, help="with --intervals: randomization trials (default 10000)")
    p.add_argument("--format", choices=["html", "md"], default="html", help="md: tables only, for a paper appendix")
    p.add_argument("-o", "--output", help="output file (default: report.html for html, standard output for md)")
    add_settings(p)


def load_systems(args: argparse.Namespace) -> list[SystemData]:
    """Each system's aligned examples, through the loader ``score`` and ``compare`` share
    (references read once, every pair aligned once)."""
    files = setup_of(args).files
    if not files.systems:
        raise InputError("no systems: give --hyp-m2 FILE... or --source with --hyp FILE...")
    if files.hypotheses and not (files.references or files.ref_m2 or files.ref_tsv):
        raise InputError(
            "the report needs references (--ref or --ref-m2): its charts are CLEME2.0's per-type breakdown; "
            "'gecscope score' and 'compare' take reference-free metrics without them"
        )
    # the heat map reads error types: a tag-free language's classifier types every edit
    metrics = [METRICS["cleme2"].build(), METRICS["errant"].build()]
    setup = setup_of(args)
    if files.ref_m2 is None:  # no gold M2 types: the classifier's heat map alone
        systems, inputs = load_for_metrics(metrics, args, types=True)
        return [SystemData(n, examples, inputs) for n, examples in systems.items()]
    # a reference M2: its own types too (the gold-type heat map), read and aligned once, then typed
    # by the classifier (annotations from CoNLL-U or a tagger are attached only when types are read)
    gold, gold_inputs = load_for_metrics(metrics, args, types=False)
    if setup.annotations:
        systems, inputs = load_for_metrics(metrics, args, types=True)
    else:
        typed, made = prepare(list(gold.values()), metrics, lang=setup.language, types=True)
        systems, inputs = dict(zip(gold, typed, strict=True)), dataclasses.replace(gold_inputs, types=made.types)
    return [SystemData(n, examples, inputs, gold[n]) for n, examples in systems.items()]


def run(args: argparse.Namespace) -> int:
    # --cat is the error-type granularity of the charts here (CLEME2.0's breakdown), for any --metric
    cat, args.cat = 3 if args.cat is None else args.cat, None
    settings = ReportSettings(
        metrics=tuple(dict.fromkeys(args.metric)),
        cat=cat,
        options=metric_options(args),
        per_system=args.examples,
        divergent=args.divergent,
        baseline=args.baseline,
    )
    if args.format == "html":
        require("report", "the HTML report")
    output = args.output or ("report.html" if args.format == "html" else None)
    check_output(output)  # before any work
    systems = load_systems(args)
    comparison = (
        significance(systems, settings, bootstrap=args.bootstrap, trials=args.trials) if args.intervals else None
    )
    data = build_report(systems, settings, comparison=comparison)
    if args.format == "md":
        from gecscope.report.markdown import render_markdown

        text = render_markdown(data)
    else:
        from gecscope.report.html import render_html

        text = render_html(data)
    if output is None:
        sys.stdout.write(text)
    else:
        write_output(output, text)
        print(f"wrote {output} ({len(text.encode('utf-8')) / 1e6:.2f} MB)", file=sys.stderr)
    return 0
