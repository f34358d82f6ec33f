"""``gecscope meta``: correlation with human judgments."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gecscope.cli.models import add_encoder_args, add_lm_args, fluency_config, similarity_config
from gecscope.meta.gjg15 import PAPER_TABLE1, TABLE1_SIM_VARIANTS, TABLE1_VARIANTS, render_table1, table1
from gecscope.meta.presets import META_METRICS


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "meta",
        help="meta-evaluation against human judgments",
        description="Correlate metrics with the GJG15 and SEEDA human judgments.",
    )
    p.add_argument(
        "task",
        choices=["table1", "run", "search", "report", "human", "wodafe"],
        help="table1: CLEME2.0's Table 1, CoNLL-2014 column; run: meta-evaluate metrics on a data set; "
        "search: CLEME2.0 factor search with leave-one-reference-set-out cross-validation; "
        "report: every non-neural metric on GJG15 and SEEDA as one markdown document; "
        "human: recompute Expected Wins (and, with --trueskill-runs, TrueSkill) from the judgments; "
        "wodafe: WODAFE's alpha x gamma search on SEEDA beside the paper's Tables 1, 2 and 4",
    )
    p.add_argument("--data", required=True, help="data directory (layout of shared/data: conll14/, gjg15/, seeda/)")
    p.add_argument("--dataset", choices=["gjg15", "seeda"], default="gjg15")
    p.add_argument("--metric", nargs="+", default=["GREEN-word"], choices=sorted(META_METRICS))
    p.add_argument("--setting", default="base", help="SEEDA system setting: base, +INPUT, +fluency, all")
    p.add_argument("--tie-rule", choices=["gec-metrics", "seeda-paper"], default="gec-metrics")
    p.add_argument("--level", choices=["corpus", "sentence"], default="corpus", help="search: CLEME2.0 level")
    p.add_argument("--assumption", choices=["dependent", "independent"], default="dependent")
    p.add_argument("--allow-zero", action="store_true", help="search: allow factors of 0 (1,771 settings)")
    p.add_argument("--window", type=int, default=0, help="run: window analysis with this many systems")
    p.add_argument("--plot", help="run: write the window analysis plot (PNG) here; needs the 'plot' extra")
    p.add_argument("--trueskill-runs", type=int, default=0, help="human: TrueSkill runs to average (seeded)")
    p.add_argument("--bootstrap", type=int, default=0, help="run: bootstrap samples for confidence intervals")
    p.add_argument("--resample", choices=["systems", "sentences", "both"], default="systems")
    p.add_argument("--seed", type=int, default=0, help="bootstrap seed")
    p.add_argument("--format", choices=["table", "json"], default="table")
    p.add_argument("--output", "-o", help="report: write the markdown here (default: standard output)")
    p.add_argument("--sim", action="store_true", help="table1: add the similarity-weighted rows (--encoder ...)")
    p.add_argument("--step", type=float, default=0.005, help="wodafe: alpha and gamma grid step")
    p.add_argument("--weighting", default="length+similarity", help="wodafe: chunk weights (none, length, ...)")
    p.add_argument("--plot-dir", help="wodafe: write alpha x gamma heat maps here (needs the 'plot' extra)")
    add_lm_args(add_encoder_args(p))


def run(args: argparse.Namespace) -> int:
    if args.task == "wodafe":
        return run_wodafe(args)
    if args.task == "table1":
        variants = [*TABLE1_VARIANTS, *(TABLE1_SIM_VARIANTS if args.sim else ())]
        rows = table1(args.data, variants, similarity=similarity_config(args))
        if args.format == "json":
            keys = ("pearson_EW", "pearson_TS", "spearman_EW", "spearman_TS")
            doc = {
                r.name: {
                    "ours": dict(zip(keys, r.values(), strict=True)),
                    "paper": {k: (None if v != v else v) for k, v in zip(keys, PAPER_TABLE1[r.name], strict=True)},
                    "system_scores": r.system_scores,
                }
                for r in rows
            }
            print(json.dumps(doc, indent=2))
        else:
            print(render_table1(rows))
        return 0
    if args.task == "human":
        from gecscope.meta.report import human_scores

        doc = human_scores(args.data, args.dataset, args.trueskill_runs, args.seed)
        print(json.dumps(doc, indent=2))
        return 0
    if args.task == "report":
        from pathlib import Path

        from gecscope.meta.fullreport import full_report

        text = full_report(args.data)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            print(text)
        return 0
    if args.task == "run":
        from gecscope.meta.report import meta_run

        doc = meta_run(
            args.data,
            args.dataset,
            args.metric,
            args.setting,
            args.tie_rule,
            bootstrap=args.bootstrap,
            resample=args.resample,
            seed=args.seed,
            window=args.window,
            plot=args.plot,
        )
    else:
        from gecscope.meta.report import factor_search

        doc = factor_search(args.data, args.level, args.assumption, args.allow_zero)
    if args.format == "json":
        print(json.dumps(doc, indent=2))
    else:
        from gecscope.meta.report import render

        print(render(doc))
    return 0


def run_wodafe(args: argparse.Namespace) -> int:
    from gecscope.align import get_aligner
    from gecscope.meta.datasets import seeda
    from gecscope.meta.wodafe_report import wodafe_report
    from gecscope.metrics.wodafe import Wodafe, WodafeConfig

    config = WodafeConfig(weighting=args.weighting, similarity=similarity_config(args), fluency=fluency_config(args))
    text = wodafe_report(
        Wodafe(config), seeda(args.data), get_aligner("errant"), step=args.step, plot_dir=args.plot_dir
    )
    if args.output:
        with open(args.output, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        print(text)
    return 0
