"""The one scoring pipeline: read → align → analyse → choose references → reduce.

:func:`read` is the one loader (text, M2, JSONL, Chinese) of every entry point; it keeps every
annotator of a reference M2 file and flags, per sentence, those without lines
(:attr:`gecscope.types.Target.absent`). :func:`align` extracts, once for all systems, the edits
the metrics need and gives each metric the input fields of its signature (tokenisation, where the
edits it reads came from: the same whatever metrics run beside it). Each metric then analyses,
applying its own missing-annotator convention (:func:`gecscope.metrics.base.convention`), chooses
its references and reduces (``metric.score``). :func:`score` chains them; ``gecscope.score``,
``gecscope.compare`` and the CLI call these functions and assemble nothing themselves.

>>> d = Path(__file__).parent / "data" / "example"
>>> [system] = read(hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2")
>>> from gecscope.metrics import METRICS
>>> [s] = score([METRICS["m2"].build()], {"": system})
>>> " ".join(s.signature.split("|")[-3:-1])
'tok:whitespace edits:hyp=m2,ref=m2'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gecscope.align import Aligner, align_examples, get_aligner
from gecscope.errors import InputError, SettingError
from gecscope.io import examples_from_m2, examples_from_text, read_jsonl, read_lines, read_m2
from gecscope.metrics.analysis import require_references
from gecscope.result import Score
from gecscope.signature import extend_signature
from gecscope.types import Example, Target

PathLike = str | Path
#: the Python names of the input settings (a front end renames them in messages: see SettingError)
INPUT_SETTINGS = ("hyp_m2", "ref_m2", "source", "hypothesis", "references", "jsonl", "ref_tsv")


def read(
    *,
    source: PathLike | None = None,
    hypotheses: Sequence[PathLike] = (),
    hyp_m2: Sequence[PathLike] = (),
    references: Sequence[PathLike] = (),
    ref_m2: PathLike | None = None,
    jsonl: PathLike | None = None,
    require_references: bool = True,
    lang: str = "en",
    ref_tsv: PathLike | None = None,
) -> list[list[Example]]:
    """The examples of each system, in the order given (references read once for all)."""
    if jsonl is not None:
        return [read_jsonl(jsonl, require_references)]
    if hypotheses and hyp_m2:
        raise InputError("give text hypotheses or hypothesis M2 files, not both", hypotheses[0])
    if ref_tsv is not None and lang != "zh":
        raise InputError("ChERRANT TSV references are read with lang='zh'", ref_tsv)
    from gecscope.align.languages import refuse_cjk
    from gecscope.align.zh.text import zh_examples_from_m2, zh_examples_from_text

    if hyp_m2:
        if ref_m2 is None:
            raise SettingError("a hypothesis M2 needs a reference M2 (ref_m2)", "ref_m2", path=hyp_m2[0])
        if lang == "zh":
            return [zh_examples_from_m2(path, ref_m2) for path in hyp_m2]
        refs = read_m2(ref_m2)  # read once for every system
        systems = [examples_from_m2(path, ref_m2, refs) for path in hyp_m2]
        refuse_cjk(("".join(e.source) for e in systems[0]), hyp_m2[0], lang)
        return systems
    if source is None or not hypotheses:
        first = next(iter(hypotheses), None)
        raise SettingError(
            "give hyp_m2 + ref_m2, source + hypothesis + references/ref_m2/ref_tsv, or jsonl",
            *INPUT_SETTINGS,
            path=first,
        )
    if require_references and not references and ref_m2 is None and ref_tsv is None:
        raise InputError("no references given (references, ref_m2 or ref_tsv)", hypotheses[0])
    if lang == "zh":
        return [zh_examples_from_text(source, h, references, ref_m2, ref_tsv) for h in hypotheses]
    refuse_cjk(read_lines(source), source, lang)
    base = examples_from_text(source, hypotheses[0], references, ref_m2)
    out = [base]
    for path in hypotheses[1:]:
        lines = read_lines(path)
        if len(lines) != len(base):
            raise InputError(
                f"has {len(lines)} sentences but {source} has {len(base)}", path, min(len(lines), len(base)) + 1
            )
        hyps = (Target(tuple(line.split()), raw=line) for line in lines)
        out.append([dataclasses.replace(ex, hypothesis=h) for ex, h in zip(base, hyps, strict=True)])
    return out


def uses(metric: Any) -> tuple[bool, bool]:
    """Whether ``metric`` reads hypothesis edits, and reference edits."""
    hyp = bool(metric.needs_edits)
    return hyp, hyp or bool(getattr(metric, "needs_reference_edits", False))


def edit_fields(
    needs: tuple[bool, bool], given: tuple[bool, bool], aligner: str, tok: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The input fields of a metric's signature: the tokenisation and, for a metric that reads
    edits (``needs``: :func:`uses`), where they come from: ``m2`` when the input carried them all
    (``given``: hypotheses, references), else ``aligner``; ``hyp=none`` for a metric that reads no
    hypothesis edits. They depend on the metric and its input only, never on the metrics beside it."""
    hyp, ref = needs
    fields = dict(tok or {"tok": "whitespace"})
    if ref:
        h = "m2" if given[0] else aligner if hyp else "none"
        fields["edits"] = f"hyp={h},ref={'m2' if given[1] else aligner}"
    return fields


def aligner_name(aligner: Aligner | str) -> str:
    return aligner if isinstance(aligner, str) else str(getattr(aligner, "signature", aligner.name))


def align(
    systems: Sequence[Sequence[Example]],
    needs: Sequence[tuple[bool, bool]],
    aligner: Aligner | str = "errant",
    make_aligner: Callable[[], Aligner] | None = None,
) -> tuple[list[list[Example]], list[dict[str, str]]]:
    """Every system with the edits that metrics with ``needs`` (:func:`uses`) read, extracted once
    over all systems (each distinct sentence pair once), and each metric's input signature fields.
    ``make_aligner`` (e.g. the CLI's, with its settings) is called only if something needs aligning."""
    hyps = any(h for h, _ in needs)
    refs = any(r for _, r in needs)
    flat = [ex for system in systems for ex in system]
    given = (
        all(e.hypothesis.edits is not None for e in flat),
        all(r.edits is not None for e in flat for r in e.references),
    )
    if not refs or (given[1] and (given[0] or not hyps)):  # nothing the metrics read lacks edits
        return [list(s) for s in systems], [edit_fields(n, given, "none", tokenisation_of(aligner)) for n in needs]
    al = make_aligner() if make_aligner is not None else get_aligner(aligner)
    fields = [edit_fields(n, given, aligner_name(al), tokenisation_of(al)) for n in needs]
    done, out = align_examples(flat, al, hypotheses=hyps), []
    for system in systems:
        out.append(done[: len(system)])
        done = done[len(system) :]
    return out, fields


def tokenisation_of(aligner: Aligner | str) -> dict[str, str]:
    """The signature fields of the aligner's tokenisation (whitespace unless it says otherwise)."""
    return dict(getattr(aligner, "tokenisation", {"tok": "whitespace"}))


def score(
    metrics: Sequence[Any],
    systems: Mapping[str, Sequence[Example]],
    *,
    aligner: Aligner | str = "errant",
    tok: str | None = None,
    fields: Sequence[Mapping[str, str]] | None = None,
) -> list[Score]:
    """Every metric on every system (metric-major), each signed with its input fields.
    ``fields``: one per metric when the systems were aligned beforehand (:func:`align`)."""
    for examples in systems.values() if not all(getattr(m, "reference_free", False) for m in metrics) else ():
        require_references(examples)  # before any alignment
    if fields is None:
        aligned, fields = align(list(systems.values()), [uses(m) for m in metrics], aligner)
        systems = dict(zip(systems, aligned, strict=True))
    out = []
    for metric, own in zip(metrics, fields, strict=True):
        sign = {**own, "tok": tok} if tok is not None else dict(own)
        for name, examples in systems.items():
            result = metric.score(examples)
            out.append(dataclasses.replace(result, system=name, signature=extend_signature(result.signature, sign)))
    return out
