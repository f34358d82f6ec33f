"""What a type view adds to ``gecscope score`` (issue 39: "a type view adds at most the tagger's own
time"): the whole command ``gecscope score -t estgec-l2 --hyp NELB --metric cleme2 errant m2``
plain, with ``--cat gold`` (the gold's own types: no classifier, no lexicon) and with ``--cat 2``
(the tag-free classifier's types) on a warm lexicon cache (a fresh cache folder holding only
``lexicon.sqlite``, so nothing else is cached: the alignment and M2's lattice are made every run),
the views interleaved run by run (a loaded machine drifts).

Each run is the command in a child process (``--child``), which also clocks its own phases
(process CPU seconds): ``typing`` (the tagger: the typing modules' import, the classifier and
:func:`gecscope.align.edit_types.type_examples`, the lexicon's answers read from
``lexicon.sqlite`` included), ``analyse`` and ``reduce`` (:func:`gecscope.pipeline.analyse`,
:func:`gecscope.pipeline.reduce`: where the per-type counting and rows are), and within them
``types``, the per-type code itself (CLEME's and M2's per-type groups and rows, ERRANT's category
rows). Printed per view: the command's CPU (user + system) and wall seconds, min / median of
``--repeat``; its phases' CPU, min; and ``analyse + reduce`` over the plain run's (min), what a
type view adds besides the tagger (the per-type code, and the chunks CLEME keeps to type them).
The whole command's CPU on a shared machine is noisy (EstNLTK's tokeniser alone varies by a
second): its difference is printed, but read the phases.

    PYTHONPATH=src python benchmarks/bench_type_view.py [--repeat 3] [--json out.json] [--conll] [--src DIR ...]

``--src DIR`` (repeatable): the source trees to time, interleaved run by run (default: this
checkout's ``src``), e.g. ``git archive REV src | tar -x -C before`` for a before/after table.

``--conll``: CoNLL-14's AMU (``--ref-m2 official-2014.combined.m2``), English, instead.
``--in-process``: each view's own cost without the command's noise: in one process per source
tree, the examples read, aligned and (for ``--cat 2``) typed once outside the clock, and M2's
lattice search memoised outside it too (the same search in every view), then per metric and
view the CPU seconds of :func:`gecscope.pipeline.analyse` + :func:`gecscope.pipeline.reduce`,
min / median of ``--repeat``, the garbage collector running as in a command.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from clitiming import run_cpu, seeded_folder

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
METRICS = ("cleme2", "errant", "m2")
PHASES = ("typing", "analyse", "reduce", "types")


def inputs(conll: bool) -> list[str]:
    """The command's input options (the paths printed with the results)."""
    if conll:
        c = SHARED / "data" / "conll14"
        return ["--ref-m2", str(c / "official-2014.combined.m2"), "--source", str(c / "sources.txt"),
                "--hyp", str(c / "systems" / "AMU.txt")]  # fmt: skip
    nelb = SHARED / "data" / "multilingual" / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"
    return ["-t", "estgec-l2", "--hyp", str(nelb)]


#: the views: their extra options, and whether the lexicon cache starts warm
VIEWS = {
    "plain": ([], False),
    "--cat gold": (["--cat", "gold"], False),
    "--cat 2, warm lexicon cache": (["--cat", "2"], True),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--conll", action="store_true", help="CoNLL-14 AMU instead of EstGEC-L2 NELB")
    parser.add_argument("--src", type=Path, action="append", help="a source tree to time (several: interleaved)")
    parser.add_argument("--in-process", action="store_true", help="each view's analyse + reduce alone (see above)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.child is not None:
        child(args.child, rest)
        return
    if args.in_process:
        for tree in args.src or [ROOT / "src"]:
            env = {**os.environ, "GECSCOPE_SHARED": str(SHARED), "PYTHONPATH": str(tree)}
            code = f"import sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); import bench_type_view as b; "
            code += f"b.view_costs({args.repeat}, {args.conll})"
            print(tree, flush=True)
            subprocess.run([sys.executable, "-c", code], env=env, check=True)
        return
    base = [sys.executable, str(Path(__file__).resolve()), "--child"]
    command = ["score", *inputs(args.conll), "--metric", *METRICS, "--quiet"]
    print("gecscope " + " ".join(command))
    trees = args.src or [ROOT / "src"]
    results = command_times(base, command, args.repeat, trees)
    print(f"{'':29}  cpu min  cpu med  wall min  wall med  " + "  ".join(f"{p:>8}" for p in PHASES) + "  own cost")
    for tree, views in results.items():
        print(tree)
        plain = views["plain"]
        for name, r in views.items():
            r["own"] = own = r["analyse"] + r["reduce"] - plain["analyse"] - plain["reduce"]
            cells = f"{r['cpu_min']:7.3f}  {r['cpu_median']:7.3f}  {r['wall_min']:8.3f}  {r['wall_median']:8.3f}"
            print(f"{name:29}  {cells}  " + "  ".join(f"{r[p]:8.3f}" for p in PHASES) + f"  {own:+8.3f}")
    if args.json:
        args.json.write_text(json.dumps({"command": command, "trees": results}, indent=2), encoding="utf-8")


def command_times(
    base: list[str], command: list[str], repeat: int, trees: list[Path]
) -> dict[str, dict[str, dict[str, float]]]:
    """Per source tree, per view: min and median CPU (user + system of the child) and wall
    seconds of the whole command, and the min CPU of each of its phases."""
    runs: dict[tuple[str, str], list[dict[str, float]]] = {(str(t), name): [] for t in trees for name in VIEWS}
    with tempfile.TemporaryDirectory() as tmp:
        warm, phases = Path(tmp) / "warm", Path(tmp) / "phases.json"
        env = {**os.environ, "GECSCOPE_SHARED": str(SHARED), "PYTHONPATH": str(trees[0])}
        subprocess.run(
            [*base, str(phases), *command, "--cat", "2", "--cache-dir", str(warm)],
            env=env,
            check=True,
            capture_output=True,
        )
        for _ in range(repeat):
            for tree, (name, (options, seeded)) in ((t, v) for v in VIEWS.items() for t in trees):
                env["PYTHONPATH"] = str(tree)
                folder = seeded_folder(Path(tmp), warm, seeded)
                cpu, wall = run_cpu([*base, str(phases), *command, *options, "--cache-dir", str(folder)], env)
                runs[str(tree), name].append({"cpu": cpu, "wall": wall, **json.loads(phases.read_text("utf-8"))})
    out: dict[str, dict[str, dict[str, float]]] = {}
    for (label, name), rs in runs.items():
        cpus, walls = [r["cpu"] for r in rs], [r["wall"] for r in rs]
        out.setdefault(label, {})[name] = {
            "cpu_min": min(cpus),
            "cpu_median": statistics.median(cpus),
            "wall_min": min(walls),
            "wall_median": statistics.median(walls),
            **{p: min(r[p] for r in rs) for p in PHASES},
        }
    return out


def child(out: Path, argv: list[str]) -> None:
    """The command in this process, its phases clocked (process CPU seconds) into ``out``."""
    spent = dict.fromkeys(PHASES, 0.0)

    def clocked(module: Any, name: str, phase: str) -> None:
        fn: Callable[..., Any] = getattr(module, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[phase] += time.process_time() - start

        setattr(module, name, wrapper)

    from gecscope import pipeline
    from gecscope.cli import main as cli

    typed = "--cat" in argv and argv[argv.index("--cat") + 1] not in ("0", "gold")
    if typed:  # the typing modules (only a run that reads types imports them): the tagger's
        start = time.process_time()
        from gecscope.align import edit_types

        spent["typing"] += time.process_time() - start
        for name in ("classifier_of", "signature_of", "type_examples"):
            clocked(edit_types, name, "typing")
    clocked(pipeline, "analyse", "analyse")
    clocked(pipeline, "reduce", "reduce")
    from gecscope.metrics import chunk_metric, errant, m2

    for module, name in ((chunk_metric, "chunk_type_counts"), (chunk_metric, "chunk_type_rows"),
                         (m2, "m2_type_counts_of"), (m2, "m2_type_rows"), (errant, "category_rows")):  # fmt: skip
        clocked(module, name, "types")
    code = cli(argv)
    out.write_text(json.dumps(spent), encoding="utf-8")
    sys.exit(code)


def view_costs(repeat: int, conll: bool) -> None:
    """Per metric and view: CPU seconds of analyse + reduce (see ``--in-process``), printed."""
    from gecscope import api, pipeline
    from gecscope.metrics import METRICS as REGISTRY
    from gecscope.metrics.m2 import M2

    if conll:
        c = SHARED / "data" / "conll14"
        ref, lang = c / "official-2014.combined.m2", "en"
        examples = api.load(source=c / "sources.txt", hypothesis=c / "systems" / "AMU.txt", ref_m2=ref)
    else:
        m = SHARED / "data" / "multilingual"
        source, ref, lang = (
            m / "estgec-l2/test/source_sentences_test.txt",
            m / "estgec-l2/test/source_gold_test.txt",
            "et",
        )
        hyp = m / "estgec/GEC_systems/nelb/en-et-de-cs-nelb-1.3b-estgec-l2.txt"
        examples = api.load(source=source, hypothesis=hyp, ref_m2=ref, lang=lang, allow_tokenization_mismatch=True)
    print(f"  {examples.__len__()} sentences; gold {ref}")
    [plain], inputs = pipeline.prepare([examples], [REGISTRY[m].build() for m in METRICS], lang=lang)
    [typed], typed_inputs = pipeline.prepare([examples], [REGISTRY[m].build(cat=2) for m in METRICS], lang=lang)
    searched: dict[Any, Any] = {}
    search = M2.annotator_edits

    def memoised(self: M2, ex: Any) -> Any:  # the lattice search, the same in every view: outside the clock
        key = (ex.id, ex.source, ex.hypothesis.tokens, tuple(r.tokens for r in ex.references))
        if key not in searched:
            searched[key] = search(self, ex)
        return searched[key]

    M2.annotator_edits = memoised  # type: ignore[method-assign]
    views = {"plain": (0, plain, inputs), "--cat gold": ("gold", plain, inputs), "--cat 2": (2, typed, typed_inputs)}
    times: dict[tuple[str, str], list[float]] = {}
    for metric in METRICS:
        for ready in (plain, typed):
            pipeline.analyse(REGISTRY[metric].build(), ready)  # memoise M2's searches
    for _ in range(repeat):
        for metric in METRICS:
            for view, (cat, ready, made) in views.items():
                built = REGISTRY[metric].build(**({"cat": cat} if cat else {}))
                start = time.process_time()
                pipeline.reduce(built, [pipeline.analyse(built, ready)], made)
                times.setdefault((metric, view), []).append(time.process_time() - start)
    print(f"  {'':18}  cpu min  cpu med   over plain (min)")
    for view in views:
        total = 0.0
        for metric in METRICS:
            t, base = times[metric, view], times[metric, "plain"]
            total += min(t) - min(base)
            print(
                f"  {metric + ' ' + view:18}  {min(t):7.3f}  {statistics.median(t):7.3f}   {min(t) - min(base):+7.3f}"
            )
        print(f"  {'all ' + view:18}  {'':7}  {'':7}   {total:+7.3f}")


if __name__ == "__main__":
    main()
