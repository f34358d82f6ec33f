"""``gecscope score``: score one or several system outputs with one or several registered metrics."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from gecscope import api
from gecscope.cli.inputs import add_input_args, score_inputs
from gecscope.cli.settings import add_metric_choice, add_settings, metric_options
from gecscope.extras import check_metric
from gecscope.metrics import METRICS
from gecscope.report.render import render_csv, render_json, render_text


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="score one or several system outputs",
        description="Score system outputs against references (several systems and metrics in one call).",
    )
    add_metric_choice(p, ["cleme2"])
    add_input_args(p, several=True)
    add_settings(p)
    p.add_argument(
        "--format",
        choices=["table", "json", "csv", "official", "latex", "markdown"],
        default="table",
        help="official: the text the official tool prints ("
        + ", ".join(k for k, s in METRICS.items() if s.official_text)
        + "); latex (booktabs) or markdown: a table for a paper or a page (rows: systems; columns: metrics)",
    )
    p.add_argument("--per-sentence", action="store_true", help="one row per sentence (1-based line numbers)")
    p.add_argument("--with-text", action="store_true", help="per-sentence rows carry the sentences' text")


def run(args: argparse.Namespace) -> int:
    if len(getattr(args, "test_sets", None) or []) > 1:  # -t SET -t SET ...: one table across them
        from gecscope.cli.across_sets import run_sets

        return run_sets(args)
    metrics = {m: api.get_metric(m, **options) for m, options in metric_options(args).items()}
    official = [k for k, s in METRICS.items() if s.official_text]
    if args.format == "official" and (len(metrics) > 1 or next(iter(metrics)) not in official):
        raise ValueError(
            f"--format official is available for {', '.join(official)} (one at a time), not {' '.join(metrics)}"
        )
    for metric in metrics.values():
        check_metric(metric)  # model extras, before any work
    if args.format == "official" and len(args.hyp_m2 or []) + len(args.hyp or []) > 1:
        raise ValueError("--format official prints one system at a time")
    scored, kept = score_inputs(list(metrics.values()), args, keep=args.with_text)
    # the table of one system needs no name; JSON and CSV always name it (the file stem)
    named = len(scored) > len(metrics) or bool(getattr(args, "name", None)) or args.format in ("json", "csv")
    scores = [dataclasses.replace(s, system=s.system if named else "") for s in scored]
    texts = {s.system: kept[s.system or next(iter(kept))] for s in scores} if args.with_text else None
    rows = args.per_sentence or args.with_text
    if args.format == "official":
        print(next(iter(metrics.values())).official_text(scores[0]))  # type: ignore[attr-defined]
    elif args.format == "json":
        print(render_json(scores, with_sentences=rows, texts=texts))
    elif args.format == "csv":
        print(render_csv(scores, per_sentence=rows, texts=texts, types=bool(args.cat)), end="")
    elif args.format in ("latex", "markdown"):
        from gecscope.report.paper import render, scores_table

        print(render(scores_table(scores), args.format), end="")
    else:
        print(render_text(scores, per_sentence=rows, texts=texts, types=bool(args.cat)))
    return 0
