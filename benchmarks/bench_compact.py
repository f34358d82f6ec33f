"""Memory of the compact chunk analysis: CLEME2.0 on CoNLL-2014 (one system) repeated k times,
analysed shard by shard (one copy per shard, read from its own M2 files, examples dropped after
each shard, no chunks kept), stacked and scored once — what a streaming reader does.

Each copy carries a unique token (as in ``bench_scale.py``). Reports the peak RSS of this
process, the CPU time, the bytes of the stacked analysis's arrays and the score; with
``--check`` a second process scores the one-shot k-fold files to show the same numbers.

Run (use nice on a shared machine):
    nice python benchmarks/bench_compact.py --k 20 100 [--check]
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_scale import DEFAULT_DATA, build, m2_blocks, tagged_m2

FIELDS = (
    "chunk_offsets",
    "pair_offsets",
    "flag_offsets",
    "hyp_changed",
    "hyp_length",
    "ref_index",
    "ref_changed",
    "ref_equal",
    "bias_sum",
    "bias_count",
)


def streamed(conll: Path, system: str, k: int, weighting: str, tmp: Path) -> dict[str, object]:
    from gecscope.io.parallel import examples_from_m2
    from gecscope.metrics import statistics as declared
    from gecscope.metrics.cleme2 import Cleme2, Cleme2Config

    hyp_blocks = m2_blocks(conll / "systems_m2" / f"{system}.m2")
    ref_blocks = m2_blocks(conll / "references.m2")
    metric = Cleme2(Cleme2Config(weighting=weighting))
    start = time.process_time()
    shards = []
    for c in range(k):
        hyp, ref = tmp / "hyp.m2", tmp / "ref.m2"
        hyp.write_text(tagged_m2(hyp_blocks, f"zzcopy{c}"), encoding="utf-8")
        ref.write_text(tagged_m2(ref_blocks, f"zzcopy{c}"), encoding="utf-8")
        examples = examples_from_m2(hyp, ref)
        shards.append(metric.analyse(examples, keep_chunks=False))
        del examples
    analysis = declared(metric).stack(shards)
    del shards
    result = metric.score_analysis(analysis)
    return {
        "k": k,
        "sentences": len(analysis),
        "weighting": weighting,
        "cpu_s": time.process_time() - start,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
        "analysis_mb": sum(getattr(analysis, f).nbytes for f in FIELDS) / 2**20,
        "score": result.value,
    }


def one_shot(conll: Path, system: str, k: int, weighting: str, tmp: Path) -> float:
    paths = build(conll, system, k, tmp / f"k{k}")
    argv = [sys.executable, "-m", "gecscope", "score", "--format", "json", "--metric", "cleme2"]
    argv += ["--hyp-m2", str(paths["hyp_m2"]), "--ref-m2", str(paths["ref_m2"]), "--weighting", weighting]
    out = subprocess.run(argv, check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["score"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--k", type=int, nargs="+", default=[20, 100])
    ap.add_argument("--system", default="AMU")
    ap.add_argument("--weighting", default="none", choices=["none", "length"])
    ap.add_argument("--data", default=DEFAULT_DATA)
    ap.add_argument("--check", action="store_true", help="compare with a one-shot CLI run of the k-fold files")
    ap.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    conll = Path(args.data) / "conll14"
    with tempfile.TemporaryDirectory() as tmp:
        if args.child is not None:  # one measurement per process, so peak RSS is its own
            print(json.dumps(streamed(conll, args.system, args.child, args.weighting, Path(tmp))))
            return
        for k in args.k:
            argv = [sys.executable, __file__, "--child", str(k), "--system", args.system]
            argv += ["--weighting", args.weighting, "--data", args.data]
            row = json.loads(subprocess.run(argv, check=True, capture_output=True, text=True).stdout)
            if args.check:
                row["one_shot_score"] = one_shot(conll, args.system, k, args.weighting, Path(tmp))
                row["identical"] = row["one_shot_score"] == row["score"]
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
