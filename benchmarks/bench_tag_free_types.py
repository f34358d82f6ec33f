"""What the tag-free error types cost: NELB's EstGEC-L2 output (2,029 sentences, three references;
the inputs of tests/multigec_inputs.py, built in a temporary folder) scored by CLEME2.0 and
ERRANT with and without ``cat=2``, side by side in one process (aligned once, outside the clock),
and the typing step alone (:func:`gecscope.align.types.classifiers.type_examples` on every hypothesis and
reference edit). CPU and wall seconds, min / median of ``--repeat`` runs.

    PYTHONPATH=src python benchmarks/bench_tag_free_types.py [--repeat 5] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))


def clock(fn: Callable[[], object], repeat: int) -> dict[str, float]:
    """Min and median CPU and wall seconds of ``fn`` over ``repeat`` runs."""
    cpu, wall = [], []
    for _ in range(repeat):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return {
        "cpu_min": min(cpu),
        "cpu_median": statistics.median(cpu),
        "wall_min": min(wall),
        "wall_median": statistics.median(wall),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests"))
    from gecscope import api, pipeline
    from gecscope.align.languages import load_language
    from gecscope.align.types.classifiers import classifier_of, type_examples
    from gecscope.metrics import METRICS
    from multigec_inputs import write_inputs

    with tempfile.TemporaryDirectory() as tmp:
        write_inputs(SHARED, Path(tmp))
        et = Path(tmp) / "et"
        examples = api.load(
            source=et / "source.txt",
            hypothesis=et / "nelb.txt",
            references=[et / f"REF{k}.txt" for k in range(3)],
            lang="et",
        )
        [aligned], inputs = pipeline.align([examples], [(True, True)], lang="et")
    classifier = classifier_of(load_language("et"))
    assert classifier is not None
    type_examples(aligned, classifier)  # the lexicon's answers (simplemma's, or the lexicon cache's) outside the clock
    edits = sum(len(t.edits or ()) for ex in aligned for t in (ex.hypothesis, *ex.references))
    rows: dict[str, dict[str, float]] = {"typing": clock(lambda: type_examples(aligned, classifier), args.repeat)}
    for name in ("cleme2", "errant"):
        for cat in (0, 2):
            metric = METRICS[name].build(cat=cat)
            typed = type_examples(aligned, classifier) if cat else aligned
            rows[f"{name} cat={cat}"] = clock(
                lambda m=metric, t=typed: pipeline.score_examples(m, t, inputs), args.repeat
            )
    print(
        f"EstGEC-L2 NELB: {len(aligned)} sentences, {edits} edits (hypothesis + 3 references); {classifier.signature}"
    )
    for key, row in rows.items():
        cpu = f"cpu min {row['cpu_min']:.3f} s  median {row['cpu_median']:.3f} s"
        print(f"{key:16} {cpu}   wall min {row['wall_min']:.3f} s  median {row['wall_median']:.3f} s")
    if args.json:
        args.json.write_text(json.dumps({"sentences": len(aligned), "edits": edits, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
