"""Meta-evaluation data sets as code: GJG15 and SEEDA, read from an explicit directory.

The layout is that of ``shared/data`` (see :func:`gecscope.meta.data.download` for fetching the public
files): ``conll14/`` (sources, system outputs, reference files, SN-8GEC), ``gjg15/``
(judgments.xml, human_scores.tsv) and ``seeda/`` (outputs/subset, scores/human, data/*.xml).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.parallel import read_lines
from gecscope.meta.data.human import read_human_scores
from gecscope.types import Example, Target

#: GJG15 systems in Expected-Wins order (gec-metrics' order, which decides metric ties)
GJG15_SYSTEMS = ("AMU", "RAC", "CAMB", "CUUI", "POST", "UFC", "PKU", "UMC", "IITB", "SJTU", "INPUT", "NTHU", "IPN")
SEEDA_SYSTEMS = (
    "BART",
    "BERT-fuse",
    "GECToR-BERT",
    "GECToR-ens",
    "GPT-3.5",
    "INPUT",
    "LM-Critic",
    "PIE",
    "REF-F",
    "REF-M",
    "Riken-Tohoku",
    "T5",
    "TemplateGEC",
    "TransGEC",
    "UEDIN-MS",
)
#: SEEDA system settings: which systems are left out of both vectors
SEEDA_SETTINGS = {
    "base": ("INPUT", "REF-F", "GPT-3.5"),
    "+INPUT": ("REF-F", "GPT-3.5"),
    "+fluency": ("INPUT",),
    "all": (),
}
#: reference sets of the CoNLL-2014 test set, as files under conll14/
REFERENCE_SETS: dict[str, tuple[str, ...]] = {
    "conll14": ("REF0.txt", "REF1.txt"),
    "conll14-official": ("official-REF0.txt", "official-REF1.txt"),
    "sn8gec-expert-minimal": ("sn8gec/expert_minimalA.txt", "sn8gec/expert_minimalB.txt"),
    "sn8gec-expert-fluency": ("sn8gec/expert_fluencyA.txt", "sn8gec/expert_fluencyB.txt"),
    "sn8gec-turker-minimal": ("sn8gec/turker_minimalA.txt", "sn8gec/turker_minimalB.txt"),
    "sn8gec-turker-fluency": ("sn8gec/turker_fluencyA.txt", "sn8gec/turker_fluencyB.txt"),
}


@dataclass(frozen=True)
class MetaDataset:
    """One human-judged data set: outputs, references, human system scores and rankings."""

    name: str
    systems: tuple[str, ...]  # the order that decides metric ties at sentence level
    source: Path
    outputs: dict[str, Path]
    references: tuple[Path, ...]
    human: dict[str, dict[str, float]]  # vector name -> system -> score
    judgments: dict[str, Path]  # granularity -> XML
    rows: tuple[int, ...] | None = None  # CoNLL-2014 lines used (None: all)
    src_id_offset: int = 0  # XML src-id minus this = CoNLL-2014 line
    #: per-sentence human ratings, one column per system (GMEG's ``DOMAIN-segment-scores.csv``)
    segments: Path | None = None

    def examples(self, system: str) -> list[Example]:
        """The system's output with the source and references of the rows in use."""
        src = read_lines(self.source, allow_empty_lines=False)
        hyp = read_lines(self.outputs[system])
        refs = [read_lines(p) for p in self.references]
        rows = self.rows if self.rows is not None else tuple(range(len(src)))
        if len(hyp) not in (len(rows), len(src)):
            raise InputError(f"has {len(hyp)} lines; expected {len(rows)}", self.outputs[system])
        hyp_rows = range(len(rows)) if len(hyp) == len(rows) else rows
        return [
            Example(
                tuple(src[line].split()),
                Target(tuple(hyp[h].split()), raw=hyp[h]),
                tuple(Target(tuple(r[line].split()), raw=r[line]) for r in refs),
                str(line if self.rows is not None else k),
                src[line],
                True,
            )
            for k, (line, h) in enumerate(zip(rows, hyp_rows, strict=True))
        ]

    def row_of_src_id(self) -> dict[int, int]:
        """XML src-id -> position in :meth:`examples` (empty: the src-id is the position)."""
        if self.rows is None:
            return {}
        return {line + self.src_id_offset: i for i, line in enumerate(self.rows)}


def reference_paths(data: Path, reference_set: str) -> tuple[Path, ...]:
    if reference_set not in REFERENCE_SETS:
        raise ValueError(f"unknown reference set {reference_set!r}; known: {', '.join(REFERENCE_SETS)}")
    return tuple(data / "conll14" / name for name in REFERENCE_SETS[reference_set])


def gjg15(data: str | Path, reference_set: str = "conll14") -> MetaDataset:
    data = Path(data)
    human = read_human_scores(data / "gjg15" / "human_scores.tsv")
    return MetaDataset(
        "gjg15",
        GJG15_SYSTEMS,
        data / "conll14" / "sources.txt",
        {s: data / "conll14" / "systems" / f"{s}.txt" for s in GJG15_SYSTEMS},
        reference_paths(data, reference_set),
        {"ew": human["ew"], "ts": human["ts"]},
        {"all": data / "gjg15" / "judgments.xml"},
    )


def seeda(data: str | Path, reference_set: str = "conll14") -> MetaDataset:
    data = Path(data)
    sub = data / "seeda" / "outputs" / "subset"
    rows = tuple(int(x) for x in read_lines(sub / "line_ids.txt"))
    human = {}
    for kind in ("EW", "TS"):
        for gran in ("edit", "sent"):
            values = [float(x) for x in read_lines(data / "seeda" / "scores" / "human" / f"{kind}_{gran}.txt")]
            if len(values) != len(SEEDA_SYSTEMS):
                raise InputError(f"expected {len(SEEDA_SYSTEMS)} scores", data / "seeda" / "scores" / "human")
            human[f"{kind}_{gran}"] = dict(zip(SEEDA_SYSTEMS, values, strict=True))
    return MetaDataset(
        "seeda",
        SEEDA_SYSTEMS,
        data / "conll14" / "sources.txt",
        {s: sub / f"{s}.txt" for s in SEEDA_SYSTEMS},
        reference_paths(data, reference_set),
        human,
        {g: data / "seeda" / "data" / f"judgments_{g}.xml" for g in ("edit", "sent")},
        rows,
        1,
    )


def setting_systems(dataset: MetaDataset, setting: str | None) -> tuple[str, ...]:
    """The systems of a SEEDA setting (all systems for GJG15)."""
    if dataset.name != "seeda" or setting is None:
        return dataset.systems
    if setting not in SEEDA_SETTINGS:
        raise ValueError(f"unknown SEEDA setting {setting!r}; known: {', '.join(SEEDA_SETTINGS)}")
    return tuple(s for s in dataset.systems if s not in SEEDA_SETTINGS[setting])
