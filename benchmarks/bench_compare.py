"""``gecscope compare`` on CoNLL-2014: 12 systems x 4 metrics from text, one baseline.

Run: nice python benchmarks/bench_compare.py [--data ../shared/data] [--systems 12]
     [--bootstrap 1000] [--trials 10000] [--calls 3,12] [--repeat 1] [--metrics cleme2 --cat 2 --m2]

``--metrics cleme2 --cat 2 --m2 --calls ""``: 12 systems x CLEME2.0 (score, hit/wrong/under/over,
and those four per cat-2 error type), all from the same resamples, Holm over every test.

Part 1 (one run): read the systems, align (ERRANT) every distinct sentence once, analyse each
(system, metric) once, then resample: paired bootstrap and approximate randomization for every
metric against the first system. Wall and CPU seconds per phase.

Part 2: scoring N systems (the four metrics, no resampling) in one call -- references read once,
sentences aligned once -- against N separate calls (each reads and aligns its input with a fresh
aligner, as N separate processes would; spaCy loading included in both). Ratio separate / one.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clitiming import DEFAULT_DATA

from gecscope import api
from gecscope.align.en.errant import ErrantAligner
from gecscope.cli import build_parser
from gecscope.cli.compare import run_compare
from gecscope.cli.inputs import load_for_metrics
from gecscope.metrics import METRICS

SYSTEMS = ("AMU", "CAMB", "CUUI", "IITB", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")
METRIC_NAMES = ("cleme2", "errant", "m2", "green")


def timed(fn: Callable[[], Any]) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def compare_args(argv: list[str]) -> argparse.Namespace:
    """``gecscope compare`` options as the command line parses them; no alignment cache (cold runs)."""
    args = build_parser().parse_args(["compare", "--quiet", *argv])
    args.cache = False
    return args


def one_call(data: Path, names: tuple[str, ...]) -> None:
    """What ``gecscope compare`` does before resampling: read once, align once, analyse, score."""
    conll = data / "conll14"
    hyps = [str(conll / "systems" / f"{s}.txt") for s in names]
    args = compare_args(
        ["--source", str(conll / "sources.txt"), "--hyp", *hyps, "--ref-m2", str(conll / "references.m2")]
    )
    metrics = [METRICS[name].build() for name in METRIC_NAMES]
    systems, _ = load_for_metrics(metrics, args, {})
    for m in metrics:
        for exs in systems.values():
            m.score_analysis(m.analyse(exs))


def separate_calls(data: Path, names: tuple[str, ...]) -> None:
    conll = data / "conll14"
    for s in names:
        aligner = ErrantAligner()
        for name in METRIC_NAMES:
            spec = METRICS[name]
            ex = api.load(
                source=conll / "sources.txt",
                hypothesis=conll / "systems" / f"{s}.txt",
                ref_m2=conll / "references.m2",
            )
            api.score(spec.build(), ex, aligner=aligner)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--systems", type=int, default=12)
    ap.add_argument("--bootstrap", type=int, default=1000)
    ap.add_argument("--trials", type=int, default=10000)
    ap.add_argument("--calls", default="3,12", help="N for part 2 (comma-separated; empty: skip)")
    ap.add_argument("--repeat", type=int, default=1, help="repetitions of part 2 (min and median reported)")
    ap.add_argument("--m2", action="store_true", help="part 1 from the systems' M2 files (no alignment)")
    ap.add_argument("--metrics", nargs="+", default=list(METRIC_NAMES), help="metrics of part 1")
    ap.add_argument("--cat", type=int, default=0, choices=[0, 1, 2, 3], help="per-type tests of part 1 (0: none)")
    args = ap.parse_args()
    data = Path(args.data)
    conll = data / "conll14"
    names = SYSTEMS[: args.systems]
    systems = (
        ["--hyp-m2", *(str(conll / "systems_m2" / f"{s}.m2") for s in names)]
        if args.m2
        else ["--source", str(conll / "sources.txt"), "--hyp", *(str(conll / "systems" / f"{s}.txt") for s in names)]
    )
    cli = compare_args(
        [
            "--metric",
            *args.metrics,
            *systems,
            "--ref-m2",
            str(conll / "references.m2"),
            "--bootstrap",
            str(args.bootstrap),
            "--trials",
            str(args.trials),
            "--resample-seed",
            "12345",
            *(["--cat", str(args.cat)] if args.cat else []),
        ]
    )
    phases: dict[str, float] = {}
    result: list[Any] = []
    wall, cpu = timed(lambda: result.append(run_compare(cli, phases)))
    rows = result[0].rows
    out: dict[str, Any] = {
        "systems": len(names),
        "metrics": list(args.metrics),
        "cat": args.cat,
        "bootstrap": args.bootstrap,
        "trials": args.trials,
        "compare_wall_s": round(wall, 2),
        "compare_cpu_s": round(cpu, 2),
        "input": "m2" if args.m2 else "text",
        "phases_s": {k: round(v, 2) for k, v in phases.items()},
        "rows": len(rows),
        "tests": sum(1 for r in rows if r.tested and r.system != r.baseline),
        "types": len({r.type for r in rows if r.type}),
    }
    print(json.dumps(out), flush=True)
    for n in [int(x) for x in args.calls.split(",") if x]:
        picked = SYSTEMS[:n]
        one = [timed(lambda p=picked: one_call(data, p)) for _ in range(args.repeat)]  # type: ignore[misc]
        sep = [timed(lambda p=picked: separate_calls(data, p)) for _ in range(args.repeat)]  # type: ignore[misc]
        row = {
            "n": n,
            "one_call_wall_s": {"min": min(w for w, _ in one), "median": statistics.median(w for w, _ in one)},
            "one_call_cpu_s": {"min": min(c for _, c in one), "median": statistics.median(c for _, c in one)},
            "separate_wall_s": {"min": min(w for w, _ in sep), "median": statistics.median(w for w, _ in sep)},
            "separate_cpu_s": {"min": min(c for _, c in sep), "median": statistics.median(c for _, c in sep)},
        }
        row["ratio_wall_median"] = row["separate_wall_s"]["median"] / row["one_call_wall_s"]["median"]
        row["ratio_cpu_median"] = row["separate_cpu_s"]["median"] / row["one_call_cpu_s"]["median"]
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
