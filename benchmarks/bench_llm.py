"""LLM edit weighting through the OpenAI-compatible client: throughput and cache hit rate.

Run: python benchmarks/bench_llm.py [--sentences 20] [--concurrency 1 2]

Serves the packaged SmolLM2-135M behind the tests' minimal OpenAI-compatible server on 127.0.0.1
and rates every chunk edit of the first N sentences of AMU (CoNLL-2014); then re-runs from the
cache. Also times the local transformers backend on the same prompts. A 135M model is a plumbing
test, not a judge: see docs/neural.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from gecscope.io import examples_from_m2  # noqa: E402
from gecscope.metrics.analysis import analyse  # noqa: E402
from gecscope.weighting.causal_lm import load_causal_lm  # noqa: E402
from gecscope.weighting.config import LLMConfig  # noqa: E402
from gecscope.weighting.llm import LLMWeighting  # noqa: E402
from gecscope.weighting.llm_local import LocalRater  # noqa: E402
from llm_server import serve  # noqa: E402


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    p.add_argument("--sentences", type=int, default=20)
    p.add_argument("--concurrency", type=int, nargs="+", default=[1, 2])
    args = p.parse_args()
    conll = Path(args.data) / "conll14"
    examples = examples_from_m2(conll / "systems_m2" / "AMU.m2", conll / "references.m2")[: args.sentences]
    analysis = analyse(examples)
    lm = load_causal_lm("smollm2-135m")
    local = LocalRater(LLMConfig(model="smollm2-135m"), lm=lm)

    def answer(prompt: str) -> tuple[str, dict[str, float]]:
        rating = local.one(prompt)
        return rating.text, rating.top_logprobs

    with serve(answer) as srv:
        for concurrency in args.concurrency:
            with tempfile.TemporaryDirectory() as cache:
                cfg = LLMConfig(model="smollm2-135m", endpoint=srv["url"], concurrency=concurrency, cache_dir=cache)
                w = LLMWeighting(cfg)
                t = time.perf_counter()
                w.weight_fn(analysis)
                cold = time.perf_counter() - t
                again = LLMWeighting(cfg)
                t = time.perf_counter()
                again.weight_fn(analysis)
                warm = time.perf_counter() - t
                print(
                    f"server, concurrency {concurrency}: {w.stats.requests} requests in {cold:.1f} s "
                    f"({w.stats.requests / cold:.2f}/s), unparsed {w.stats.unparsed}; "
                    f"re-run {warm:.3f} s, hit rate {again.cache.hit_rate:.3f}"
                )
    w = LLMWeighting(LLMConfig(model="smollm2-135m", cache=False), rater=local)
    t = time.perf_counter()
    w.weight_fn(analysis)
    took = time.perf_counter() - t
    print(f"local backend: {w.stats.requests} prompts in {took:.1f} s ({w.stats.requests / took:.2f}/s)")


if __name__ == "__main__":
    main()
