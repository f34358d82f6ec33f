"""GJG15 on CoNLL-2014: score the 13 systems (incl. INPUT) and correlate with EW and TS.

The data layout is that of ``shared/data`` (``conll14/systems_m2/<SYSTEM>.m2``,
``conll14/references.m2``, ``gjg15/human_scores.tsv``); the directory is always explicit.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.api import get_metric
from gecscope.io import read_lines, read_m2
from gecscope.meta.data.datasets import GJG15_SYSTEMS, reference_paths
from gecscope.meta.data.human import read_human_scores
from gecscope.meta.protocols.correlate import Correlation, system_correlation
from gecscope.metrics.analysis import ChunkAnalysis, relabel
from gecscope.progress import progress
from gecscope.reader import read
from gecscope.types import Example, Target
from gecscope.weighting.config import SimilarityConfig
from gecscope.weighting.similarity import SimilarityWeighting

NAN = float("nan")
SYSTEMS = tuple(sorted(GJG15_SYSTEMS))

#: name -> (metric, settings); the paper's Table 1 CoNLL-2014 column (unweighted rows)
TABLE1_VARIANTS: dict[str, tuple[str, dict[str, object]]] = {
    "CLEME-dep": ("cleme", {"assumption": "dependent"}),
    "CLEME-ind": ("cleme", {"assumption": "independent"}),
    "SentCLEME-dep": ("cleme", {"assumption": "dependent", "level": "sentence", "mode": "corrected"}),
    "SentCLEME-ind": ("cleme", {"assumption": "independent", "level": "sentence", "mode": "corrected"}),
    "CLEME2.0-dep": ("cleme2", {"assumption": "dependent"}),
    "CLEME2.0-ind": ("cleme2", {"assumption": "independent"}),
    "SentCLEME2.0-dep": ("cleme2", {"assumption": "dependent", "level": "sentence"}),
    "SentCLEME2.0-ind": ("cleme2", {"assumption": "independent", "level": "sentence"}),
}

#: the similarity-weighted rows (need the 'sim' extra; weights from one shared encoder)
TABLE1_SIM_VARIANTS: dict[str, tuple[str, dict[str, object]]] = {
    "CLEME2.0-sim-dep": ("cleme2", {"assumption": "dependent", "weighting": "similarity"}),
    "CLEME2.0-sim-ind": ("cleme2", {"assumption": "independent", "weighting": "similarity"}),
    "SentCLEME2.0-sim-dep": ("cleme2", {"assumption": "dependent", "level": "sentence", "weighting": "similarity"}),
    "SentCLEME2.0-sim-ind": ("cleme2", {"assumption": "independent", "level": "sentence", "weighting": "similarity"}),
}

#: the paper's published values (cleme2-final.txt, Table 1, CoNLL-2014 column)
PAPER_TABLE1 = {
    "CLEME-dep": (0.648, 0.691, 0.709, 0.742),
    "CLEME-ind": (0.649, 0.691, 0.709, 0.731),
    "SentCLEME-dep": (0.876, 0.844, 0.824, 0.808),
    "SentCLEME-ind": (0.868, 0.857, 0.725, 0.758),
    "CLEME2.0-dep": (0.700, 0.765, 0.665, 0.736),
    "CLEME2.0-ind": (0.718, 0.777, 0.665, 0.736),
    "SentCLEME2.0-dep": (0.870, 0.881, 0.714, 0.725),
    "SentCLEME2.0-ind": (0.866, 0.881, 0.709, 0.720),
    # bert-base-uncased layer 9; SentCLEME2.0-sim-ind's cells other than Pearson EW are unreadable in the text
    "CLEME2.0-sim-dep": (0.783, 0.853, 0.819, 0.890),
    "CLEME2.0-sim-ind": (0.806, 0.871, 0.846, 0.901),
    "SentCLEME2.0-sim-dep": (0.926, 0.937, 0.907, 0.912),
    "SentCLEME2.0-sim-ind": (0.915, NAN, NAN, NAN),
}


@dataclass(frozen=True)
class Table1Row:
    name: str
    ew: Correlation
    ts: Correlation
    system_scores: dict[str, float]

    def values(self) -> tuple[float, float, float, float]:
        """(Pearson EW, Pearson TS, Spearman EW, Spearman TS), the paper's column order."""
        return (self.ew.pearson, self.ts.pearson, self.ew.spearman, self.ts.spearman)


def system_analyses(data: Path, systems: Iterable[str] = SYSTEMS) -> dict[str, ChunkAnalysis]:
    """One partition per system (dependent labels); other assumptions are relabelled from it."""
    refs = data / "conll14" / "references.m2"
    metric = get_metric("cleme2")
    return {
        s: pipeline.analyse(metric, read(hyp_m2=[data / "conll14" / "systems_m2" / f"{s}.m2"], ref_m2=refs)[0], {})
        for s in systems
    }


#: the paper's Table 1 for CLEME2.0 on the SN-8GEC subsets: (Pearson EW, Pearson TS, Spearman EW, Spearman TS);
#: NaN where the extracted paper text is unreadable. SentCLEME2.0's *Minimal cells exclude unchanged references.
PAPER_TABLE1_SN8GEC = {
    "sn8gec-expert-minimal": {
        "CLEME2.0-dep": (0.690, 0.768, 0.736, 0.808),
        "CLEME2.0-ind": (0.708, 0.784, 0.736, 0.808),
        "SentCLEME2.0-dep": (0.941, 0.954, 0.857, 0.885),
        "SentCLEME2.0-ind": (0.941, 0.956, 0.879, 0.912),
    },
    "sn8gec-expert-fluency": {
        "CLEME2.0-dep": (0.695, 0.788, 0.742, 0.830),
        "CLEME2.0-ind": (0.736, 0.824, 0.742, 0.830),
        "SentCLEME2.0-dep": (0.892, 0.938, 0.824, 0.901),
        "SentCLEME2.0-ind": (0.915, 0.952, NAN, NAN),
    },
    "sn8gec-turker-minimal": {
        "CLEME2.0-dep": (0.702, 0.778, 0.775, 0.846),
        "CLEME2.0-ind": (0.757, 0.826, 0.775, 0.846),
        "SentCLEME2.0-dep": (0.913, 0.918, 0.857, 0.912),
        "SentCLEME2.0-ind": (0.915, 0.917, 0.824, 0.885),
    },
    "sn8gec-turker-fluency": {
        "CLEME2.0-dep": (0.704, 0.800, 0.599, 0.714),
        "CLEME2.0-ind": (0.801, 0.848, 0.670, 0.769),
        "SentCLEME2.0-dep": (0.916, 0.949, 0.720, 0.791),
        "SentCLEME2.0-ind": (0.883, 0.904, 0.654, 0.720),
    },
}


def reference_set_analyses(
    data: str | Path,
    reference_sets: Iterable[str],
    aligner: Aligner,
    *,
    exclude_unchanged: bool = False,
    systems: Iterable[str] = SYSTEMS,
) -> dict[str, dict[str, ChunkAnalysis]]:
    """``[reference set][system]`` chunk analyses: hypothesis edits from the official CLEME
    hypothesis M2s, reference edits as written (``conll14-errant``) or extracted from the text
    of each reference set (aligned once per set, shared by every system)."""
    data = Path(data)
    conll = data / "conll14"
    hyps = {s: read_m2(conll / "systems_m2" / f"{s}.m2") for s in systems}
    out: dict[str, dict[str, ChunkAnalysis]] = {}
    for rs in progress(list(reference_sets), desc="reference sets", unit="set"):
        if rs == "conll14-errant":
            refs = [b.targets for b in read_m2(conll / "references.m2")]
        else:
            src = [tuple(line.split()) for line in read_lines(conll / "sources.txt")]
            columns = [read_lines(p) for p in reference_paths(data, rs)]
            bare = [
                Example(s, Target(s, ()), tuple(Target(tuple(c[i].split())) for c in columns))
                for i, s in enumerate(src)
            ]
            [aligned], _ = pipeline.align([bare], [(False, True)], aligner)
            refs = [e.references for e in aligned]
        metric = get_metric("cleme2", exclude_unchanged_refs=exclude_unchanged)
        out[rs] = {
            s: pipeline.analyse(
                metric,
                [Example(b.source, b.targets[0], r, str(i)) for i, (b, r) in enumerate(zip(blocks, refs, strict=True))],
                {},  # the whole partition (every chunk: the similarity-weighted rows read them)
            )
            for s, blocks in hyps.items()
        }
    return out


def table1(
    data: str | Path,
    variants: Iterable[str] = tuple(TABLE1_VARIANTS),
    *,
    similarity: SimilarityConfig | None = None,
) -> list[Table1Row]:
    """Table 1's CoNLL-2014 column; ``-sim`` variants share one encoder built from ``similarity``."""
    human = read_human_scores(Path(data) / "gjg15" / "human_scores.tsv")
    return table1_rows(system_analyses(Path(data)), variants, human, SimilarityWeighting(similarity))


def table1_rows(
    analyses: dict[str, ChunkAnalysis],
    variants: Iterable[str],
    human: dict[str, dict[str, float]],
    weighting: SimilarityWeighting | None = None,
    **options: object,
) -> list[Table1Row]:
    """Table 1 rows (``options`` added to each variant's settings) from one partition per system
    (dependent labels), relabelled once per assumption and scored by every variant."""
    weighting = weighting or SimilarityWeighting()
    by_assumption = {"dependent": analyses}
    rows = []
    for name in variants:
        metric_name, opts = {**TABLE1_VARIANTS, **TABLE1_SIM_VARIANTS}[name]
        similar = opts.get("weighting") == "similarity"
        metric = get_metric(metric_name, **opts, **options, **({"similarity": weighting.config} if similar else {}))
        if similar:
            metric.use_weighting(weighting)  # type: ignore[attr-defined]
        assumption = metric.config.assumption
        if assumption not in by_assumption:
            by_assumption[assumption] = {s: relabel(a, assumption) for s, a in analyses.items()}
        scores = {s: metric.score_analysis(a).value for s, a in by_assumption[assumption].items()}
        rows.append(
            Table1Row(name, system_correlation(scores, human["ew"]), system_correlation(scores, human["ts"]), scores)
        )
    return rows


def render_table1(rows: list[Table1Row]) -> str:
    out = ["GJG15 / CoNLL-2014 (13 systems incl. INPUT): ours (paper Table 1)", ""]
    out.append(f"{'metric':<18}{'Pearson EW':>16}{'Pearson TS':>16}{'Spearman EW':>16}{'Spearman TS':>16}")
    for row in rows:
        paper = PAPER_TABLE1.get(row.name)
        cells = [
            f"{v:.3f} ({p:.3f})" if paper and p == p else f"{v:.3f}"
            for v, p in zip(row.values(), paper or (0.0,) * 4, strict=True)
        ]
        out.append(f"{row.name:<18}" + "".join(f"{c:>16}" for c in cells))
    return "\n".join(out)
