"""``gecscope report``: several systems, several metrics, one self-contained HTML page
(or Markdown tables for a paper appendix)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from gecscope import api
from gecscope.errors import InputError
from gecscope.extras import require
from gecscope.io.m2 import M2Block, read_m2
from gecscope.metrics import METRICS
from gecscope.progress import progress
from gecscope.report.overview import ReportSettings, SystemData, build_report
from gecscope.types import Example, Target

FLAVOURS = ("unchanged", "absent")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "report",
        help="HTML report comparing several systems",
        description="Score several systems and write one self-contained HTML report (or Markdown tables).",
    )
    g = p.add_argument_group("input: one file per system, M2 or text")
    g.add_argument("--hyp-m2", nargs="+", default=[], metavar="M2", help="system outputs as M2")
    g.add_argument("--hyp", nargs="+", default=[], metavar="TXT", help="system outputs, one sentence per line")
    g.add_argument("--name", nargs="+", default=[], help="system names (default: the file names)")
    g.add_argument("--ref-m2", help="references as M2")
    g.add_argument("--ref", nargs="+", default=[], metavar="REF", help="reference files, one per annotator")
    g.add_argument("--source", help="source sentences (with --hyp)")
    g.add_argument("--aligner", choices=["errant", "levenshtein"], default="errant", help="edit extraction for text")
    p.add_argument(
        "--metric",
        nargs="+",
        choices=list(METRICS),
        default=["cleme2", "cleme", "errant"],
        help="metrics of the summary table (CLEME2.0 is always computed for the charts)",
    )
    p.add_argument("--cat", type=int, choices=[1, 2, 3], default=3, help="error type granularity (ERRANT -cat)")
    p.add_argument("--examples", type=int, default=3, help="sentences shown per system and per FP class")
    p.add_argument("--divergent", type=int, default=5, help="sentences where systems differ most")
    p.add_argument("--format", choices=["html", "md"], default="html", help="md: tables only, for a paper appendix")
    p.add_argument("-o", "--output", help="output file (default: report.html for html, standard output for md)")
    p.add_argument("--jobs", type=int, default=1, help="systems scored in parallel (worker processes)")


def load_systems(args: argparse.Namespace) -> list[SystemData]:
    """Each system's aligned examples under both missing-annotator conventions.

    Stand-in for the shared multi-system loader (``gecscope.systems.load_systems``): the
    reference M2 is read once for all systems."""
    files = [Path(p) for p in args.hyp_m2 or args.hyp]
    if args.hyp_m2 and args.hyp:
        raise InputError("give the systems either as --hyp-m2 or as --hyp, not both")
    if not files:
        raise InputError("no systems: give --hyp-m2 FILE... or --source with --hyp FILE...")
    names = list(args.name) or [f.stem for f in files]
    if len(names) != len(files):
        raise InputError(f"--name gives {len(names)} names for {len(files)} systems")
    if args.hyp_m2 and args.ref_m2 is None:
        raise InputError("--hyp-m2 needs --ref-m2")
    refs: dict[str, list[tuple[Target, ...]]] = {}
    blocks: list[M2Block] = []
    if args.hyp_m2:
        blocks = read_m2(args.ref_m2)
        refs = {f: [b.references(f) for b in blocks] for f in FLAVOURS}
    systems = []
    for name, path in progress(list(zip(names, files, strict=True)), desc="loading systems"):
        if args.hyp_m2:
            hyps = read_m2(path)
            if len(hyps) != len(blocks):
                raise InputError(f"has {len(hyps)} sentences but {args.ref_m2} has {len(blocks)}", path)
            for h, b in zip(hyps, blocks, strict=True):
                if h.source != b.source:
                    raise InputError(f"source sentence differs from {args.ref_m2}:{b.line}", path, h.line)
            examples = {
                f: [
                    Example(b.source, h.targets[0], refs[f][i], str(i))
                    for i, (h, b) in enumerate(zip(hyps, blocks, strict=True))
                ]
                for f in FLAVOURS
            }
            fields = {"tok": "whitespace", "edits": "hyp=m2,ref=m2"}
            systems.append(SystemData(name, examples, {f: fields for f in FLAVOURS}))
            continue
        loaded: dict[str, Any] = {}
        for flavour in FLAVOURS:
            raw = api.load(
                source=args.source, hypothesis=path, references=args.ref, ref_m2=args.ref_m2, missing_annotators=flavour
            )
            previous = next(iter(loaded.values()), None)
            if previous is not None and previous[2] == raw:
                loaded[flavour] = previous
                continue
            ready, fields = api.prepare(raw, args.aligner)
            loaded[flavour] = (ready, fields, raw)
        systems.append(SystemData(name, {k: v[0] for k, v in loaded.items()}, {k: v[1] for k, v in loaded.items()}))
    return systems


def run(args: argparse.Namespace) -> int:
    settings = ReportSettings(
        metrics=tuple(dict.fromkeys(args.metric)),
        cat=args.cat,
        per_system=args.examples,
        divergent=args.divergent,
    )
    if args.format == "html":
        require("report", "the HTML report")
    if args.hyp and args.aligner == "errant":
        require("text", "edit extraction from text (ERRANT)")
    data = build_report(load_systems(args), settings, jobs=args.jobs)
    if args.format == "md":
        from gecscope.report.markdown import render_markdown

        text = render_markdown(data)
    else:
        from gecscope.report.html import render_html

        text = render_html(data)
    output = args.output or ("report.html" if args.format == "html" else None)
    if output is None:
        sys.stdout.write(text)
    else:
        Path(output).write_text(text, encoding="utf-8")
        print(f"wrote {output} ({len(text.encode('utf-8')) / 1e6:.2f} MB)", file=sys.stderr)
    return 0
