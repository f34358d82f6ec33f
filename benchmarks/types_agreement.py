"""Agreement of the tag-free error types with the gold types of the shared multilingual M2 files.

    PYTHONPATH=src python benchmarks/types_agreement.py [--lemmas auto|none|simplemma]
        [--word-order exact|close] [--shared ../shared]

Prints one per-type table (gold, predicted, agree, precision, recall) per corpus: Tartu L1
(Estonian), EstGEC-L2 test (Estonian, all levels), UA-GEC gec-only and gec-fluency test
(Ukrainian). The label maps are in ``gecscope.align.types.agreement``.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator, Sequence
from pathlib import Path

from gecscope.align.types.agreement import agreement, format_table, gold_edits
from gecscope.align.types.surface import surface_types

CORPORA = (
    ("Tartu L1 test", "et", "estgec", ("estgec/Tartu_L1_test/test_m2.txt",)),
    ("EstGEC-L2 test", "et", "estgec", ("estgec-l2/test/*/*_*-*.txt",)),
    ("UA-GEC gec-only test", "uk", "ua-gec", ("ua-gec/gec-only.test.m2",)),
    ("UA-GEC gec-fluency test", "uk", "ua-gec", ("ua-gec/gec-fluency.test.m2",)),
)


def edits(
    root: Path, patterns: tuple[str, ...], skipped: list[str]
) -> Iterator[tuple[Sequence[str], Sequence[str], str]]:
    for pattern in patterns:
        for path in sorted(root.glob(pattern)):
            yield from gold_edits(path, skipped)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lemmas", default="auto", choices=("auto", "none", "simplemma"))
    parser.add_argument("--word-order", default="exact", choices=("exact", "close"))
    parser.add_argument("--shared", type=Path, default=Path(__file__).resolve().parents[2] / "shared")
    args = parser.parse_args()
    root = args.shared / "data" / "multilingual"
    for name, lang, corpus, patterns in CORPORA:
        classifier = surface_types(lang, args.lemmas, args.word_order)
        print(f"\n### {name} ({classifier.signature})\n")
        skipped: list[str] = []
        print(format_table(agreement(edits(root, patterns, skipped), classifier, corpus)))
        if skipped:
            print(f"\n(left out, span out of range: {', '.join(skipped)})")


if __name__ == "__main__":
    main()
