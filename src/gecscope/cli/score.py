"""``gecscope score``: score a system output with any registered metric."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from gecscope import api
from gecscope.cli.inputs import add_input_args, load_examples
from gecscope.cli.models import add_model_args, model_options
from gecscope.metrics import METRICS
from gecscope.report.render import render_json, render_table


def add_parser(sub: Any) -> None:
    p = sub.add_parser("score", help="score a system output", description="Score a system output against references.")
    p.add_argument(
        "--metric", choices=list(METRICS), default="cleme2", help="; ".join(s.summary for s in METRICS.values())
    )
    add_input_args(p)
    g = p.add_argument_group("metric settings (each applies to the metrics that have it; defaults are the papers')")
    g.add_argument("--level", choices=["corpus", "sentence"])
    g.add_argument("--assumption", choices=["dependent", "independent"], help="CLEME family")
    g.add_argument(
        "--factors",
        help="CLEME2.0 trade-off factors: paper (default; corpus .45/.35/.15/.05, sentence .35/.25/.20/.20), "
        "table12 (.50/.40/.05/.05), or four numbers A,B,C,D summing to 1",
    )
    g.add_argument(
        "--weighting",
        choices=["none", "length", "similarity", "llm", "length+similarity"],
        help="CLEME family chunk weights; default length for cleme, none for cleme2 "
        "(similarity: PTScore with --encoder; llm: 1-5 ratings from --llm-model)",
    )
    g.add_argument(
        "--mode",
        choices=["official", "corrected"],
        help="CLEME family. official (default): reproduce the released code, bugs included; "
        "corrected: apply the intended sentence-level length weights",
    )
    g.add_argument("--beta", type=float, help="F-beta (CLEME 0.5, GREEN 2.0)")
    g.add_argument("--preset", choices=["edit", "sentence"], help="WODAFE alpha/gamma preset (paper Table 2)")
    g.add_argument("--alpha", type=float, help="WODAFE over-correction weight")
    g.add_argument("--gamma", type=float, help="WODAFE fluency weight (0: no language model)")
    g.add_argument(
        "--exclude-unchanged-refs", action="store_true", default=None, help="drop references equal to the source"
    )
    g.add_argument("--unit", choices=["word", "char"], help="GREEN n-gram unit")
    g.add_argument("--n", type=int, help="GREEN maximum n-gram order (default 4 word, 6 char)")
    g.add_argument(
        "--no-strip", dest="strip", action="store_false", default=None, help="GREEN: keep leading/trailing spaces"
    )
    g.add_argument(
        "--variant", choices=["official", "corrected"], help="GLEU: official script, or GREEN's reformulation"
    )
    g.add_argument(
        "--sampling", choices=["py2", "py3"], help="GLEU reference draws: official Python 2 (default) or Python 3 ports"
    )
    g.add_argument("--iterations", type=int, help="GLEU sampling iterations (default 500)")
    g.add_argument(
        "--scheme",
        choices=["cs", "cse", "ds", "dt"],
        help="ERRANT: span correction (default), +type, span/token detection",
    )
    g.add_argument("--cat", type=int, choices=[1, 2, 3], help="ERRANT per-type breakdown level")
    g.add_argument("--max-unchanged-words", type=int, help="M2: unchanged words allowed inside one edit (default 2)")
    g.add_argument(
        "--ignore-whitespace-casing", action="store_true", default=None, help="M2: ignore case/space-only edits"
    )
    add_model_args(p)
    p.add_argument(
        "--format",
        choices=["table", "json", "official"],
        default="table",
        help="official: the text the official tool prints (errant, m2)",
    )
    p.add_argument("--per-sentence", action="store_true", help="include per-sentence rows in JSON output")


def metric_options(args: argparse.Namespace) -> dict[str, Any]:
    """The settings given on the command line that the chosen metric's config has."""
    names = {f.name for f in dataclasses.fields(METRICS[args.metric].config)}
    given = {
        "level": args.level,
        "assumption": args.assumption,
        "factors": args.factors,
        "weighting": args.weighting,
        "mode": args.mode,
        "beta": args.beta,
        "preset": args.preset,
        "alpha": args.alpha,
        "gamma": args.gamma,
        "exclude_unchanged_refs": args.exclude_unchanged_refs,
        "unit": args.unit,
        "n": args.n,
        "strip": args.strip,
        "variant": args.variant,
        "sampling": args.sampling,
        "iterations": args.iterations,
        "scheme": args.scheme,
        "cat": args.cat,
        "max_unchanged_words": args.max_unchanged_words,
        "ignore_whitespace_casing": args.ignore_whitespace_casing,
    }
    unknown = sorted(k for k, v in given.items() if v is not None and k not in names)
    if unknown:
        flags = ", ".join("--" + k.replace("_", "-") for k in unknown)
        raise ValueError(f"{flags} does not apply to --metric {args.metric}")
    options = {k: v for k, v in given.items() if v is not None}
    options.update(model_options(args, names))
    return options


def run(args: argparse.Namespace) -> int:
    metric = api.get_metric(args.metric, **metric_options(args))
    examples = load_examples(args)
    result = api.score(metric, examples, aligner=args.aligner)
    if args.format == "official":
        if not hasattr(metric, "official_text"):
            raise ValueError(f"--format official is available for errant and m2, not {args.metric}")
        print(metric.official_text(result))
    elif args.format == "json":
        print(render_json([(args.metric, result)], with_sentences=args.per_sentence))
    else:
        print(render_table(result))
    return 0
