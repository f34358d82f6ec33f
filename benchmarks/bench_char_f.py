"""char-F on CoNLL-2014 text: an older gecscope (``--old-src``) vs this checkout, side by side.

Each side runs in its own process with ``PYTHONPATH`` pointing at its ``src`` and, in turn, times
``CharF().score`` over the chosen systems (sources, both references) in CPU seconds
(``time.process_time``), after the data is read. Both sides also hash every character edit script
(the source against each system output and each reference, untimed): equal hashes mean identical
edits. Run on a shared machine with nice, and read CPU time, not wall time:
    nice python benchmarks/bench_char_f.py --old-src ../s2/src --systems AMU CAMB --repeats 3
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(os.environ.get("GECSCOPE_SHARED", str(ROOT.parent / "shared"))) / "data" / "conll14"


def lines(path: Path) -> list[tuple[str, ...]]:
    return [tuple(line.split()) for line in path.read_text(encoding="utf-8").splitlines()]


def child(systems: list[str], repeats: int) -> dict[str, object]:
    """The timings and the edit hash of the gecscope on ``sys.path`` (runs in a child process)."""
    from gecscope.metrics.char_f import CharF, char_edits
    from gecscope.types import Example, Target

    sources = lines(DATA / "sources.txt")
    refs = [lines(DATA / f"REF{k}.txt") for k in (0, 1)]
    examples = [
        Example(src, Target(hyp), tuple(Target(r[i]) for r in refs))
        for system in systems
        for i, (src, hyp) in enumerate(zip(sources, lines(DATA / "systems" / f"{system}.txt"), strict=True))
    ]
    digest = hashlib.sha256()
    for ex in examples:
        for target in (ex.hypothesis, *ex.references):
            digest.update(repr(sorted(char_edits(ex.source, target.tokens))).encode())
    times, value = [], 0.0
    for _ in range(repeats):
        start = time.process_time()
        value = CharF().score(examples).value
        times.append(time.process_time() - start)
    return {"cpu_s": times, "value": value, "edits_sha256": digest.hexdigest(), "sentences": len(examples)}


def run_side(src: str, systems: list[str], repeats: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": src}
    command = [sys.executable, __file__, "--child", "--systems", *systems, "--repeats", str(repeats)]
    out = subprocess.run(command, env=env, check=True, stdout=subprocess.PIPE, text=True).stdout
    result: dict[str, Any] = json.loads(out)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-src", help="the src folder of the gecscope to compare against (required)")
    parser.add_argument("--systems", nargs="+", default=["AMU"])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.systems, args.repeats)))
        return
    if not args.old_src:
        parser.error("--old-src is required")
    sides = {"old": args.old_src, "new": str(ROOT / "src")}
    results = {name: run_side(src, args.systems, args.repeats) for name, src in sides.items()}
    for name, r in results.items():
        cpu = [float(t) for t in r["cpu_s"]]
        print(
            f"{name}: {r['sentences']} sentences, char-F {r['value']:.4f}, CPU s min {min(cpu):.3f} "
            f"median {statistics.median(cpu):.3f} (src {sides[name]})"
        )
    same = results["old"]["edits_sha256"] == results["new"]["edits_sha256"]
    print(f"identical edits: {same}; identical score: {results['old']['value'] == results['new']['value']}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
