"""``gecscope explain``: show how one sentence is chunked and classified."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from gecscope import api
from gecscope.align import adopt
from gecscope.cli.inputs import add_input_args, aligner_from_args, load_examples
from gecscope.errors import InputError
from gecscope.report.explain import explain, render_explanation, render_explanation_json


def add_parser(sub: Any) -> None:
    p = sub.add_parser("explain", help="chunk table of a sentence", description="Show CLEME chunks of sentences.")
    add_input_args(p)
    p.add_argument("--line", type=int, nargs="+", default=[1], help="1-based sentence number(s)")
    p.add_argument(
        "--exclude-unchanged-refs",
        action="store_true",
        help="leave out references equal to the source (as CLEME's --exclude-unchanged-refs)",
    )
    p.add_argument(
        "--format",
        choices=["table", "json"],
        default="table",
        help="table: chunks side by side (default); json: one record per sentence",
    )
    p.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="colour the chunk classes (auto: when standard output is a terminal)",
    )


def run(args: argparse.Namespace) -> int:
    examples = load_examples(args)
    picked = []
    for line in args.line:
        if not 1 <= line <= len(examples):
            raise InputError(f"--line {line} is out of range (1..{len(examples)})")
        picked.append(examples[line - 1])
    aligner = aligner_from_args(args)
    origin = None if isinstance(aligner, str) else adopt(aligner).origin
    ready = []
    for line, ex in zip(args.line, picked, strict=True):  # one at a time: an alignment error names its line
        if origin is not None:
            aligner.origin = dataclasses.replace(origin, start=line - 1)  # type: ignore[union-attr]
        ready += api.prepare([ex], aligner)[0]
    colour = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    for i, (line, ex) in enumerate(zip(args.line, ready, strict=True)):
        exp = explain(ex, exclude_unchanged=args.exclude_unchanged_refs)
        if i:
            print()
        if args.format == "json":
            print(render_explanation_json(exp, line))
        else:
            print(render_explanation(exp, colour=colour, line=line))
    return 0
