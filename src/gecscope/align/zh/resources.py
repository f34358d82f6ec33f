"""The data tables of ChERRANT's character alignment: located, never bundled.

The tables are data from the MuCGEC repository (Apache-2.0), fetched from their original home
pinned to one commit (:data:`RESOURCE_FILES`, verified by sha256). They are looked up in, in
order: the ``directory`` argument, ``$GECSCOPE_ZH_RESOURCES``, ``$GECSCOPE_DATA/zh/resources``,
``$GECSCOPE_SHARED/data/zh/resources``, and the download directory of ``gecscope download``
(``$XDG_DATA_HOME`` or ``~/.local/share``, then ``gecscope/data/zh/resources``).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from gecscope.errors import InputError

MUCGEC_COMMIT = "39221934ee4ccf07801879136a75dd7e11319977"
_BASE = f"https://raw.githubusercontent.com/HillZhang1999/MuCGEC/{MUCGEC_COMMIT}/scorers/ChERRANT/data"

#: (destination relative to the data directory, URL, sha256) of each table
RESOURCE_FILES: tuple[tuple[str, str, str], ...] = tuple(
    (f"zh/resources/{name}", f"{_BASE}/{name}", sha256)
    for name, sha256 in (
        ("char_meta.txt", "709279f8686286063d7e24d63bd8ae41cd509afea9832424229085b8a94a7701"),
        ("cilin.txt", "d4c707f5d895e00f2223547582f1c2cd8f5888a7cc0d0f687fc28a510b77a6bb"),
        ("confusion_dict.txt", "aafa202dc451fb79a0a2cfc77b965009daa39d0cedd03e25074c1a35b7ac67b2"),
    )
)

SemanticClass = tuple[str, str, str]


@dataclass(frozen=True)
class ZhResources:
    """Cilin semantic classes (word -> (major, middle, minor) class) and confusion sets."""

    semantic: dict[str, SemanticClass] = field(default_factory=dict)
    confusion: dict[str, frozenset[str]] = field(default_factory=dict)
    #: the first hex digits of the tables' sha256 (in the aligner's cache key and signature)
    digest: str = "none"


def default_dirs() -> list[Path]:
    """Where the tables are looked for when no folder is given, in order."""
    out = []
    if env := os.environ.get("GECSCOPE_ZH_RESOURCES"):
        out.append(Path(env))
    if data := os.environ.get("GECSCOPE_DATA"):
        out.append(Path(data) / "zh" / "resources")
    if shared := os.environ.get("GECSCOPE_SHARED"):
        out.append(Path(shared) / "data" / "zh" / "resources")
    xdg = os.environ.get("XDG_DATA_HOME")
    out.append((Path(xdg) if xdg else Path.home() / ".local" / "share") / "gecscope" / "data" / "zh" / "resources")
    return out


def resources_dir(directory: str | Path | None = None) -> Path:
    """The folder holding ``cilin.txt`` and ``confusion_dict.txt``: ``directory`` when given, else
    the first of :func:`default_dirs` that holds ``cilin.txt`` (else the first of them)."""
    if directory is not None:
        return Path(directory)
    candidates = default_dirs()
    return next((d for d in candidates if (d / "cilin.txt").is_file()), candidates[0])


def parse_cilin(text: str) -> dict[str, SemanticClass]:
    """``code word word ...`` lines; a word listed twice keeps its last code.

    >>> parse_cilin("Aa01A01= 人 士\\nBa01A02= 士")["士"]
    ('B', 'a', '01')
    """
    out: dict[str, SemanticClass] = {}
    for line in text.strip().split("\n"):
        code, *words = line.split(" ")
        for word in words:
            out[word] = (code[0], code[1], code[2:4])
    return out


def parse_confusion(text: str) -> dict[str, frozenset[str]]:
    """``char confusable confusable ...`` lines.

    >>> sorted(parse_confusion("一 倚 社\\n")["一"])
    ['倚', '社']
    """
    rows = (line.split(" ") for line in text.split("\n") if line)
    return {row[0]: frozenset(row[1:]) for row in rows}


@cache
def load_resources(directory: str | Path | None = None) -> ZhResources:
    """Read the tables (cached per folder). A missing table raises one line saying where to get it."""
    folder = resources_dir(directory)
    paths = {name: folder / name for name in ("cilin.txt", "confusion_dict.txt")}
    for name, path in paths.items():
        if not path.is_file():
            url = next(u for dest, u, _ in RESOURCE_FILES if dest.endswith(name))
            raise InputError(
                f"ChERRANT alignment table {name} not found: run 'gecscope download' (or set GECSCOPE_DATA "
                f"to a data directory that has zh/resources, or GECSCOPE_ZH_RESOURCES), or download {url} "
                f"into {folder}",
                path,
            )
    raw = {name: path.read_bytes() for name, path in paths.items()}
    digest = hashlib.sha256(raw["cilin.txt"] + b"\0" + raw["confusion_dict.txt"]).hexdigest()[:10]
    cilin = raw["cilin.txt"].decode("gbk")
    confusion = raw["confusion_dict.txt"].decode("utf-8")
    return ZhResources(parse_cilin(cilin), parse_confusion(confusion), digest)
