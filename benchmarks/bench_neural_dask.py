"""Neural weighting serial vs sharded on a 2-worker Dask LocalCluster, side by side.

The first ``--sentences`` CoNLL-2014 sentences of one system (M2 input, so no alignment), scored
with CLEME2.0 and PT-M2 under similarity weights (``--encoder``), model cache off, once in this
process's serial path and once with ``--executor dask --jobs 2``, alternating ``--repeat`` times.
Wall time and CPU time (user + system of the CLI process and every worker it started) per run;
the two runs' JSON scores must be identical. Add WODAFE (length weights + LM fluency) with
``--fluency`` (run it once before timing: the first load of the SmolLM2 preset dequantises it into
the cache directory, ~20 s).

    nice python benchmarks/bench_neural_dask.py --sentences 100 --repeat 1
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


def head_m2(src: Path, n: int, dst: Path) -> Path:
    blocks = src.read_text(encoding="utf-8").strip("\n").split("\n\n")
    dst.write_text("\n\n".join(blocks[:n]) + "\n", encoding="utf-8")
    return dst


def run(argv: list[str]) -> tuple[dict[str, float], str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 2), "cpu_s": round(cpu, 2)}, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--sentences", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--encoder", default="minilm-int8")
    ap.add_argument("--fluency", action="store_true", help="also WODAFE with LM fluency (length weights)")
    ap.add_argument("--no-similarity", dest="similarity", action="store_false", help="skip CLEME2.0/PT-M2")
    ap.add_argument("--data", default=DEFAULT_DATA)
    args = ap.parse_args()
    conll = Path(args.data) / "conll14"
    with tempfile.TemporaryDirectory() as tmp:
        hyp = head_m2(conll / "systems_m2" / f"{args.system}.m2", args.sentences, Path(tmp) / "hyp.m2")
        ref = head_m2(conll / "references.m2", args.sentences, Path(tmp) / "ref.m2")
        base = [sys.executable, "-m", "gecscope", "score", "--hyp-m2", str(hyp), "--ref-m2", str(ref)]
        base += ["--encoder", args.encoder, "--no-cache", "--format", "json", "--jobs", "2"]
        commands = {}
        if args.similarity:
            commands["similarity"] = [*base, "--metric", "cleme2", "pt-m2", "--weighting", "similarity"]
        if args.fluency:
            commands["fluency"] = [*base, "--metric", "wodafe", "--weighting", "length", "--gamma", "0.5"]
        results: dict[str, list[dict[str, float]]] = {}
        for case, argv in commands.items():
            for _ in range(args.repeat):
                outputs = {}
                for executor in ("processes", "dask"):
                    timing, outputs[executor] = run([*argv, "--executor", executor])
                    results.setdefault(f"{case}/{'serial' if executor == 'processes' else 'dask-2'}", []).append(timing)
                if json.loads(outputs["dask"]) != json.loads(outputs["processes"]):
                    raise SystemExit(f"{case}: the dask run's scores differ from the serial run's")
    print(json.dumps({"sentences": args.sentences, "encoder": args.encoder, "runs": results}, indent=2))


if __name__ == "__main__":
    main()
