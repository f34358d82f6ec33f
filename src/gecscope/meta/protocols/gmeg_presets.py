"""Named GMEG-Data settings that later papers meta-evaluate in (``meta run --preset NAME``).

``uot-errant`` (UOT-ERRANT, TACL 2026): GMEG Wiki, test split; the six systems plus ``ref0``
(reference 0 scored as a system) and ``source`` (the unchanged input); references 1-3 only; the
human ranking is TrueSkill over the sentence judgements: every rated sentence's mean ratings of
the eight outputs give one ranking (higher rating, better rank; equal ratings, a tie: GMEG
collapsed identical outputs, so they always tie), and :func:`~gecscope.meta.protocols.trueskill.
trueskill_scores` runs the GJG15/SEEDA procedure over them, seeded, averaged over ``runs`` runs.
The published mean ratings are kept as a second human vector (``rating``).

GMEG rates a ``Reference`` per sentence (``ref`` in the score files): "a randomly chosen human
correction" (§4.2), not always ``ref0``; the setting reads that column as ``ref0``'s ratings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from gecscope.errors import InputError, SettingError
from gecscope.io.parallel import read_lines
from gecscope.meta.data.datasets import MetaDataset
from gecscope.meta.data.gmeg import GMEG_SYSTEMS, RATING, gmeg, read_segment_scores
from gecscope.meta.data.judgments import RankingItem
from gecscope.meta.protocols.limits import MAX_RUNS

#: the human vector of a preset's TrueSkill ranking
TRUESKILL = "trueskill"


@dataclass(frozen=True)
class GmegPreset:
    """One named setting: which domain and split, which outputs are systems (under the names the
    score files rate them by), which references score them."""

    name: str
    dataset: str
    split: str
    systems: tuple[str, ...]
    #: a system's column in the score files where it differs from its name (``ref0`` is rated as ``ref``)
    rated_as: tuple[tuple[str, str], ...]
    references: tuple[str, ...]
    #: default TrueSkill runs averaged
    runs: int
    cite: str


PRESETS = {
    "uot-errant": GmegPreset(
        "uot-errant",
        "gmeg-wiki",
        "test",
        (*GMEG_SYSTEMS, "ref0", "source"),
        (("ref0", "ref"),),
        ("ref1", "ref2", "ref3"),
        10,
        "UOT-ERRANT (TACL 2026): GMEG Wiki test, 6 systems + ref0 + source, references 1-3, TrueSkill",
    )
}


def check_preset(name: str, dataset: str | None, split: str | None, synthetic: int, runs: int | None) -> GmegPreset:
    """The preset, or one line for a setting it fixes otherwise (before any file is read)."""
    if name not in PRESETS:
        raise SettingError(f"unknown preset {name!r}; known: {', '.join(PRESETS)}", "preset")
    preset = PRESETS[name]
    if dataset is not None and dataset != preset.dataset:
        raise SettingError(f"preset {name} is on {preset.dataset}, not {dataset}", "preset", "dataset")
    if split is not None and split != preset.split:
        raise SettingError(f"preset {name} is on the {preset.split} split, not {split}", "preset", "split")
    if synthetic:
        raise SettingError(f"preset {name} ranks its systems by TrueSkill: no synthetic systems", "preset", "synthetic")
    if runs is not None and not 1 <= runs <= MAX_RUNS:
        raise SettingError(f"TrueSkill runs must be from 1 to {MAX_RUNS:,}; got {runs:,}", "trueskill_runs")
    return preset


def sentence_rankings(segments: dict[str, list[float | None]], columns: dict[str, str]) -> list[RankingItem]:
    """One ranking per sentence every system was rated on (``columns``: system -> its column):
    rank 1 for the highest mean rating, equal ratings tied (compressed ranks)."""
    rows = len(next(iter(segments.values())))
    items = []
    for i in range(rows):
        ratings = {s: segments[c][i] for s, c in columns.items()}
        if any(v is None for v in ratings.values()):
            continue
        order = sorted({v for v in ratings.values() if v is not None}, reverse=True)
        items.append(RankingItem(i, "", tuple((s, order.index(v) + 1) for s, v in ratings.items() if v is not None)))
    return items


def preset_dataset(data: str | Path, preset: GmegPreset, runs: int, seed: int) -> MetaDataset:
    """The preset's data set: its systems and references, its human vectors (TrueSkill first,
    then the published mean ratings) from the domain's score files."""
    from gecscope.meta.protocols.trueskill import trueskill_scores

    base = gmeg(data, preset.dataset.removeprefix("gmeg-"), preset.split)
    folder, renamed = base.source.parent, dict(preset.rated_as)
    columns = {s: renamed.get(s, s) for s in preset.systems}
    assert base.segments is not None  # gmeg() always names them
    segments = read_segment_scores(base.segments)
    missing = sorted({c for c in columns.values() if c not in segments})
    if missing:
        raise InputError(f"no column for {', '.join(missing)}", base.segments, 1)
    rows, sentences = len(segments[columns[preset.systems[0]]]), len(read_lines(base.source, allow_empty_lines=False))
    if rows != sentences:
        raise InputError(f"has {rows} rows for {sentences} sentences", base.segments)
    rating = base.human[RATING]
    unrated = sorted({c for c in columns.values() if c not in rating})
    if unrated:
        corpus = base.segments.with_name(base.segments.name.replace("-segment-", "-corpus-"))
        raise InputError(f"no score for {', '.join(unrated)}", corpus)
    return replace(
        base,
        systems=preset.systems,
        outputs={s: folder / s for s in preset.systems},
        references=tuple(folder / r for r in preset.references),
        human={
            TRUESKILL: trueskill_scores(sentence_rankings(segments, columns), runs=runs, seed=seed),
            RATING: {s: rating[c] for s, c in columns.items()},
        },
        segments=None,
    )


def signature_fields(preset: GmegPreset, runs: int, seed: int) -> dict[str, str]:
    """What a preset adds to each metric's signature."""
    return {"meta": f"{preset.name},{preset.split},ts-runs={runs},ts-seed={seed}"}
