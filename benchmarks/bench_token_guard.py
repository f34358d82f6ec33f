"""The tokenisation guard's cost on a whole corpus: every CoNLL-2014 system, reference, SN8GEC
reference and SEEDA output (41 files x 1,312 lines) against the CoNLL-2014 sources, side by side
in one run with what it replaced and with the reader it rides on.

Run: python benchmarks/bench_token_guard.py [--data ../shared/data] [--repeats 5]

- ``guard``: :func:`gecscope.io.tokenization.tally_examples` over the examples of each file
  (every line pair, the hypothesis and, for the first file, nothing else), then its verdict;
- ``head check``: the check it replaced (file-level shares of the first 20,000 lines,
  :func:`~gecscope.io.tokenization.check_tokenization`);
- ``read``: :func:`gecscope.pipeline.read` of each file with the sources (what every run pays).

Reports CPU and wall seconds, min and median over the repeats.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from gecscope.io.tokenization import check_tokenization, head_lines, refuse_mismatch, tally_examples
from gecscope.pipeline import read


def timed(fn: Callable[[], object], repeats: int) -> tuple[list[float], list[float]]:
    cpu, wall = [], []
    for _ in range(repeats):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return cpu, wall


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    p.add_argument("--repeats", type=int, default=5)
    args = p.parse_args()
    conll = Path(args.data) / "conll14"
    files = sorted((conll / "systems").glob("*.txt")) + [conll / f"{r}.txt" for r in ("REF0", "REF1")]
    files += [conll / f"official-{r}.txt" for r in ("REF0", "REF1")] + sorted((conll / "sn8gec").glob("*.txt"))
    files += sorted((Path(args.data) / "seeda" / "outputs" / "all").glob("*.txt"))
    source = conll / "sources.txt"
    examples = {f: read(source=source, hypotheses=[f], require_references=False)[0] for f in files}
    lines = sum(len(e) for e in examples.values())

    def guard() -> None:
        for f, exs in examples.items():
            refuse_mismatch(tally_examples((), exs), [f])

    def head() -> None:
        check_tokenization(head_lines(source), source, ((f, head_lines(f)) for f in files))

    def reading() -> None:
        for f in files:
            read(source=source, hypotheses=[f], require_references=False)

    print(f"{len(files)} files, {lines} line pairs; {args.repeats} repeats (CPU s / wall s, min and median)")
    for name, fn in (("guard (whole input, pairs)", guard), ("head check (replaced)", head), ("read", reading)):
        cpu, wall = timed(fn, args.repeats)
        print(
            f"{name:28s} cpu {min(cpu):.3f} / {statistics.median(cpu):.3f}   wall {min(wall):.3f} / "
            f"{statistics.median(wall):.3f}   ({min(cpu) / lines * 1e6:.1f} CPU-us per line pair)"
        )


if __name__ == "__main__":
    main()
