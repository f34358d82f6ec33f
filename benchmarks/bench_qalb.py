"""The QALB M2 scorer (``--protocol qalb`` / ``qalb-nopnx``) against CAMeL-Lab/arabic-gec: every
score file the repository ships is reproduced, and the time is compared with the official scorer.

Needs a checkout of CAMeL-Lab/arabic-gec @ 8c7fb84 (``--repo``; its QALB and ZAEBUC data carry
their own licences, so nothing of it is in gecscope). Two parts:

- ``--check``: for every ``gec/predictions/**/<hyp>.m2`` score file whose hypothesis ``<hyp>``
  is there, gecscope's four lines (``--format official``) equal the file; the gold is the
  dataset's M2 (``*.nopnx.m2`` for ``.nopnx`` hypotheses, which the repository stripped already).
  Dev-set files were written by the Python-3 port with its 30-second skip: a mismatch there is
  reported with that caveat.
- ``--time``: CPU seconds (user + system of the child process) and wall seconds, min / median of
  ``--repeats`` runs, of gecscope (the whole command, start-up included, no cache) and, with
  ``--official``, of the QALB scorer (Python 2.7; ``--official-repeats``, default 1: it takes
  minutes) on ZAEBUC dev (33 essays) and QALB-2014 dev (1,017 paragraphs), bart's predictions.
  The machine's load average is printed first: wall seconds depend on it, CPU seconds far less.

    nice python benchmarks/bench_qalb.py --repo arabic-gec --check
    nice python benchmarks/bench_qalb.py --repo arabic-gec --time --repeats 3 [--official [--official-repeats N]]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

QALB = "data/gec/QALB-0.9.1-Dec03-2021-SharedTasks"
PY27 = str(Path("~/.pyenv/versions/2.7.18/bin/python").expanduser())
#: the score file's stem -> the gold M2 (relative to the repository)
GOLD = {
    "zaebuc_dev": "data/m2edits/zaebuc/zaebuc_dev.m2",
    "zaebuc_test": "data/m2edits/zaebuc/zaebuc_test.m2",
    "qalb14_dev": f"{QALB}/data/2014/dev/QALB-2014-L1-Dev.m2",
    "qalb14_test": f"{QALB}/data/2014/test/QALB-2014-L1-Test.m2",
    "qalb15_dev": f"{QALB}/data/2015/dev/QALB-2015-L2-Dev.m2",
    "qalb15_test-L1": f"{QALB}/data/2015/test/QALB-2015-L1-Test.m2",
    "qalb15_test-L2": f"{QALB}/data/2015/test/QALB-2015-L2-Test.m2",
}
NOPNX = {
    "zaebuc_test": "data/m2edits/zaebuc/zaebuc_test.nopnx.m2",
    "qalb14_test": "data/m2edits/qalb14/qalb14_test.nopnx.m2",
    "qalb15_test-L1": "data/m2edits/qalb15/qalb15_L1-test.nopnx.m2",
    "qalb15_test-L2": "data/m2edits/qalb15/qalb15_L2-test.nopnx.m2",
}
TIMED = {
    "ZAEBUC dev (33 essays)": ("gec/predictions/zaebuc/seq2seq/bart/zaebuc_dev.preds.txt", GOLD["zaebuc_dev"]),
    "QALB-2014 dev (1,017 paragraphs)": (
        "gec/predictions/qalb14/seq2seq/bart/qalb14_dev.preds.txt",
        GOLD["qalb14_dev"],
    ),
}


def gecscope(hyp: Path, gold: Path, protocol: str = "qalb") -> str:
    argv = [sys.executable, "-m", "gecscope", "score", "--protocol", protocol, "--hyp", str(hyp), "--ref-m2", str(gold)]
    done = subprocess.run(
        [*argv, "--format", "official", "--allow-tokenization-mismatch"], capture_output=True, text=True
    )
    return done.stdout if done.returncode == 0 else f"error: {done.stderr.strip()}"


def cases(repo: Path) -> list[tuple[Path, Path, Path]]:
    """(score file, hypothesis, gold) of every shipped score file with its hypothesis."""
    out = []
    for score in sorted((repo / "gec" / "predictions").rglob("*.m2")):
        hyp = score.with_suffix("")
        stem = hyp.name.split(".")[0]
        table = NOPNX if hyp.name.endswith(".nopnx") else GOLD
        if hyp.is_file() and stem in table and (repo / table[stem]).is_file():
            out.append((score, hyp, repo / table[stem]))
    return out


def check(repo: Path) -> int:
    wrong = 0
    found = cases(repo)
    for score, hyp, gold in found:
        ours = gecscope(hyp, gold)
        same = ours == score.read_text(encoding="utf-8")
        wrong += not same
        note = "" if same else ("  (dev: the port's 30 s skip?)" if "_dev" in hyp.name else "")
        print(f"{'same' if same else 'DIFFERS'}  {score.relative_to(repo)}{note}", flush=True)
    print(f"{len(found) - wrong} of {len(found)} shipped score files reproduced")
    return 1 if wrong else 0


def measure(argv: list[str]) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one child process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, capture_output=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


def timing(repo: Path, repeats: int, official: bool, official_repeats: int = 1) -> None:
    print(f"load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)")
    print("| data | tool | CPU s min | CPU s median | wall s min | wall s median | runs |")
    print("|---|---|---|---|---|---|---|")
    for label, (hyp, gold) in TIMED.items():
        ours = [sys.executable, "-m", "gecscope", "score", "--protocol", "qalb", "--hyp", str(repo / hyp)]
        ours += ["--ref-m2", str(repo / gold), "--format", "official", "--no-cache"]
        tools = {"gecscope": (ours, repeats)}
        if official:
            scorer = [PY27, str(repo / QALB / "m2Scripts/m2scorer.py"), str(repo / hyp), str(repo / gold)]
            tools["QALB m2scorer.py (py2.7)"] = (scorer, official_repeats)
        for tool, (argv, n) in tools.items():
            runs = [measure(argv) for _ in range(n)]
            cpu, wall = [r[0] for r in runs], [r[1] for r in runs]
            print(
                f"| {label} | {tool} | {min(cpu):.2f} | {statistics.median(cpu):.2f} "
                f"| {min(wall):.2f} | {statistics.median(wall):.2f} | {n} |",
                flush=True,
            )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", type=Path, default=Path(os.environ.get("ARABIC_GEC", "arabic-gec")))
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--time", action="store_true")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--official", action="store_true", help="time the official scorer too (minutes a run)")
    parser.add_argument("--official-repeats", type=int, default=1)
    args = parser.parse_args()
    status = check(args.repo) if args.check else 0
    if args.time:
        timing(args.repo, args.repeats, args.official, args.official_repeats)
    return status


if __name__ == "__main__":
    sys.exit(main())
