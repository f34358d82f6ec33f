"""How cost grows with corpus size: CoNLL-2014 (one system) repeated k times, every metric.

Each copy of a sentence carries a token unique to that copy, so nothing can be shared between
copies (no cache hit, no duplicate parse). Every case is one whole CLI process; we report its
user+system CPU seconds (worker processes included), wall seconds and peak RSS (of the main
process; ``--jobs 1`` keeps everything in it), and the exponent b of cost ~ k^b fitted between
the two largest k.

Run (big sizes take minutes; use nice on a shared machine):
    nice python benchmarks/bench_scale.py --k 1 20 100 [--inputs m2 text] [--jobs 1] [--json out.json]

``--sizes N ...`` gives exact corpus sizes instead (CoNLL-2014 repeated with unique tags and
truncated to N sentences) and adds throughput (sentences per wall / CPU second); the exponents
are then fitted against N. The issue's scale acceptance (M2 input, 1M sentences in <= 4 GB):
    nice python benchmarks/bench_scale.py --sizes 10000 100000 1000000 --inputs m2 \
        --metrics cleme2 errant m2 --json scale.json

Text input aligns with a cold alignment cache (a fresh ``GECSCOPE_CACHE`` per case).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = os.environ.get("GECSCOPE_DATA", str(ROOT.parent / "shared" / "data"))
M2_METRICS = ("cleme2", "cleme", "errant", "m2", "gleu", "green")
TEXT_METRICS = ("cleme2", "errant", "gleu", "green")


def run_case(argv: list[str], env: dict[str, str]) -> dict[str, float]:
    """CPU (user + sys, children included), wall and peak RSS of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(argv)}\n{err}")
    return {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall, "peak_rss_mb": usage.ru_maxrss / 1024.0}


def m2_blocks(path: Path) -> list[list[str]]:
    blocks, cur = [], []
    for line in path.read_text(encoding="utf-8").split("\n"):
        if line.strip():
            cur.append(line)
        elif cur:
            blocks.append(cur)
            cur = []
    if cur:
        blocks.append(cur)
    return blocks


def tagged_m2(blocks: list[list[str]], tag: str) -> str:
    """The blocks with ``tag`` appended to every source (edits keep their offsets)."""
    out = []
    for b in blocks:
        out.append("\n".join([f"{b[0]} {tag}", *b[1:]]))
    return "\n\n".join(out) + "\n"


def build(conll: Path, system: str, k: int, out: Path, size: int | None = None, text: bool = True) -> dict[str, Path]:
    """The k-fold corpus in M2 and text form, every copy tagged with a unique token; with
    ``size``, cut to its first ``size`` sentences (k is then enough copies to reach it);
    ``text=False`` writes only the M2 files (and the source, for counting)."""
    out.mkdir(parents=True, exist_ok=True)
    texts = {
        "source": (conll / "sources.txt").read_text(encoding="utf-8").splitlines(),
        "hyp": (conll / "systems" / f"{system}.txt").read_text(encoding="utf-8").splitlines(),
        "ref0": (conll / "REF0.txt").read_text(encoding="utf-8").splitlines(),
        "ref1": (conll / "REF1.txt").read_text(encoding="utf-8").splitlines(),
    }
    size = size if size is not None else k * len(texts["source"])
    paths = {}
    for name, lines in texts.items():
        if not text and name != "source":
            continue
        p = out / f"{name}.txt"
        with p.open("w", encoding="utf-8") as f:
            for c in range(k):
                f.writelines(f"{line} zzcopy{c}\n" for line in lines[: size - c * len(lines)])
        paths[name] = p
    for name, src in (("hyp_m2", conll / "systems_m2" / f"{system}.m2"), ("ref_m2", conll / "references.m2")):
        blocks = m2_blocks(src)
        p = out / f"{name}.m2"
        with p.open("w", encoding="utf-8") as f:
            for c in range(k):
                f.write(tagged_m2(blocks[: size - c * len(blocks)], f"zzcopy{c}"))
                f.write("\n")
        paths[name] = p
    return paths


def exponent(points: list[tuple[int, float]]) -> float | None:
    """b in cost ~ k^b between the two largest k."""
    pts = sorted(p for p in points if p[1] > 0)
    if len(pts) < 2 or pts[-1][0] == pts[-2][0]:
        return None
    (k1, c1), (k2, c2) = pts[-2], pts[-1]
    return math.log(c2 / c1) / math.log(k2 / k1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--k", type=int, nargs="+", default=[1, 20, 100])
    ap.add_argument("--sizes", type=int, nargs="+", help="exact corpus sizes in sentences (instead of --k)")
    ap.add_argument("--inputs", nargs="+", choices=["m2", "text"], default=["m2", "text"])
    ap.add_argument("--metrics", nargs="+", help="default: every metric that the input allows")
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--jobs", type=int, default=1, help="--jobs for text input (alignment)")
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    conll = Path(args.data) / "conll14"
    cli = [sys.executable, "-m", "gecscope", "score", "--format", "json", "--metric"]
    results: list[dict[str, object]] = []
    per_copy = sum(1 for _ in (conll / "sources.txt").open(encoding="utf-8"))
    points = [(-(-n // per_copy), n) for n in args.sizes] if args.sizes else [(k, None) for k in args.k]
    wants_text = "text" in args.inputs or any(m in ("gleu", "green") for m in args.metrics or M2_METRICS)
    with tempfile.TemporaryDirectory() as tmp:
        for k, size in points:
            paths = build(conll, args.system, k, Path(tmp) / f"k{k}-{size}", size, text=wants_text)
            n = sum(1 for _ in paths["source"].open(encoding="utf-8"))
            for inp in args.inputs:
                metrics = args.metrics or (M2_METRICS if inp == "m2" else TEXT_METRICS)
                for metric in metrics:
                    if inp == "m2":
                        files = ["--hyp-m2", str(paths["hyp_m2"]), "--ref-m2", str(paths["ref_m2"])]
                        if metric in ("gleu", "green"):
                            files = ["--source", str(paths["source"]), "--hyp", str(paths["hyp"])]
                            files += ["--ref", str(paths["ref0"]), str(paths["ref1"])]
                    else:
                        files = ["--source", str(paths["source"]), "--hyp", str(paths["hyp"])]
                        files += ["--ref", str(paths["ref0"]), str(paths["ref1"]), "--jobs", str(args.jobs)]
                    cache = Path(tmp) / f"cache-{k}-{inp}-{metric}"
                    env = {**os.environ, "GECSCOPE_CACHE": str(cache)}
                    row: dict[str, object] = {
                        "k": k,
                        "sentences": n,
                        "input": inp,
                        "metric": metric,
                        **run_case([*cli, metric, *files], env),
                    }
                    row["sentences_per_wall_s"] = round(n / float(row["wall_s"]), 1)  # type: ignore[arg-type]
                    row["sentences_per_cpu_s"] = round(n / float(row["cpu_s"]), 1)  # type: ignore[arg-type]
                    results.append(row)
                    print(json.dumps(row), flush=True)
                    shutil.rmtree(cache, ignore_errors=True)
            shutil.rmtree(Path(tmp) / f"k{k}-{size}", ignore_errors=True)
    print()
    by = "sentences" if args.sizes else "k"
    heads = [f"{n:,} sentences" for n in args.sizes] if args.sizes else [f"k = {k}" for k in args.k]
    print("| metric | input | " + " | ".join(heads) + " | exponent (CPU) | exponent (RSS) |")
    print("|---|---|" + "---|" * (len(heads) + 2))
    for inp in args.inputs:
        for metric in args.metrics or (M2_METRICS if inp == "m2" else TEXT_METRICS):
            rows = [r for r in results if r["metric"] == metric and r["input"] == inp]
            cells = [f"{r['cpu_s']:.2f} s / {r['peak_rss_mb']:.0f} MB" for r in rows]
            if args.sizes:
                cells = [
                    f"{r['cpu_s']:.1f} s CPU, {r['wall_s']:.1f} s wall / {r['peak_rss_mb']:.0f} MB / "
                    f"{r['sentences_per_cpu_s']:,.0f} sent/CPU-s, {r['sentences_per_wall_s']:,.0f} sent/s"
                    for r in rows
                ]
            e_cpu = exponent([(int(r[by]), float(r["cpu_s"])) for r in rows])  # type: ignore[call-overload, arg-type]
            e_rss = exponent([(int(r[by]), float(r["peak_rss_mb"])) for r in rows])  # type: ignore[call-overload, arg-type]
            fmt = lambda e: "—" if e is None else f"{e:.2f}"  # noqa: E731
            print(f"| {metric} | {inp} | " + " | ".join(cells) + f" | {fmt(e_cpu)} | {fmt(e_rss)} |")
    if args.json:
        report = {"system": args.system, "jobs": args.jobs, "by": by, "results": results}
        Path(args.json).write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
