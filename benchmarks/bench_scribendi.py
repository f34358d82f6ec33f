"""Scribendi's language-model cost: perplexity of N distinct SEEDA sentences (sources and
hypotheses), then the rest of the metric (token-sort and distance ratios) on every system.

Run: python benchmarks/bench_scribendi.py [--data ../shared/data] [--model smollm2-135m] [--sentences 200]

Cold: a fresh cache directory (model load, every distinct sentence scored once); warm: a new
scorer on the same directory (no model call). Reports wall and CPU seconds.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from gecscope.meta.data.datasets import gjg15, seeda
from gecscope.metrics.scribendi import Scribendi, ScribendiConfig
from gecscope.weighting.perplexity import PerplexityConfig, PerplexityScorer


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(Path(__file__).resolve().parents[2] / "shared" / "data"))
    p.add_argument("--dataset", choices=["seeda", "gjg15"], default="seeda")
    p.add_argument("--model", default="smollm2-135m")
    p.add_argument("--batch-size", type=int, default=32)
    p.add_argument("--sentences", type=int, default=200, help="distinct texts to time the LM on")
    args = p.parse_args()
    dataset = seeda(args.data) if args.dataset == "seeda" else gjg15(args.data)
    examples = {s: dataset.examples(s) for s in dataset.systems}
    texts = list(
        dict.fromkeys(
            t for exs in examples.values() for ex in exs for t in (ex.source_line, ex.hypothesis.line)
            if ex.source_line != ex.hypothesis.line
        )
    )  # fmt: skip
    print(f"{args.dataset}: {len(dataset.systems)} systems, {len(texts)} distinct changed texts to score")
    sample = texts[: args.sentences]
    with tempfile.TemporaryDirectory() as cache:
        config = PerplexityConfig(model=args.model, batch_size=args.batch_size, cache_dir=cache)
        t, c = time.perf_counter(), time.process_time()
        scorer = PerplexityScorer(config)
        _ = scorer.lm
        print(f"model load {time.perf_counter() - t:.1f} s wall, {time.process_time() - c:.1f} s CPU")
        t, c = time.perf_counter(), time.process_time()
        scorer.nll(sample)
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        print(
            f"cold: {len(sample)} texts in {wall:.1f} s wall ({len(sample) / wall:.1f}/s), {cpu:.1f} s CPU "
            f"({len(sample) / cpu:.1f} per CPU-s); all {len(texts)}: about {len(texts) / len(sample) * wall / 60:.0f} "
            "min wall at this rate"
        )
        t = time.perf_counter()
        again = PerplexityScorer(config, scorer.lm)
        again.nll(sample)
        print(f"warm: {time.perf_counter() - t:.2f} s, hit rate {again.cache.hit_rate:.3f}")
        metric = Scribendi(ScribendiConfig(perplexity=config))
        metric.use_scorer(again)
        chosen = set(sample)
        t = time.perf_counter()
        n = 0
        for exs in examples.values():
            part = [ex for ex in exs if ex.source_line in chosen and ex.hypothesis.line in chosen]
            metric.analyse(part)
            n += len(part)
        print(f"ratios and rule on {n} sentence pairs: {time.perf_counter() - t:.2f} s")


if __name__ == "__main__":
    main()
