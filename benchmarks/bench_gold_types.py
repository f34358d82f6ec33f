"""What the gold-type view costs: NELB's EstGEC-L2 output (2,029 sentences, three annotators, the
M2 gold read plainly: nested word-order edits as the annotators' enclosing edits) scored by
CLEME2.0, CLEME, ERRANT and M2 without a per-type view, with ``cat="gold"`` (the gold's own types,
no classifier) and with ``cat=2`` (the tag-free classifier's types, typing included), side by
side in one process (aligned once, outside the clock). CPU and wall seconds, min / median of
``--repeat`` runs; the reading of the nested M2 alone too.

    PYTHONPATH=src python benchmarks/bench_gold_types.py [--repeat 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from bench_tag_free_types import clock  # the same timing loop

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
METRICS = ("cleme2", "cleme", "errant", "m2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from gecscope import api, pipeline
    from gecscope.io.m2 import read_m2
    from gecscope.metrics import METRICS as REGISTRY

    multi = SHARED / "data" / "multilingual"
    gold = multi / "estgec-l2" / "test" / "source_gold_test.txt"
    examples = api.load(
        source=multi / "estgec-l2" / "test" / "source_sentences_test.txt",
        hypothesis=multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt",
        ref_m2=gold,
        lang="et",
        allow_tokenization_mismatch=True,
    )
    plain = [REGISTRY[m].build() for m in METRICS]
    aligned, inputs = pipeline.prepare([examples], plain, lang="et")  # gold view: no classifier
    [ready] = aligned
    typed_metrics = [REGISTRY[m].build(cat=2) for m in METRICS]
    results: dict[str, dict[str, float]] = {"read nested M2": clock(lambda: read_m2(gold), args.repeat)}
    for metric in METRICS:

        def score(cat: int | str, metric: str = metric) -> object:
            built = REGISTRY[metric].build(**({"cat": cat} if cat else {}))
            return pipeline.score_examples(built, ready, inputs, {})

        results[f"{metric} plain"] = clock(lambda: score(0), args.repeat)
        results[f"{metric} cat=gold"] = clock(lambda: score("gold"), args.repeat)

        def classified(metric: str = metric) -> object:  # the classifier's view: typing included
            [typed], made = pipeline.prepare([ready], typed_metrics, lang="et")
            return pipeline.score_examples(REGISTRY[metric].build(cat=2), typed, made, {})

        results[f"{metric} cat=2 (typing included)"] = clock(classified, args.repeat)
    width = max(map(len, results))
    print(f"{'':{width}}  cpu min  cpu med  wall min  wall med")
    for name, r in results.items():
        cells = f"{r['cpu_min']:7.3f}  {r['cpu_median']:7.3f}  {r['wall_min']:8.3f}  {r['wall_median']:8.3f}"
        print(f"{name:{width}}  {cells}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


if __name__ == "__main__":
    main()
