"""CLEME2.0 factor search: the full 0.05 grid x 13 GJG15 systems x 5 reference sets.

Run: python benchmarks/bench_search.py [--data ../shared/data]

Prints the time of the scoring pass (chunk analyses of 13 systems against CoNLL-2014 and the
four SN-8GEC reference sets; SN-8GEC edits extracted with ERRANT once per set) and of the
search itself (corpus and sentence level, 969 and 1,771 settings) over the cached statistics.
"""

from __future__ import annotations

import json
import time

from clitiming import parse_args

from gecscope.align.en.errant import ErrantAligner
from gecscope.meta.data.human import read_human_scores
from gecscope.meta.protocols.gjg15 import reference_set_analyses
from gecscope.meta.protocols.search import factor_grid, search
from gecscope.metrics.analysis import relabel

SETS = [
    "conll14-errant",
    "sn8gec-expert-minimal",
    "sn8gec-expert-fluency",
    "sn8gec-turker-minimal",
    "sn8gec-turker-fluency",
]


def main() -> None:
    args = parse_args(__doc__)
    start = time.perf_counter()
    analyses = reference_set_analyses(args.data, SETS, ErrantAligner())
    counts = {rs: {s: relabel(a, "dependent").counts() for s, a in by.items()} for rs, by in analyses.items()}
    scored = time.perf_counter()
    human = read_human_scores(f"{args.data}/gjg15/human_scores.tsv")
    vectors = {"ew": human["ew"], "ts": human["ts"]}
    out = {"scoring_pass_s": scored - start}
    for level in ("corpus", "sentence"):
        for zero in (False, True):
            t = time.perf_counter()
            result = search(counts, vectors, level, factor_grid(allow_zero=zero))
            out[f"{level}_{len(result.grid)}_settings_s"] = time.perf_counter() - t
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
