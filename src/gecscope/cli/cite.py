"""``gecscope cite``: the BibTeX of each metric named (from the registry's citations)."""

from __future__ import annotations

import argparse
from typing import Any

from gecscope.cli.option_names import metric_arg

#: no progress to report: ``--quiet`` is accepted but not listed
PROGRESS = False


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "cite",
        help="BibTeX of the metrics' papers",
        description="Print the BibTeX entry of each metric's paper (and the tool whose numbers it equals).",
    )
    p.add_argument("metric", nargs="+", type=metric_arg, help="metric names, e.g. cleme2 errant (aliases accepted)")


def run(args: argparse.Namespace) -> int:
    from gecscope.metrics import METRICS

    for name in dict.fromkeys(args.metric):
        spec = METRICS[name]
        print(f"% {name}: {spec.summary}\n% official tool: {spec.tool}")
        print(spec.citation or "% (no paper: gecscope's own definition)", end="\n\n")
    return 0
