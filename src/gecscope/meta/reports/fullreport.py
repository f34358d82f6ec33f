"""``gecscope meta report``: every non-neural metric on GJG15 and SEEDA, one markdown document,
our numbers beside the published ones wherever a paper printed the cell."""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gecscope.align import AlignSettings, get_aligner
from gecscope.api import get_metric
from gecscope.meta.data.datasets import SEEDA_SETTINGS, MetaDataset, gjg15, seeda
from gecscope.meta.data.human import read_human_scores
from gecscope.meta.data.published import SENTENCE, SOURCES, SYSTEM
from gecscope.meta.protocols.evaluate import MetricRun, run_metric, sentence_level, system_level
from gecscope.meta.protocols.gjg15 import (
    PAPER_TABLE1,
    PAPER_TABLE1_SN8GEC,
    TABLE1_SIM_VARIANTS,
    TABLE1_VARIANTS,
    reference_set_analyses,
    table1,
    table1_rows,
)
from gecscope.meta.protocols.session import MetaSession
from gecscope.meta.reports.presets import META_METRICS, NEEDS_INPUT, TABLE8_ONLY, uses_model
from gecscope.meta.reports.timings import StageClock
from gecscope.progress import is_quiet, lane
from gecscope.progress import quiet as quieted

SN8GEC = tuple(PAPER_TABLE1_SN8GEC)
#: the GJG15 section's heading and what its sentence-level table counts
GJG15_TITLES = (
    "GJG15 (13 systems incl. INPUT, 1,312 sentences; references REF0/REF1)",
    " (GJG15 rankings, 49,981 pairs)",
)


def report_presets(neural: bool = False) -> list[str]:
    """The meta presets the report scores: every non-neural one, plus the model-based with ``neural``."""
    left_out = NEEDS_INPUT | TABLE8_ONLY
    return [name for name in META_METRICS if name not in left_out and (neural or not uses_model(name))]


def table1_variants(sim: bool = False) -> list[str]:
    """Table 1 rows: the unweighted ones, plus the similarity-weighted with ``sim``."""
    return [*TABLE1_VARIANTS, *(TABLE1_SIM_VARIANTS if sim else ())]


def _runs(ds: MetaDataset, session: MetaSession, neural: bool = False) -> dict[str, tuple[MetricRun, str]]:
    """One run per distinct metric configuration; presets that differ only in aggregation share it
    (and the ``session``'s examples, alignments and shareable analyses)."""
    cache: dict[str, MetricRun] = {}
    out = {}
    for name in report_presets(neural):
        registry, options, aggregation = META_METRICS[name]
        key = f"{registry}|{sorted(options.items())}"
        if key not in cache:
            cache[key] = run_metric(name, get_metric(registry, **options), ds, session=session)
        out[name] = (cache[key], aggregation)
    return out


def _cell(ours: tuple[float, float], published: tuple[float, float, str] | None) -> str:
    text = f"{ours[0]:.3f} / {ours[1]:.3f}"
    return text + (f" ({published[0]:.3f} / {published[1]:.3f})" if published else "")


def markdown_table(head: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    """A Markdown table's lines: the heading, its rule and one line per row."""
    return ["| " + " | ".join(head) + " |", "|---" * len(head) + "|", *("| " + " | ".join(r) + " |" for r in rows)]


def _system_table(ds: MetaDataset, runs: dict[str, tuple[MetricRun, str]], setting: str | None) -> list[str]:
    rows = []
    for name, (run, aggregation) in runs.items():
        corr = system_level(run, setting, aggregation)
        rows.append(
            [name, *(_cell((c.pearson, c.spearman), SYSTEM.get((ds.name, setting, v, name))) for v, c in corr.items())]
        )
    return markdown_table(["metric", *ds.human], rows)


def _sentence_table(ds: MetaDataset, runs: dict[str, tuple[MetricRun, str]], setting: str | None) -> list[str]:
    rules = ("gec-metrics", "seeda-paper")
    rows = []
    for name, (run, aggregation) in runs.items():
        if aggregation == "corpus":
            got = {rule: sentence_level(run, setting, rule) for rule in rules}
            paper = {g: SENTENCE.get((ds.name, setting or "", g, name)) for g in ds.judgments}
            cells = [
                _cell((got[rule][g].accuracy, got[rule][g].kendall), paper[g] if rule == "seeda-paper" else None)
                for g in ds.judgments
                for rule in rules
            ]
            rows.append([name, *cells])
    return markdown_table(["metric", *(f"{g} ({rule})" for g in ds.judgments for rule in rules)], rows)


def full_report(
    data: str | Path,
    *,
    sim: bool = False,
    neural: bool = False,
    settings: AlignSettings,
    clock: StageClock,
) -> str:
    """The whole report. Non-neural by default; ``sim`` adds the similarity-weighted Table 1 rows,
    ``neural`` every model-based preset (PT-M2, WODAFE, CLEME2.0-sim). ``clock`` records the
    wall time of each stage. With ``settings.jobs > 1`` (local processes) the three independent
    sections (GJG15, SEEDA, Table 1) run in that many spawned worker processes; the text is the
    same either way."""
    start = time.perf_counter()
    out = [
        "# gecscope meta-evaluation report",
        "",
        "Ours first; published values in parentheses where a paper printed the cell. System level: "
        "Pearson / Spearman; sentence level: accuracy / Kendall tau. Sources: "
        + "; ".join(f"{k}: {v}" for k, v in SOURCES.items())
        + ".",
        "",
    ]
    workers = min(settings.jobs, len(SECTIONS)) if settings.executor == "processes" else 1
    if workers > 1:
        parts = _parallel_sections(str(data), sim, neural, settings, workers)
    else:
        aligner = get_aligner("errant", settings)  # one aligner (one spaCy load) for every section
        parts = [section(name, str(data), sim, neural, settings, is_quiet(), aligner) for name in SECTIONS]
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
    with lane(name, position):
        return section(name, data, sim, neural, settings, quiet)


def section(
    name: str, data: str, sim: bool, neural: bool, settings: Any, quiet: bool, aligner: Any = None
) -> tuple[list[str], dict[str, float]]:
    """One section of the report (``gjg15``, ``seeda`` or ``table1``): its lines and stage times.
    A top-level function, so that worker processes can run it (``quiet``: as the parent process)."""
    from gecscope.metrics.m2_store import open_store

    clock = StageClock()
    aligner = aligner or get_aligner("errant", settings)
    with quieted(quiet):
        if name == "table1":
            return _table1_section(data, sim, aligner, clock), clock.seconds
        session = MetaSession(aligner, open_store(settings.cache_dir, settings.cache))
        ds = gjg15(data) if name == "gjg15" else seeda(data)
        with clock.stage(f"{name} load+align"):
            session.aligned(ds, True)
        with clock.stage(f"{name} metrics"):
            runs = _runs(ds, session, neural)
        out: list[str] = []
        with clock.stage(f"{name} tables"):
            for setting in list(SEEDA_SETTINGS) if name == "seeda" else [None]:
                title, pairs = (f"SEEDA, {setting} (391 sentences)", "") if setting else GJG15_TITLES
                out += [f"## {title}", "", *_system_table(ds, runs, setting), "", f"Sentence level{pairs}:", ""]
                out += [*_sentence_table(ds, runs, setting), ""]
        return out, clock.seconds


def _table1_section(data: str, sim: bool, aligner: Any, clock: StageClock) -> list[str]:
    with clock.stage("table1"):
        rows = table1(data, table1_variants(sim))
    table = [["CoNLL-2014", row.name, _values(row.values()), _values(PAPER_TABLE1[row.name])] for row in rows]
    human = read_human_scores(Path(data) / "gjg15" / "human_scores.tsv")
    for exclude in (False, True):
        with clock.stage("sn8gec analyses"):
            analyses = reference_set_analyses(data, SN8GEC, aligner, exclude_unchanged=exclude)
        for rs in SN8GEC:
            with clock.stage("sn8gec scores"):
                rows = table1_rows(analyses[rs], PAPER_TABLE1_SN8GEC[rs], human, exclude_unchanged_refs=exclude)
            label = f"{rs}{' ♣' if exclude else ''}"
            table += [
                [label, r.name, _values(r.values()), _values(PAPER_TABLE1_SN8GEC[rs][r.name], "n/a")] for r in rows
            ]
    head = ["reference set", "metric", "ours: r EW, r TS, rho EW, rho TS", "paper"]
    return ["## CLEME2.0 Table 1 (GJG15) across reference sets", "", *markdown_table(head, table)]


def _values(values: Iterable[float], nan: str = "nan") -> str:
    return ", ".join(nan if v != v else f"{v:.3f}" for v in values)
