"""``gecscope meta report``: every non-neural metric on GJG15 and SEEDA, one markdown document,
our numbers beside the published ones wherever a paper printed the cell."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from gecscope.api import get_metric
from gecscope.meta.data.datasets import SEEDA_SETTINGS, MetaDataset, gjg15, seeda
from gecscope.meta.data.human import read_human_scores
from gecscope.meta.data.published import SENTENCE, SOURCES, SYSTEM
from gecscope.meta.protocols.correlate import system_correlation
from gecscope.meta.protocols.evaluate import MetricRun, run_metric, sentence_level, system_level
from gecscope.meta.protocols.gjg15 import (
    PAPER_TABLE1,
    PAPER_TABLE1_SN8GEC,
    TABLE1_SIM_VARIANTS,
    TABLE1_VARIANTS,
    reference_set_analyses,
    table1,
)
from gecscope.meta.protocols.session import MetaSession
from gecscope.meta.reports.presets import META_METRICS, NEEDS_INPUT, uses_model
from gecscope.meta.reports.timings import StageClock
from gecscope.metrics.analysis import relabel

SN8GEC = tuple(PAPER_TABLE1_SN8GEC)


def report_presets(neural: bool = False) -> list[str]:
    """The meta presets the report scores: every non-neural one, plus the model-based with ``neural``."""
    return [name for name in META_METRICS if name not in NEEDS_INPUT and (neural or not uses_model(name))]


def table1_variants(sim: bool = False) -> list[str]:
    """Table 1 rows: the unweighted ones, plus the similarity-weighted with ``sim``."""
    return [*TABLE1_VARIANTS, *(TABLE1_SIM_VARIANTS if sim else ())]


def _runs(
    ds: MetaDataset, aligner: Any, neural: bool = False, session: MetaSession | None = None
) -> dict[str, tuple[MetricRun, str]]:
    """One run per distinct metric configuration; presets that differ only in aggregation share it
    (and, with a ``session``, its examples, alignments and shareable analyses)."""
    cache: dict[str, MetricRun] = {}
    out = {}
    for name in report_presets(neural):
        registry, options, aggregation = META_METRICS[name]
        key = f"{registry}|{sorted(options.items())}"
        if key not in cache:
            cache[key] = run_metric(name, get_metric(registry, **options), ds, aligner, session)
        out[name] = (cache[key], aggregation)
    return out


def _cell(ours: tuple[float, float], published: tuple[float, float, str] | None) -> str:
    text = f"{ours[0]:.3f} / {ours[1]:.3f}"
    return text + (f" ({published[0]:.3f} / {published[1]:.3f})" if published else "")


def _system_table(ds: MetaDataset, runs: dict[str, tuple[MetricRun, str]], setting: str | None) -> list[str]:
    vectors = list(ds.human)
    lines = ["| metric | " + " | ".join(vectors) + " |", "|---" * (len(vectors) + 1) + "|"]
    for name, (run, aggregation) in runs.items():
        corr = system_level(run, setting, aggregation)
        cells = [_cell((corr[v].pearson, corr[v].spearman), SYSTEM.get((ds.name, setting, v, name))) for v in vectors]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def _sentence_table(ds: MetaDataset, runs: dict[str, tuple[MetricRun, str]], setting: str | None) -> list[str]:
    grans = list(ds.judgments)
    head = [f"{g} ({rule})" for g in grans for rule in ("gec-metrics", "seeda-paper")]
    lines = ["| metric | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    for name, (run, aggregation) in runs.items():
        if aggregation != "corpus":
            continue
        cells = []
        for g in grans:
            for rule in ("gec-metrics", "seeda-paper"):
                r = sentence_level(run, setting, rule, (g,))[g]
                pub = SENTENCE.get((ds.name, setting or "", g, name)) if rule == "seeda-paper" else None
                cells.append(_cell((r.accuracy, r.kendall), pub))
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return lines


def full_report(
    data: str | Path,
    *,
    sim: bool = False,
    neural: bool = False,
    settings: Any = None,
    clock: StageClock | None = None,
) -> str:
    """The whole report. Non-neural by default; ``sim`` adds the similarity-weighted Table 1 rows,
    ``neural`` every model-based preset (PT-M2, WODAFE, CLEME2.0-sim). ``clock`` records the
    wall time of each stage. With ``settings.jobs > 1`` (local processes) the three independent
    sections (GJG15, SEEDA, Table 1) run in that many spawned worker processes; the text is the
    same either way."""
    from gecscope.align import AlignSettings

    start = time.perf_counter()
    clock = clock if clock is not None else StageClock()
    opts = settings or AlignSettings()
    head = [
        "# gecscope meta-evaluation report",
        "",
        "Ours first; published values in parentheses where a paper printed the cell. System level: "
        "Pearson / Spearman; sentence level: accuracy / Kendall tau. Sources: "
        + "; ".join(f"{k}: {v}" for k, v in SOURCES.items())
        + ".",
        "",
    ]
    workers = min(opts.jobs, len(SECTIONS)) if opts.executor == "processes" else 1
    if workers > 1:
        parts = _parallel_sections(str(data), sim, neural, opts, workers)
    else:
        from gecscope.align import get_aligner

        aligner = get_aligner("errant", opts)  # one aligner (one spaCy load) for every section
        parts = [section(name, str(data), sim, neural, opts, aligner=aligner) for name in SECTIONS]
    out = list(head)
    for lines, seconds in parts:
        out += lines
        for stage, value in seconds.items():
            clock.seconds[stage] = clock.seconds.get(stage, 0.0) + value
    out += [
        "",
        "♣: unchanged references excluded (the paper applies this to the starred SentCLEME2.0 cells).",
        "",
        f"Wall time: {time.perf_counter() - start:.0f} s.",
        "",
    ]
    return "\n".join(out)


#: the report's independent sections, in the order they are printed
SECTIONS = ("gjg15", "seeda", "table1")


def _parallel_sections(
    data: str, sim: bool, neural: bool, settings: Any, workers: int
) -> list[tuple[list[str], dict[str, float]]]:
    import dataclasses
    import multiprocessing

    from gecscope.pools import worker_pool
    from gecscope.progress import is_quiet

    # each section parses in one process: the sections are the parallel units
    per_section = dataclasses.replace(settings, jobs=max(1, settings.jobs // workers))
    order = sorted(SECTIONS, key=lambda name: name != "gjg15")  # the longest first
    with worker_pool(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {
            name: pool.submit(_section_in_lane, SECTIONS.index(name), name, data, sim, neural, per_section, is_quiet())
            for name in order
        }
        return [futures[name].result() for name in SECTIONS]


def _section_in_lane(
    position: int, name: str, data: str, sim: bool, neural: bool, settings: Any, quiet: bool
) -> tuple[list[str], dict[str, float]]:
    """:func:`section` in a worker, its progress bars labelled with the section and drawn on
    their own terminal line (parallel sections would overwrite each other's)."""
    from gecscope.progress import lane

    with lane(name, position):
        return section(name, data, sim, neural, settings, quiet)


def section(
    name: str, data: str, sim: bool, neural: bool, settings: Any, quiet: bool | None = None, aligner: Any = None
) -> tuple[list[str], dict[str, float]]:
    """One section of the report (``gjg15``, ``seeda`` or ``table1``): its lines and stage times.
    A top-level function, so that worker processes can run it."""
    import contextlib

    from gecscope.align import get_aligner
    from gecscope.metrics.m2_store import open_store
    from gecscope.progress import quiet as quieted

    clock = StageClock()
    aligner = aligner or get_aligner("errant", settings)
    with quieted(quiet) if quiet is not None else contextlib.nullcontext():
        if name == "table1":
            return _table1_section(data, sim, aligner, clock), clock.seconds
        session = MetaSession(aligner, open_store(settings.cache_dir, settings.cache))
        ds = gjg15(data) if name == "gjg15" else seeda(data)
        with clock.stage(f"{name} load+align"):
            session.aligned(ds, True)
        with clock.stage(f"{name} metrics"):
            runs = _runs(ds, aligner, neural, session)
        out: list[str] = []
        with clock.stage(f"{name} tables"):
            if name == "gjg15":
                out += ["## GJG15 (13 systems incl. INPUT, 1,312 sentences; references REF0/REF1)", ""]
                out += [*_system_table(ds, runs, None), "", "Sentence level (GJG15 rankings, 49,981 pairs):", ""]
                out += [*_sentence_table(ds, runs, None), ""]
            else:
                for setting in SEEDA_SETTINGS:
                    out += [f"## SEEDA, {setting} (391 sentences)", ""]
                    out += [*_system_table(ds, runs, setting), "", "Sentence level:", ""]
                    out += [*_sentence_table(ds, runs, setting), ""]
        return out, clock.seconds


def _table1_section(data: str, sim: bool, aligner: Any, clock: StageClock) -> list[str]:
    out = [
        "## CLEME2.0 Table 1 (GJG15) across reference sets",
        "",
        "| reference set | metric | ours: r EW, r TS, rho EW, rho TS | paper |",
        "|---|---|---|---|",
    ]
    with clock.stage("table1"):
        rows = table1(data, table1_variants(sim))
    for row in rows:
        vals = ", ".join(f"{v:.3f}" for v in row.values())
        out.append(f"| CoNLL-2014 | {row.name} | {vals} | {', '.join(f'{v:.3f}' for v in PAPER_TABLE1[row.name])} |")
    human = read_human_scores(Path(data) / "gjg15" / "human_scores.tsv")
    for exclude in (False, True):
        with clock.stage("sn8gec analyses"):
            analyses = reference_set_analyses(data, SN8GEC, aligner, exclude_unchanged=exclude)
        labelled: dict[tuple[str, str], dict[str, Any]] = {}
        for rs in SN8GEC:
            for name, paper in PAPER_TABLE1_SN8GEC[rs].items():
                level = "sentence" if name.startswith("Sent") else "corpus"
                assumption = "dependent" if name.endswith("dep") else "independent"
                metric = get_metric("cleme2", level=level, assumption=assumption, exclude_unchanged_refs=exclude)
                if (rs, assumption) not in labelled:  # relabelled once, scored at both levels
                    labelled[rs, assumption] = {sy: relabel(a, assumption) for sy, a in analyses[rs].items()}
                with clock.stage("sn8gec scores"):
                    scores = {sy: metric.score_analysis(a).value for sy, a in labelled[rs, assumption].items()}
                ew, ts = system_correlation(scores, human["ew"]), system_correlation(scores, human["ts"])
                vals = ", ".join(f"{v:.3f}" for v in (ew.pearson, ts.pearson, ew.spearman, ts.spearman))
                label = f"{rs}{' ♣' if exclude else ''}"
                printed = ", ".join("n/a" if v != v else f"{v:.3f}" for v in paper)
                out.append(f"| {label} | {name} | {vals} | {printed} |")
    return out
