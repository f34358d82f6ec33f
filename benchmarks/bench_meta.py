"""Cold and warm timing of ``gecscope meta report``, per stage, with ``--jobs 1`` and ``--jobs 2``.

Run: nice python benchmarks/bench_meta.py [--data ../shared/data] [--jobs 1 2] [--skip-cold]

For each ``--jobs`` value: one cold run (a fresh, empty cache directory: every pair is parsed by
spaCy and every M2 lattice searched) and one warm run (the same directory again). Each run is a
fresh process with ``--timings``, which prints each stage's wall time as JSON on standard error;
the table shows wall and CPU time (user + sys of the process and its workers) and the stages.
With ``--jobs 2`` the sections (GJG15, SEEDA, Table 1) run in two worker processes at once, so
their stage times overlap and add up to more than the wall time. The reports of every run must
be the same text apart from the wall-time line (checked here).
Acceptance (issue 12): warm ≤ 60 s wall, cold ≤ 240 s with ``--jobs 2`` on 2 cores.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import DEFAULT_DATA


def run_report(data: str, cache: Path, jobs: int, output: Path) -> dict[str, object]:
    argv = [sys.executable, "-m", "gecscope", "meta", "report", "--data", data, "-o", str(output), "--quiet"]
    argv += ["--timings", "--jobs", str(jobs), "--cache-dir", str(cache)]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    stages = json.loads(done.stderr.strip().splitlines()[-1])["stages"]
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1), "stages": stages}


def body(path: Path) -> list[str]:
    """The report without its wall-time line."""
    return [line for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("Wall time:")]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--skip-cold", action="store_true", help="warm runs only (the cache dir of --cache-dir)")
    ap.add_argument("--cache-dir", help="with --skip-cold: an already warm cache directory")
    args = ap.parse_args()
    results: dict[str, dict[str, object]] = {}
    texts: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for jobs in args.jobs:
            cache = Path(args.cache_dir) if args.skip_cold and args.cache_dir else Path(tmp) / f"cache-{jobs}"
            cases = ["warm"] if args.skip_cold else ["cold", "warm"]
            for case in cases:
                out = Path(tmp) / f"{case}-{jobs}.md"
                results[f"{case}, --jobs {jobs}"] = run_report(args.data, cache, jobs, out)
                texts[f"{case}, --jobs {jobs}"] = body(out)
                print(f"{case}, --jobs {jobs}: {json.dumps(results[f'{case}, --jobs {jobs}'])}", flush=True)
    first = next(iter(texts.values()))
    same = all(t == first for t in texts.values())
    stages = list(dict.fromkeys(s for r in results.values() for s in r["stages"]))  # type: ignore[attr-defined]
    print()
    print("| run | wall | CPU | " + " | ".join(stages) + " |")
    print("|---" * (len(stages) + 3) + "|")
    for name, r in results.items():
        cells = [f"{r['stages'].get(s, 0.0):.1f}" for s in stages]  # type: ignore[attr-defined]
        print(f"| {name} | {r['wall_s']} s | {r['cpu_s']} s | " + " | ".join(cells) + " |")
    print(f"\nreports identical apart from the wall-time line: {same}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
