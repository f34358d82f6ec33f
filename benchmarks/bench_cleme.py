"""Whole-CLI timing and peak memory of CLEME2.0-dep (corpus) on one CoNLL-2014 system.

Run: python benchmarks/bench_cleme.py [--system AMU] [--repeat 3] [--data ../shared/data]

Each run is a fresh `gecscope score` process (imports, reading, alignment, scoring, output),
timed by wall clock; peak memory is the child's max RSS. With $GECSCOPE_OFFICIAL_CLEME set to
the official code's command line, it runs in the same session and the ratio is side by side.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path

from clitiming import parse_args, time_cli

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    args = parse_args(__doc__)
    data = Path(args.data)
    conll = data / "conll14"
    cli = [sys.executable, "-m", "gecscope", "score", "--metric", "cleme2", "--assumption", "dependent"]
    cases = {
        "m2": [
            *cli,
            "--hyp-m2",
            str(conll / "systems_m2" / f"{args.system}.m2"),
            "--ref-m2",
            str(conll / "references.m2"),
        ],
        "text": [
            *cli,
            "--source",
            str(conll / "sources.txt"),
            "--hyp",
            str(conll / "systems" / f"{args.system}.txt"),
            "--ref-m2",
            str(conll / "references.m2"),
        ],
    }
    results = {name: time_cli(argv, args.repeat) for name, argv in cases.items()}
    # The official code, side by side (same machine, same run), when the user points us at it:
    # GECSCOPE_OFFICIAL_CLEME="python /path/to/CLEME/scripts/evaluate.py --hyp {hyp_m2} --ref {ref_m2}"
    # (any command line; {hyp_m2}, {ref_m2}, {hyp_txt}, {source} are filled in). Stored timings
    # from other runs are never divided into a ratio.
    template = os.environ.get("GECSCOPE_OFFICIAL_CLEME")
    if template:
        official = template.format(
            hyp_m2=conll / "systems_m2" / f"{args.system}.m2",
            ref_m2=conll / "references.m2",
            hyp_txt=conll / "systems" / f"{args.system}.txt",
            source=conll / "sources.txt",
        )
        results["official"] = time_cli(shlex.split(official), args.repeat)
        for name in cases:
            results[name]["official_over_gecscope_wall"] = (
                results["official"]["wall_s_median"] / results[name]["wall_s_median"]
            )
    print(json.dumps({"system": args.system, "nproc": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
