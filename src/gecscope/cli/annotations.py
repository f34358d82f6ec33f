"""The annotation options (``--source-conllu``, ``--hyp-conllu``, ``--ref-conllu``, ``--tagger``):
UD-annotated words for the error-type classifier a language declares (:mod:`gecscope.align.annotation`)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from gecscope.errors import InputError
from gecscope.types import Example


def add_annotation_args(p: argparse.ArgumentParser) -> None:
    """The annotation options, in their own group."""
    from gecscope.align.annotation import TAGGERS

    g = p.add_argument_group("annotations for error types (--cat, the heat map; see docs/annotations.md)")
    g.add_argument(
        "--source-conllu",
        metavar="FILE",
        help="CoNLL-U of the source sentences (their tokens, one sentence per line): with --cat the "
        "language's annotated classifier types the edits (cs: errant_czech's types; de: Boyd's; ru: "
        "ru-errant's; else UD-POS types)",
    )
    g.add_argument("--hyp-conllu", nargs="+", metavar="FILE", help="CoNLL-U of each system output, one per --hyp")
    g.add_argument("--ref-conllu", nargs="+", metavar="FILE", help="CoNLL-U of each reference, one per annotator")
    g.add_argument(
        "--tagger",
        choices=sorted(TAGGERS),
        help="annotate every side with an offline tagger instead (cs-core-news-sm: --lang cs, the "
        "opt-in 'cs-tagger' extra, CC BY-NC-SA; hanta: --lang de, the 'de-tagger' extra; pymorphy3, "
        "natasha: --lang ru, the 'ru-tagger' extra)",
    )


def annotating(args: argparse.Namespace) -> bool:
    """Whether the options ask for annotations."""
    names = ("source_conllu", "hyp_conllu", "ref_conllu", "tagger")
    return any(getattr(args, name, None) for name in names)


def annotate(args: argparse.Namespace, systems: Sequence[list[Example]], lang: str) -> list[list[Example]]:
    """``systems`` (the whole input, one list per system) with the annotations the options give."""
    from gecscope.align.annotation import annotate_conllu, annotate_tagger, conllu_label, tags_of

    if args.tagger:
        if args.source_conllu or args.hyp_conllu or args.ref_conllu:
            raise InputError("give either CoNLL-U files or --tagger, not both")
        return [annotate_tagger(system, args.tagger, lang) for system in systems]
    if not args.source_conllu:
        raise InputError("--hyp-conllu and --ref-conllu need --source-conllu")
    hyps: list[Any] = list(args.hyp_conllu or [None] * len(systems))
    if len(hyps) != len(systems):
        raise InputError(f"--hyp-conllu has {len(hyps)} files for {len(systems)} systems")
    refs = list(args.ref_conllu or [])
    label = conllu_label([args.source_conllu, *[h for h in hyps if h], *refs])
    return [
        annotate_conllu(
            system, source=args.source_conllu, hypothesis=hyp, references=refs, label=label, tags=tags_of(lang)
        )
        for system, hyp in zip(systems, hyps, strict=True)
    ]
