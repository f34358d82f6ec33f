"""Two versions of gecscope side by side: every metric, whole CLI processes, same machine, same run.

Run: python benchmarks/bench_versions.py --before /path/to/old/checkout --after . [--repeat 5]

Each case is a fresh ``python -m gecscope score`` process with ``PYTHONPATH=<checkout>/src``; the
two versions alternate run by run (before, after, before, ...) so that load on the machine hits
both alike. Reported per metric and input path: CPU seconds (user + system of the child) and
wall seconds, min and median over ``--repeat`` runs, and the after/before ratio of the CPU
minimum. Each case runs once untimed first, per version: the text path then has a warm alignment
cache.

Compiled bytecode is kept between runs, per version (``clitiming.bytecode_cached``), as an installed
package has it; ``--compile-each-run`` recompiles every module of every run instead (what a
machine with ``PYTHONDONTWRITEBYTECODE=1`` and a source checkout pays).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from clitiming import bytecode_cached, run_cpu

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = os.environ.get("GECSCOPE_DATA", str(ROOT.parent / "shared" / "data"))
METRICS = ("cleme2", "cleme", "errant", "m2", "gleu", "green")


def cases(data: Path, system: str) -> dict[str, list[str]]:
    conll = data / "conll14"
    m2 = ["--hyp-m2", str(conll / "systems_m2" / f"{system}.m2"), "--ref-m2", str(conll / "references.m2")]
    text = ["--source", str(conll / "sources.txt"), "--hyp", str(conll / "systems" / f"{system}.txt")]
    refs = ["--ref", str(conll / "REF0.txt"), str(conll / "REF1.txt")]
    out: dict[str, list[str]] = {}
    for metric in METRICS:
        if metric in ("gleu", "green"):
            out[f"{metric} text"] = ["--metric", metric, *text, *refs]
        else:
            out[f"{metric} m2"] = ["--metric", metric, *m2]
            out[f"{metric} text"] = ["--metric", metric, *text, "--ref-m2", str(conll / "references.m2")]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--before", required=True, help="the old checkout (its src/ is imported)")
    ap.add_argument("--after", default=str(ROOT), help="the new checkout (default: this one)")
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--only", nargs="*", help="case names to run (e.g. 'cleme2 m2')")
    ap.add_argument("--compile-each-run", action="store_true", help="no bytecode kept: every run compiles")
    args = ap.parse_args()
    versions = {"before": Path(args.before).resolve(), "after": Path(args.after).resolve()}
    caches = {v: tempfile.mkdtemp(prefix=f"gecscope-bench-{v}-") for v in versions}
    envs = {
        v: {**os.environ, "PYTHONPATH": str(path / "src"), "GECSCOPE_CACHE": caches[v]} for v, path in versions.items()
    }
    if not args.compile_each_run:
        envs = {v: bytecode_cached(env, tempfile.mkdtemp(prefix=f"gecscope-pyc-{v}-")) for v, env in envs.items()}
    rows = []
    for name, argv in cases(Path(args.data), args.system).items():
        if args.only and name not in args.only:
            continue
        cmd = [sys.executable, "-m", "gecscope", "score", *argv, "--quiet"]
        for v in versions:  # warm the alignment cache (text) and the bytecode, untimed
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=envs[v])
        got: dict[str, list[tuple[float, float]]] = {v: [] for v in versions}
        for _ in range(args.repeat):
            for v in versions:
                got[v].append(run_cpu(cmd, envs[v]))
        row: dict[str, object] = {"case": name}
        for v, runs in got.items():
            cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
            row[v] = {
                "cpu_min": min(cpu),
                "cpu_median": statistics.median(cpu),
                "wall_min": min(wall),
                "wall_median": statistics.median(wall),
            }
        row["cpu_ratio_after_before"] = row["after"]["cpu_min"] / row["before"]["cpu_min"]  # type: ignore[index]
        rows.append(row)
        b, a = row["before"], row["after"]
        print(
            f"{name:14s} before CPU {b['cpu_min']:.2f}/{b['cpu_median']:.2f} s wall {b['wall_min']:.2f}/"  # type: ignore[index]
            f"{b['wall_median']:.2f} s | after CPU {a['cpu_min']:.2f}/{a['cpu_median']:.2f} s wall "  # type: ignore[index]
            f"{a['wall_min']:.2f}/{a['wall_median']:.2f} s | CPU ratio {row['cpu_ratio_after_before']:.2f}",  # type: ignore[index]
            file=sys.stderr,
            flush=True,
        )
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
