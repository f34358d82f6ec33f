"""The swapped --source/--hyp check (``gecscope.io.sanity``) on one CoNLL-2014 system, in process.

Times ``swap_tally(examples)`` (the counts: it runs on every text-reference ``score``) and
``total([tally]).warning()`` (the warning: the direction, and the fluency only when the direction
alone says "swapped"), on the system's output and on its swapped copy (``--source`` and ``--hyp``
exchanged: the fluency is read), after ``gecscope.load`` of ``sources.txt``, the system's output,
``REF0.txt`` and ``REF1.txt``. CPU seconds (``time.process_time``), min / median over ``--repeat``
runs. Each ``--version NAME=CHECKOUT`` runs in its own process with that checkout's ``src/`` first
on the path (a checkout of an older commit: ``git archive COMMIT src | tar -x -C DIR``).

    nice python benchmarks/bench_swap_check.py --version before=/tmp/before --version after=.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from clitiming import DEFAULT_DATA

WORKER = """
import json, sys, time
import gecscope
from gecscope.io import sanity

data, system, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
conll = data + "/conll14"
refs = [conll + "/REF0.txt", conll + "/REF1.txt"]
out = {}
for name, source, hyp in (
    ("real", conll + "/sources.txt", conll + "/systems/" + system + ".txt"),
    ("swapped", conll + "/systems/" + system + ".txt", conll + "/sources.txt"),
):
    examples = gecscope.load(source=source, hypothesis=hyp, references=refs)
    tally_s, warning_s = [], []
    for _ in range(repeat):
        start = time.process_time()
        tally = sanity.swap_tally(examples)
        middle = time.process_time()
        warning = sanity.total([tally]).warning()
        tally_s.append(middle - start)
        warning_s.append(time.process_time() - middle)
    out[name] = {"tally": tally_s, "warning": warning_s, "warns": warning is not None}
print(json.dumps(out))
"""


def min_median(values: list[float]) -> str:
    """``min / median`` of seconds, four decimals (the check takes hundredths)."""
    return f"{min(values):.4f} / {statistics.median(values):.4f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="append", default=[], help="NAME=CHECKOUT of gecscope (default: this one)")
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    versions = [v.split("=", 1) for v in args.version] or [["this", str(Path(__file__).resolve().parents[1])]]
    results = {}
    for name, checkout in versions:
        env = {**os.environ, "PYTHONPATH": str(Path(checkout).resolve() / "src")}
        argv = [sys.executable, "-c", WORKER, args.data, args.system, str(args.repeat)]
        results[name] = json.loads(subprocess.run(argv, env=env, check=True, capture_output=True, text=True).stdout)
        for copy, row in results[name].items():
            print(
                f"{name:>10} {copy:>8}: swap_tally {min_median(row['tally'])}  "
                f"warning {min_median(row['warning'])}  warns {row['warns']}"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
