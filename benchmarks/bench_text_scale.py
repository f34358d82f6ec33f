"""The text path at scale with a cold alignment cache: throughput at ``--jobs 1`` and ``--jobs 2``.

CoNLL-2014 (one system) is repeated with a unique token per copy and cut to ``--size``
sentences; the hypothesis is plain text and the references M2 (``--hyp H.txt --ref-m2 R.m2``),
so every hypothesis is parsed by spaCy and aligned by ERRANT (nothing is shared between
copies) and every run starts with an empty cache. Each case is one whole CLI process: wall,
CPU (user + sys, worker processes included) and peak RSS (the largest process), and the
throughput in sentences per wall second and per CPU second.

Run (takes ~10 min per case at 100k sentences on one core; use nice on a shared machine):
    nice python benchmarks/bench_text_scale.py --size 100000 --jobs 1 2 [--metric cleme2] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = os.environ.get("GECSCOPE_DATA", str(ROOT.parent / "shared" / "data"))


def m2_blocks(text: str) -> list[str]:
    return [b.strip("\n") for b in text.split("\n\n") if b.strip()]


def build(conll: Path, system: str, size: int, out: Path) -> tuple[Path, Path, Path]:
    """``size`` tagged source and hypothesis lines and the matching reference M2 blocks."""
    hyps = (conll / "systems" / f"{system}.txt").read_text(encoding="utf-8").splitlines()
    blocks = m2_blocks((conll / "references.m2").read_text(encoding="utf-8"))
    if len(hyps) != len(blocks):
        raise SystemExit(f"{system}: {len(hyps)} hypotheses but {len(blocks)} reference blocks")
    src_path, hyp_path, ref_path = out / "source.txt", out / "hyp.txt", out / "ref.m2"
    with (
        src_path.open("w", encoding="utf-8") as s,
        hyp_path.open("w", encoding="utf-8") as h,
        ref_path.open("w", encoding="utf-8") as r,
    ):
        for i in range(size):
            copy, j = divmod(i, len(hyps))
            tag = f"zzcopy{copy}"
            h.write(f"{hyps[j]} {tag}\n")
            head, *edits = blocks[j].split("\n")
            s.write(f"{head[2:]} {tag}\n")
            r.write("\n".join([f"{head} {tag}", *edits]) + "\n\n")
    return src_path, hyp_path, ref_path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=100_000)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--metric", default="cleme2")
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        src, hyp, ref = build(Path(args.data) / "conll14", args.system, args.size, Path(tmp))
        scores = set()
        for jobs in args.jobs:
            env = {**os.environ, "GECSCOPE_CACHE": str(Path(tmp) / f"cache-{jobs}")}
            argv = [sys.executable, "-m", "gecscope", "score", "--metric", args.metric, "--source", str(src)]
            argv += ["--hyp", str(hyp)]
            argv += ["--ref-m2", str(ref), "--jobs", str(jobs), "--format", "json", "--quiet"]
            before = os.times()
            start = time.perf_counter()
            proc = subprocess.run(argv, env=env, capture_output=True, text=True)
            wall = time.perf_counter() - start
            after = os.times()
            if proc.returncode != 0:
                raise SystemExit(f"failed ({proc.returncode}): {' '.join(argv)}\n{proc.stderr}")
            rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
            cpu = (after.children_user - before.children_user) + (after.children_system - before.children_system)
            doc = json.loads(proc.stdout)
            value = doc[0]["score"] if isinstance(doc, list) else doc["score"]
            scores.add(value)
            row = {
                "sentences": args.size,
                "metric": args.metric,
                "jobs": jobs,
                "wall_s": round(wall, 1),
                "cpu_s": round(cpu, 1),
                "sentences_per_wall_s": round(args.size / wall, 1),
                "sentences_per_cpu_s": round(args.size / cpu, 1),
                "peak_rss_mb_so_far": round(rss),
                "score": value,
            }
            results.append(row)
            print(json.dumps(row), flush=True)
        print(f"identical scores across --jobs: {len(scores) == 1}")
    print("| --jobs | wall | CPU | sentences / wall s | sentences / CPU s | score |")
    print("|---|---|---|---|---|---|")
    for r in results:
        print(
            f"| {r['jobs']} | {r['wall_s']} s | {r['cpu_s']} s | {r['sentences_per_wall_s']} | "
            f"{r['sentences_per_cpu_s']} | {r['score']} |"
        )
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
