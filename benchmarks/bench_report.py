"""Whole-CLI timing of ``gecscope report`` for the 12 CoNLL-2014 systems from M2 inputs, and the
size of the HTML file it writes.

Run: nice python benchmarks/bench_report.py [--repeat 3] [--data ../shared/data]

Each run is a fresh process (imports, reading 12 system M2 files and the references, scoring,
choosing sentences, rendering, writing). Reported per case: wall and CPU time (user + sys of
the process and its workers), minimum and median over the repeats, and the file size. Cases:
the default metrics (CLEME2.0, CLEME, ERRANT), the same plus M2 (the MaxMatch lattice is the
expensive part), and that again with ``--jobs 2``. Acceptance: ≤ 10 s on 2 cores, ≤ 5 MB.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import parse_args

SYSTEMS = ("AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")


def time_run(argv: list[str], repeat: int, output: Path) -> dict[str, float]:
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return {
        "wall_s_min": min(walls),
        "wall_s_median": statistics.median(walls),
        "cpu_s_min": min(cpus),
        "cpu_s_median": statistics.median(cpus),
        "html_mb": output.stat().st_size / 1e6,
    }


def main() -> None:
    args = parse_args(__doc__)
    conll = Path(args.data) / "conll14"
    hyps = [str(conll / "systems_m2" / f"{s}.m2") for s in SYSTEMS]
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.html"
        base = [sys.executable, "-m", "gecscope", "report", "--hyp-m2", *hyps, "--ref-m2", str(conll / "references.m2")]
        base += ["-o", str(out), "--quiet"]
        cases = {
            "default metrics (cleme2 cleme errant)": base,
            "+ m2": [*base, "--metric", "cleme2", "cleme", "errant", "m2"],
            "+ m2, --jobs 2": [*base, "--metric", "cleme2", "cleme", "errant", "m2", "--jobs", "2"],
        }
        results = {name: time_run(argv, args.repeat, out) for name, argv in cases.items()}
    load = os.getloadavg()
    print(json.dumps({"systems": len(SYSTEMS), "nproc": os.cpu_count(), "loadavg": load, "results": results}, indent=2))


if __name__ == "__main__":
    main()
