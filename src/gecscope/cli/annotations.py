"""The annotation options (``--source-conllu``, ``--hyp-conllu``, ``--ref-conllu``, ``--tagger``):
UD-annotated words for the error-type classifier a language declares (:mod:`gecscope.align.annotation`)."""

from __future__ import annotations

import argparse


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
