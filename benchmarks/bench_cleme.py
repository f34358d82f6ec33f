"""Whole-CLI timing and peak memory of CLEME2.0-dep (corpus) on one CoNLL-2014 system.

Run: python benchmarks/bench_cleme.py [--system AMU] [--repeat 3] [--data ../shared/data]

Each run is a fresh `gecscope score` process (imports, reading, alignment, scoring, output),
timed by wall clock; peak memory is the child's max RSS. Ratios are against the official code's
timing recorded in shared/golden/cleme.json (_timing: same machine type, same system).
"""

from __future__ import annotations

import json
import os
import statistics
import sys
from pathlib import Path

from clitiming import parse_args, time_cli

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    args = parse_args(__doc__)
    data = Path(args.data)
    conll = data / "conll14"
    cli = [sys.executable, "-m", "gecscope", "score", "--metric", "cleme2", "--assumption", "dependent"]
    cases = {
        "m2": [
            *cli,
            "--hyp-m2",
            str(conll / "systems_m2" / f"{args.system}.m2"),
            "--ref-m2",
            str(conll / "references.m2"),
        ],
        "text": [
            *cli,
            "--source",
            str(conll / "sources.txt"),
            "--hyp",
            str(conll / "systems" / f"{args.system}.txt"),
            "--ref-m2",
            str(conll / "references.m2"),
        ],
    }
    golden = data.parent / "golden" / "cleme.json"
    official = json.loads(golden.read_text())["_timing"]["runs"] if golden.exists() else []
    results = {name: time_cli(argv, args.repeat) for name, argv in cases.items()}
    if official:
        off_wall = statistics.median(r["process_wall_s(/usr/bin/time)"] for r in official)
        off_cpu = statistics.median(r["process_user_s"] + r["process_sys_s"] for r in official)
        for res in results.values():
            res["speedup_vs_official_wall"] = off_wall / res["wall_s_median"]
            res["speedup_vs_official_cpu"] = off_cpu / res["wall_s_median"]
        results["official"] = {"wall_s": off_wall, "cpu_s": off_cpu, "peak_rss_mib": official[0]["maxrss_kb"] / 1024}
    print(json.dumps({"system": args.system, "nproc": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
