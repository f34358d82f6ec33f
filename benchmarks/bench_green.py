"""GREEN (word, n = 4, beta = 2) on one CoNLL-2014 system from text: gecscope vs the official script.

Whole processes, alternating run by run; CPU = user + system of the process, min / median over
``--repeat`` runs, plus wall. The official GREEN (github.com/shotakoyama/green) is not on PyPI
(the PyPI name ``green`` is an unrelated test runner): point ``--green-dir`` at a checkout of it
(the folder that holds the ``green`` package; its one dependency, prettytable, must be importable,
e.g. ``pip install --target DIR/lib prettytable``). It runs as its console script ``green`` does:
``green -s SRC -r REF0 REF1 -o SYS -t word -n 4 -b 2.0``. Each ``--version NAME=CHECKOUT`` runs
``python -m gecscope score --metric green`` with that checkout's ``src/``. Both read the same shipped
files (word-level GREEN splits on whitespace, so stripping lines changes nothing). Compiled
bytecode is kept between runs (in a temporary folder) for every program, as installed packages
have it; ``--compile-each-run`` keeps the inherited environment (with ``PYTHONDONTWRITEBYTECODE``
set, every module is compiled anew in every run).

    nice python benchmarks/bench_green.py --green-dir /tmp/green --version before=../before --version after=.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from clitiming import DEFAULT_DATA, bytecode_cached, min_median, run_cpu

OFFICIAL = "import sys; from green.main import green; sys.argv[0] = 'green'; sys.exit(green())"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--green-dir", required=True, help="checkout of shotakoyama/green (prettytable in DIR/lib)")
    ap.add_argument("--version", action="append", required=True, help="NAME=CHECKOUT of gecscope")
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--json", help="write the results here too")
    ap.add_argument("--compile-each-run", action="store_true", help="keep PYTHONDONTWRITEBYTECODE if set")
    args = ap.parse_args()
    env = dict(os.environ) if args.compile_each_run else bytecode_cached(dict(os.environ), tempfile.mkdtemp())
    conll = Path(args.data) / "conll14"
    src, hyp = str(conll / "sources.txt"), str(conll / "systems" / f"{args.system}.txt")
    refs = [str(conll / "REF0.txt"), str(conll / "REF1.txt")]
    green = Path(args.green_dir).resolve()
    cases: dict[str, tuple[list[str], dict[str, str]]] = {
        "official GREEN": (
            [sys.executable, "-c", OFFICIAL, "-s", src, "-r", *refs, "-o", hyp, "-t", "word", "-n", "4", "-b", "2.0"],
            {**env, "PYTHONPATH": f"{green}{os.pathsep}{green / 'lib'}"},
        )
    }
    for spec in args.version:
        name, checkout = spec.split("=", 1)
        argv = [sys.executable, "-m", "gecscope", "score", "--metric", "green", "--source", src, "--hyp", hyp]
        cases[f"gecscope ({name})"] = (
            [*argv, "--ref", *refs, "--quiet"],
            {**env, "PYTHONPATH": str(Path(checkout).resolve() / "src")},
        )
    for name, (argv, env) in cases.items():  # once untimed: the scores, and warm file caches
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout
        print(f"{name}: {out.strip().splitlines()[-1] if 'official' in name else out.splitlines()[0]}")
    cpu: dict[str, list[float]] = {k: [] for k in cases}
    wall: dict[str, list[float]] = {k: [] for k in cases}
    for _ in range(args.repeat):
        for name, (argv, env) in cases.items():
            c, w = run_cpu(argv, env)
            cpu[name].append(c)
            wall[name].append(w)
    official = min(cpu["official GREEN"])
    print(f"system {args.system}, {args.repeat} runs each, CPU and wall min / median")
    print("| program | CPU s | wall s | official CPU / this CPU (min) |")
    print("|---|---|---|---|")
    for name in cases:
        print(f"| {name} | {min_median(cpu[name])} | {min_median(wall[name])} | {official / min(cpu[name]):.2f}x |")
    if args.json:
        Path(args.json).write_text(json.dumps({"cpu": cpu, "wall": wall}, indent=1))


if __name__ == "__main__":
    main()
