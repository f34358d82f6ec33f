"""``gecscope convert``: parallel text to M2 (edits extracted by the chosen aligner)."""

from __future__ import annotations

import argparse
from typing import Any

from gecscope import api
from gecscope.cli.annotations import annotating
from gecscope.cli.inputs import add_input_args, aligner_from_args, language_of, load_examples
from gecscope.io.m2 import format_cherrant_m2, format_m2, write_m2


def add_parser(sub: Any) -> None:
    p = sub.add_parser("convert", help="text to M2", description="Write hypothesis or references as M2.")
    add_input_args(p)
    p.add_argument(
        "--what",
        choices=["hypothesis", "references"],
        default="hypothesis",
        help="write the hypothesis (default) or the references as M2",
    )
    p.add_argument("--output", "-o", help="output M2 file (default: standard output)")


def run(args: argparse.Namespace) -> int:
    if args.what == "references" and args.hyp is None and args.source is not None:
        args.hyp = args.source  # references only: the hypothesis is irrelevant
    examples = load_examples(args, require_references=args.what == "references")
    language = language_of(args)
    # annotations (CoNLL-U, a tagger): the M2 carries the language's annotated types
    ready, _ = api.prepare(examples, aligner_from_args(args), lang=language, types=annotating(args))
    blocks = [(e.source, [e.hypothesis] if args.what == "hypothesis" else list(e.references)) for e in ready]
    cherrant = language.m2_format == "cherrant"  # ChERRANT's M2: its compare reads it literally
    if args.output:
        write_m2(args.output, blocks, cherrant=cherrant)
    else:
        print((format_cherrant_m2 if cherrant else format_m2)(blocks), end="")
    return 0
