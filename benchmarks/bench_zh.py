"""MuCGEC dev: CLEME2.0 (and ChERRANT's P/R/F0.5) from text and from ChERRANT M2, whole CLI.

Run: python benchmarks/bench_zh.py [--system example_pred] [--repeat 3] [--data ../shared/data]

Each run is a fresh ``gecscope score --lang zh`` process; wall clock and the child's CPU time
(user + sys) are reported as min and median over the runs. The text case does all the work
ChERRANT's ``parallel_to_m2.py`` (references and system) plus its compare would do: t2s,
char tokens, every cheapest alignment of every changed pair (about 3,300), merging, scoring.

The official ChERRANT runs side by side (same machine, same run) when
$GECSCOPE_OFFICIAL_CHERRANT names its folder (the one with ``parallel_to_m2.py``,
``compare_m2_for_evaluation.py``, ``modules/`` and ``data/``), with the Python in
$GECSCOPE_OFFICIAL_CHERRANT_PY (default: this one). ``official_cherrant_text`` is its whole
text-to-score pipeline (``parallel_to_m2.py -g char`` on the references and on the system, then
the compare; run in that folder, as its ``data/`` paths are relative), ``official_cherrant_m2``
its compare alone on the M2 files here; both are checked to give gecscope's TP/FP/FN. Without
the variable, only gecscope's times are reported: stored timings from other runs are never
divided into a ratio.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from clitiming import parse_args


def time_run(argvs: list[list[str]], repeat: int, cwd: str | None = None) -> dict[str, float]:
    """Wall and CPU (user + sys, children) of ``repeat`` runs of a sequence of fresh processes."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        for argv in argvs:
            subprocess.run(argv, check=True, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return {
        "wall_s_min": min(walls),
        "wall_s_median": statistics.median(walls),
        "cpu_s_min": min(cpus),
        "cpu_s_median": statistics.median(cpus),
    }


def official_counts(argv: list[str], cwd: str) -> dict[str, int]:
    """TP/FP/FN from the line after ChERRANT's ``TP FP FN Prec Rec F0.5`` header."""
    out = subprocess.run(argv, check=True, cwd=cwd, capture_output=True, text=True).stdout
    match = re.search(r"^TP\tFP\tFN\t.*\n(\d+)\t(\d+)\t(\d+)\t", out, re.MULTILINE)
    if not match:
        raise SystemExit(f"ChERRANT's compare printed no TP/FP/FN line:\n{out}")
    return dict(zip(("tp", "fp", "fn"), map(int, match.groups()), strict=True))


def gecscope_counts(argv: list[str]) -> dict[str, int]:
    out = subprocess.run([*argv, "--quiet", "--format", "json"], check=True, capture_output=True, text=True).stdout
    counts: dict[str, int] = json.loads(out)["counts"]
    return counts


def main() -> None:
    sys.argv += [] if "--system" in sys.argv else ["--system", "example_pred"]
    args = parse_args(__doc__)
    dev = Path(args.data) / "zh" / "mucgec_dev"
    res = Path(args.data) / "zh" / "resources"
    cli = [sys.executable, "-m", "gecscope", "score", "--lang", "zh"]
    text = [
        "--source",
        str(dev / "sources.txt"),
        "--hyp",
        str(dev / "systems" / f"{args.system}.txt"),
        "--ref-tsv",
        str(dev / "references.tsv"),
        "--zh-resources",
        str(res),
    ]
    m2 = ["--hyp-m2", str(dev / "systems_m2" / f"{args.system}.m2"), "--ref-m2", str(dev / "references.m2")]
    # text cases: cold (no alignment cache) and warm (a cache filled by one untimed run first)
    warm_dir = tempfile.mkdtemp(prefix="bench_zh_cache_")
    warm = ["--cache-dir", warm_dir]
    cases = {
        "cleme2_text": [*cli, "--metric", "cleme2", *text, "--no-cache"],
        "cherrant_text": [*cli, "--metric", "cherrant", *text, "--no-cache"],
        "cleme2_text_warm_cache": [*cli, "--metric", "cleme2", *text, *warm],
        "cherrant_text_warm_cache": [*cli, "--metric", "cherrant", *text, *warm],
        "cleme2_m2": [*cli, "--metric", "cleme2", *m2],
        "cherrant_m2": [*cli, "--metric", "cherrant", *m2],
    }
    subprocess.run(cases["cleme2_text_warm_cache"], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {name: time_run([argv], args.repeat) for name, argv in cases.items()}
    shutil.rmtree(warm_dir, ignore_errors=True)
    report: dict[str, object] = {"system": args.system, "nproc": os.cpu_count(), "results": results}
    # The official ChERRANT, side by side, when the user points us at a checkout:
    # GECSCOPE_OFFICIAL_CHERRANT=/path/to/MuCGEC/scorers/ChERRANT [GECSCOPE_OFFICIAL_CHERRANT_PY=/path/to/python]
    folder = os.environ.get("GECSCOPE_OFFICIAL_CHERRANT")
    if folder:
        py = os.environ.get("GECSCOPE_OFFICIAL_CHERRANT_PY") or sys.executable
        with tempfile.TemporaryDirectory(prefix="bench_zh_cherrant_") as tmp:
            # ChERRANT's input: id \t source \t system (as its demo.sh builds it with paste + awk).
            sources = (dev / "sources.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
            hyps = (dev / "systems" / f"{args.system}.txt").read_text(encoding="utf-8").rstrip("\n").split("\n")
            para = Path(tmp) / "system.para"
            para.write_text(
                "".join(f"{i}\t{s}\t{h}\n" for i, (s, h) in enumerate(zip(sources, hyps, strict=True), 1)),
                encoding="utf-8",
            )
            ref_m2, hyp_m2 = Path(tmp) / "references.m2", Path(tmp) / "system.m2"
            to_m2 = [py, "parallel_to_m2.py", "-g", "char"]
            pipeline = [
                [*to_m2, "-f", str(dev / "references.tsv"), "-o", str(ref_m2)],
                [*to_m2, "-f", str(para), "-o", str(hyp_m2)],
                [py, "compare_m2_for_evaluation.py", "-hyp", str(hyp_m2), "-ref", str(ref_m2)],
            ]
            compare_m2 = [py, "compare_m2_for_evaluation.py", "-hyp", m2[1], "-ref", m2[3]]
            results["official_cherrant_text"] = time_run(pipeline, args.repeat, cwd=folder)
            results["official_cherrant_m2"] = time_run([compare_m2], args.repeat, cwd=folder)
            report["counts"] = {
                "official_text": official_counts(pipeline[-1], folder),
                "official_m2": official_counts(compare_m2, folder),
                "gecscope_text": gecscope_counts(cases["cherrant_text"]),
                "gecscope_m2": gecscope_counts(cases["cherrant_m2"]),
            }
        report["official_over_gecscope"] = {
            f"{official}/{ours}": {
                "wall_median": results[official]["wall_s_median"] / results[ours]["wall_s_median"],
                "cpu_median": results[official]["cpu_s_median"] / results[ours]["cpu_s_median"],
            }
            for official, ours in (
                ("official_cherrant_text", "cherrant_text"),
                ("official_cherrant_text", "cleme2_text"),
                ("official_cherrant_m2", "cherrant_m2"),
                ("official_cherrant_m2", "cleme2_m2"),
            )
        }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
