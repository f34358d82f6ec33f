"""MuCGEC dev: CLEME2.0 (and ChERRANT's P/R/F0.5) from text and from ChERRANT M2, whole CLI.

Run: python benchmarks/bench_zh.py [--system example_pred] [--repeat 3] [--data ../shared/data]

Each run is a fresh ``gecscope score --lang zh`` process; wall clock and the child's CPU time
(user + sys) are reported as min and median over the runs. The text case does all the work
ChERRANT's ``parallel_to_m2.py`` (references and system) plus its compare would do: t2s,
char tokens, every cheapest alignment of every changed pair (about 3,300), merging, scoring.
ChERRANT itself cannot be run here (fetching it and its pinned torch 1.8 / ltp 4.1 needs a
network), so there is no side-by-side ratio: these are gecscope's times only.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from clitiming import parse_args


def time_run(argv: list[str], repeat: int) -> dict[str, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {
        "wall_s_min": min(walls),
        "wall_s_median": statistics.median(walls),
        "cpu_s_min": min(cpus),
        "cpu_s_median": statistics.median(cpus),
    }


def main() -> None:
    sys.argv += [] if "--system" in sys.argv else ["--system", "example_pred"]
    args = parse_args(__doc__)
    dev = Path(args.data) / "zh" / "mucgec_dev"
    res = Path(args.data) / "zh" / "resources"
    cli = [sys.executable, "-m", "gecscope", "score", "--lang", "zh"]
    text = [
        "--source",
        str(dev / "sources.txt"),
        "--hyp",
        str(dev / "systems" / f"{args.system}.txt"),
        "--ref-tsv",
        str(dev / "references.tsv"),
        "--zh-resources",
        str(res),
    ]
    m2 = ["--hyp-m2", str(dev / "systems_m2" / f"{args.system}.m2"), "--ref-m2", str(dev / "references.m2")]
    cases = {
        "cleme2_text": [*cli, "--metric", "cleme2", *text],
        "cherrant_text": [*cli, "--metric", "cherrant", *text],
        "cleme2_m2": [*cli, "--metric", "cleme2", *m2],
        "cherrant_m2": [*cli, "--metric", "cherrant", *m2],
    }
    results = {name: time_run(argv, args.repeat) for name, argv in cases.items()}
    print(json.dumps({"system": args.system, "nproc": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
