"""Inputs given to the wrong setting, caught before any work, for every entry point.

A hypothesis M2 with two or more annotators is the plain sign of ``hyp_m2`` and ``ref_m2``
swapped (a system output has one; ``multi_annotator_hyp`` scores its annotator 0 anyway). An M2
file given as text (``references``, ``hypothesis``, ``source``) is named as such, with the
setting it belongs to. The messages name the library's settings; a front end shows its own
names for them (:class:`gecscope.errors.SettingError`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from gecscope.errors import SettingError

#: text settings and the M2 setting an M2 file given to them belongs to
M2_SETTING = {"references": ("ref_m2",), "hypothesis": ("hyp_m2",), "source": ("hyp_m2", "ref_m2")}


def annotators(path: str | Path) -> tuple[int, int | None]:
    """How many distinct annotator ids the edit lines of ``path`` use (counting stops at 2), and
    the line of the first id other than the first one seen (None when there is one id). Only
    well-formed edit lines count (``A`` and six ``|||`` fields): a text file's sentence "A ..." or
    a malformed line is left to the M2 reader, which names it."""
    seen: set[str] = set()
    with open(path, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if line.startswith("A ") and line.count("|||") == 5:
                seen.add(line.rstrip("\r\n").rsplit("|||", 1)[-1].strip())
                if len(seen) > 1:
                    return len(seen), number
    return len(seen), None


def looks_like_m2(path: str | Path) -> bool:
    """The file starts (after blank lines) with an ``S`` line followed by an ``A ...|||...`` line."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            head = [line for _, line in zip(range(50), handle, strict=False) if line.strip()][:2]
    except OSError:
        return False  # the reader names the problem
    return len(head) == 2 and head[0].startswith("S ") and head[1].startswith("A ") and "|||" in head[1]


def check_swap(
    text: Mapping[str, Iterable[str | Path]], hyp_m2: Iterable[str | Path], multi_annotator_hyp: bool = False
) -> None:
    """Refuse an M2 file given to a text setting (``text``: setting -> its files), and a
    hypothesis M2 with several annotators unless ``multi_annotator_hyp``. Standard input (``-``)
    and unreadable files are left to the readers."""
    for name, paths in text.items():
        for path in paths:
            if path and str(path) != "-" and looks_like_m2(path):
                belongs = M2_SETTING[name]
                raise SettingError(
                    f"looks like an M2 file, given to {name}: use {' with '.join(belongs)}",
                    name,
                    *belongs,
                    path=path,
                    line=1,
                )
    for path in hyp_m2 if not multi_annotator_hyp else ():
        if str(path) == "-":
            continue  # standard input is read once, by the loader
        try:
            count, line = annotators(path)
        except OSError:
            continue  # the reader names the problem
        if count > 1:
            raise SettingError(
                "this hyp_m2 file has several annotators, as a reference M2 has: are hyp_m2 and ref_m2 "
                "swapped? (if not, give multi_annotator_hyp to score its annotator 0)",
                "hyp_m2",
                "ref_m2",
                "multi_annotator_hyp",
                path=path,
                line=line,
            )
