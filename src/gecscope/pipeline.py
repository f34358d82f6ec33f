"""The one scoring pipeline: read → align → analyse → choose references → reduce, shard by shard.

:func:`stream` is the one reader (text, M2, JSONL, Chinese) of every entry point: the examples
of every system, ``size`` sentences at a time, read a line at a time; :func:`read` collects it.
It keeps every annotator of a reference M2 file and flags, per sentence, those without lines
(:attr:`gecscope.types.Target.absent`). :func:`align` extracts, once for all systems, the edits
the metrics need and gives each metric the input fields of its signature (tokenisation, where the
edits it reads came from: the same whatever metrics run beside it). Each metric then analyses,
applying its own missing-annotator convention (:func:`gecscope.metrics.base.convention`), chooses
its references and reduces. :func:`score_shards` runs them over a stream: the shards are analysed
one by one and dropped, and only their statistics, stacked as the metrics declare them
(``MetricSpec.statistics``), are reduced once, which gives ``metric.score``'s numbers for a
metric whose entry says it ``streams``; any other metric is scored by ``metric.score`` on one
shard. :func:`score` (systems in memory) and :func:`score_files` (bounded memory) call it;
``gecscope.score``, ``gecscope.compare`` and the CLI call these functions and assemble nothing
themselves.

>>> d = Path(__file__).parent / "data" / "example"
>>> [system] = read(hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2")
>>> from gecscope.metrics import METRICS
>>> [s] = score([METRICS["m2"].build()], {"": system})
>>> " ".join(s.signature.split("|")[-3:-1])
'tok:whitespace edits:hyp=m2,ref=m2'
"""

from __future__ import annotations

import contextlib
import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from gecscope import arguments
from gecscope.align import Aligner, align_examples, get_aligner
from gecscope.errors import InputError, SettingError
from gecscope.io.jsonl import iter_jsonl
from gecscope.io.parallel import m2_rows, text_rows
from gecscope.io.tokenization import guarded
from gecscope.metrics import METRICS
from gecscope.metrics.analysis import require_references
from gecscope.progress import bar
from gecscope.result import Score
from gecscope.signature import extend_signature
from gecscope.stats import stack
from gecscope.types import Example

T = TypeVar("T")
PathLike = str | Path
Shard = list[list[Example]]
#: the Python names of the input settings (a front end renames them in messages: see SettingError)
INPUT_SETTINGS = ("hyp_m2", "ref_m2", "source", "hypothesis", "references", "jsonl", "ref_tsv")
#: sentences per shard of :func:`score_files` unless told otherwise
SHARD_SIZE = 20_000
#: the aligners whose edits of a pair do not depend on the other pairs aligned with it
SHARD_ALIGNERS = ("errant", "errant-notag", "levenshtein")


def batches(items: Iterable[T], size: int | None) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (``None``: one list of all). The last list comes only once
    ``items`` is exhausted, so an error raised at its end comes before it.

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    if size is not None and size < 1:
        raise ValueError(f"shard size must be at least 1; got {size}")
    batch: list[T] = []
    for item in items:
        if len(batch) == size:
            yield batch
            batch = []
        batch.append(item)
    if batch:
        yield batch


def _refusing_cjk(rows: Iterator[tuple[Example, ...]], path: PathLike, lang: str) -> Iterator[tuple[Example, ...]]:
    """``rows``, unchanged; at their end, mostly-Chinese sources read as English are refused."""
    from gecscope.align.languages import han_counts, refuse_cjk_counts

    han = total = 0
    for row in rows:
        h, t = han_counts([row[0].source_raw or "".join(row[0].source)])
        han, total = han + h, total + t
        yield row
    if lang == "en":
        refuse_cjk_counts((han, total), path)


def stream(
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
    size: int | None = None,
    overlaps: bool = False,
) -> Iterator[Shard]:
    """The examples of each system (in the order given), ``size`` sentences at a time (``None``:
    all at once): each shard holds one list per system, of the same sentences. Files are read a
    line at a time (``lang="zh"`` reads whole files) and a bad line raises, when it is met, an
    :class:`InputError` naming the file and the line; files of different lengths are reported
    when the shorter one ends. A shard comes only when everything before it was read cleanly, and
    the last one only after the whole input was, so a caller that reduces after the last shard
    never scores a bad input. ``overlaps``: reference M2 edits may overlap and keep their file order
    (EstGEC's M2, for the ``estgec-m2`` metric: :func:`gecscope.io.m2.iter_m2`)."""
    rows: Iterator[tuple[Example, ...]]  # one example per system and sentence, whatever the input
    if jsonl is not None:
        rows = ((e,) for e in iter_jsonl(jsonl, require_references))
    elif hypotheses and hyp_m2:
        raise InputError("give text hypotheses or hypothesis M2 files, not both", hypotheses[0])
    elif ref_tsv is not None and lang != "zh":
        raise InputError("ChERRANT TSV references are read with lang='zh'", ref_tsv)
    elif hyp_m2:
        if ref_m2 is None:
            raise SettingError("a hypothesis M2 needs a reference M2 (ref_m2)", "ref_m2", path=hyp_m2[0])
        if lang == "zh":
            from gecscope.align.zh.text import zh_examples_from_m2

            rows = zip(*(zh_examples_from_m2(path, ref_m2) for path in hyp_m2), strict=True)
        else:
            rows = _refusing_cjk(m2_rows(hyp_m2, ref_m2, overlaps), hyp_m2[0], lang)
    elif source is None or not hypotheses:
        raise SettingError(
            "give hyp_m2 + ref_m2, source + hypothesis + references/ref_m2/ref_tsv, or jsonl",
            *INPUT_SETTINGS,
            path=next(iter(hypotheses), None),
        )
    elif require_references and not references and ref_m2 is None and ref_tsv is None:
        raise InputError("no references given (references, ref_m2 or ref_tsv)", hypotheses[0])
    elif lang == "zh":
        from gecscope.align.zh.text import zh_examples_from_text

        rows = zip(*(zh_examples_from_text(source, h, references, ref_m2, ref_tsv) for h in hypotheses), strict=True)
    else:
        rows = _refusing_cjk(text_rows(source, hypotheses, references, ref_m2, overlaps), source, lang)
    for shard in batches(rows, size):
        yield [list(system) for system in zip(*shard, strict=True)]
        del shard  # not held while the next one is read


def read(**inputs: Any) -> list[list[Example]]:
    """The examples of each system, in the order given: :func:`stream` (same settings) collected."""
    [systems] = stream(**inputs)
    return systems


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
    given = given_edits(systems)
    if not refs or (given[1] and (given[0] or not hyps)):  # nothing the metrics read lacks edits
        return [list(s) for s in systems], [edit_fields(n, given, "none", tokenisation_of(aligner)) for n in needs]
    al = make_aligner() if make_aligner is not None else get_aligner(aligner)
    fields = [edit_fields(n, given, aligner_name(al), tokenisation_of(al)) for n in needs]
    done = iter(align_examples([ex for system in systems for ex in system], al, hypotheses=hyps))
    return [list(itertools.islice(done, len(system))) for system in systems], fields


def given_edits(systems: Sequence[Sequence[Example]]) -> tuple[bool, bool]:
    """Whether every hypothesis, and every reference, of ``systems`` carries its edits already."""
    flat = [ex for system in systems for ex in system]
    return all(e.hypothesis.edits is not None for e in flat), all(
        r.edits is not None for e in flat for r in e.references
    )


def tokenisation_of(aligner: Aligner | str) -> dict[str, str]:
    """The signature fields of the aligner's tokenisation (whitespace unless it says otherwise)."""
    return dict(getattr(aligner, "tokenisation", {"tok": "whitespace"}))


def streams(metric: Any) -> bool:
    """Whether ``metric`` scores exactly from stacked per-shard statistics, as its registry entry
    declares (``MetricSpec.streams``): CLEME2.0, CLEME (unweighted or length-weighted), ERRANT,
    M2, without M2's or CLEME's per-error-type breakdown (those re-read the examples)."""
    spec = METRICS.get(metric.name)
    return spec is not None and spec.streams(metric.config)


def analyse_compactly(metric: Any, examples: Sequence[Example]) -> Any:
    """``metric.analyse``, without the chunk objects where the metric does not need them."""
    if hasattr(metric, "needs_chunks"):
        return metric.analyse(examples, keep_chunks=bool(metric.needs_chunks))
    return metric.analyse(examples)


def score_shards(
    metrics: Sequence[Any],
    names: Sequence[str],
    shards: Iterable[Sequence[Sequence[Example]]],
    *,
    aligner: Aligner | str = "errant",
    make_aligner: Callable[[], Aligner] | None = None,
    sign: Mapping[str, str] | None = None,
    kept: dict[str, list[Example]] | None = None,
) -> list[Score]:
    """Every metric on every system (metric-major), each signed with its input fields, from
    shards of :func:`stream` (each one list of examples per system, named ``names``).

    Each shard is aligned where a metric needs edits (one aligner for the whole run: ``aligner``,
    or ``make_aligner()``, called only if something needs aligning; a runaway pair's error names
    the file and line), then analysed by every metric and dropped; the statistics are stacked and
    each metric reduces them once (a metric that does not :func:`streams` is scored by
    ``metric.score`` and takes one shard only). ``sign``: signature fields over the input's (e.g.
    ``tok``); ``kept`` receives each system's aligned examples."""
    needs = [uses(m) for m in metrics]
    reference_free = all(getattr(m, "reference_free", False) for m in metrics)  # reads no reference
    made: list[Any] = []  # the aligner and its origin (where examples were read from)
    given, start, count = [True, True], 0, 0
    parts: list[list[list[Any]]] = [[[] for _ in names] for _ in metrics]
    with contextlib.ExitStack() as exits:

        def aligner_once() -> Aligner:
            if not made:
                made.append(make_aligner() if make_aligner is not None else get_aligner(aligner))
                exits.enter_context(getattr(made[0], "keep_workers", contextlib.nullcontext)())
                made.append(getattr(made[0], "origin", None))
            if made[1] is not None:  # errors name the file and line: offset by the shard's first line
                made[0].origin = dataclasses.replace(made[1], period=n, start=start)
            return made[0]  # type: ignore[no-any-return]

        for shard in shards:
            if count == 1:  # several shards: a progress bar, and metrics that stream
                if not all(streams(m) for m in metrics):
                    raise ValueError("not every metric streams: " + " ".join(m.name for m in metrics if not streams(m)))
                progress = exits.enter_context(bar(None, "scoring", unit="sent"))
                progress.update(start)
            for examples in shard if not reference_free else ():
                require_references(examples)  # before any alignment
            n = len(shard[0])
            given = [old and new for old, new in zip(given, given_edits(shard), strict=True)]
            shard, _ = align(shard, needs, aligner, make_aligner=aligner_once)
            for name, examples in zip(names, shard, strict=True):
                if kept is not None:
                    kept.setdefault(name, []).extend(examples)
            for metric, per_system in zip(metrics, parts, strict=True):
                for examples, bucket in zip(shard, per_system, strict=True):
                    bucket.append(analyse_compactly(metric, examples) if streams(metric) else metric.score(examples))
            start, count = start + n, count + 1
            if count > 1:
                progress.update(n)
            del shard, examples  # not held while the next one is read
    if not count:
        raise InputError("no sentences to score")
    label, tok = (aligner_name(made[0]), tokenisation_of(made[0])) if made else ("none", tokenisation_of(aligner))
    fields = [edit_fields(need, (given[0], given[1]), label, tok) for need in needs]
    out = []
    for metric, own, per_system in zip(metrics, fields, parts, strict=True):
        for name, got in zip(names, per_system, strict=True):
            result = metric.score_analysis(got[0] if len(got) == 1 else stack(got)) if streams(metric) else got[0]
            signature = extend_signature(result.signature, {**own, **(sign or {})})
            out.append(dataclasses.replace(result, system=name, signature=signature))
    return out


def score(
    metrics: Sequence[Any],
    systems: Mapping[str, Sequence[Example]],
    *,
    aligner: Aligner | str = "errant",
    tok: str | None = None,
) -> list[Score]:
    """Every metric on every system (metric-major), each signed with its input fields: the
    systems as one shard (:func:`score_shards`)."""
    sign = {"tok": tok} if tok is not None else None
    return score_shards(metrics, list(systems), [[list(e) for e in systems.values()]], aligner=aligner, sign=sign)


def score_files(
    metrics: Sequence[Any],
    *,
    names: Sequence[str] = (),
    size: int = SHARD_SIZE,
    aligner: Aligner | str = "errant",
    allow_tokenization_mismatch: bool = False,
    **inputs: Any,
) -> list[Score]:
    """Every metric on every system read from files (the settings of :func:`stream`) in bounded
    memory: ``size`` sentences at a time when every metric :func:`streams` and the aligner is one
    of :data:`SHARD_ALIGNERS` (or the input is M2: nothing to align), else in one shard. The
    numbers and signatures are those of :func:`score` on the examples :func:`read` gives; the
    systems are named ``names`` (default: the hypothesis files' stems). A hypothesis or reference
    tokenised otherwise than the source is refused, as the whole input is read (unless
    ``allow_tokenization_mismatch``).

    >>> d = Path(__file__).parent / "data" / "example"
    >>> m = METRICS["errant"].build()
    >>> [s] = score_files([m], hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2", size=3)
    >>> [t] = score([m], {"hypothesis": read(hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2")[0]})
    >>> (s.value, s.signature) == (t.value, t.signature)
    True
    """
    arguments.score_files_arguments(metrics, names, size, inputs)
    files = inputs.get("hypotheses") or inputs.get("hyp_m2") or [inputs.get("jsonl") or "system"]
    shardable = bool(inputs.get("hyp_m2")) or (isinstance(aligner, str) and aligner in SHARD_ALIGNERS)
    shards: Iterable[Sequence[Sequence[Example]]] = stream(
        **inputs, size=size if shardable and all(streams(m) for m in metrics) else None
    )
    names = list(names) or [Path(f).stem for f in files]
    if inputs.get("lang", "en") != "zh" and not allow_tokenization_mismatch:
        refs = [*inputs.get("references", ()), inputs.get("ref_m2") or inputs.get("jsonl") or "references"]
        shards = guarded(shards, [[f, *refs] for f in files], source=inputs.get("source") or refs[-1])
    return score_shards(metrics, names, shards, aligner=aligner)
