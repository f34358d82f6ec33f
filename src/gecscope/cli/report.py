"""``gecscope report``: several systems, several metrics, one self-contained HTML page
(or Markdown tables for a paper appendix)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gecscope.cli.inputs import add_input_args, load_for_metrics
from gecscope.errors import InputError
from gecscope.extras import require
from gecscope.metrics import METRICS
from gecscope.report.overview import ReportSettings, SystemData, build_report


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "report",
        help="HTML report comparing several systems",
        description="Score several systems and write one self-contained HTML report (or Markdown tables).",
    )
    add_input_args(p, several=True)
    p.add_argument(
        "--metric",
        nargs="+",
        choices=list(METRICS),
        default=["cleme2", "cleme", "errant"],
        help="metrics of the summary table (CLEME2.0 is always computed for the charts)",
    )
    p.add_argument("--cat", type=int, choices=[1, 2, 3], default=3, help="error type granularity (ERRANT -cat)")
    p.add_argument("--examples", type=int, default=3, help="sentences shown per system and per FP class")
    p.add_argument("--divergent", type=int, default=5, help="sentences where systems differ most")
    p.add_argument("--format", choices=["html", "md"], default="html", help="md: tables only, for a paper appendix")
    p.add_argument("-o", "--output", help="output file (default: report.html for html, standard output for md)")


def load_systems(args: argparse.Namespace) -> list[SystemData]:
    """Each system's aligned examples, through the loader ``score`` and ``compare`` share
    (references read once, every pair aligned once)."""
    if not (args.hyp or args.hyp_m2):
        raise InputError("no systems: give --hyp-m2 FILE... or --source with --hyp FILE...")
    systems, fields = load_for_metrics([METRICS["cleme2"].build(), METRICS["errant"].build()], args)
    return [SystemData(n, examples, fields[1]) for n, examples in systems.items()]


def run(args: argparse.Namespace) -> int:
    settings = ReportSettings(
        metrics=tuple(dict.fromkeys(args.metric)),
        cat=args.cat,
        per_system=args.examples,
        divergent=args.divergent,
    )
    if args.format == "html":
        require("report", "the HTML report")
    # scoring loaded systems in worker processes costs more than it saves (measured: 11.4 s vs 9.0 s, 12 systems)
    data = build_report(load_systems(args), settings, jobs=1)
    if args.format == "md":
        from gecscope.report.markdown import render_markdown

        text = render_markdown(data)
    else:
        from gecscope.report.html import render_html

        text = render_html(data)
    output = args.output or ("report.html" if args.format == "html" else None)
    if output is None:
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output} ({len(text.encode('utf-8')) / 1e6:.2f} MB)", file=sys.stderr)
    return 0
