"""Essays from text, whole processes: ``gecscope convert`` vs errant 3.0.2's ``errant_parallel``.

CoNLL-2014 sentences of each chosen system are joined into documents of at least
``--doc-tokens`` source tokens (``bench_align.essay_pairs``; documents the system left unchanged
are dropped), one document a line. Each tool then extracts the hypothesis edits of every document
from text, cold (spaCy load, parse, alignment, types; ``--no-cache --jobs 1 --max-align-tokens 0``
for gecscope): CPU per document = the process's CPU seconds / documents (start-up and model load
included). The two M2 files are then compared document by document (spans, types, corrections).
``benchmarks/bench_align.py --essays`` times the alignment alone on parsed documents.

    nice python benchmarks/bench_essays.py --systems AMU CAMB [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from bench_align import essay_pairs
from clitiming import ROOT, run_cpu


def edits_of(m2: Path) -> list[set[tuple[str, ...]]]:
    """Each block's edits (span, type, correction) without noop lines."""
    out = []
    for block in m2.read_text(encoding="utf-8").split("\n\n"):
        if not block.strip():
            continue
        edits = set()
        for line in block.splitlines()[1:]:
            span, kind, correction = line[2:].split("|||")[:3]
            if kind != "noop":
                edits.add((span, kind, correction))
        out.append(edits)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--systems", nargs="+", default=["AMU", "CAMB"])
    ap.add_argument("--doc-tokens", type=int, default=500)
    ap.add_argument("--json", help="write the results here too")
    args = ap.parse_args()
    pairs = essay_pairs(args.systems, args.doc_tokens)
    here = Path(__file__).resolve().parent
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with tempfile.TemporaryDirectory() as tmp:
        src, hyp = Path(tmp) / "src.txt", Path(tmp) / "hyp.txt"
        src.write_text("".join(" ".join(s) + "\n" for s, _ in pairs), encoding="utf-8")
        hyp.write_text("".join(" ".join(t) + "\n" for _, t in pairs), encoding="utf-8")
        ours, theirs = Path(tmp) / "gecscope.m2", Path(tmp) / "errant.m2"
        gecscope = [sys.executable, "-m", "gecscope", "convert", "--source", str(src), "--hyp", str(hyp)]
        gecscope += ["--no-cache", "--jobs", "1", "--max-align-tokens", "0", "--quiet", "-o", str(ours)]
        errant = [sys.executable, str(here / "errant_cli.py"), "parallel", "-orig", str(src), "-cor", str(hyp)]
        g_cpu, g_wall = run_cpu(gecscope, env)
        e_cpu, e_wall = run_cpu([*errant, "-out", str(theirs)])
        a, b = edits_of(ours), edits_of(theirs)
    same = sum(x == y for x, y in zip(a, b, strict=True))
    tokens = sum(len(s) for s, _ in pairs) / len(pairs)
    n = len(pairs)
    row = {
        "systems": args.systems,
        "documents": n,
        "mean_source_tokens": round(tokens, 1),
        "gecscope_cpu_s": g_cpu,
        "gecscope_wall_s": g_wall,
        "errant_cpu_s": e_cpu,
        "errant_wall_s": e_wall,
        "identical_documents": same,
        "edits": sum(map(len, a)),
    }
    print(json.dumps(row))
    print(
        f"{n} documents ({tokens:.0f} source tokens on average, {row['edits']} edits): "
        f"gecscope {1000 * g_cpu / n:.0f} CPU-ms per document ({g_cpu:.1f} s), "
        f"errant {1000 * e_cpu / n:.0f} CPU-ms per document ({e_cpu:.1f} s), {e_cpu / g_cpu:.1f}x; "
        f"identical edits in {same} of {n} documents"
    )
    if args.json:
        Path(args.json).write_text(json.dumps(row, indent=1))


if __name__ == "__main__":
    main()
