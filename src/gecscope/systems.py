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

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from gecscope.align import Aligner, align_examples, get_aligner
from gecscope.errors import InputError, SettingError
from gecscope.io import examples_from_text, read_lines, read_m2
from gecscope.types import Example, Target

PathLike = str | Path


def system_names(paths: Sequence[PathLike], names: Sequence[str] = ()) -> list[str]:
    """``names`` when given (one per file), else the file stems; duplicates are an error.

    >>> system_names(["out/a.txt", "b.m2"])
    ['a', 'b']
    """
    if names and len(names) != len(paths):
        raise InputError(f"{len(names)} names for {len(paths)} systems (one --name per system)", paths[0])
    out = list(names) if names else [Path(p).stem for p in paths]
    seen: dict[str, PathLike] = {}
    for name, path in zip(out, paths, strict=True):
        if name in seen:
            raise InputError(f"duplicate system name {name!r} (also {seen[name]}; use --name)", path)
        seen[name] = path
    return out


def _from_text(
    source: PathLike,
    hypotheses: Sequence[PathLike],
    references: Sequence[PathLike],
    ref_m2: PathLike | None,
    missing: str,
) -> list[list[Example]]:
    base = examples_from_text(source, hypotheses[0], references, ref_m2, missing)
    out = [base]
    for path in hypotheses[1:]:
        lines = read_lines(path)
        if len(lines) != len(base):
            raise InputError(
                f"has {len(lines)} sentences but {source} has {len(base)}", path, min(len(lines), len(base)) + 1
            )
        out.append(
            [
                dataclasses.replace(ex, hypothesis=Target(tuple(line.split()), raw=line))
                for ex, line in zip(base, lines, strict=True)
            ]
        )
    return out


def _from_m2(hyp_m2: Sequence[PathLike], ref_m2: PathLike, missing: str) -> list[list[Example]]:
    refs = read_m2(ref_m2)
    shared = [b.references(missing) for b in refs]
    out = []
    for path in hyp_m2:
        hyps = read_m2(path)
        if len(hyps) != len(refs):
            raise InputError(
                f"has {len(hyps)} sentences but {ref_m2} has {len(refs)}", path, min(len(hyps), len(refs)) + 1
            )
        system = []
        for i, (h, r) in enumerate(zip(hyps, refs, strict=True)):
            if h.source != r.source:
                raise InputError(f"source sentence differs from {ref_m2}:{r.line}", path, h.line)
            system.append(Example(r.source, h.targets[0], shared[i], str(i)))
        out.append(system)
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
    missing_annotators: str = "unchanged",
    align_hypotheses: bool = True,
) -> dict[str, list[Example]]:
    """Examples per system name, in the order given, aligned as the metrics need.

    Text systems (``source`` + ``hypotheses``) take references from ``references`` and/or
    ``ref_m2``; M2 systems (``hyp_m2``) from ``ref_m2``. ``aligner=None`` leaves text targets
    unaligned (GREEN and GLEU need no edits); ``align_hypotheses=False`` aligns references only.
    """
    if hypotheses and hyp_m2:
        raise InputError("give text hypotheses or hypothesis M2 files, not both", hypotheses[0])
    paths = list(hypotheses or hyp_m2)
    if not paths:
        raise InputError("no systems given (hypotheses or hyp_m2)")
    labels = system_names(paths, names)
    if hyp_m2:
        if ref_m2 is None:
            raise SettingError("hypothesis M2 files need a reference M2 (ref_m2)", "ref_m2", path=hyp_m2[0])
        per_system = _from_m2(hyp_m2, ref_m2, missing_annotators)
    else:
        if source is None:
            raise InputError("text hypotheses need the source sentences (source)", hypotheses[0])
        if not references and ref_m2 is None:
            raise InputError("no references given (references or ref_m2)", hypotheses[0])
        per_system = _from_text(source, hypotheses, references, ref_m2, missing_annotators)
    if aligner is not None:
        al = get_aligner(aligner) if isinstance(aligner, str) else aligner
        flat = [ex for system in per_system for ex in system]
        todo = [*([e.hypothesis for e in flat] if align_hypotheses else []), *(r for e in flat for r in e.references)]
        if any(t.edits is None for t in todo):
            aligned = align_examples(flat, al, hypotheses=align_hypotheses)
            n = len(per_system[0])
            per_system = [aligned[i * n : (i + 1) * n] for i in range(len(per_system))]
    return dict(zip(labels, per_system, strict=True))
