"""GMEG-Data (Napoles, Nădejde and Tetreault, TACL 2019): three domains, six systems, four references.

Read from ``gmeg/`` under the data directory as the repository publishes it (grammarly/GMEG at
commit 83be7cd: ``gmeg/data/{test,dev}/{fce,wiki}/`` with ``source``, the six system outputs
``amu lstm lstm-r marian nus transformer``, ``ref0``..``ref3`` and ``source+error``, and
``gmeg/data/{split}/{domain}-corpus-scores.csv`` / ``-segment-scores.csv`` for all three domains).
The Yahoo Answers texts are not public (Yahoo Webscope L6, then Grammarly on request): they are
read from the folder the user gives, laid out like the published ones (``DIR/{split}/yahoo/``,
``DIR/data/{split}/yahoo/`` or the split's files in ``DIR`` itself).

The human score of a system is the mean rating of its sentences (``DOMAIN-corpus-scores.csv``),
which also rates ``ref`` and ``source``; the system level correlates over the six systems.
"""

from __future__ import annotations

from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.text import read_text, split_lines
from gecscope.meta.data.datasets import MetaDataset

GMEG_SYSTEMS = ("amu", "lstm", "lstm-r", "marian", "nus", "transformer")
GMEG_DOMAINS = ("fce", "wiki", "yahoo")
GMEG_SPLITS = ("test", "dev")
GMEG_REFERENCES = ("ref0", "ref1", "ref2", "ref3")
#: the human vector's name (the mean rating of a system's sentences)
RATING = "rating"
#: the terms of each domain's text, shown by ``gecscope download gmeg`` (the repository has no licence file)
TERMS = {
    "fce": "FCE learner text: Cambridge English / Cambridge University Press, non-commercial research use",
    "wiki": "Wikipedia edits (WikEd): CC BY-SA",
    "yahoo": "Yahoo Answers (Yahoo Webscope L6): by request from Yahoo, then from Grammarly; never downloaded",
}


def dataset_name(domain: str) -> str:
    return f"gmeg-{domain}"


def gmeg_root(data: str | Path) -> Path:
    """``DIR/gmeg/data`` (the repository's ``data/`` folder), or one line saying how to get it."""
    root = Path(data) / "gmeg" / "data"
    if not root.is_dir():
        raise InputError("no gmeg/data/ folder: run 'gecscope download gmeg DIR' first", data)
    return root


def yahoo_folder(given: str | Path, split: str) -> Path:
    """The folder holding the Yahoo texts of ``split`` in the layouts the data is sent in."""
    base = Path(given)
    for folder in (base / split / "yahoo", base / "data" / split / "yahoo", base / "yahoo", base):
        if (folder / "source").is_file():
            return folder
    raise InputError(f"no Yahoo texts for the {split} split (expected {split}/yahoo/source or source)", given)


def gmeg(data: str | Path, domain: str, split: str = "test", yahoo: str | Path | None = None) -> MetaDataset:
    """One domain and split of GMEG-Data as a :class:`MetaDataset` (the six systems, four references,
    the mean human ratings under :data:`RATING`; no pairwise judgments)."""
    if domain not in GMEG_DOMAINS:
        raise InputError(f"unknown GMEG domain {domain!r}; known: {', '.join(GMEG_DOMAINS)}")
    if split not in GMEG_SPLITS:
        raise InputError(f"unknown GMEG split {split!r}; known: {', '.join(GMEG_SPLITS)}")
    if domain != "yahoo" and yahoo is not None:
        raise InputError(f"--yahoo is for gmeg-yahoo only, not gmeg-{domain}")
    if domain == "yahoo":
        if yahoo is None:
            raise InputError(
                "gmeg-yahoo needs the Yahoo texts (not public: Yahoo Webscope L6, then Grammarly): pass --yahoo DIR"
            )
        texts = yahoo_folder(yahoo, split)
        scores = _scores_file(texts, data, split, domain)
    else:
        root = gmeg_root(data)
        texts, scores = root / split / domain, root / split / f"{domain}-corpus-scores.csv"
    for name in ("source", *GMEG_SYSTEMS, *GMEG_REFERENCES):
        if not (texts / name).is_file():
            raise InputError(f"missing GMEG file {name!r}", texts)
    return MetaDataset(
        dataset_name(domain),
        GMEG_SYSTEMS,
        texts / "source",
        {s: texts / s for s in GMEG_SYSTEMS},
        tuple(texts / r for r in GMEG_REFERENCES),
        {RATING: read_corpus_scores(scores)},
        {},
        segments=scores.with_name(f"{domain}-segment-scores.csv"),
    )


def _scores_file(texts: Path, data: str | Path, split: str, domain: str) -> Path:
    """The human scores of a domain: beside the texts' folder, else in the downloaded repository."""
    name = f"{domain}-corpus-scores.csv"
    for candidate in (texts.parent / name, Path(data) / "gmeg" / "data" / split / name):
        if candidate.is_file():
            return candidate
    raise InputError(f"no {name} beside the texts nor under gmeg/data/{split}/: run 'gecscope download gmeg'", texts)


def read_corpus_scores(path: str | Path) -> dict[str, float]:
    """``{system: mean rating}`` from a ``system,score`` CSV (header first)."""
    lines = [line for line in split_lines(read_text(path)) if line.strip()]
    if not lines or [c.strip() for c in lines[0].split(",")] != ["system", "score"]:
        raise InputError("expected the header 'system,score'", path, 1)
    out: dict[str, float] = {}
    for lineno, line in enumerate(lines[1:], start=2):
        cells = line.split(",")
        if len(cells) != 2:
            raise InputError(f"expected 2 columns, got {len(cells)}", path, lineno)
        name = cells[0].strip()
        if name in out:
            raise InputError(f"system {name!r} listed twice", path, lineno)
        out[name] = _number(cells[1], path, lineno)
    missing = [s for s in GMEG_SYSTEMS if s not in out]
    if missing:
        raise InputError(f"no score for {', '.join(missing)}", path)
    return out


def read_segment_scores(path: str | Path) -> dict[str, list[float | None]]:
    """``{system: [mean rating of each sentence]}`` from ``DOMAIN-segment-scores.csv`` (one column
    per system, one row per sentence; an empty cell, None here, is a sentence nobody rated)."""
    lines = split_lines(read_text(path))
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputError("empty segment-score file", path)
    header = [c.strip() for c in lines[0].split(",")]
    out: dict[str, list[float | None]] = {name: [] for name in header}
    for lineno, line in enumerate(lines[1:], start=2):
        cells = line.split(",")
        if len(cells) != len(header):
            raise InputError(f"expected {len(header)} columns, got {len(cells)}", path, lineno)
        for name, cell in zip(header, cells, strict=True):
            out[name].append(_number(cell, path, lineno) if cell.strip() else None)
    return out


def _number(cell: str, path: str | Path, lineno: int) -> float:
    try:
        value = float(cell)
    except ValueError:
        raise InputError(f"not a number: {cell.strip()!r}", path, lineno) from None
    if value != value or value in (float("inf"), float("-inf")):
        raise InputError(f"not a finite number: {cell.strip()!r}", path, lineno)
    return value
