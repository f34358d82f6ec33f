"""Similarity (PTScore) weights for one CoNLL-2014 system: cold cache, then warm cache.

Run: python benchmarks/bench_similarity.py [--system AMU] [--data ../shared/data]

Weights every chunk CLEME2.0-sim needs (hypothesis chunks and FN chunks, both references) with the
default encoder (packaged MiniLM int8 on ONNX Runtime), in this process, wall clock. The cold run
uses an empty cache directory (model load included); the warm run a new scorer on the same
directory (no model call). Also reports the hypothesis-chunk-only subset that models.md timed
(~3,900 pairs per system with the official per-edit approach: 37-48 CPU-s with torch).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gecscope.io import examples_from_m2
from gecscope.metrics.analysis import analyse
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.similarity import SimilarityWeighting, chunk_pairs


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--system", default="AMU")
    p.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    args = p.parse_args()
    conll = Path(args.data) / "conll14"
    analysis = analyse(examples_from_m2(conll / "systems_m2" / f"{args.system}.m2", conll / "references.m2"))
    pairs, slots = chunk_pairs(analysis)
    hyp_only = {pairs[i] for _, _, _, fn, i, _ in slots if not fn} | {pairs[b] for *_, b in slots}
    print(f"{args.system}: {len(pairs)} pairs ({len(set(pairs))} distinct), {len({t for q in pairs for t in q})} texts")
    with tempfile.TemporaryDirectory() as cache:
        config = SimilarityConfig(cache_dir=cache, progress=False)
        for label, subset in (("hypothesis chunks only", sorted(hyp_only)), ("all CLEME2.0-sim chunks", None)):
            with tempfile.TemporaryDirectory() as fresh:
                w = SimilarityWeighting(SimilarityConfig(cache_dir=fresh, progress=False))
                t = time.perf_counter()
                if subset is None:
                    w.table(analysis)
                else:
                    w.scorer.f1(subset)
                n = len(subset) if subset is not None else len(set(pairs))
                took = time.perf_counter() - t
                print(f"cold, {label}: {took:.1f} s wall ({n} pairs, {w.scorer.stats.encoded} texts)")
        w = SimilarityWeighting(config)
        t = time.perf_counter()
        w.table(analysis)
        cold = time.perf_counter() - t
        w.scorer.cache.close()
        again = SimilarityWeighting(config)
        t = time.perf_counter()
        again.table(analysis)
        warm = time.perf_counter() - t
        print(f"cold (shared cache dir): {cold:.1f} s; warm: {warm:.2f} s, hit rate {again.scorer.cache.hit_rate:.3f}")


if __name__ == "__main__":
    main()
