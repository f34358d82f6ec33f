"""The one pipeline: read → tokenise → align → analyse → choose references → reduce, and its
signature: each step contributes its own fields, so no entry point adds or forgets one.

- read: :func:`gecscope.reader.stream` (every input kind, a line at a time; ``read``, ``stream``
  and ``batches`` are re-exported here);
- tokenise: :class:`gecscope.examples.Examples` records the tokeniser it was built with and
  signs it (``tok:``); a language's reader signs its own through its aligner (``tok:zh-char``);
- align: :func:`prepare` extracts, once for all systems, the edits the metrics need and
  returns the :class:`Inputs` of the run, which give each metric its input fields (``tok:``,
  ``edits:``, whatever metrics run beside it);
- analyse: :func:`analyse` applies the metric's missing-annotator convention
  (:func:`gecscope.metrics.base.references_chosen`) *before* the metric sees the examples, so no
  metric can skip it, and shares analyses between metrics that declare the same
  ``analysis_key``;
- choose + reduce: :func:`reduce` (the metric's corpus rule on stacked statistics), signed.

:func:`score_shards` runs them over a stream (each shard analysed and dropped, the statistics
stacked as the metrics declare them and reduced once, for a metric whose entry ``streams``; any
other metric is scored on one shard). ``gecscope.score``, ``gecscope.compare``, ``Examples``,
``score_files``, ``gecscope score/compare/report/explain``, ``meta`` and the ``evaluate``
module call these functions and assemble nothing themselves.

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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from pathlib import Path
from typing import Any

from gecscope import arguments
from gecscope.align import Aligner, adopt, align_examples, get_aligner
from gecscope.align.aligner import WHITESPACE
from gecscope.align.aligners import aligns_pairwise
from gecscope.align.language import Language
from gecscope.align.languages import aligner_known, load_language
from gecscope.errors import InputError
from gecscope.examples import Examples
from gecscope.metrics import METRICS
from gecscope.metrics import statistics as declared
from gecscope.metrics.analysis import require_references
from gecscope.metrics.base import Metric, references_chosen
from gecscope.progress import bar
from gecscope.reader import INPUT_SETTINGS, PathLike, Shard, batches, read, stream
from gecscope.result import Score
from gecscope.signature import extend_signature
from gecscope.types import Example, Target

__all__ = [
    "INPUT_SETTINGS",
    "SHARD_SIZE",
    "Inputs",
    "PathLike",
    "Shard",
    "align",
    "analyse",
    "batches",
    "prepare",
    "read",
    "reduce",
    "score",
    "score_examples",
    "score_files",
    "score_shards",
    "stream",
    "uses",
]

#: sentences per shard of :func:`score_files` unless told otherwise
SHARD_SIZE = 20_000


def uses(metric: Metric) -> tuple[bool, bool]:
    """Whether ``metric`` reads hypothesis edits, and reference edits."""
    hyp = bool(metric.needs_edits)
    return hyp, hyp or bool(metric.needs_reference_edits)


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


@dataclass(frozen=True)
class Inputs:
    """How the examples of a run were made, as each metric's signature says it: the tokenisation
    step's fields (``tok`` and a language's own, e.g. ``t2s``), whether every hypothesis and every
    reference carried its edits (M2), the aligner that extracted the others (``none``: nothing was
    aligned), and fields a front end adds (``test`` for a named test set; ``tok`` for ``--tokenize``)."""

    tok: Mapping[str, str] = field(default_factory=lambda: {"tok": "whitespace"})
    given: tuple[bool, bool] = (True, True)
    aligner: str = "none"
    extra: Mapping[str, str] = field(default_factory=dict)
    #: the language's signature fields (``lang:de``; English adds none), first
    language: Mapping[str, str] = field(default_factory=dict)
    #: the classifier that typed every edit (:func:`gecscope.align.edit_types.signature_of`; ''
    #: when the edits keep the aligner's or the M2 file's types)
    types: str = ""
    #: some M2 target had nested or crossing edits, read as its enclosing ones (``ref=m2-enclosing``)
    nested: bool = False
    #: metric name -> the protocol it was scored by (:meth:`gecscope.setup.Setup.protocol_fields`)
    protocol: Mapping[str, str] = field(default_factory=dict)

    def fields_of(self, needs: tuple[bool, bool], types: bool = False) -> dict[str, str]:
        """The input fields of a metric that reads edits as ``needs`` says (:func:`uses`) and, with
        ``types``, their error types (the ``types:`` field when a classifier typed them)."""
        fields = {**self.language, **edit_fields(needs, self.given, self.aligner, self.tok)}
        if self.nested and fields.get("edits", "").endswith("ref=m2"):
            fields["edits"] += "-enclosing"  # io.m2.enclosing: the edits of the corrected text
        if types and self.types:
            fields["types"] = self.types
        return {**fields, **self.extra}

    def fields(self, metric: Metric) -> dict[str, str]:
        """``metric``'s input fields: the same whatever metrics run beside it (``protocol`` for a
        metric its protocol names)."""
        out = self.fields_of(uses(metric), metric.uses_types)
        if metric.name in self.protocol:
            from gecscope.setup.protocols import conforms

            if conforms(metric, self.protocol[metric.name]):  # every setting the protocol's
                out["protocol"] = self.protocol[metric.name]
        return out

    def type_fields(self) -> dict[str, str]:
        """The ``types:`` field alone ({} when no classifier typed the edits), for per-type rows
        whose metric was built without ``cat`` (``compare --cat``)."""
        return {"types": self.types} if self.types else {}


def aligner_name(aligner: Aligner | str) -> str:
    return aligner if isinstance(aligner, str) else adopt(aligner).signature


def built_aligner(systems: Iterable[Sequence[Example]]) -> str | None:
    """The aligner the systems' setup named (:attr:`Examples.aligner`, a protocol's), or None."""
    found = {s.aligner for s in systems if isinstance(s, Examples) and s.aligner is not None}
    if len(found) > 1:
        raise InputError("the systems were read with different aligners: " + ", ".join(sorted(found)))
    return next(iter(found), None)


def setup_fields(systems: Iterable[Sequence[Example]]) -> tuple[dict[str, str], dict[str, str]]:
    """The setup's signature fields of the systems built by ``gecscope.load`` (:attr:`Examples.setup`):
    the run's and the protocol's per metric; systems built with different ones are refused."""
    found = {
        (tuple(s.setup_fields.items()), tuple(s.protocol_fields.items())) for s in systems if isinstance(s, Examples)
    }
    if len(found) > 1:
        raise InputError("the systems were read with different setups (test set, protocol or tokeniser)")
    if not found:
        return {}, {}
    [(run, by)] = found
    return dict(run), dict(by)


def tokenisation(systems: Iterable[Sequence[Example]]) -> dict[str, str] | None:
    """The tokenisation fields the systems were built with (:attr:`Examples.tokenisation`);
    ``None`` when none records one (the aligner's, else whitespace). Systems tokenised
    differently are refused: one run has one tokenisation."""
    found = {tuple(s.tokenisation.items()) for s in systems if isinstance(s, Examples) and s.tokenisation}
    if len(found) > 1:
        raise InputError("the systems were tokenised differently: " + "; ".join(sorted(map(str, found))))
    return dict(found.pop()) if found else None


def pick_aligner(aligner: Aligner | str | None, lang: str | Language = "en") -> Aligner | str:
    """The aligner language ``lang`` uses: ``aligner`` if the language allows it, or its default
    for None (an aligner object is taken as it is).

    >>> pick_aligner(None), pick_aligner(None, "zh"), pick_aligner("levenshtein", "de")
    ('errant', 'cherrant', 'levenshtein')
    """
    if aligner is not None and not isinstance(aligner, str):
        return aligner
    return load_language(lang).aligner(aligner, aligner_known)


def align(
    systems: Sequence[Sequence[Example]],
    needs: Sequence[tuple[bool, bool]],
    aligner: Aligner | str | None = None,
    make_aligner: Callable[[], Aligner] | None = None,
    *,
    extra: Mapping[str, str] | None = None,
    protocol: Mapping[str, str] | None = None,
    lang: str | Language = "en",
    types: bool = False,
) -> tuple[list[list[Example]], Inputs]:
    """Every system with the edits that metrics with ``needs`` (:func:`uses`) read, extracted once
    over all systems (each distinct sentence pair once), and the run's :class:`Inputs`.
    ``make_aligner`` (e.g. the CLI's, with its settings) is called only if something needs
    aligning; ``extra`` and ``protocol``: the setup's signature fields (:class:`gecscope.setup.Setup`:
    the run's, and the protocol of each metric it names; else those the systems were built with,
    :func:`setup_fields`); ``lang``: the language (its default
    aligner for ``aligner=None``, its signature fields); ``types``: something reads error types,
    so a language whose classifier is not its aligner's types every edit with it
    (:mod:`gecscope.align.edit_types`; the ``types:`` field of :class:`Inputs`)."""
    language = load_language(lang)
    aligner = pick_aligner(aligner if aligner is not None else built_aligner(systems), language)
    hyps = any(h for h, _ in needs)
    refs = any(r for _, r in needs)
    given = given_edits(systems)
    tok = tokenisation(systems)
    built, by = setup_fields(systems)
    extra, protocol = dict(built if extra is None else extra), dict(by if protocol is None else protocol)
    if not refs or (given[1] and (given[0] or not hyps)):  # nothing the metrics read lacks edits
        aligned, label, tok = [list(s) for s in systems], "none", tok or tokenisation_by(aligner, language)
    else:
        al = make_aligner() if make_aligner is not None else get_aligner(aligner)
        done = iter(align_examples([ex for system in systems for ex in system], al, hypotheses=hyps))
        aligned = [list(itertools.islice(done, len(system))) for system in systems]
        label, tok = aligner_name(al), tok or tokenisation_by(al, language)
    typed = ""
    if types:  # the classifiers (and their lexicons) only when a run reads types: not at start-up
        from gecscope.align.annotation import annotation_of
        from gecscope.align.edit_types import classifier_of, signature_of, type_examples

        annotation = annotation_of(aligned)
        classifier = classifier_of(language, annotation)
        if classifier is not None:
            aligned = [type_examples(system, classifier) for system in aligned]
        typed = signature_of(language, annotation)
    nested = any(map(_NESTED, _references(systems)))
    return aligned, Inputs(tok, given, label, extra, dict(language.signature), typed, nested, protocol)


def prepare(
    systems: Sequence[Sequence[Example]],
    metrics: Sequence[Metric],
    aligner: Aligner | str | None = None,
    make_aligner: Callable[[], Aligner] | None = None,
    *,
    extra: Mapping[str, str] | None = None,
    protocol: Mapping[str, str] | None = None,
    lang: str | Language = "en",
    types: bool = False,
) -> tuple[list[list[Example]], Inputs]:
    """:func:`align` for these metrics (their error types typed when one of them reads them, or
    ``types``: a per-type view built on them, ``compare --cat``, the report's heat map)."""
    types = types or any(m.uses_types for m in metrics)
    needs = [uses(m) for m in metrics]
    return align(systems, needs, aligner, make_aligner, extra=extra, protocol=protocol, lang=lang, types=types)


def given_edits(systems: Sequence[Sequence[Example]]) -> tuple[bool, bool]:
    """Whether every hypothesis, and every reference, of ``systems`` carries its edits already."""
    hypotheses = map(_HYPOTHESIS_EDITS, itertools.chain.from_iterable(systems))
    return None not in hypotheses, None not in map(_EDITS, _references(systems))  # (loops in C)


_NESTED, _EDITS, _HYPOTHESIS_EDITS = attrgetter("nested"), attrgetter("edits"), attrgetter("hypothesis.edits")
_REFERENCES = attrgetter("references")


def _references(systems: Sequence[Sequence[Example]]) -> Iterable[Target]:
    """Every reference of every example of ``systems``, in order."""
    chain = itertools.chain.from_iterable
    return chain(map(_REFERENCES, chain(systems)))


def tokenisation_of(aligner: Aligner | str) -> dict[str, str]:
    """The signature fields of the aligner's tokenisation (whitespace unless it says otherwise)."""
    return dict(WHITESPACE if isinstance(aligner, str) else adopt(aligner).tokenisation)


def tokenisation_by(aligner: Aligner | str, language: Language) -> dict[str, str]:
    """The tokenisation fields of a run's examples when the reader recorded none: a language's own
    readers' (they tokenise every line they read, e.g. ``tok:zh-char|t2s:opencc``, whatever aligns
    them or whether anything does), else the aligner's (whitespace unless it says otherwise)."""
    return dict(language.tokens) if language.readers is not None else tokenisation_of(aligner)


def streams(metric: Metric) -> bool:
    """Whether ``metric`` scores exactly from stacked per-shard statistics, as its registry entry
    declares (``MetricSpec.streams``): CLEME2.0, CLEME (unweighted or length-weighted), ERRANT,
    M2, their per-error-type breakdowns included (a declared group of their statistics)."""
    spec = METRICS.get(metric.name)
    return spec is not None and spec.streams(metric.config)


def analyse(
    metric: Metric, examples: Sequence[Example], shared: dict[Any, Any] | None = None, cat: int | str | None = None
) -> Any:
    """``metric``'s statistics of one system: the references its missing-annotator convention
    keeps (applied here, before the metric sees the examples), analysed compactly (no chunk
    objects where the metric reads none). With ``shared`` (a run's cache, keyed by the examples
    and the metric's ``analysis_key``), metrics that declare the same key share one analysis
    (each then keeps every chunk). With a per-type breakdown (``cat``; None: the metric's own
    ``cat``), a metric whose statistics declare an attached per-type group counts it here, beside
    its statistics, so that it streams, stacks and resamples with them."""
    level = metric.type_level if cat is None else cat
    typed = bool(level) and declared(metric).grouped
    key = metric.analysis_key() if shared is not None else None
    chosen = references_chosen(metric, examples)
    if shared is None or key is None:
        return metric.analyse_typed(chosen, level) if typed else metric.analyse_compactly(chosen)
    slot = (id(examples), key)
    if slot not in shared:
        shared[slot] = (examples, metric.shared_analysis(chosen))
    adopted = metric.adopt(shared[slot][1])
    return metric.with_types(adopted, chosen, level) if typed else adopted


def scored(metric: Metric, examples: Sequence[Example]) -> Score:
    """``metric.score`` on the references its convention keeps (a metric that does not stream)."""
    return metric.score(references_chosen(metric, examples))


def score_examples(
    metric: Metric, examples: Sequence[Example], inputs: Inputs, shared: dict[Any, Any] | None = None
) -> Score:
    """One metric on one system's examples in one piece, signed; with ``shared``, metrics that
    declare the same analysis key share one analysis (:func:`analyse`, the per-type group counted
    on it)."""
    chosen = references_chosen(metric, examples)
    if shared is None or metric.analysis_key() is None:
        return signed(metric, metric.score(chosen), inputs)
    return signed(metric, metric.score_analysis(analyse(metric, examples, shared)), inputs)


def reduce(metric: Metric, statistics: Sequence[Any], inputs: Inputs, system: str = "") -> Score:
    """The metric's corpus rule on the statistics of one system (several shards' stacked as the
    metric declares them), signed with the run's input fields."""
    stacked = statistics[0] if len(statistics) == 1 else declared(metric).stack(statistics)
    result = metric.score_analysis(stacked)
    return signed(metric, result, inputs, system)


def signed(metric: Metric, result: Score, inputs: Inputs, system: str = "") -> Score:
    """``result`` with the run's input fields in its signature, named ``system``."""
    signature = extend_signature(result.signature, inputs.fields(metric))
    return dataclasses.replace(result, system=system, signature=signature)


def score_shards(
    metrics: Sequence[Metric],
    names: Sequence[str],
    shards: Iterable[Sequence[Sequence[Example]]],
    *,
    aligner: Aligner | str | None = None,
    make_aligner: Callable[[], Aligner] | None = None,
    sign: Mapping[str, str] | None = None,
    protocol: Mapping[str, str] | None = None,
    kept: dict[str, list[Example]] | None = None,
    lang: str | Language = "en",
) -> list[Score]:
    """Every metric on every system (metric-major), each signed with its input fields, from
    shards of :func:`stream` (each one list of examples per system, named ``names``).

    Each shard is aligned where a metric needs edits (one aligner for the whole run: ``aligner``,
    or ``make_aligner()``, called only if something needs aligning; a runaway pair's error names
    the file and line), then analysed by every metric (:func:`analyse`) and dropped; the
    statistics are stacked and each metric reduces them once (:func:`reduce`; a metric that does
    not :func:`streams` is scored whole and takes one shard only). ``sign`` and ``protocol``:
    the setup's signature fields (:meth:`gecscope.setup.Setup.fields`, ``protocol_fields``; None:
    those the systems were built with); ``kept`` receives each system's aligned
    examples; ``lang``: the language (its default aligner when ``aligner`` is None, its
    signature fields)."""
    language = load_language(lang)
    aligner = pick_aligner(aligner, language)
    needs = [uses(m) for m in metrics]
    reference_free = all(m.reference_free for m in metrics)  # reads no reference
    types = any(m.uses_types for m in metrics)
    made: list[Any] = []  # the aligner and its origin (where examples were read from)
    given, start, count, tok, typed, nested = [True, True], 0, 0, None, "", False
    parts: list[list[list[Any]]] = [[[] for _ in names] for _ in metrics]
    with contextlib.ExitStack() as exits:

        def aligner_once() -> Aligner:
            if not made:
                made.append(make_aligner() if make_aligner is not None else get_aligner(aligner))
                exits.enter_context(adopt(made[0]).keep_workers())
                made.append(adopt(made[0]).origin)
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
            if count == 0:
                tok, (built, by) = tokenisation(shard), setup_fields(shard)
                sign, protocol = built if sign is None else sign, by if protocol is None else protocol
            shard, made_inputs = align(shard, needs, aligner, make_aligner=aligner_once, lang=language, types=types)
            if count and made_inputs.types != typed:
                raise InputError("the shards were annotated differently")
            typed, nested = made_inputs.types, nested or made_inputs.nested
            for name, examples in zip(names, shard, strict=True):
                if kept is not None:
                    kept.setdefault(name, []).extend(examples)
            for metric, per_system in zip(metrics, parts, strict=True):
                for examples, bucket in zip(shard, per_system, strict=True):
                    bucket.append(analyse(metric, examples) if streams(metric) else scored(metric, examples))
            start, count = start + n, count + 1
            if count > 1:
                progress.update(n)
            del shard, examples  # not held while the next one is read
    if not count:
        raise InputError("no sentences to score")
    label, by_aligner = (
        ("none", tokenisation_by(aligner, language))
        if not made
        else (aligner_name(made[0]), tokenisation_by(made[0], language))
    )
    inputs = Inputs(
        tok or by_aligner,
        (given[0], given[1]),
        label,
        dict(sign or {}),
        dict(language.signature),
        typed,
        nested,
        dict(protocol or {}),
    )
    out = []
    for metric, per_system in zip(metrics, parts, strict=True):
        for name, got in zip(names, per_system, strict=True):
            out.append(reduce(metric, got, inputs, name) if streams(metric) else signed(metric, got[0], inputs, name))
    return out


def score(
    metrics: Sequence[Metric],
    systems: Mapping[str, Sequence[Example]],
    *,
    aligner: Aligner | str | None = None,
    lang: str | Language = "en",
    protocol: Mapping[str, str] | None = None,
) -> list[Score]:
    """Every metric on every system (metric-major), each signed with its input fields (the
    tokenisation :class:`Examples` record among them, and the language's): the systems as one
    shard (:func:`score_shards`). ``protocol``: the protocol field of each metric (None: that the
    examples were read with)."""
    shard = [list(systems.values())]
    aligner = aligner if aligner is not None else built_aligner(systems.values())
    return score_shards(metrics, list(systems), shard, aligner=aligner, lang=lang, protocol=protocol)


def score_files(
    metrics: Sequence[Metric],
    *,
    names: Sequence[str] = (),
    size: int = SHARD_SIZE,
    aligner: Aligner | str | None = None,
    allow_tokenization_mismatch: bool = False,
    lang: str | Language = "en",
    **inputs: Any,
) -> list[Score]:
    """Every metric on every system read from files (the settings of :func:`stream`) in bounded
    memory: ``size`` sentences at a time when every metric :func:`streams` and the aligner aligns
    each pair on its own (:attr:`~gecscope.align.aligners.AlignerSpec.pairwise`; or the input is
    M2: nothing to align), else in one shard. The
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
    arguments.language("lang", lang)
    from gecscope.setup import InputFiles, build_setup
    from gecscope.setup.front import read_systems

    def many(key: str) -> tuple[str, ...]:
        return tuple(map(str, inputs.get(key) or ()))

    def one(key: str) -> str | None:
        return None if inputs.get(key) is None else str(inputs[key])

    setup = build_setup(
        files=InputFiles(
            source=one("source"),
            hypotheses=many("hypotheses"),
            hyp_m2=many("hyp_m2"),
            references=many("references"),
            ref_m2=one("ref_m2"),
            jsonl=one("jsonl"),
            ref_tsv=one("ref_tsv"),
        ),
        lang=lang,
        tokenize="none",
        aligner=aligner if isinstance(aligner, str) else None,
        allow_tokenization_mismatch=allow_tokenization_mismatch,
    )
    # the swap checks of every Python door; the tokenisation, as the whole input is read (guarded)
    setup.files.check(bool(inputs.get("multi_annotator_hyp", False)))
    files = setup.files.systems or (setup.files.jsonl or "system",)
    chosen = aligner if aligner is not None and not isinstance(aligner, str) else setup.aligner
    shardable = bool(setup.files.hyp_m2) or (isinstance(chosen, str) and aligns_pairwise(chosen))
    sized = size if shardable and all(streams(m) for m in metrics) else None
    from gecscope.io.tokenization import API_HINT

    shards = read_systems(
        setup,
        require_references=bool(inputs.get("require_references", True)),
        size=sized,
        overlaps=bool(inputs.get("overlaps", False)),
        hint=API_HINT,
    )
    names = list(names) or [Path(f).stem for f in files]
    return score_shards(metrics, names, shards, aligner=chosen, lang=setup.language, sign=setup.fields())
