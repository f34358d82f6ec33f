"""I-measure, gecscope against the official scorer (mfelice/imeasure under Python 2.7), side by side:
CoNLL-14 systems on the sentences of tests/golden/imeasure/conll14_subset.json (the scorer's
defaults: mixed references) or, with ``--nomix``, on the whole test set. Each side end to end:
the scorer converts the M2 gold to its XML and scores (child-process CPU and wall); gecscope reads
the files and scores in this process (its compiled alignment loaded once, before the clock).
CPU and wall seconds, min / median of ``--repeat`` runs; both sides' I is printed.

    PYTHONPATH=src python benchmarks/bench_imeasure.py --imeasure DIR --py2lib DIR \\
        [--python2 ~/.pyenv/versions/2.7.18/bin/python] [--system IITB ...] [--nomix] [--repeat 3] [--json out.json]

``--py2lib``: numpy 1.16.6 and nltk 3.4.5 for Python 2.7 (``pip install --target``);
tests/golden/imeasure/README.md has the rest of the oracle's setup.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
CONLL = SHARED / "data" / "conll14"
ORACLE = ROOT / "tests" / "golden" / "imeasure" / "oracle"


def clock(fn: Callable[[], object], repeat: int, children: bool = False) -> tuple[dict[str, float], object]:
    """Min and median CPU (this process's, or its children's) and wall seconds of ``fn``; its last result."""
    who = resource.RUSAGE_CHILDREN if children else resource.RUSAGE_SELF
    cpu, wall, result = [], [], None
    for _ in range(repeat):
        before, w = resource.getrusage(who), time.perf_counter()
        result = fn()
        after = resource.getrusage(who)
        wall.append(time.perf_counter() - w)
        cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    times = {
        "cpu_min": min(cpu),
        "cpu_median": statistics.median(cpu),
        "wall_min": min(wall),
        "wall_median": statistics.median(wall),
    }
    return times, result


def cut(folder: Path, system: str, lines: list[int] | None) -> tuple[Path, Path]:
    """The gold and the system's output, cut to ``lines`` (None: whole), in ``folder``."""
    blocks = (CONLL / "official-2014.combined.m2").read_text(encoding="utf-8").strip().split("\n\n")
    hyp = (CONLL / "systems" / f"{system}.txt").read_text(encoding="utf-8").split("\n")
    keep = range(len(blocks)) if lines is None else lines
    gold, out = folder / "gold.m2", folder / f"{system}.txt"
    gold.write_text("\n\n".join(blocks[i] for i in keep) + "\n\n", encoding="utf-8")
    out.write_text("".join(hyp[i] + "\n" for i in keep), encoding="utf-8")
    return gold, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--imeasure", type=Path, required=True, help="a checkout of mfelice/imeasure")
    parser.add_argument("--py2lib", type=Path, required=True)
    parser.add_argument("--python2", default=str(Path.home() / ".pyenv/versions/2.7.18/bin/python"))
    parser.add_argument("--system", nargs="+", default=["IITB"])
    parser.add_argument("--nomix", action="store_true")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    from gecscope import api
    from gecscope.metrics import METRICS

    subset = json.loads((ROOT / "tests" / "golden" / "imeasure" / "conll14_subset.json").read_text())
    lines = None if args.nomix else subset["lines"]
    options = {"mix": False} if args.nomix else {}
    METRICS["i-measure"].build().tally()  # the compiled kernel loaded outside the clock
    results: dict[str, dict[str, object]] = {}
    for system in args.system:
        with tempfile.TemporaryDirectory() as tmp:
            gold, hyp = cut(Path(tmp), system, lines)
            xml = Path(tmp) / "gold.xml"

            def oracle(gold: Path = gold, hyp: Path = hyp, xml: Path = xml) -> str:
                env2 = {**os.environ, "PYTHONPATH": f"{ORACLE}:{args.py2lib}"}
                convert = [args.python2, str(ORACLE / "run_m2_to_ixml.py"), str(args.imeasure / "m2_to_ixml.py")]
                subprocess.run([*convert, f"-in:{gold}", f"-out:{xml}"], env=env2, check=True, capture_output=True)
                score = [args.python2, str(args.imeasure / "ieval.py"), f"-ref:{xml}", f"-hyp:{hyp}"]
                run = subprocess.run(
                    score + (["-nomix"] if args.nomix else []), env=env2, check=True, capture_output=True, text=True
                )
                return run.stdout

            def ours(gold: Path = gold, hyp: Path = hyp) -> float:
                examples = api.load(hypothesis=hyp, ref_m2=gold, allow_tokenization_mismatch=True)
                return api.score("i-measure", examples, **options).value

            mine, value = clock(ours, args.repeat)
            theirs, text = clock(oracle, args.repeat, children=True)
            printed = re.search(r"^Correction\s.*\s(-?[\d.]+)\s*$", str(text), re.M)
            results[system] = {
                "sentences": len(lines) if lines is not None else 1312,
                "gecscope": mine,
                "imeasure": theirs,
                "i_gecscope": round(float(value) * 100, 2),  # type: ignore[arg-type]
                "i_imeasure": float(printed.group(1)) if printed else None,
            }
            print(system, json.dumps(results[system]))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
