"""The alignment guard over real outputs: every CoNLL-2014 system output and reference and every
SEEDA output against their sources, with the default limit; prints the pairs it refuses (expected:
none) and the pair whose changed region could cost ERRANT's merger the most visits.

Run: python benchmarks/bench_align_guard.py [--data ../shared/data] [--limit 150]
(recorded: 39,360 pairs, 0 refused, the most visits 4,355: SEEDA TransGEC line 333, 131 removed
and 1 added; the bound at 150 is 5,028,750)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from gecscope.align.settings import SPREAD_FACTOR, _sub_runs, changed_regions, merge_work, too_long


def sets(data: Path) -> list[tuple[Path, list[Path]]]:
    conll, seeda = data / "conll14", data / "seeda" / "outputs" / "all"
    outputs = [*sorted((conll / "systems").glob("*.txt")), conll / "REF0.txt", conll / "REF1.txt"]
    return [(conll / "sources.txt", outputs), (seeda / "INPUT.txt", sorted(seeda.glob("*.txt")))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "data")
    parser.add_argument("--limit", type=int, default=150)
    args = parser.parse_args()
    pairs = refused = 0
    worst: tuple[int, str] = (0, "")
    start = time.process_time()
    for source, outputs in sets(args.data):
        sources = [tuple(line.split()) for line in source.read_text(encoding="utf-8").splitlines()]
        for path in outputs:
            for i, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
                target = tuple(line.split())
                pairs += 1
                why = too_long(sources[i], target, args.limit)
                if why is not None:
                    refused += 1
                    print(f"refused {path}:{i + 1}: {why}")
                for removed, added in changed_regions(sources[i], target):
                    most = merge_work(max(removed, added), min(removed, added))[1]
                    if most > worst[0]:
                        worst = (most, f"{path.name}:{i + 1} ({removed} removed, {added} added)")
    bound = SPREAD_FACTOR * _sub_runs(args.limit)
    print(f"{pairs:,} pairs, {refused} refused; the most visits {worst[0]:,} ({worst[1]}), bound {bound:,}")
    print(f"{time.process_time() - start:.1f} CPU-s")


if __name__ == "__main__":
    main()
