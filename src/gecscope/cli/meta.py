"""``gecscope meta``: correlation with human judgments."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gecscope.meta.gjg15 import PAPER_TABLE1, render_table1, table1


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "meta",
        help="meta-evaluation against human judgments",
        description="Reproduce CLEME2.0's Table 1, CoNLL-2014 column (GJG15, 13 systems incl. INPUT).",
    )
    p.add_argument("task", choices=["table1"], help="table1: GJG15 correlations of CLEME / CLEME2.0")
    p.add_argument("--data", required=True, help="data directory (layout of shared/data: conll14/, gjg15/)")
    p.add_argument("--format", choices=["table", "json"], default="table")


def run(args: argparse.Namespace) -> int:
    rows = table1(args.data)
    if args.format == "json":
        keys = ("pearson_EW", "pearson_TS", "spearman_EW", "spearman_TS")
        doc = {
            r.name: {
                "ours": dict(zip(keys, r.values(), strict=True)),
                "paper": dict(zip(keys, PAPER_TABLE1[r.name], strict=True)),
                "system_scores": r.system_scores,
            }
            for r in rows
        }
        print(json.dumps(doc, indent=2))
    else:
        print(render_table1(rows))
    return 0
