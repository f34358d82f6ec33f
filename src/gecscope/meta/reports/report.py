"""Meta-evaluation entry points returning plain JSON-able documents, and their text rendering."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from gecscope.align import get_aligner
from gecscope.api import get_metric
from gecscope.extras import check_metric
from gecscope.meta.data.datasets import gjg15, seeda, setting_systems
from gecscope.meta.data.named import open_dataset
from gecscope.meta.protocols.evaluate import run_metric, sentence_level, system_level
from gecscope.meta.protocols.session import MetaSession
from gecscope.meta.reports.presets import META_METRICS
from gecscope.pipeline import uses
from gecscope.signature import extend_signature


def meta_run(
    data: str | Path,
    dataset: str,
    metrics: list[str],
    setting: str,
    tie_rule: str,
    *,
    bootstrap: int = 0,
    resample: str = "systems",
    seed: int = 0,
    window: int = 0,
    plot: str | None = None,
    settings: Any = None,
    options: dict[str, dict[str, Any]] | None = None,
    split: str | None = None,
    yahoo: str | Path | None = None,
    synthetic: int = 0,
    synthetic_seed: int = 0,
    synthetic_runs: int = 10,
    williams: bool = False,
    preset: str | None = None,
    trueskill_runs: int | None = None,
    trueskill_seed: int = 0,
) -> dict[str, Any]:
    """``options``: settings per registry metric, over its presets' (e.g. ``{"llm-s": {"llm": ...}}``);
    ``split`` and ``yahoo``: the GMEG split (``test`` by default) and the folder of the Yahoo texts;
    ``synthetic``: GMEG's hybrid systems added to the real ones, for ``synthetic_runs`` seeds from
    ``synthetic_seed`` (:mod:`gecscope.meta.protocols.synthetic`); ``williams``: the Williams test
    between every two metrics (:mod:`gecscope.meta.protocols.williams`); ``preset``: a named GMEG
    setting (:mod:`gecscope.meta.protocols.gmeg_presets`, e.g. ``uot-errant``) with its TrueSkill
    ranking averaged over ``trueskill_runs`` runs (the preset's default when None) from
    ``trueskill_seed``, signed in every metric's signature."""
    from gecscope.meta.reports.gmeg_report import check_synthetic, published_entry, synthetic_entry

    check_synthetic(synthetic, synthetic_runs, dataset)
    named = None
    if preset is not None:
        from gecscope.meta.protocols.gmeg_presets import check_preset

        named = check_preset(preset, dataset, split, synthetic, trueskill_runs)
        trueskill_runs = trueskill_runs or named.runs
    built = {}
    for name in metrics:
        registry, chosen, _ = META_METRICS[name]
        built[name] = get_metric(registry, **{**chosen, **(options or {}).get(registry, {})})
        check_metric(built[name])  # every model and extra, before any work
    if named is not None:
        from gecscope.meta.protocols.gmeg_presets import preset_dataset, signature_fields

        ds = preset_dataset(data, named, trueskill_runs or named.runs, trueskill_seed)
        signed = signature_fields(named, trueskill_runs or named.runs, trueskill_seed)
    else:
        ds, signed = open_dataset(data, dataset, split, yahoo), {}
    setting_or_none = setting if dataset == "seeda" else None
    runs = []
    session = MetaSession()  # one alignment of the outputs for every metric
    doc: dict[str, Any] = {"dataset": dataset, "setting": setting_or_none, "tie_rule": tie_rule, "metrics": {}}
    if dataset.startswith("gmeg-"):  # ratings, no rankings: no sentence level, no tie rule
        doc.update(split=split or "test", tie_rule=None)
    if named is not None:
        doc["preset"] = {
            "name": named.name,
            "about": named.cite,
            "systems": list(ds.systems),
            "references": [p.name for p in ds.references],
            "trueskill": {"runs": trueskill_runs, "seed": trueskill_seed, "scores": ds.human["trueskill"]},
        }
    for name in metrics:
        aggregation, metric = META_METRICS[name][2], built[name]
        if uses(metric)[1] and session.aligner is None:
            session.aligner = get_aligner("errant", dataset_settings(dataset, settings))
        start = time.perf_counter()
        run = run_metric(name, metric, ds, session=session)
        system = system_level(run, setting_or_none, aggregation)
        entry: dict[str, Any] = {
            "signature": extend_signature(run.signature, signed) if signed else run.signature,
            "system": {h: {"pearson": c.pearson, "spearman": c.spearman} for h, c in system.items()},
            "system_scores": run.system_scores(aggregation),
        }
        if aggregation == "corpus" and ds.judgments:
            entry["sentence"] = {
                g: {"accuracy": r.accuracy, "kendall": r.kendall, "pairs": r.pairs, "metric_ties": r.metric_ties}
                for g, r in sentence_level(run, setting_or_none, tie_rule).items()
            }
        if synthetic:
            entry["synthetic"] = synthetic_entry(run, ds, aggregation, synthetic, synthetic_seed, synthetic_runs)
        if dataset.startswith("gmeg-") and named is None and (paper := published_entry(name, dataset)) is not None:
            entry["published"] = paper
        entry["seconds"] = time.perf_counter() - start
        doc["metrics"][name] = entry
        runs.append((run, aggregation))
    systems = setting_systems(ds, setting_or_none)
    if williams:
        from gecscope.meta.reports.gmeg_report import williams_entry

        doc["williams"] = williams_entry(runs, ds, systems, synthetic, synthetic_seed)
    if window or plot:
        from gecscope.meta.protocols.pairwise import window_correlations

        size = window or 4
        human = next(iter(ds.human))
        table = {r.name: window_correlations(r.system_scores(agg), ds.human[human], systems, size) for r, agg in runs}
        doc["windows"] = {
            "size": size,
            "human": human,
            "metrics": {
                n: {f"{a}-{b}": {"pearson": c.pearson, "spearman": c.spearman} for (a, b), c in w.items()}
                for n, w in table.items()
            },
        }
        if plot:
            from gecscope.meta.reports.plots import plot_windows

            plot_windows(table, plot, title=f"{dataset} {doc['setting'] or ''} windows of {size} ({human})")
            doc["windows"]["plot"] = plot
    if bootstrap:
        from gecscope.meta.protocols.bootstrap import bootstrap_correlation

        doc["bootstrap"] = {"samples": bootstrap, "resample": resample, "seed": seed, "vectors": {}}
        compared = [r for r, _ in runs]  # pairwise with the first one, on the same resamples
        for human in ds.human:
            res = bootstrap_correlation(
                compared, human, systems, resample=resample, samples=bootstrap, seed=seed, aggregation=runs[0][1]
            )
            doc["bootstrap"]["vectors"][human] = {
                m: {k: (str(v) if not isinstance(v, float) else v) for k, v in e.items()}
                for m, e in res["metrics"].items()
            }
    return doc


def dataset_settings(dataset: str, settings: Any) -> Any:
    """The alignment settings of a data set: GMEG's Wiki outputs include a 408-token Marian line for
    a 70-token source (test line 694) that costs nothing to align, so the GMEG sets lift the
    run-length guard unless a limit was asked for (the guard refuses, it never changes a number)."""
    from dataclasses import replace

    from gecscope.align.settings import DEFAULT_MAX_TOKENS, AlignSettings

    if not dataset.startswith("gmeg-"):
        return settings
    settings = settings if settings is not None else AlignSettings()
    return replace(settings, max_tokens=0) if settings.max_tokens == DEFAULT_MAX_TOKENS else settings


def human_scores(data: str | Path, dataset: str, trueskill_runs: int = 0, seed: int = 0) -> dict[str, Any]:
    """Expected Wins (and optionally TrueSkill) recomputed from the judgments, beside the published."""
    from gecscope.meta.data.judgments import expected_wins, read_judgments

    ds = gjg15(data) if dataset == "gjg15" else seeda(data)
    out: dict[str, Any] = {"dataset": dataset, "granularities": {}}
    for gran, path in ds.judgments.items():
        items = read_judgments(path)
        ew_key, ts_key = ("ew", "ts") if dataset == "gjg15" else (f"EW_{gran}", f"TS_{gran}")
        entry: dict[str, Any] = {"expected_wins": expected_wins(items), "published_ew": ds.human[ew_key]}
        if trueskill_runs:
            from gecscope.meta.protocols.trueskill import trueskill_scores

            entry["trueskill"] = trueskill_scores(items, runs=trueskill_runs, seed=seed)
            entry["published_ts"] = ds.human[ts_key]
        out["granularities"][gran] = entry
    return out


def factor_search(
    data: str | Path, level: str, assumption: str, allow_zero: bool, settings: Any = None
) -> dict[str, Any]:
    from gecscope.meta.data.human import read_human_scores
    from gecscope.meta.protocols.gjg15 import PAPER_TABLE1_SN8GEC, reference_set_analyses
    from gecscope.meta.protocols.search import factor_grid, search
    from gecscope.metrics.analysis import relabel

    sets = ["conll14-errant", *PAPER_TABLE1_SN8GEC]
    start = time.perf_counter()
    analyses = reference_set_analyses(data, sets, get_aligner("errant", settings))
    counts = {rs: {s: relabel(a, assumption).counts() for s, a in by_sys.items()} for rs, by_sys in analyses.items()}
    scored = time.perf_counter()
    human = read_human_scores(Path(data) / "gjg15" / "human_scores.tsv")
    result = search(counts, {"ew": human["ew"], "ts": human["ts"]}, level, factor_grid(allow_zero=allow_zero))
    done = time.perf_counter()
    avg = result.grid_average()
    return {
        "task": "search",
        "level": level,
        "assumption": assumption,
        "settings": len(result.grid),
        "cross_validation": result.cross_validate(),
        "grid_average": {
            rs: {
                h: {"pearson": float(avg[r, k, 0]), "spearman": float(avg[r, k, 1])}
                for k, h in enumerate(result.human_names)
            }
            for r, rs in enumerate(sets)
        },
        "seconds": {"scoring": scored - start, "search": done - scored},
    }


def render(doc: dict[str, Any]) -> str:
    lines = []
    if doc.get("task") == "search":
        lines.append(f"CLEME2.0 factor search ({doc['level']}, {doc['assumption']}, {doc['settings']} settings)")
        for fold in doc["cross_validation"]:
            corr = "  ".join(f"{h} r {v[0]:.3f} rho {v[1]:.3f}" for h, v in fold["held_out_correlations"].items())
            lines.append(f"  held out {fold['held_out']:<24} factors {fold['factors']}  {corr}")
        lines.append("  grid average (Table 11):")
        for rs, by_h in doc["grid_average"].items():
            lines.append(
                f"    {rs:<24} "
                + "  ".join(f"{h} r {v['pearson']:.3f} rho {v['spearman']:.3f}" for h, v in by_h.items())
            )
        return "\n".join(lines)
    where = doc["setting"] or (f"{doc['split']} split" if doc.get("split") else None)
    tie = f", tie rule {doc['tie_rule']}" if doc["tie_rule"] else ""
    lines.append(f"{doc['dataset']}" + (f" ({where})" if where else "") + tie)
    if "preset" in doc:
        p, ts = doc["preset"], doc["preset"]["trueskill"]
        lines.append(f"  preset {p['name']}: {len(p['systems'])} systems, references {', '.join(p['references'])}")
        lines.append(
            f"  TrueSkill ({ts['runs']} runs, seed {ts['seed']}): "
            + ", ".join(f"{s} {v:.3f}" for s, v in sorted(ts["scores"].items(), key=lambda kv: -kv[1]))
        )
    for name, e in doc["metrics"].items():
        corr = "  ".join(f"{h} r {v['pearson']:.3f} rho {v['spearman']:.3f}" for h, v in e["system"].items())
        lines.append(f"  {name:<16} {corr}")
        if "synthetic" in e:
            y = e["synthetic"]
            lines.append(
                f"  {'':<16} +{y['systems']} synthetic ({len(y['seeds'])} seeds): r {y['pearson']['mean']:.3f} "
                f"± {y['pearson']['sd']:.3f}  rho {y['spearman']['mean']:.3f} ± {y['spearman']['sd']:.3f}"
            )
        if "published" in e:
            p = e["published"]
            lines.append(f"  {'':<16} paper (Table 8, {p['row']}): r {p['pearson']:.3f}  rho {p['spearman']:.3f}")
        for g, s in e.get("sentence", {}).items():
            lines.append(
                f"  {'':<16} sentence[{g}] acc {s['accuracy']:.3f} tau {s['kendall']:.3f} ({s['pairs']} pairs)"
            )
    for human, w in doc.get("williams", {}).items():
        lines.append(f"  Williams test ({human}, Pearson over {w['systems']} systems): p that the row beats the column")
        names = list(w["p"])
        lines.append(f"    {'':<16}" + "".join(f"{n[:10]:>11}" for n in names))
        for a in names:
            cells = "".join(f"{'-':>11}" if a == b else f"{w['p'][a][b]:>11.3g}" for b in names)
            lines.append(f"    {a:<16}{cells}")
    if "bootstrap" in doc:
        b = doc["bootstrap"]
        lines.append(f"  bootstrap: {b['samples']} resamples of {b['resample']}, seed {b['seed']} (95% percentile)")
        for human, per_metric in b["vectors"].items():
            for name, e in per_metric.items():
                extra = "  ".join(f"{k} {v:.3f}" for k, v in e.items() if isinstance(v, float))
                lines.append(f"    {human:<8} {name:<16} r {e['pearson']}  rho {e['spearman']}  {extra}")
    return "\n".join(lines)
