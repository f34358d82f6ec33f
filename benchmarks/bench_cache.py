"""The alignment cache and parallel parsing, and ERRANT side by side with the official tool.

Cases (one CoNLL-2014 system, whole CLI processes, ``--repeat`` runs each; min and median of
CPU = user + sys, worker processes included, and of wall):

* CLEME2.0 from text: cold cache with ``--jobs 1`` and ``--jobs 2``, then warm.
* ERRANT from M2 (``gecscope score --metric errant --hyp-m2 --ref-m2``) beside the official
  ``errant_compare -hyp -ref`` on the same files, and ERRANT from text (cold cache) beside the
  official ``errant_parallel`` + ``errant_compare``. The official commands come with
  ``pip install errant==3.0.2``; ``errant_parallel`` also needs spaCy's ``en_core_web_sm``
  (``python -m spacy download en_core_web_sm``; a case whose tool fails is listed under
  "skipped" with the reason). They run when found on PATH
  (or named by ``$ERRANT_COMPARE`` / ``$ERRANT_PARALLEL``), in the same run, alternating with
  gecscope so that both see the same machine load.

Run: nice python benchmarks/bench_cache.py [--system AMU] [--repeat 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = os.environ.get("GECSCOPE_DATA", str(ROOT.parent / "shared" / "data"))


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, float, float]:
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode() if proc.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"failed: {' '.join(argv)}\n{err}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024.0


def summary(runs: list[tuple[float, float, float]]) -> dict[str, float]:
    cpu, wall, rss = zip(*runs, strict=True)
    return {
        "cpu_s_min": min(cpu),
        "cpu_s_median": statistics.median(cpu),
        "wall_s_min": min(wall),
        "wall_s_median": statistics.median(wall),
        "peak_rss_mb": max(rss),
        "runs": len(runs),
    }


def tool(env_name: str, exe: str) -> str | None:
    return os.environ.get(env_name) or shutil.which(exe)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    conll = Path(args.data) / "conll14"
    hyp_txt = conll / "systems" / f"{args.system}.txt"
    hyp_m2 = conll / "systems_m2" / f"{args.system}.m2"
    ref_m2 = conll / "references.m2"
    gec = [sys.executable, "-m", "gecscope", "score"]
    text = ["--source", str(conll / "sources.txt"), "--hyp", str(hyp_txt)]
    compare, parallel = tool("ERRANT_COMPARE", "errant_compare"), tool("ERRANT_PARALLEL", "errant_parallel")
    runs: dict[str, list[tuple[float, float, float]]] = {}
    skipped: dict[str, str] = {}

    def add(name: str, argv: list[str], env: dict[str, str]) -> None:
        runs.setdefault(name, []).append(run_once(argv, env))

    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.repeat):
            for jobs in (1, 2):
                env = {**os.environ, "GECSCOPE_CACHE": str(Path(tmp) / f"cold-{jobs}-{r}")}
                argv = [*gec, "--metric", "cleme2", *text, "--ref", str(conll / "REF0.txt"), str(conll / "REF1.txt")]
                add(f"cleme2-text-cold-jobs{jobs}", [*argv, "--jobs", str(jobs)], env)
                if jobs == 1:
                    add("cleme2-text-warm", [*argv, "--jobs", str(jobs)], env)
            env = {**os.environ, "GECSCOPE_CACHE": str(Path(tmp) / f"errant-{r}")}
            add(
                "errant-m2-gecscope",
                [*gec, "--metric", "errant", "--hyp-m2", str(hyp_m2), "--ref-m2", str(ref_m2)],
                env,
            )
            if compare:
                add("errant-m2-official", [compare, "-hyp", str(hyp_m2), "-ref", str(ref_m2)], env)
            cold = [*gec, "--metric", "errant", *text, "--ref-m2", str(ref_m2), "--jobs", "1"]
            add("errant-text-gecscope-cold", cold, env)
            add("errant-text-gecscope-warm", cold, env)
            if compare and parallel and "errant-text-official" not in skipped:
                out = Path(tmp) / f"hyp-{r}.m2"
                ori, cor = str(conll / "sources.txt"), str(hyp_txt)
                try:
                    first = run_once([parallel, "-orig", ori, "-cor", cor, "-out", str(out)], env)
                except RuntimeError as exc:  # e.g. errant_parallel wants the en_core_web_sm model
                    skipped["errant-text-official"] = str(exc).strip().splitlines()[-1]
                    continue
                second = run_once([compare, "-hyp", str(out), "-ref", str(ref_m2)], env)
                runs.setdefault("errant-text-official", []).append(
                    (first[0] + second[0], first[1] + second[1], max(first[2], second[2]))
                )
    results = {name: summary(r) for name, r in runs.items()}
    pairs = [("errant-m2-official", "errant-m2-gecscope"), ("errant-text-official", "errant-text-gecscope-cold")]
    ratios = {
        f"{a} / {b}": {
            "cpu_median": results[a]["cpu_s_median"] / results[b]["cpu_s_median"],
            "wall_median": results[a]["wall_s_median"] / results[b]["wall_s_median"],
        }
        for a, b in pairs
        if a in results and b in results
    }
    out = {"system": args.system, "nproc": os.cpu_count(), "results": results, "side_by_side": ratios}
    out["skipped"] = skipped
    print(json.dumps(out, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
