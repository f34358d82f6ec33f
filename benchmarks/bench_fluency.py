"""WODAFE fluency for the SEEDA subset: 391 sentences x 15 systems (many duplicates), 2-core CPU.

Run: python benchmarks/bench_fluency.py [--data ../shared/data] [--model smollm2-135m]

Cold: a fresh cache directory (model load, dequantisation on first use, every distinct sentence
scored once); warm: a new scorer on the same directory (no model call).
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gecscope.meta.data.datasets import seeda
from gecscope.weighting.fluency import FluencyConfig, FluencyScorer


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    p.add_argument("--model", default="smollm2-135m")
    p.add_argument("--batch-size", type=int, default=16)
    args = p.parse_args()
    dataset = seeda(args.data)
    texts = [" ".join(ex.hypothesis.tokens) for s in dataset.systems for ex in dataset.examples(s)]
    print(f"{len(texts)} hypotheses, {len(set(texts))} distinct")
    with tempfile.TemporaryDirectory() as cache:
        config = FluencyConfig(model=args.model, batch_size=args.batch_size, cache_dir=cache)
        t = time.perf_counter()
        cold = FluencyScorer(config)
        _ = cold.lm
        load = time.perf_counter() - t
        t = time.perf_counter()
        values = cold.fluency(texts)
        score = time.perf_counter() - t
        print(
            f"cold: load {load:.1f} s (dequantise + cache the model), score {score:.1f} s "
            f"({cold.stats.scored} distinct sentences, {cold.stats.scored / score:.1f}/s); mean f {values.mean():.3f}"
        )
        t = time.perf_counter()
        warm = FluencyScorer(config)
        _ = warm.lm
        reload = time.perf_counter() - t
        t = time.perf_counter()
        again = warm.fluency(texts)
        print(
            f"warm: model reload {reload:.1f} s, score {time.perf_counter() - t:.2f} s, "
            f"hit rate {warm.cache.hit_rate:.3f}, identical {bool((again == values).all())}"
        )


if __name__ == "__main__":
    main()
