"""The annotation options (``--source-conllu``, ``--hyp-conllu``, ``--ref-conllu``, ``--tagger``):
UD-annotated words for the error-type classifier a language declares (:mod:`gecscope.align.annotation`)."""

from __future__ import annotations

import argparse
from collections.abc import Iterator


def add_annotation_args(p: argparse.ArgumentParser) -> None:
    """The annotation options, in their own group."""
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
        choices=DeclaredTaggers(),
        metavar="NAME",
        help="annotate every side with an offline tagger that --lang's unit declares instead: %(choices)s "
        "(each needs its optional extra; which language declares which: docs/annotations.md)",
    )


class DeclaredTaggers:
    """The taggers the language units declare, as ``--tagger``'s choices, read only when argparse
    checks a value or prints the help: building the parser imports no unit."""

    def __contains__(self, name: object) -> bool:
        from gecscope.align.annotation import tagger_names

        return name in tagger_names()

    def __iter__(self) -> Iterator[str]:
        from gecscope.align.annotation import tagger_names

        return iter(tagger_names())
