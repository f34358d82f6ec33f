"""MultiGEC-2025 scoring speed: tag-free ERRANT on essays, side by side with the MultiGEC ERRANT fork.

1. ``align``: whole-essay alignment of ``--essays`` essays of at least ``--essay-tokens`` source
   tokens (consecutive CoNLL-14 sentences, AMU's output as the hypothesis), in one run: the fork
   (cainesap/errant @ 16d835e, installed in the venv ``--fork-venv`` and run from a folder holding an
   empty ``spacy_udpipe_models/``: ``annotator.parse`` + ``annotate`` per essay, as
   ``errant_parallel`` does) and gecscope's ``errant-notag`` (``NotagAligner.edits``), CPU seconds
   per essay (min / median) in each process, after one warm-up essay; the edits are compared.
2. ``cold``: ``--cold-essays`` essays of ``--cold-tokens`` tokens built from CoNLL-14 sentences
   (essay k starts at sentence 23 k mod 1312 and takes every s-th sentence, s = 1, 2, 3, 5 for each
   pass over the starts, so that no two essays are the same; hypothesis: system k mod 13; references
   REF0, REF1) scored cold by ``gecscope score --metric errant gleu --aligner errant-notag`` in a new
   process (with its progress bar on standard error): the process's CPU and wall seconds.

    nice python benchmarks/bench_multigec.py --fork-venv /path/to/venv [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import ROOT, run_cpu

SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
CONLL = SHARED / "data" / "conll14"
SYSTEMS = ("AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")
STRIDES = (1, 2, 3, 5)

#: run by the fork's Python: per-essay CPU of parse + annotate, and the edits, as JSON on stdout
FORK_DRIVER = r"""
import json, sys, time
import errant
src, hyp = (open(p, encoding="utf-8").read().splitlines() for p in sys.argv[1:3])
annotator = errant.load("en")
times, edits = [], []
for k, (s, h) in enumerate(zip(src, hyp)):
    t = time.process_time()
    orig = annotator.parse(s.strip(), True, "en")
    cor = annotator.parse(h.strip(), True, "en")
    found = annotator.annotate(orig, cor)
    if k:  # the first essay warms up
        times.append(time.process_time() - t)
    edits.append([[e.o_start, e.o_end, e.type, e.c_str] for e in found])
print(json.dumps({"times": times, "edits": edits}))
"""


def lines(name: str) -> list[str]:
    path = CONLL / f"{name}.txt" if name.startswith(("REF", "sources")) else CONLL / "systems" / f"{name}.txt"
    return path.read_text(encoding="utf-8").splitlines()


def essay(rows: list[str], start: int, stride: int, tokens: int, source: list[str]) -> str:
    """Sentences ``start, start + stride, ...`` of ``rows`` (wrapping) until the source has ``tokens``."""
    out, have, i = [], 0, start
    while have < tokens:
        have += len(source[i % len(source)].split())
        if line := rows[i % len(rows)].strip():
            out.append(line)
        i += stride
    return " ".join(out)


def bench_align(args: argparse.Namespace, tmp: Path) -> dict[str, object]:
    from gecscope.align.notag import NotagAligner

    source, hyp = lines("sources"), lines("AMU")
    n = args.essays + 1
    starts = [k * 97 % len(source) for k in range(n)]
    src = [essay(source, s, 1, args.essay_tokens, source) for s in starts]
    out = [essay(hyp, s, 1, args.essay_tokens, source) for s in starts]
    (tmp / "src.txt").write_text("\n".join(src) + "\n", encoding="utf-8")
    (tmp / "hyp.txt").write_text("\n".join(out) + "\n", encoding="utf-8")
    (tmp / "spacy_udpipe_models").mkdir(exist_ok=True)
    python = Path(args.fork_venv) / "bin" / "python"
    run = [str(python), "-c", FORK_DRIVER, str(tmp / "src.txt"), str(tmp / "hyp.txt")]
    printed = subprocess.run(run, cwd=tmp, capture_output=True, text=True, check=True).stdout
    fork = json.loads(printed.splitlines()[-1])  # errant.load prints a line first
    aligner = NotagAligner()
    pairs = [(tuple(s.split()), tuple(h.split())) for s, h in zip(src, out, strict=True)]
    ours, found = [], []
    for k, (s, h) in enumerate(pairs):
        t = time.process_time()
        edits = aligner.edits(s, h, aligner.kernel(len(s) * len(h)))
        if k:
            ours.append(time.process_time() - t)
        found.append([[e.start, e.end, e.type, " ".join(e.correction)] for e in edits])
    same = sum(a == b for a, b in zip(found, fork["edits"], strict=True))
    tokens = statistics.mean(len(s) for s, _ in pairs[1:])
    f_min, f_med = min(fork["times"]), statistics.median(fork["times"])
    g_min, g_med = min(ours), statistics.median(ours)
    return {
        "essays": args.essays,
        "mean_source_tokens": round(tokens, 1),
        "fork_cpu_s": {"min": round(f_min, 4), "median": round(f_med, 4)},
        "gecscope_cpu_s": {"min": round(g_min, 5), "median": round(g_med, 5)},
        "speedup_median": round(f_med / g_med, 1),
        "speedup_min": round(f_min / g_min, 1),
        "identical_essays": same,
        "of": len(pairs),
    }


def bench_cold(args: argparse.Namespace, tmp: Path) -> dict[str, object]:
    source = lines("sources")
    texts = {name: lines(name) for name in ("REF0", "REF1", *SYSTEMS)}
    n = len(source)
    rows: dict[str, list[str]] = {"src": [], "hyp": [], "ref0": [], "ref1": []}
    for k in range(args.cold_essays):
        start, stride = k * 23 % n, STRIDES[(k // n) % len(STRIDES)]
        rows["src"].append(essay(source, start, stride, args.cold_tokens, source))
        rows["hyp"].append(essay(texts[SYSTEMS[k % len(SYSTEMS)]], start, stride, args.cold_tokens, source))
        rows["ref0"].append(essay(texts["REF0"], start, stride, args.cold_tokens, source))
        rows["ref1"].append(essay(texts["REF1"], start, stride, args.cold_tokens, source))
    for name, essays in rows.items():
        (tmp / f"{name}.txt").write_text("\n".join(essays) + "\n", encoding="utf-8")
    cmd = [sys.executable, "-m", "gecscope", "score", "--metric", "errant", "gleu", "--aligner", "errant-notag"]
    cmd += ["--source", str(tmp / "src.txt"), "--hyp", str(tmp / "hyp.txt"), "--ref", str(tmp / "ref0.txt")]
    cmd += [str(tmp / "ref1.txt"), "--allow-tokenization-mismatch", "--format", "json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    cpu, wall = run_cpu(cmd, env)  # its progress bar goes to standard error
    tokens = statistics.mean(len(s.split()) for s in rows["src"])
    return {"essays": args.cold_essays, "mean_source_tokens": round(tokens, 1), "cpu_s": cpu, "wall_s": wall}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--fork-venv", help="venv with the MultiGEC ERRANT fork installed (skips part 1 if absent)")
    ap.add_argument("--essays", type=int, default=6)
    ap.add_argument("--essay-tokens", type=int, default=800)
    ap.add_argument("--cold-essays", type=int, default=5000)
    ap.add_argument("--cold-tokens", type=int, default=500)
    ap.add_argument("--skip-cold", action="store_true")
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    out: dict[str, object] = {"load_average": os.getloadavg()}
    with tempfile.TemporaryDirectory() as tmp:
        if args.fork_venv:
            out["align"] = row = bench_align(args, Path(tmp))
            print(json.dumps(row))
        if not args.skip_cold:
            out["cold"] = row = bench_cold(args, Path(tmp))
            print(json.dumps(row))
    out["load_average_after"] = os.getloadavg()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
