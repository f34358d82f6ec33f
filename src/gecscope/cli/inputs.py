"""Input options shared by the subcommands."""

from __future__ import annotations

import argparse

from gecscope import api
from gecscope.align import Aligner
from gecscope.align.settings import DEFAULT_MAX_TOKENS, AlignSettings, Origin, default_jobs
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
    g.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        help=f"ERRANT parser processes (default: the cores, at most 8; here {default_jobs()})",
    )
    g.add_argument(
        "--max-align-tokens",
        type=int,
        default=DEFAULT_MAX_TOKENS,
        help=f"longest run of changed tokens ERRANT aligns (cubic merger; default {DEFAULT_MAX_TOKENS}, 0: none)",
    )

    g.add_argument(
        "--executor",
        choices=["processes", "dask"],
        default="processes",
        help="where ERRANT batches run: local processes (--jobs), or a Dask cluster (extra 'dask')",
    )
    g.add_argument(
        "--scheduler", help="Dask scheduler address (default with --executor dask: a local cluster of --jobs)"
    )


def align_settings(args: argparse.Namespace) -> AlignSettings:
    """Alignment settings from the options (``--cache-dir``/``--no-cache`` where the command has them)."""
    return AlignSettings(
        cache=getattr(args, "cache", True),
        cache_dir=getattr(args, "cache_dir", None),
        jobs=getattr(args, "jobs", 1),
        max_tokens=getattr(args, "max_align_tokens", DEFAULT_MAX_TOKENS),
        executor=getattr(args, "executor", "processes"),
        scheduler=getattr(args, "scheduler", None),
    )


def aligner_from_args(args: argparse.Namespace) -> Aligner | str:
    """The aligner the options ask for (ERRANT behind the alignment cache; loads nothing yet)."""
    from gecscope.align import get_aligner

    name = args.aligner if isinstance(args.aligner, str) else args.aligner.name
    if name != "errant":
        return name
    aligner = get_aligner(name, align_settings(args))
    aligner.origin = Origin(  # type: ignore[attr-defined]
        hypothesis=args.hyp, references=tuple(str(r) for r in args.ref), jsonl=args.jsonl
    )
    return aligner


def load_examples(args: argparse.Namespace, *, require_references: bool = True) -> list[Example]:
    from gecscope.metrics import METRICS

    if isinstance(args.aligner, str):
        # the commands pass ``args.aligner`` on to api.score/prepare: make it the configured one
        args.aligner = aligner_from_args(args)
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
