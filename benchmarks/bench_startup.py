"""Start-up of small runs: ``gecscope --help`` and one-line scores, several checkouts side by side.

Run: nice python benchmarks/bench_startup.py --version before=/work/wt/before --version after=. [--repeat 7]

Each case is a fresh ``python -m gecscope ...`` process with ``PYTHONPATH=<checkout>/src``; the
versions alternate run by run so that load on the machine hits them alike. Reported per case and
version: CPU seconds (user + system of the child) and wall seconds, min and median over
``--repeat`` runs; then one more run under ``python -X importtime``: how many modules it imports,
the sum of their own import times, and which heavy packages it loads. ``python -c pass`` is the
interpreter's floor. Compiled bytecode is kept between runs (see ``clitiming.bytecode_cached``)
unless ``--compile-each-run``.
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
HEAVY = ("numpy", "scipy", "spacy", "jinja2", "numba", "errant", "rapidfuzz", "torch", "sqlite3", "certifi")
M2 = "S This are a test .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n"


def inputs(tmp: Path) -> dict[str, list[str]]:
    """The cases: command lines after ``python``."""
    for name, text in {"src.txt": "This are a test .\n", "hyp.txt": "This is a test .\n", "m2": M2}.items():
        (tmp / name).write_text(text, encoding="utf-8")
    text = ["--source", str(tmp / "src.txt"), "--hyp", str(tmp / "hyp.txt"), "--ref", str(tmp / "hyp.txt")]
    m2 = ["--hyp-m2", str(tmp / "m2"), "--ref-m2", str(tmp / "m2")]
    cli = ["-m", "gecscope"]
    return {
        "python -c pass": ["-c", "pass"],
        "--help": [*cli, "--help"],
        "score --help": [*cli, "score", "--help"],
        "green, one line (text)": [*cli, "score", "--metric", "green", *text],
        "cleme2, one line (M2)": [*cli, "score", "--metric", "cleme2", *m2],
        "import gecscope; score": [
            "-c",
            f"import gecscope; m2 = {str(tmp / 'm2')!r}; gecscope.score('cleme2', gecscope.load(hyp_m2=m2, ref_m2=m2))",
        ],
    }


def import_profile(argv: list[str], env: dict[str, str]) -> dict[str, object]:
    """Modules imported, the sum of their own import times, and the heavy packages among them."""
    proc = subprocess.run(
        [argv[0], "-X", "importtime", *argv[1:]], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    names, self_us = [], 0
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if line.startswith("import time:") and len(parts) == 3 and parts[0].split(":")[1].strip().isdigit():
            self_us += int(parts[0].split(":")[1])
            names.append(parts[2].strip())
    heavy = sorted({n.split(".")[0] for n in names} & set(HEAVY))
    return {"modules": len(names), "self_ms": round(self_us / 1000, 1), "heavy": heavy}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="append", required=True, help="NAME=CHECKOUT (its src/ is imported)")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--json", help="write the results here too")
    ap.add_argument("--compile-each-run", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if set")
    args = ap.parse_args()
    versions = {v.split("=", 1)[0]: Path(v.split("=", 1)[1]).resolve() for v in args.version}
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ) if args.compile_each_run else bytecode_cached(dict(os.environ), tmp)
        envs = {v: {**env, "PYTHONPATH": str(path / "src")} for v, path in versions.items()}
        for case, tail in inputs(Path(tmp)).items():
            argv = [sys.executable, *tail]
            got: dict[str, list[tuple[float, float]]] = {v: [] for v in versions}
            for _ in range(args.repeat):
                for v in versions:
                    got[v].append(run_cpu(argv, envs[v]))
            for v, runs in got.items():
                cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
                row = {
                    "case": case,
                    "version": v,
                    "cpu_min": round(min(cpu), 3),
                    "cpu_median": round(statistics.median(cpu), 3),
                    "wall_min": round(min(wall), 3),
                    "wall_median": round(statistics.median(wall), 3),
                    **import_profile(argv, envs[v]),
                }
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
    print(
        "| case | version | CPU min / median | wall min / median | modules imported | their own import time "
        "| heavy packages |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        heavy = ", ".join(r["heavy"]) or "none"  # type: ignore[arg-type]
        print(
            f"| {r['case']} | {r['version']} | {r['cpu_min']:.3f} / {r['cpu_median']:.3f} s | "
            f"{r['wall_min']:.3f} / {r['wall_median']:.3f} s | {r['modules']} | {r['self_ms']} ms | {heavy} |"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
