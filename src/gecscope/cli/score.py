"""``gecscope score``: score a system output."""

from __future__ import annotations

import argparse
from typing import Any

from gecscope import api
from gecscope.cli.inputs import add_input_args, load_examples
from gecscope.metrics import METRICS
from gecscope.report.render import render_json, render_table


def add_parser(sub: Any) -> None:
    p = sub.add_parser("score", help="score a system output", description="Score a system output against references.")
    p.add_argument("--metric", choices=sorted(METRICS), default="cleme2")
    add_input_args(p)
    g = p.add_argument_group("CLEME / CLEME2.0 settings")
    g.add_argument("--assumption", choices=["dependent", "independent"], default="dependent")
    g.add_argument("--level", choices=["corpus", "sentence"], default="corpus")
    g.add_argument(
        "--factors",
        default="paper",
        help="CLEME2.0 trade-off factors: paper (corpus .45/.35/.15/.05, sentence .35/.25/.20/.20), "
        "table12 (.50/.40/.05/.05), or four numbers A,B,C,D summing to 1",
    )
    g.add_argument("--weighting", choices=["none", "length"], help="default: length for cleme, none for cleme2")
    g.add_argument(
        "--mode",
        choices=["official", "corrected"],
        default="official",
        help="official: reproduce the released CLEME code, bugs included; corrected: apply the intended "
        "sentence-level length weights",
    )
    g.add_argument("--beta", type=float, default=0.5, help="CLEME F-beta")
    g.add_argument("--exclude-unchanged-refs", action="store_true", help="drop references equal to the source")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.add_argument("--per-sentence", action="store_true", help="include per-sentence rows in JSON output")


def metric_options(args: argparse.Namespace) -> dict[str, Any]:
    opts: dict[str, Any] = {
        "assumption": args.assumption,
        "level": args.level,
        "mode": args.mode,
        "exclude_unchanged_refs": args.exclude_unchanged_refs,
    }
    if args.weighting is not None:
        opts["weighting"] = args.weighting
    if args.metric == "cleme2":
        opts["factors"] = args.factors
    else:
        opts["beta"] = args.beta
    return opts


def run(args: argparse.Namespace) -> int:
    metric = api.get_metric(args.metric, **metric_options(args))
    examples = load_examples(args)
    result = api.score(metric, examples, aligner=args.aligner)
    if args.format == "json":
        print(render_json([(args.metric, result)], with_sentences=args.per_sentence))
    else:
        print(render_table(result))
    return 0
