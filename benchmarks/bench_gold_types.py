"""What the gold-type view costs: NELB's EstGEC-L2 output (2,029 sentences, three annotators, the
M2 gold read plainly: nested word-order edits as the annotators' enclosing edits) scored by
CLEME2.0, CLEME, ERRANT and M2 without a per-type view, with ``cat="gold"`` (the gold's own types,
no classifier) and with ``cat=2`` (the tag-free classifier's types, typing included), side by
side in one process (aligned once, outside the clock). CPU and wall seconds, min / median of
``--repeat`` runs; the reading of the nested M2 alone too, and the typing step alone with the
lexicon's answers in memory and read from the lexicon cache's file
(:mod:`gecscope.align.types.lemma_cache`).

``--cli``: the whole command instead, ``gecscope score -t estgec-l2 --hyp NELB --metric cleme2
errant m2`` plain, with ``--cat gold``, and with ``--cat 2`` on a cold lexicon cache (simplemma's
Estonian dictionary decoded) and a warm one; each run in a fresh cache folder (the warm one holds
only ``lexicon.sqlite``, so nothing else is cached), user+system CPU of the child process.

    PYTHONPATH=src python benchmarks/bench_gold_types.py [--repeat 3] [--json out.json] [--cli]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from pathlib import Path

from bench_tag_free_types import clock  # the same timing loop
from clitiming import run_cpu, seeded_folder

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
METRICS = ("cleme2", "cleme", "errant", "m2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--cli", action="store_true", help="time the whole command (see above)")
    args = parser.parse_args()
    results = command_times(args.repeat) if args.cli else view_times(args.repeat)
    width = max(map(len, results))
    print(f"{'':{width}}  cpu min  cpu med  wall min  wall med")
    for name, r in results.items():
        cells = f"{r['cpu_min']:7.3f}  {r['cpu_median']:7.3f}  {r['wall_min']:8.3f}  {r['wall_median']:8.3f}"
        print(f"{name:{width}}  {cells}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2), encoding="utf-8")


#: the command's views: its extra options, and whether the lexicon cache starts warm
VIEWS = {
    "plain": ([], False),
    "--cat gold": (["--cat", "gold"], False),
    "--cat 2, cold lexicon cache": (["--cat", "2"], False),
    "--cat 2, warm lexicon cache": (["--cat", "2"], True),
}


def command_times(repeat: int) -> dict[str, dict[str, float]]:
    """Min and median CPU (user + system of the child) and wall seconds of the whole command per
    view, the views interleaved run by run (a loaded machine drifts)."""
    import subprocess
    import sys
    import tempfile

    multi = SHARED / "data" / "multilingual"
    hyp = multi / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"
    base = [sys.executable, "-m", "gecscope", "score", "-t", "estgec-l2", "--hyp", str(hyp)]
    base += ["--metric", "cleme2", "errant", "m2", "--quiet"]
    env = {**os.environ, "GECSCOPE_SHARED": str(SHARED)}
    cpu: dict[str, list[float]] = {name: [] for name in VIEWS}
    wall: dict[str, list[float]] = {name: [] for name in VIEWS}
    with tempfile.TemporaryDirectory() as tmp:
        warm = Path(tmp) / "warm"
        subprocess.run([*base, "--cat", "2", "--cache-dir", str(warm)], env=env, check=True, capture_output=True)
        for _ in range(repeat):
            for name, (options, seeded) in VIEWS.items():
                folder = seeded_folder(Path(tmp), warm, seeded)
                spent, took = run_cpu([*base, *options, "--cache-dir", str(folder)], env)
                cpu[name].append(spent)
                wall[name].append(took)
    return {
        name: {
            "cpu_min": min(cpu[name]),
            "cpu_median": statistics.median(cpu[name]),
            "wall_min": min(wall[name]),
            "wall_median": statistics.median(wall[name]),
        }
        for name in VIEWS
    }


def view_times(repeat: int) -> dict[str, dict[str, float]]:
    """Each metric's views in one process (aligned once, outside the clock), the typing alone."""
    from gecscope import api, pipeline
    from gecscope.align.languages import load_language
    from gecscope.align.types.classifiers import classifier_of, type_examples
    from gecscope.align.types.lemma_cache import forget_lexicons
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
    results: dict[str, dict[str, float]] = {"read nested M2": clock(lambda: read_m2(gold), repeat)}
    classifier = classifier_of(load_language("et"))
    assert classifier is not None
    type_examples(ready, classifier)  # the lexicon's answers made (or read) outside the clock
    results["typing, lexicon answers in memory"] = clock(lambda: type_examples(ready, classifier), repeat)

    def from_file() -> object:
        forget_lexicons()  # as a new process: the answers read from lexicon.sqlite
        return type_examples(ready, classifier)

    results["typing, lexicon answers from the cache file"] = clock(from_file, repeat)
    for metric in METRICS:

        def score(cat: int | str, metric: str = metric) -> object:
            built = REGISTRY[metric].build(**({"cat": cat} if cat else {}))
            return pipeline.score_examples(built, ready, inputs, {})

        results[f"{metric} plain"] = clock(lambda: score(0), repeat)
        results[f"{metric} cat=gold"] = clock(lambda: score("gold"), repeat)

        def classified(metric: str = metric) -> object:  # the classifier's view: typing included
            [typed], made = pipeline.prepare([ready], typed_metrics, lang="et")
            return pipeline.score_examples(REGISTRY[metric].build(cat=2), typed, made, {})

        results[f"{metric} cat=2 (typing included)"] = clock(classified, repeat)
    return results


if __name__ == "__main__":
    main()
