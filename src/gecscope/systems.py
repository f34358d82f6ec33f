"""Several systems against one source and one reference set, read and aligned once.

References are read once and shared by every system; every distinct (source, target) pair is
aligned once across all systems (one :func:`gecscope.align.align_examples` call on the union).

>>> from gecscope.api import example_dir
>>> d = example_dir()
>>> systems = load_systems(hyp_m2=[d / "hypothesis.m2", d / "hypothesis.m2"], ref_m2=d / "references.m2",
...                        names=["base", "mine"])
>>> sorted(systems), len(systems["mine"])
(['base', 'mine'], 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gecscope.align import Aligner
from gecscope.align.language import Language
from gecscope.errors import InputError
from gecscope.pipeline import align, read
from gecscope.types import Example

PathLike = str | Path


def system_names(paths: Sequence[PathLike], names: Sequence[str] = ()) -> list[str]:
    """``names`` when given (one per file), else the file stems; duplicates are an error.

    >>> system_names(["out/a.txt", "b.m2"])
    ['a', 'b']
    """
    if names and len(names) != len(paths):
        raise InputError(f"{len(names)} names for {len(paths)} systems (one --name per system)", paths[0])
    out = list(names) if names else [Path(p).stem for p in paths]
    for i, name in enumerate(out):
        if name in out[:i]:
            raise InputError(f"duplicate system name {name!r} (also {paths[out.index(name)]}; use --name)", paths[i])
    return out


def load_systems(
    *,
    source: PathLike | None = None,
    hypotheses: Sequence[PathLike] = (),
    hyp_m2: Sequence[PathLike] = (),
    references: Sequence[PathLike] = (),
    ref_m2: PathLike | None = None,
    names: Sequence[str] = (),
    aligner: Aligner | str | None = "errant",
    lang: str | Language = "en",
) -> dict[str, list[Example]]:
    """Examples per system name, in the order given, aligned as the metrics need.

    Text systems (``source`` + ``hypotheses``) take references from ``references`` and/or
    ``ref_m2``; M2 systems (``hyp_m2``) from ``ref_m2``. ``aligner=None`` leaves text targets
    unaligned (GREEN and GLEU need no edits); ``lang``: the language read (its readers, its
    input check; ``aligner`` must be one it allows, e.g. ``levenshtein``).
    """
    if not (hypotheses or hyp_m2):
        raise InputError("no systems given (hypotheses or hyp_m2)")
    labels = system_names(list(hypotheses or hyp_m2), names)
    files = {"source": source, "hypotheses": hypotheses, "hyp_m2": hyp_m2, "references": references, "ref_m2": ref_m2}
    per_system = read(**files, lang=lang)
    if aligner is not None:
        per_system, _ = align(per_system, [(True, True)], aligner, lang=lang)
    return dict(zip(labels, per_system, strict=True))
