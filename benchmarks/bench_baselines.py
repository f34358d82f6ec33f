"""Whole-CLI timing of the baselines on one CoNLL-2014 system. The official tools' CPU times
recorded in shared/golden/baselines.json (``timing_AMU``) come from another run, so they are
printed for reference only and never divided into a ratio; side-by-side ratios come from
``bench_cache.py`` (ERRANT) and are collected in docs/performance.md.

Run: python benchmarks/bench_baselines.py [--system AMU] [--repeat 3] [--data ../shared/data]

Cases: GREEN word/char, GLEU (official), ERRANT from hypothesis text (spaCy included), M2 with
both golds, and M2 on "AMU-S": AMU with its sentence that has the most gold edits replaced by a
long repetitive hypothesis (the shape that makes the official scorer run for minutes or hours).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from clitiming import parse_args, time_cli

ROOT = Path(__file__).resolve().parents[1]
OFFICIAL = {  # our case -> key in timing_AMU
    "green-word": "green_word",
    "green-char": "green_char",
    "gleu": "gleu_official_py2",
    "errant-text": "errant_parallel",
    "m2-refs": "m2_official_errantgold",
    "m2-orig": "m2_official_origgold",
}


def pathological_file(conll: Path, system: str, out: Path, max_len: int) -> Path:
    """The system output with one sentence (the one with most gold edits among sources of at
    most ``max_len`` tokens) replaced by the source three times plus 40 repeated words."""
    from gecscope.io import read_m2

    blocks = read_m2(conll / "official-2014.combined.m2")
    fits = [i for i, b in enumerate(blocks) if len(b.source) <= max_len]
    idx = max(fits, key=lambda i: sum(len(t.edits or ()) for t in blocks[i].targets))
    lines = (conll / "systems" / f"{system}.txt").read_text(encoding="utf-8").split("\n")
    src = list(blocks[idx].source)
    lines[idx] = " ".join(src * 3 + ["the"] * 40)
    path = out / f"{system}-S{max_len}.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def main() -> None:
    args = parse_args(__doc__)
    conll = Path(args.data) / "conll14"
    hyp = conll / "systems" / f"{args.system}.txt"
    src = ["--source", str(conll / "sources.txt"), "--hyp", str(hyp)]
    refs_txt = ["--ref", str(conll / "REF0.txt"), str(conll / "REF1.txt")]
    cli = [sys.executable, "-m", "gecscope", "score", "--metric"]
    with tempfile.TemporaryDirectory() as tmp:
        typical = pathological_file(conll, args.system, Path(tmp), 50)
        extreme = pathological_file(conll, args.system, Path(tmp), 10_000)
        orig = ["--ref-m2", str(conll / "official-2014.combined.m2")]
        cases = {
            "green-word": [*cli, "green", *src, *refs_txt],
            "green-char": [*cli, "green", "--unit", "char", *src, *refs_txt],
            "gleu": [*cli, "gleu", *src, *refs_txt],
            "errant-text": [*cli, "errant", *src, "--ref-m2", str(conll / "references.m2")],
            "m2-refs": [*cli, "m2", *src, "--ref-m2", str(conll / "references.m2")],
            "m2-orig": [*cli, "m2", *src, "--ref-m2", str(conll / "official-2014.combined.m2")],
            "m2-orig-S50": [*cli, "m2", "--source", str(conll / "sources.txt"), "--hyp", str(typical), *orig],
            "m2-orig-Sextreme": [*cli, "m2", "--source", str(conll / "sources.txt"), "--hyp", str(extreme), *orig],
        }
        results = {name: time_cli(argv, args.repeat) for name, argv in cases.items()}
    golden = Path(args.data).parent / "golden" / "baselines.json"
    timing = json.loads(golden.read_text())["timing_AMU"] if golden.exists() else {}
    for name, key in OFFICIAL.items():
        if key in timing:
            # stored from another run: shown for reference, never divided (no side-by-side ratio)
            results[name]["official_cpu_s_stored"] = timing[key]["cpu_s_median"]
    print(json.dumps({"system": args.system, "nproc": os.cpu_count(), "results": results}, indent=2))


if __name__ == "__main__":
    main()
