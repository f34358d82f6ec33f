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


#: file-name endings that are a format, not part of a system's name (``a.txt`` is ``a``; ``dev.mix`` stays)
FORMAT_SUFFIXES = frozenset({".txt", ".m2", ".jsonl", ".json", ".tsv", ".conllu", ".out", ".hyp"})


def file_name(path: PathLike) -> str:
    """A system's name from its file: the file name without a format ending (:data:`FORMAT_SUFFIXES`);
    any other dot stays (JFLEG's ``dev.mix`` and ``dev.srcpert`` are two systems).

    >>> file_name("out/a.txt"), file_name("jfleg/dev.mix"), file_name("dev.srcpert.m2"), file_name("x.TXT")
    ('a', 'dev.mix', 'dev.srcpert', 'x')
    """
    name = Path(path).name
    suffix = Path(name).suffix
    return name[: -len(suffix)] if suffix.lower() in FORMAT_SUFFIXES and len(name) > len(suffix) else name


def system_names(paths: Sequence[PathLike], names: Sequence[str] = ()) -> list[str]:
    """``names`` when given (one per file), else the file names (:func:`file_name`), with the
    folders that tell two files of one name apart; duplicates are an error.

    >>> system_names(["out/a.txt", "b.m2", "jfleg/dev.mix", "jfleg/dev.srcpert"])
    ['a', 'b', 'dev.mix', 'dev.srcpert']
    >>> system_names(["sys1/out.txt", "sys2/out.txt"])
    ['sys1/out', 'sys2/out']
    """
    if names and len(names) != len(paths):
        raise InputError(f"{len(names)} names for {len(paths)} systems (one --name per system)", paths[0])
    out = list(names) if names else _distinct([file_name(p) for p in paths], paths)
    for i, name in enumerate(out):
        if name in out[:i]:
            raise InputError(f"duplicate system name {name!r} (also {paths[out.index(name)]}; use --name)", paths[i])
    return out


def _distinct(stems: list[str], paths: Sequence[PathLike]) -> list[str]:
    """Names that share a file name get their folders, one level at a time, until they differ
    (the same file given twice stays a duplicate)."""
    if len({str(Path(p)) for p in paths}) < len(paths):
        return stems
    folders = [tuple(part for part in Path(p).parent.parts if part != Path(p).anchor) for p in paths]
    out, depth = list(stems), [0] * len(stems)
    while grow := [i for i, name in enumerate(out) if out.count(name) > 1 and depth[i] < len(folders[i])]:
        for i in grow:
            depth[i] += 1
            out[i] = "/".join((*folders[i][len(folders[i]) - depth[i] :], stems[i]))
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
