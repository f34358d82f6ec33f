"""One 7,000-token line (an edit every 100 tokens, as tests/test_adversarial_cli.py's
``long_pair``) scored with ERRANT and CLEME2, side by side for two checkouts in one run: peak
memory (the child's ``VmHWM``), CPU and wall seconds, min and median over the repeats.

Run: python benchmarks/bench_long_line.py --base /path/to/other/checkout [--repeats 3]

Each process is ``python -m gecscope score --metric M --source S --hyp H --ref H --quiet
--no-cache`` with ``PYTHONPATH`` set to the checkout's ``src`` (Linux: reads /proc).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import ROOT

from gecscope.api import example_dir

#: runs gecscope and prints its own peak memory (KiB) as the last line of standard error
WRAPPER = (
    "import re, runpy, sys\n"
    "sys.argv = ['gecscope', *sys.argv[1:]]\n"
    "try:\n    runpy.run_module('gecscope', run_name='__main__')\n"
    "finally:\n"
    "    status = open('/proc/self/status').read()\n"
    "    print(re.search(r'VmHWM:\\s+(\\d+)', status).group(1), file=sys.stderr)\n"
)


def write_pair(folder: Path, tokens: int = 7_000, every: int = 100) -> tuple[Path, Path]:
    """The bundled example's source sentences repeated, one token in ``every`` given an "s"."""
    text = (example_dir() / "source.txt").read_text(encoding="utf-8").split()
    words = [text[i % len(text)] for i in range(tokens)]
    edited = [w + "s" if i % every == every // 2 else w for i, w in enumerate(words)]
    src, hyp = folder / "long.src", folder / "long.hyp"
    src.write_text(" ".join(words) + "\n", encoding="utf-8")
    hyp.write_text(" ".join(edited) + "\n", encoding="utf-8")
    return src, hyp


def measure(checkout: Path, argv: list[str]) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak MiB of one process."""
    env = {**os.environ, "PYTHONPATH": str(checkout / "src")}
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", WRAPPER, *argv], env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = os.times()
    cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
    return cpu, wall, int(done.stderr.rstrip("\n").rsplit("\n", 1)[-1]) / 1024


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--base", required=True, help="the other checkout (its src/ is used)")
    p.add_argument("--repeats", type=int, default=3)
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        src, hyp = write_pair(Path(tmp))
        for metric in ("errant", "cleme2"):
            argv = ["score", "--metric", metric, "--source", str(src), "--hyp", str(hyp), "--ref", str(hyp)]
            argv += ["--quiet", "--no-cache"]
            for name, checkout in (("base", Path(args.base)), ("this", ROOT)):
                runs = [measure(checkout, argv) for _ in range(args.repeats)]
                cpu, wall, peak = zip(*runs, strict=True)
                print(
                    f"{metric:7} {name}: peak {max(peak):.0f} MiB; CPU min {min(cpu):.2f} s median "
                    f"{statistics.median(cpu):.2f} s; wall min {min(wall):.2f} s median {statistics.median(wall):.2f} s"
                )


if __name__ == "__main__":
    main()
