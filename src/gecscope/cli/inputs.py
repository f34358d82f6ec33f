"""Input options shared by the subcommands."""

from __future__ import annotations

import argparse

from gecscope import api
from gecscope.types import Example


def add_input_args(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("input (M2, parallel text, or JSONL)")
    g.add_argument("--hyp-m2", help="system hypothesis as M2 (annotator 0)")
    g.add_argument("--ref-m2", help="references as M2 (one target per annotator)")
    g.add_argument("--source", help="source sentences, one per line, space-tokenised")
    g.add_argument("--hyp", help="system output, one sentence per line")
    g.add_argument("--ref", nargs="+", default=[], metavar="REF", help="reference files, one per annotator")
    g.add_argument("--jsonl", help="records {id, source, hypothesis, references}")
    g.add_argument("--example", action="store_true", help="use the small example shipped with gecscope")
    g.add_argument(
        "--aligner",
        choices=["errant", "levenshtein"],
        default="errant",
        help="edit extraction for text input: ERRANT 3.0.2-compatible (English) or language-agnostic",
    )


def load_examples(args: argparse.Namespace, *, require_references: bool = True) -> list[Example]:
    from gecscope.metrics import METRICS

    metric = getattr(args, "metric", None)
    missing = METRICS[metric].missing_annotators if metric in METRICS else "unchanged"
    if args.example:
        d = api.example_dir()
        if args.hyp is None and args.source is None:
            return api.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2", missing_annotators=missing)
    return api.load(
        source=args.source,
        hypothesis=args.hyp,
        references=args.ref,
        ref_m2=args.ref_m2,
        hyp_m2=args.hyp_m2,
        jsonl=args.jsonl,
        require_references=require_references,
        missing_annotators=missing,
    )
