"""Error types from annotations: ``score --cat 2 --lang cs`` with the tag-free surface types
against the same run with CoNLL-U annotations (errant_czech's types), side by side in one
process, and the CoNLL-U reading alone.

    PYTHONPATH=src python benchmarks/bench_annotations.py [--copies 100] [--repeat 3]

The input is our own hand-made Czech sentences (``tests/golden/czech/handmade_*.conllu``,
33 pairs) repeated ``--copies`` times, the source as reference. Prints CPU time and wall time
(min / median over ``--repeat`` runs) of: loading the text (no annotation); loading it with
``source_conllu``/``hyp_conllu``/``ref_conllu``; scoring CLEME2.0 with ``cat=2`` on each.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gecscope
from gecscope.io.conllu import format_conllu, read_conllu

GOLDEN = Path(__file__).resolve().parents[1] / "tests" / "golden" / "czech"


def timed(work: Callable[[], Any], repeat: int) -> tuple[list[float], list[float], Any]:
    cpu, wall, out = [], [], None
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        out = work()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return cpu, wall, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="gecscope-bench-annotations-"))
    files = {}
    for side in ("source", "target"):
        sentences = read_conllu(GOLDEN / f"handmade_{side}.conllu") * args.copies
        (folder / f"{side}.conllu").write_text("".join(map(format_conllu, sentences)), encoding="utf-8")
        text = "".join(" ".join(w.form for w in s) + "\n" for s in sentences)
        (folder / f"{side}.txt").write_text(text, encoding="utf-8")
        files[side] = folder / f"{side}.txt"
    text = {"source": files["source"], "hypothesis": files["target"], "references": [files["source"]], "lang": "cs"}
    conllu = {
        "source_conllu": folder / "source.conllu",
        "hyp_conllu": folder / "target.conllu",
        "ref_conllu": [folder / "source.conllu"],
    }
    plain_load = timed(lambda: gecscope.load(**text), args.repeat)
    annotated_load = timed(lambda: gecscope.load(**text, **conllu), args.repeat)
    plain = timed(lambda: gecscope.score("cleme2", plain_load[2], cat=2), args.repeat)
    annotated = timed(lambda: gecscope.score("cleme2", annotated_load[2], cat=2), args.repeat)
    print(f"{len(plain_load[2])} sentence pairs, {args.repeat} runs; CPU s and wall s, min / median")
    for name, (cpu, wall, _) in (
        ("load text", plain_load),
        ("load text + CoNLL-U", annotated_load),
        ("score --cat 2 (surface types)", plain),
        ("score --cat 2 (errant_czech, CoNLL-U)", annotated),
    ):
        print(
            f"{name:40s} cpu {min(cpu):.3f} / {statistics.median(cpu):.3f}"
            f"  wall {min(wall):.3f} / {statistics.median(wall):.3f}"
        )


if __name__ == "__main__":
    main()
