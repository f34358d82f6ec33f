"""GMEG-Data's additions to a ``meta run`` entry: synthetic systems over seeds, and the paper's Table 8."""

from __future__ import annotations

from typing import Any

from gecscope.errors import InputError, SettingError
from gecscope.meta.data.datasets import MetaDataset
from gecscope.meta.data.gmeg import RATING, read_segment_scores
from gecscope.meta.data.named import check_options
from gecscope.meta.data.published import GMEG_TABLE8, GMEG_TABLE8_ROWS, GMEG_TABLE8_SOURCE
from gecscope.meta.protocols.correlate import system_correlation
from gecscope.meta.protocols.evaluate import MetricRun
from gecscope.meta.protocols.limits import MAX_SEEDS
from gecscope.meta.protocols.synthetic import summarise, synthetic_vectors


def check_synthetic(count: int, runs: int, dataset: str) -> None:
    """One line for synthetic settings that cannot apply, before any work."""
    check_options(dataset, synthetic=count)
    if not 1 <= runs <= MAX_SEEDS:
        raise SettingError(f"--synthetic-runs must be from 1 to {MAX_SEEDS:,}; got {runs}", "synthetic_runs")


def synthetic_entry(
    run: MetricRun, ds: MetaDataset, aggregation: str, count: int, seed: int, runs: int
) -> dict[str, Any]:
    """Pearson and Spearman over the real systems plus ``count`` hybrids, for seeds
    ``seed .. seed + runs - 1``: mean and sample sd, and every run's values."""
    segments = checked_segments(ds, run)
    seeds = list(range(seed, seed + runs))
    found = [
        system_correlation(*synthetic_vectors(run, segments, ds.human[RATING], count, s, aggregation)) for s in seeds
    ]
    return {
        "systems": count,
        "seeds": seeds,
        "pearson": summarise([c.pearson for c in found]),
        "spearman": summarise([c.spearman for c in found]),
        "runs": [{"seed": s, "pearson": c.pearson, "spearman": c.spearman} for s, c in zip(seeds, found, strict=True)],
    }


def checked_segments(ds: MetaDataset, run: MetricRun) -> dict[str, list[float | None]]:
    """The data set's per-sentence ratings, one line if they do not fit its systems and sentences."""
    if ds.segments is None:
        raise InputError(f"{ds.name} has no per-sentence ratings for synthetic systems")
    segments = read_segment_scores(ds.segments)
    missing = [s for s in ds.systems if s not in segments]
    if missing:
        raise InputError(f"no column for {', '.join(missing)}", ds.segments, 1)
    sentences = len(run.session.examples(ds, ds.systems[0]))
    rows = len(segments[ds.systems[0]])
    if rows != sentences:
        raise InputError(f"has {rows} rows for {sentences} sentences", ds.segments)
    return segments


def published_entry(preset: str, dataset: str) -> dict[str, Any] | None:
    """The paper's Table 8 cell of a preset with the paper's settings (None: not in the table)."""
    row = GMEG_TABLE8_ROWS.get(preset)
    domain = dataset.removeprefix("gmeg-")
    if row is None or domain not in GMEG_TABLE8[row]:
        return None
    r, rho = GMEG_TABLE8[row][domain]
    return {"row": row, "pearson": r, "spearman": rho, "source": GMEG_TABLE8_SOURCE}


def williams_entry(
    runs: list[tuple[MetricRun, str]], ds: MetaDataset, systems: tuple[str, ...], synthetic: int, seed: int
) -> dict[str, Any]:
    """Per human vector, the Williams p-values between every two metrics (Pearson over the real
    systems; on GMEG with ``synthetic``, over the real systems plus the hybrids of ``seed``)."""
    from gecscope.meta.protocols.williams import williams_matrix

    out: dict[str, Any] = {}
    for human, values in ds.human.items():
        scores = {run.name: run.system_scores(agg) for run, agg in runs}
        people, among = dict(values), list(systems)
        if synthetic and ds.segments is not None:
            segments = checked_segments(ds, runs[0][0])
            for run, agg in runs:
                scores[run.name], people = synthetic_vectors(run, segments, values, synthetic, seed, agg)
            among = sorted(people)
        out[human] = {"systems": len(among), "p": williams_matrix(scores, people, among)}
    return out
