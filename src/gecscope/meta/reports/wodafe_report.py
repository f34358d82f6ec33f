"""``gecscope meta wodafe``: WODAFE on SEEDA beside the paper's Tables 1, 2 and 4 (and heat maps).

Hindsight optimum = the paper's protocol (best correlation over the whole alpha x gamma grid).
Cross-validated = parameters chosen without looking at the cell: at system level on the other
human granularity (SEEDA-S for a SEEDA-E cell and vice versa, same setting); at sentence level on
the other half of the sentences (even / odd src-id), averaged over both halves.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path
from typing import NamedTuple

import numpy as np

from gecscope.align import Aligner
from gecscope.finite import check_step
from gecscope.meta.data.datasets import MetaDataset, setting_systems
from gecscope.meta.data.judgments import human_pairs, read_judgments
from gecscope.meta.protocols.evaluate import run_metric
from gecscope.meta.protocols.wodafe import GridResult, SystemStats, sentence_grid, system_grid
from gecscope.metrics.wodafe import PRESETS, Wodafe
from gecscope.resample.adapters import chunk_array

GRANULARITIES = {"SEEDA-E": ("TS_edit", "edit"), "SEEDA-S": ("TS_sent", "sent")}
SETTINGS = {"Base": "base", "+Fluent": "+fluency"}


class Paper(NamedTuple):
    """The paper's values for one (granularity, setting), two annotators: Table 1 "Ours" and Table 2."""

    system: tuple[float, float]  # r, rho
    sentence: tuple[float, float]  # Acc, tau
    system_params: tuple[tuple[float, float], tuple[float, float]]  # (alpha, gamma) at the maximum of r, of rho
    sentence_params: tuple[float, float]  # (alpha, gamma) at the maximum of Acc and tau


PAPER = {
    ("SEEDA-E", "Base"): Paper((0.931, 1.0), (0.789, 0.577), ((0.120, 0.865), (0.195, 0.825)), (0.480, 0.985)),
    ("SEEDA-E", "+Fluent"): Paper((0.962, 0.987), (0.772, 0.543), ((0.000, 0.005), (0.035, 0.885)), (0.460, 0.985)),
    ("SEEDA-S", "Base"): Paper((0.886, 0.895), (0.788, 0.575), ((0.005, 0.015), (0.085, 0.77)), (0.155, 0.955)),
    ("SEEDA-S", "+Fluent"): Paper((0.923, 0.895), (0.760, 0.520), ((0.000, 0.075), (0.035, 0.895)), (0.235, 0.965)),
}
#: paper Table 4: fluency alone (system r, rho; sentence Acc, tau) and M2 / ERRANT for comparison
PAPER_TABLE4 = {
    "fluency": {"Base": ((0.904, 0.902), (0.760, 0.720)), "+Fluent": ((0.962, 0.938), (0.923, 0.824))},
    "M2": {"Base": ((0.791, 0.764), (0.658, 0.487)), "+Fluent": ((-0.239, 0.161), (-0.336, -0.013))},
    "ERRANT": {"Base": ((0.697, 0.671), (0.557, 0.406)), "+Fluent": ((-0.502, 0.051), (-0.587, -0.116))},
}


def collect(
    metric: Wodafe, dataset: MetaDataset, aligner: Aligner
) -> tuple[dict[str, SystemStats], dict[str, SystemStats]]:
    """(weighted stats, unweighted stats) of every system from one alignment and one fluency pass."""
    run = run_metric("wodafe", metric, dataset, aligner)
    plain = Wodafe(dataclasses.replace(metric.config, weighting="none"))
    weighted, unweighted = {}, {}
    for system, analysis in run.analyses.items():
        fluency = metric.hypothesis_fluency(analysis)
        weighted[system] = SystemStats(*chunk_array(metric.counts(analysis)), fluency)
        unweighted[system] = SystemStats(*chunk_array(plain.counts(analysis)), fluency)
    return weighted, unweighted


def _at(grid: GridResult, name: str, alpha: float, gamma: float) -> float:
    a = int(np.argmin(np.abs(grid.alphas - alpha)))
    g = int(np.argmin(np.abs(grid.gammas - gamma)))
    return float(grid.values[name][a, g])


def wodafe_report(
    metric: Wodafe,
    dataset: MetaDataset,
    aligner: Aligner,
    *,
    step: float = 0.005,
    plot_dir: str | Path | None = None,
) -> str:
    check_step(step)
    start = time.perf_counter()
    stats, plain = collect(metric, dataset, aligner)
    collected = time.perf_counter() - start
    grid = np.round(np.arange(0, 1 + step / 2, step), 6)
    beta = metric.config.beta
    lines = [
        "# WODAFE on SEEDA (CoNLL-2014 two-annotator references)",
        "",
        f"Statistics: `{metric.signature()}` (α, γ searched; fluency scored for every sentence)",
        "",
        "## System level (TrueSkill), ours (paper Table 1) and the parameters at the maximum (paper Table 2)",
        "",
        "| granularity | setting | coef | hindsight max | α, γ (paper α, γ) | cross-validated | at preset 'edit' |",
        "|---|---|---|---|---|---|---|",
    ]
    sys_grids: dict[tuple[str, str], GridResult] = {}
    for label, setting in SETTINGS.items():
        human = {g: dataset.human[v] for g, (v, _) in GRANULARITIES.items()}
        res = system_grid(stats, human, setting_systems(dataset, setting), grid, grid, beta)
        for gran in GRANULARITIES:
            sys_grids[(gran, label)] = res
            other = next(g for g in GRANULARITIES if g != gran)
            for c, coef in enumerate(("pearson", "spearman")):
                name = f"{gran}:{coef}"
                value, a, g = res.best(name)
                _, ca, cg = res.best(f"{other}:{coef}")
                cell = PAPER[(gran, label)]
                pa, pg = cell.system_params[c]
                lines.append(
                    f"| {gran} | {label} | {coef} | {value:.3f} ({cell.system[c]:.3f}) "
                    f"| {a:.3f}, {g:.3f} ({pa:.3f}, {pg:.3f}) | {_at(res, name, ca, cg):.3f} (α {ca:.3f}, γ {cg:.3f}) "
                    f"| {_at(res, name, *PRESETS['edit']):.3f} |"
                )
    lines += ["", "## Sentence level (pairwise accuracy, Kendall τ; gec-metrics tie rule)", ""]
    lines.append("| granularity | setting | hindsight Acc / τ (paper) | α, γ (paper α, γ) | cross-validated Acc |")
    lines.append("|---|---|---|---|---|")
    position = dataset.row_of_src_id() or None
    for label, setting in SETTINGS.items():
        systems = setting_systems(dataset, setting)
        for gran, (_, jname) in GRANULARITIES.items():
            pairs = human_pairs(read_judgments(dataset.judgments[jname]), systems)
            halves = {str(k): [p for p in pairs if p.src_id % 2 == k] for k in (0, 1)}
            res = sentence_grid(stats, {"all": pairs, **halves}, position, grid, grid, beta)
            value, a, g = res.best("all:accuracy")
            # the parameters chosen on one half, evaluated on the other
            cv = [_at(res, f"{1 - k}:accuracy", *res.best(f"{k}:accuracy")[1:]) for k in (0, 1)]
            pv, (pa, pg) = PAPER[(gran, label)].sentence, PAPER[(gran, label)].sentence_params
            lines.append(
                f"| {gran} | {label} | {value:.3f} / {2 * value - 1:.3f} ({pv[0]:.3f} / {pv[1]:.3f}) "
                f"| {a:.3f}, {g:.3f} ({pa:.3f}, {pg:.3f}) | {np.mean(cv):.3f} |"
            )
    lines += ["", "## Fluency alone (γ = 1) and F_G alone, beside the paper's Table 4", ""]
    lines.append("| setting | granularity | fluency r / ρ (paper) | M2 r / ρ (paper) | ERRANT r / ρ (paper) |")
    lines.append("|---|---|---|---|---|")
    for label in SETTINGS:
        for gi, gran in enumerate(GRANULARITIES):
            res = sys_grids[(gran, label)]
            r, rho = (float(res.values[f"{gran}:{c}"][0, -1]) for c in ("pearson", "spearman"))
            paper = {m: "{:.3f} / {:.3f}".format(*PAPER_TABLE4[m][label][gi]) for m in PAPER_TABLE4}
            lines.append(
                f"| {label} | {gran} | {r:.3f} / {rho:.3f} ({paper['fluency']}) "
                f"| paper {paper['M2']} | paper {paper['ERRANT']} |"
            )
    lines += ["", "## α ablation without edit weights (Figure 6: SEEDA-E Base, γ = 0)", ""]
    human = {"SEEDA-E": dataset.human["TS_edit"]}
    ablation = system_grid(plain, human, setting_systems(dataset, "base"), grid, grid[:1], beta)  # F_G alone: γ = 0
    for coef in ("pearson", "spearman"):
        values = ablation.values[f"SEEDA-E:{coef}"][:, 0]
        best = int(np.nanargmax(values))
        lines.append(
            f"- {coef}: α = 1 (no decoupling) {values[-1]:.3f}; max {values[best]:.3f} at α = {grid[best]:.3f}; "
            f"Diff {values[best] - values[-1]:.3f}"
        )
    if plot_dir is not None:
        from gecscope.meta.reports.plots import plot_heatmap

        out = Path(plot_dir)
        out.mkdir(parents=True, exist_ok=True)
        for (gran, label), res in sys_grids.items():
            for coef in ("pearson", "spearman"):
                plot_heatmap(
                    res.values[f"{gran}:{coef}"].tolist(),
                    list(grid),
                    list(grid),
                    out / f"wodafe-{gran}-{label.strip('+')}-{coef}.png",
                    row_label="alpha",
                    column_label="gamma",
                    title=f"WODAFE {coef}, system level, {gran} {label}",
                )
        lines += ["", f"Heat maps (system level, α × γ) written to `{out}`."]
    lines += [
        "",
        f"Statistics (alignment, weights, fluency) {collected:.0f} s; "
        f"grids {time.perf_counter() - start - collected:.0f} s.",
    ]
    return "\n".join(lines) + "\n"
