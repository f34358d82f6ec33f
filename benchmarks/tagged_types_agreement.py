"""Agreement of the UD-POS error types with an offline tagger (Estonian ``estnltk``, Ukrainian
``pymorphy3``) against the gold types of the shared multilingual M2 files, beside the tag-free
types' (benchmarks/types_agreement.py). Each gold edit of every annotator is tagged on its own two
sides (out of context: the agreement tables compare edit labels, as the tag-free ones do), typed by
the UD-POS classifier (:class:`gecscope.align.types.upos.UposTypes`), and its label mapped to the
tag-free classes (``*:INFL`` and ``MORPH`` → MORPH; a bare POS → OTHER); the gold labels by the
corpus' map (:data:`gecscope.align.types.agreement.GOLD_MAPS`).

    PYTHONPATH=src python benchmarks/tagged_types_agreement.py [--shared ../shared] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

from gecscope.align.annotation import tagger_of
from gecscope.align.types.agreement import agreement, format_table, gold_edits
from gecscope.align.types.surface import surface_types
from gecscope.align.types.upos import UposTypes

CORPORA = (
    ("Tartu L1 test", "et", "estnltk", "estgec", "estgec/Tartu_L1_test/test_m2.txt"),
    ("EstGEC-L2 test", "et", "estnltk", "estgec", "estgec-l2/test/source_gold_test.txt"),
    ("UA-GEC gec-only test", "uk", "pymorphy3", "ua-gec", "ua-gec/gec-only.test.m2"),
)
TAG_FREE = frozenset({"PUNCT", "ORTH", "SPELL", "WO", "MORPH"})


class TaggedTypes:
    """``classify(source, correction)`` for :func:`agreement`: the UD-POS label of the two sides
    tagged by ``tagger``, in the tag-free classes."""

    def __init__(self, lang: str, tagger: str) -> None:
        self.tagger = tagger_of(tagger, lang)
        self.types = UposTypes(lang, tags=str(self.tagger.name))

    def classify(self, source: Sequence[str], correction: Sequence[str]) -> str:
        src, tgt = self.tagger.tag([tuple(source), tuple(correction)])
        label = self.types.classify(list(src), list(tgt))
        body = label.split(":", 1)[-1]
        return "MORPH" if body.endswith(":INFL") else body if body in TAG_FREE else "OTHER"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ.get("GECSCOPE_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--shared", type=Path, default=default)
    parser.add_argument("--limit", type=int, default=0, help="the first N gold edits of each corpus (0: all)")
    args = parser.parse_args()
    for title, lang, tagger, corpus, path in CORPORA:
        skipped: list[str] = []
        edits = list(gold_edits(args.shared / "data" / "multilingual" / path, skipped))
        if args.limit:
            edits = edits[: args.limit]
        for name, classifier in (("tag-free", surface_types(lang)), (f"--tagger {tagger}", TaggedTypes(lang, tagger))):
            t0 = time.perf_counter()
            rows = agreement(edits, classifier, corpus)  # type: ignore[arg-type]
            seconds = time.perf_counter() - t0
            print(f"\n## {title}: {name} ({len(edits)} gold edits, {seconds:.1f} s; skipped {len(skipped)})\n")
            print(format_table(rows))


if __name__ == "__main__":
    main()
