"""``gecscope score``: score one or several system outputs with one or several registered metrics."""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from gecscope import api, pipeline
from gecscope.cli import streamed, streamed_text
from gecscope.cli.inputs import add_input_args, load_for_metrics
from gecscope.cli.models import add_model_args, model_options
from gecscope.extras import check_metric
from gecscope.metrics import METRICS
from gecscope.report.render import render_csv, render_json, render_text


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "score",
        help="score one or several system outputs",
        description="Score system outputs against references (several systems and metrics in one call).",
    )
    p.add_argument(
        "--metric",
        nargs="+",
        choices=list(METRICS),
        default=["cleme2"],
        metavar="METRIC",
        help="; ".join(f"{k}: {s.summary}" for k, s in METRICS.items()),
    )
    add_input_args(p, several=True)
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
    g.add_argument(
        "--cat",
        type=int,
        choices=[1, 2, 3],
        help="per-error-type breakdown (cleme2, cleme, m2, errant): 1 operation, 2 category, 3 full ERRANT type",
    )
    g.add_argument("--max-unchanged-words", type=int, help="M2: unchanged words allowed inside one edit (default 2)")
    g.add_argument(
        "--ignore-whitespace-casing", action="store_true", default=None, help="M2: ignore case/space-only edits"
    )
    add_model_args(p)
    p.add_argument(
        "--format",
        choices=["table", "json", "csv", "official"],
        default="table",
        help="official: the text the official tool prints (errant, m2)",
    )
    p.add_argument("--per-sentence", action="store_true", help="one row per sentence (1-based line numbers)")
    p.add_argument("--with-text", action="store_true", help="per-sentence rows carry the sentences' text")


def metric_options(args: argparse.Namespace, metric: str | None = None) -> dict[str, Any]:
    """The settings given on the command line that the metric's config has. With several metrics
    an option applies to those that have it; an option no chosen metric has is an error."""
    chosen = [metric] if metric else list(_metrics(args))
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
    fields = {m: {f.name for f in dataclasses.fields(METRICS[m].config)} for m in _metrics(args)}
    unknown = sorted(k for k, v in given.items() if v is not None and not any(k in f for f in fields.values()))
    if unknown:
        flags = ", ".join("--" + k.replace("_", "-") for k in unknown)
        raise ValueError(f"{flags} does not apply to --metric {' '.join(_metrics(args))}")
    out: dict[str, Any] = {}
    for m in chosen:
        names = fields[m]
        options = {k: v for k, v in given.items() if v is not None and k in names}
        options.update(model_options(args, names, m))
        out[m] = options
    return out[metric] if metric else out


def _metrics(args: argparse.Namespace) -> list[str]:
    metrics = args.metric if isinstance(args.metric, list) else [args.metric]
    return list(dict.fromkeys(metrics))


def _score_loaded(metrics: dict[str, Any], args: argparse.Namespace) -> tuple[list[Any], dict[str, Any] | None]:
    """Every system read (and aligned) at once, then scored: the path for every input."""
    some, fields = load_for_metrics(list(metrics.values()), args)
    if args.format == "official" and len(some) > 1:
        raise ValueError("--format official prints one system at a time")
    named = len(some) > 1 or bool(getattr(args, "name", None))
    scored = pipeline.score(list(metrics.values()), some, aligner=args.aligner, fields=fields)
    scores = [dataclasses.replace(s, system=s.system if named else "") for s in scored]
    texts = {s.system: some[s.system or next(iter(some))] for s in scores} if args.with_text else None
    return scores, texts


def run(args: argparse.Namespace) -> int:
    metric_names = _metrics(args)
    options = metric_options(args)
    metrics = {m: api.get_metric(m, **options[m]) for m in metric_names}
    if args.format == "official" and (len(metrics) > 1 or not hasattr(next(iter(metrics.values())), "official_text")):
        raise ValueError(f"--format official is available for errant and m2 (one at a time), not {' '.join(metrics)}")
    for metric in metrics.values():
        check_metric(metric)  # model extras, before any work
    several = len(args.hyp_m2 or []) > 1 or len(args.hyp or []) > 1
    if streamed.eligible(list(metrics.values()), args) and not (args.format == "official" and several):
        scores, _ = streamed.score_or_explain(list(metrics.values()), args)  # M2 input, shard by shard
        texts = None
    elif streamed_text.eligible(list(metrics.values()), args) and not (args.format == "official" and several):
        scores, _ = streamed_text.score_or_explain(list(metrics.values()), args)  # text input, shard by shard
        texts = None
    else:
        scores, texts = _score_loaded(metrics, args)
    rows = args.per_sentence or args.with_text
    if args.format == "official":
        print(next(iter(metrics.values())).official_text(scores[0]))  # type: ignore[attr-defined]
    elif args.format == "json":
        print(render_json(scores, with_sentences=rows, texts=texts))
    elif args.format == "csv":
        print(render_csv(scores, per_sentence=rows, texts=texts, types=bool(args.cat)), end="")
    else:
        print(render_text(scores, per_sentence=rows, texts=texts, types=bool(args.cat)))
    return 0
