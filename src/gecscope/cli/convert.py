"""``gecscope convert``: parallel text to M2 (edits extracted by the chosen aligner), and M2 to
text (``--what texts``: the source and one corrected text per annotator)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gecscope import api
from gecscope.cli.inputs import add_input_args, aligner_from_args, language_of, load_examples, setup_of
from gecscope.errors import InputError
from gecscope.io.m2 import format_cherrant_m2, format_m2, iter_m2, write_m2

#: what ``--what texts`` says about an annotator without lines in a sentence
MISSING = (
    "an annotator without lines in a sentence gets the source unchanged there (the M2 file's own "
    "reading; the M2 scorer, ERRANT and CLEME leave such an annotator out of that sentence instead, "
    "which a text file cannot say)"
)


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "convert",
        help="text to M2, M2 to text",
        description="Write hypothesis or references as M2; or (--what texts) a reference M2 as text files: "
        f"PREFIX.src.txt and PREFIX.ref0.txt, PREFIX.ref1.txt, ... one per annotator. {MISSING[0].upper()}"
        f"{MISSING[1:]}. Nested or crossing edits (EstGEC's word-order edits) give each annotator's "
        "corrected text (its enclosing edits).",
    )
    add_input_args(p)
    p.add_argument(
        "--what",
        choices=["hypothesis", "references", "texts"],
        default="hypothesis",
        help="write the hypothesis (default) or the references as M2, or the --ref-m2 file as texts",
    )
    p.add_argument(
        "--output",
        "-o",
        help="output M2 file (default: standard output); with --what texts, the prefix of the text files "
        "(default: the M2 file's name without its suffix, in the current directory)",
    )


def run(args: argparse.Namespace) -> int:
    if args.what == "texts":
        return write_texts(args)
    if args.what == "references" and args.hyp is None and args.source is not None:
        args.hyp = args.source  # references only: the hypothesis is irrelevant
        args.setup = None  # built again with it (gecscope.cli.preparation.setup_of)
    examples = load_examples(args, require_references=args.what == "references")
    language = language_of(args)
    # annotations (CoNLL-U, a tagger): the M2 carries the language's annotated types
    ready, _ = api.prepare(examples, aligner_from_args(args), lang=language, types=bool(setup_of(args).annotations))
    blocks = [(e.source, [e.hypothesis] if args.what == "hypothesis" else list(e.references)) for e in ready]
    cherrant = language.m2_format == "cherrant"  # ChERRANT's M2: its compare reads it literally
    if args.output:
        write_m2(args.output, blocks, cherrant=cherrant)
    else:
        print((format_cherrant_m2 if cherrant else format_m2)(blocks), end="")
    return 0


def write_texts(args: argparse.Namespace) -> int:
    """``--what texts``: the ``--ref-m2`` file's sources and each annotator's corrected text (the
    M2's tokens joined by spaces), one line per sentence; the count of sentences where each
    annotator has no lines goes to standard error."""
    m2 = getattr(args, "ref_m2", None)
    if m2 is None:
        raise InputError("--what texts writes a reference M2 as text: give it with --ref-m2 (or -t NAME)")
    prefix = args.output or Path(m2).name.rsplit(".", 1)[0]
    sources: list[str] = []
    texts: list[list[str]] = []
    absent: list[int] = []
    for block in iter_m2(m2):
        sources.append(" ".join(block.source))
        for k, target in enumerate(block.targets):
            if k == len(texts):
                texts.append([])
                absent.append(0)
            texts[k].append(target.text)
            absent[k] += target.absent
    paths = [Path(f"{prefix}.src.txt"), *(Path(f"{prefix}.ref{k}.txt") for k in range(len(texts)))]
    for path, lines in zip(paths, [sources, *texts], strict=True):
        try:
            path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        except OSError as exc:
            raise InputError(f"cannot write the file ({exc.strerror or exc})", path) from None
    if not getattr(args, "quiet", False):
        missing = ", ".join(f"ref{k} {n}" for k, n in enumerate(absent) if n)
        print(f"gecscope: wrote {', '.join(map(str, paths))}", file=sys.stderr)
        if missing:
            print(f"gecscope: sentences without lines for an annotator ({missing}): {MISSING}", file=sys.stderr)
    return 0
