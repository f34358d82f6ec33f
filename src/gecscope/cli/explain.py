"""``gecscope explain``: show how one sentence is chunked and classified."""

from __future__ import annotations

import argparse
import dataclasses
import sys
from typing import Any

from gecscope import api
from gecscope.align import adopt
from gecscope.cli import add_choice, command_parser
from gecscope.cli.inputs import add_input_args, aligner_from_args, language_of, load_examples
from gecscope.errors import InputError
from gecscope.metrics.options import cat_level
from gecscope.report.explain import explain, render_explanation, render_explanation_json
from gecscope.types import Example


def add_parser(sub: Any) -> None:
    p = command_parser(sub, "explain")
    add_input_args(p)
    p.add_argument("--line", type=int, nargs="+", default=[1], help="1-based sentence number(s)")
    p.add_argument(
        "--exclude-unchanged-refs",
        action="store_true",
        help="leave out references equal to the source (as CLEME's --exclude-unchanged-refs)",
    )
    p.add_argument(
        "--cat",
        type=cat_level,
        choices=(0, 1, 2, 3, "gold"),
        default=0,
        help="show each chunk's error types at ERRANT's -cat level (1 operation, 2 category, 3 full type; "
        "gold: the reference M2's own types; 0: none, the default); "
        "a tag-free language's edits are typed by its classifier, named on the last line",
    )
    add_choice(p, "--format", ("table", "json"), "table: chunks side by side (default); json: one record per sentence")
    add_choice(
        p, "--color", ("auto", "always", "never"), "colour the chunk classes (auto: when standard output is a terminal)"
    )


def run(args: argparse.Namespace) -> int:
    classified = args.cat not in (0, "gold")  # the gold's own types: no classifier
    examples = load_examples(args, types=classified)
    picked = []
    for line in args.line:
        if not 1 <= line <= len(examples):
            raise InputError(f"--line {line} is out of range (1..{len(examples)})")
        picked.append(examples[line - 1])
    aligner = aligner_from_args(args)
    language = language_of(args)
    origin = None if isinstance(aligner, str) else adopt(aligner).origin
    ready: list[Example] = []
    fields: dict[str, str] = {}
    for line, ex in zip(args.line, picked, strict=True):  # one at a time: an alignment error names its line
        if origin is not None:
            aligner.origin = dataclasses.replace(origin, start=line - 1)  # type: ignore[union-attr]
        done, fields = api.prepare([ex], aligner, lang=language, types=classified)
        ready += done
    colour = args.color == "always" or (args.color == "auto" and sys.stdout.isatty())
    for i, (line, ex) in enumerate(zip(args.line, ready, strict=True)):
        exp = explain(ex, exclude_unchanged=args.exclude_unchanged_refs, cat=args.cat)
        if i:
            print()
        if args.format == "json":
            print(render_explanation_json(exp, line, fields.get("types")))
        else:
            print(render_explanation(exp, colour=colour, line=line))
    if args.cat and "types" in fields and args.format != "json":
        print(f"types: {fields['types']}")  # the classifier that typed the edits (a tag-free language's)
    return 0
