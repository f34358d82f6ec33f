"""Agreement of EstGEC's categories as gecscope names them (Estonian's classifier on words tagged
by EstNLTK's Vabamorf, :class:`gecscope.align.et.estgec_types.EstgecTypes`) with the gold
categories of Tartu L1 and EstGEC-L2 test, in EstGEC's own granularity (no mapping of the gold:
a combined gold category, ``R:NOM:FORM:SPELL``, is its own row and never agreed with).

Each gold edit of every annotator is tagged on its own two sides (out of context, as
``benchmarks/tagged_types_agreement.py`` does) and typed; only the category is compared (the
operation follows from the span on both sides).

    PYTHONPATH=src python benchmarks/estgec_types_agreement.py [--shared ../shared] [--limit N]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from gecscope.align.annotation import tagger_of
from gecscope.align.et.estgec_types import EstgecTypes
from gecscope.align.types.agreement import TypeRow, format_table, gold_edits, type_rows

CORPORA = (
    ("Tartu L1 test", "estgec/Tartu_L1_test/test_m2.txt"),
    ("EstGEC-L2 test", "estgec-l2/test/source_gold_test.txt"),
)


def body(label: str) -> str:
    """A label without its operation (``R:NOM:FORM`` → ``NOM:FORM``), stray spaces removed."""
    return label.replace(" ", "").split(":", 1)[-1]


def table(path: Path, limit: int) -> tuple[list[TypeRow], int, float]:
    """The per-category rows (sorted by gold count, ``ALL`` last), the edits skipped, the seconds."""
    skipped: list[str] = []
    edits = list(gold_edits(path, skipped))[: limit or None]
    tagger = tagger_of("estnltk", "et")
    types = EstgecTypes(tags=str(tagger.name))
    start = time.perf_counter()

    def labels(source: list[str], correction: list[str], label: str) -> tuple[str, str]:
        src, tgt = tagger.tag([tuple(source), tuple(correction)])
        return body(label), body(types.classify(list(src), list(tgt)))

    rows = type_rows(labels(*edit) for edit in edits)
    return rows, len(skipped), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(os.environ.get("GECSCOPE_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    parser.add_argument("--shared", type=Path, default=default)
    parser.add_argument("--limit", type=int, default=0, help="the first N gold edits of each corpus (0: all)")
    parser.add_argument("--top", type=int, default=14, help="rows shown (by gold count), ALL always")
    args = parser.parse_args()
    for title, path in CORPORA:
        rows, skipped, seconds = table(args.shared / "data" / "multilingual" / path, args.limit)
        shown = [*rows[: args.top], rows[-1]] if len(rows) > args.top + 1 else rows
        print(f"## {title}: {rows[-1].gold} gold edits ({skipped} skipped), {seconds:.1f} s\n")
        print(format_table(shown))
        print()


if __name__ == "__main__":
    main()
