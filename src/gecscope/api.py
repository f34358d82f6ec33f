"""The public Python API: load examples, pick a metric, score, explain."""

from __future__ import annotations

from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from gecscope import arguments, pipeline
from gecscope.align import Aligner
from gecscope.align.language import Language
from gecscope.align.languages import load_language
from gecscope.errors import InputError, SettingError
from gecscope.examples import Examples
from gecscope.io.tokenization import API_HINT
from gecscope.metrics import METRICS, Metric, canonical
from gecscope.result import Score
from gecscope.setup.run import Annotations, InputFiles, Setup, build_setup
from gecscope.types import Example


def example_dir() -> Path:
    """Folder of the small example shipped inside the package."""
    return Path(str(resources.files("gecscope") / "data" / "example"))


def evaluate_module_path() -> Path:
    """Folder of the Hugging Face ``evaluate`` module installed with the package:
    ``evaluate.load(str(gecscope.evaluate_module_path()))`` (a local folder: no network)."""
    return Path(str(resources.files("gecscope") / "data" / "evaluate" / "gecscope"))


def load(
    *,
    source: str | Path | None = None,
    hypothesis: str | Path | None = None,
    references: Sequence[str | Path] = (),
    ref_m2: str | Path | None = None,
    hyp_m2: str | Path | None = None,
    jsonl: str | Path | None = None,
    require_references: bool = True,
    lang: str | Language | None = None,
    ref_tsv: str | Path | None = None,
    tokenize: str | None = None,
    allow_tokenization_mismatch: bool = False,
    multi_annotator_hyp: bool = False,
    overlaps: bool = False,
    source_conllu: str | Path | None = None,
    hyp_conllu: str | Path | None = None,
    ref_conllu: Sequence[str | Path] = (),
    tagger: str | None = None,
    test_set: str | None = None,
    protocol: str | None = None,
) -> Examples:
    """Read examples from M2 (``hyp_m2`` + ``ref_m2``), text (``source`` + ``hypothesis`` +
    ``references`` and/or ``ref_m2``) or JSONL, through :func:`gecscope.pipeline.read`.

    Every annotator of a reference M2 file is kept; one without lines in a sentence is flagged
    there, and each metric applies its own convention (the M2 scorer's, ERRANT's and CLEME's: left
    out; GREEN's and GLEU's: an unchanged reference). ``lang="zh"`` reads text as ChERRANT does (char tokens,
    ``t2s`` targets, ``没有错误`` / ``无法标注``; ``ref_tsv``: ChERRANT's ``id<TAB>source<TAB>ref...``
    file) and M2 with only the annotators present in each sentence. Mostly-Chinese text read as
    English is refused, and so are (as by the CLI) an M2 file given as text, a hypothesis M2
    with several annotators unless ``multi_annotator_hyp`` (a likely swap of ``hyp_m2`` and
    ``ref_m2``), and a text hypothesis or reference tokenised differently from the source
    unless ``tokenize`` re-tokenises them or ``allow_tokenization_mismatch``.
    ``lang``: a code of :mod:`gecscope.align.languages` (or a :class:`~gecscope.align.language.Language`),
    recorded on the examples and signed by every score of them.
    ``tokenize`` (``none``, ``spacy``, ``char``, ``spacy-blank``, ``syntok``:
    :mod:`gecscope.align.tokenizers`; None: the language's default) tokenises text input the same
    way as ``--tokenize`` does. A hypothesis or reference tokenised otherwise
    than the source (a detokenised output against tokenised sources) is refused, as on the command
    line, unless ``allow_tokenization_mismatch``. ``overlaps``: the reference M2's edits may
    overlap and keep their file order (EstGEC's M2, for ``estgec-m2``).
    ``source_conllu``, ``hyp_conllu``, ``ref_conllu`` (one per annotator): CoNLL-U annotations of
    the input's sentences (their tokens), or ``tagger`` (``cs-core-news-sm``): an offline tagger's;
    the language's annotated classifier then types the edits where types are read (``cat``), and
    the annotation is in the ``types:`` signature field (:mod:`gecscope.align.annotation`).
    ``test_set``: a named test set (as ``gecscope score -t``; give ``hypothesis`` only), its
    files checked against their published checksums and signed (``test:``); ``protocol``: a
    shared task's protocol (its language, tokeniser and aligner; the metrics it names are signed
    ``protocol:`` when scored with its settings: :func:`score` applies them). MultiGEC essay files
    (``.md``) are read as the shared task reads them.

    >>> d = example_dir()
    >>> len(load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2"))
    10
    """
    arguments.load_arguments(locals())
    for name, value in (("test_set", test_set), ("protocol", protocol)):
        arguments.choice(name, value, str, "a name (str) or None", optional=True)
    setup = build_setup(
        files=InputFiles(
            source=_path(source),
            hypotheses=(str(hypothesis),) if hypothesis is not None else (),
            hyp_m2=(str(hyp_m2),) if hyp_m2 is not None else (),
            references=tuple(map(str, references)),
            ref_m2=_path(ref_m2),
            jsonl=_path(jsonl),
            ref_tsv=_path(ref_tsv),
        ),
        lang=lang,
        tokenize=tokenize,
        annotations=Annotations(
            tagger=tagger,
            source_conllu=_path(source_conllu),
            hyp_conllu=(str(hyp_conllu),) if hyp_conllu is not None else (),
            ref_conllu=tuple(map(str, ref_conllu)),
        ),
        protocol=protocol,
        test_set=test_set,
        allow_tokenization_mismatch=allow_tokenization_mismatch,
    )
    return read_examples(setup, require_references=require_references, overlaps=overlaps, multi=multi_annotator_hyp)


def read_examples(
    setup: Setup, *, require_references: bool = True, overlaps: bool = False, multi: bool = False
) -> Examples:
    """The examples of a one-system ``setup``, read through the front half every door shares
    (:func:`gecscope.setup.front.read_systems`), signed as the setup says."""
    from gecscope.setup.front import read_systems  # the reader: when a run reads, not at start-up

    setup.files.check(multi)
    [[examples]] = read_systems(
        setup, require_references=require_references, overlaps=overlaps, types=True, say=_warn, hint=API_HINT
    )
    own = setup.language.readers is not None  # the reader's own tokens, signed by the language's aligner
    tokenize = None if own else "none" if setup.format == "essays" else setup.tokenize
    fields = setup.fields()
    if setup.format == "essays" and setup.tokenised_here:
        tokenize = "none"  # the essays' tokeniser is signed by the setup's tok field
    return Examples(
        examples,
        tokenize=tokenize,
        lang=setup.language.code,
        setup_fields=fields,
        protocol_fields=setup.protocol_fields(),
        aligner=setup.aligner if setup.protocol is not None else None,
    )


def _path(value: str | Path | None) -> str | None:
    return None if value is None else str(value)


def _warn(line: str) -> None:
    """The front half's notices, for Python callers: a :class:`UserWarning`."""
    import warnings

    warnings.warn(line, UserWarning, stacklevel=4)


def get_metric(name: str, **options: Any) -> Metric:
    """Build a metric from its name and settings. The papers' names are accepted too, in any
    case (``CLEME2.0``, ``ERRANT``, ``PT-M2``); a near miss gets a "did you mean".

    >>> get_metric("CLEME2.0", assumption="independent", factors="table12").config.assumption
    'independent'
    >>> get_metric("CLEME2.0").name
    'cleme2'
    """
    arguments.metric_settings(canonical(name), options)  # the command line's declarations
    return METRICS[canonical(name)].build(**options)


def prepare(
    examples: Sequence[Example],
    aligner: Aligner | str | None = None,
    *,
    hypotheses: bool = True,
    lang: str | Language | None = None,
    types: bool = False,
) -> tuple[list[Example], dict[str, str]]:
    """Align whatever has no edits yet (references only with ``hypotheses=False``); return the
    examples and the input signature fields. ``aligner``: None for the language's default;
    ``lang``: None for the language ``examples`` were built in (else English); ``types``: type
    every edit with the language's classifier where it is not the aligner's (a tag-free
    language: :mod:`gecscope.align.edit_types`; the fields then name it, ``types``)."""
    language = _language_of(examples, lang)
    [ready], inputs = pipeline.align([examples], [(hypotheses, True)], aligner, lang=language, types=types)
    return ready, inputs.fields_of((hypotheses, True), types)


def _language_of(examples: Any, lang: str | Language | None) -> Language:
    """``lang``, or the language of :class:`gecscope.Examples` (English for plain examples);
    a ``lang`` other than the one the examples were built in is refused."""
    built = getattr(examples, "lang", None)
    language = load_language(lang if lang is not None else built or "en")
    if built is not None and lang is not None and load_language(built) != language:
        raise SettingError(f"the examples were built with lang={built!r}, not {language.code!r}", "lang")
    return language


def score(
    metric: str | Metric,
    examples: Sequence[Example] | None = None,
    *,
    sources: Sequence[str] | None = None,
    hypotheses: Sequence[str] | None = None,
    references: Sequence[Sequence[str] | str] | None = None,
    references_by: str | None = None,
    tokenize: str | None = None,
    aligner: Aligner | str | None = None,
    allow_tokenization_mismatch: bool = False,
    lang: str | Language | None = None,
    tagger: str | None = None,
    test_set: str | None = None,
    protocol: str | None = None,
    **options: Any,
) -> Score:
    """Score examples with a metric (name + settings, or a metric object).

    Give ``examples`` (from :func:`load` or :class:`gecscope.Examples`), or the sentences
    themselves: ``sources``, ``hypotheses`` and ``references`` (one list per annotator, or one
    per sentence with ``references_by="sentence"``), whitespace-tokenised, or raw English text
    with ``tokenize="spacy"``. Edits are extracted with ``aligner`` (None: the language's default)
    where a metric needs them. ``lang``: the language (:mod:`gecscope.align.languages`; None: that
    of ``examples`` built by :class:`gecscope.Examples` or :func:`load`, else English), in the signature.
    Sentences given as lists are refused when tokenised otherwise than their sources (as
    :func:`load`), unless ``allow_tokenization_mismatch``. ``tagger`` (``cs-core-news-sm``):
    annotate every side with an offline tagger, for the language's annotated error types (``cat``;
    CoNLL-U annotations come through :func:`load`). ``test_set``: a named test set's sources and
    references, with ``hypotheses`` as the system's output (as ``gecscope score -t``);
    ``protocol``: a shared task's protocol (its language, tokeniser, aligner and, for the metrics
    it names, settings and ``protocol:`` field; examples from ``load(protocol=...)`` carry theirs).

    >>> d = example_dir()
    >>> ex = load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
    >>> s = score("cleme2", ex)
    >>> round(s.value, 4), s.signature.split("|")[0]
    (0.706, 'cleme2')
    >>> s = score("green", sources=["He go home ."], hypotheses=["He goes home ."], references=[["He goes home ."]])
    >>> s.value
    1.0
    """
    arguments.metric("metric", metric)
    arguments.language("lang", lang, optional=True)
    arguments.aligner("aligner", aligner)
    arguments.tokenizer("tokenize", tokenize)
    for key, value in (("test_set", test_set), ("protocol", protocol)):
        arguments.choice(key, value, str, "a name (str) or None", optional=True)
    name = canonical(metric) if isinstance(metric, str) else metric.name
    if protocol is not None and test_set is None:  # the setup the command line would build
        setup = build_setup(
            files=InputFiles(),
            lang=lang,
            tokenize=tokenize,
            aligner=aligner if isinstance(aligner, str) else None,
            protocol=protocol,
            metrics=[name],
            settings=options,
        )
        lang, tokenize = setup.language, None if setup.language.readers is not None else setup.tokenize
        aligner = aligner if aligner is not None and not isinstance(aligner, str) else setup.aligner
    if test_set is not None:
        if examples is not None or sources is not None or references is not None or hypotheses is None:
            raise InputError("test_set gives the sources and references: give hypotheses only", "test_set")
        reads = (get_metric(name) if isinstance(metric, str) else metric).reads_overlapping_edits
        examples, chosen = _on_test_set(
            test_set, protocol, hypotheses, tokenize, allow_tokenization_mismatch, lang, bool(reads)
        )
        aligner = aligner if aligner is not None and not isinstance(aligner, str) else aligner or chosen
    elif examples is None:
        if sources is None or hypotheses is None:
            raise InputError("give examples, or sources + hypotheses (+ references)")
        examples = Examples.from_lists(
            sources,
            hypotheses,
            references,
            references_by=references_by,
            tokenize=tokenize,
            allow_tokenization_mismatch=allow_tokenization_mismatch,
            lang=load_language(lang or "en").code,
        )
        if protocol is not None:
            examples = Examples(
                examples,
                tokenize=examples.tokenize,
                lang=examples.lang,
                protocol_fields=setup.protocol_fields(),
            )
    elif sources is not None or hypotheses is not None or references is not None:
        raise InputError("give either examples or sources/hypotheses/references, not both")
    elif protocol is not None:
        raise InputError(
            "examples read with gecscope.load(protocol=...) carry their protocol: drop protocol", "protocol"
        )
    options, by = _protocol_settings(name, metric, examples, options)
    m = get_metric(metric, **options) if isinstance(metric, str) else metric
    arguments.examples("examples", examples, bool(m.reads_overlapping_edits))
    language = _language_of(examples, lang)
    if tagger is not None:
        arguments.choice("tagger", tagger, str, "a tagger name (str) or None")
        from gecscope.setup.front import annotate

        [items] = annotate([examples], Annotations(tagger=tagger), language.code)
        if isinstance(examples, Examples):
            examples = Examples(
                items,
                tokenize=examples.tokenize,
                lang=examples.lang,
                setup_fields=examples.setup_fields,
                protocol_fields=examples.protocol_fields,
                aligner=examples.aligner,
            )
        else:
            examples = items
    [result] = pipeline.score([m], {"": examples}, aligner=aligner, lang=language, protocol=by)
    return result


def _protocol_settings(
    name: str, metric: str | Metric, examples: Sequence[Example], options: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, str]]:
    """The metric's options with those of the protocol the examples were read with (the ones not
    given), and the ``protocol`` field of the metric: the protocol's name when the metric is one
    it names and every setting is the protocol's (else none: a different number is not signed
    as the protocol's)."""
    from gecscope.setup.protocols import get_protocol

    named = examples.protocol_fields.get(name) if isinstance(examples, Examples) else None
    if named is None:
        return options, {}
    protocol = get_protocol(named)
    mine = [(option, value) for m, option, value in protocol.settings if m == name]
    if isinstance(metric, str):
        changed = any(options.get(o) is not None and str(options[o]) != v for o, v in mine)
        options = {**options, **{o: v for o, v in mine if options.get(o) is None}}
    else:  # a built metric: its settings as built
        import dataclasses

        built = dataclasses.asdict(metric.config)
        changed = any(str(built.get(o)) != v for o, v in mine)
    return options, {} if changed else {name: named}


def _on_test_set(
    name: str,
    protocol: str | None,
    hypotheses: Sequence[str],
    tokenize: str | None,
    allow_tokenization_mismatch: bool,
    lang: str | Language | None,
    overlaps: bool = False,
) -> tuple[Examples, str]:
    """Test set ``name``'s sentences with ``hypotheses`` (one string per sentence) as the system's
    output, read and checked as :func:`load` reads a hypothesis file; and the setup's aligner."""
    import dataclasses

    from gecscope.setup.front import read_systems
    from gecscope.setup.testsets import TEST_SETS

    if name not in TEST_SETS:
        raise SettingError(f"unknown test set {name!r}; available: {', '.join(TEST_SETS)}", "test_set")
    arguments.strings("hypotheses", hypotheses)
    lines = list(hypotheses)
    setup = build_setup(
        files=InputFiles(hypotheses=("<hypotheses>",)),
        lang=lang,
        tokenize=tokenize,  # None: the protocol's (as gecscope score -t), else the language's default
        protocol=protocol,
        test_set=name,
        allow_tokenization_mismatch=True,  # checked below, on the hypotheses given
    )
    files = setup.files
    stand_in = InputFiles(
        source=files.source,
        hypotheses=(files.source,) if files.source else (),
        hyp_m2=() if files.source else (files.ref_m2 or "",),
        references=files.references,
        ref_m2=files.ref_m2,
        ref_tsv=files.ref_tsv,
    )
    stand_in_setup = dataclasses.replace(setup, files=stand_in, tokenize="none")  # the lines are replaced below
    [[read]] = read_systems(stand_in_setup, overlaps=overlaps, say=_warn)
    if len(lines) != len(read):
        raise InputError(f"{len(lines)} hypotheses for the {len(read)} sentences of test set {name}", "hypotheses")
    from gecscope.types import make_target

    own = setup.language.readers  # a language that prepares and tokenises its lines itself (zh)
    items = [
        dataclasses.replace(
            ex,
            hypothesis=own.example(ex.source_line, line, (), ex.id).hypothesis
            if own is not None
            else make_target(tuple(line.split()), raw=line),
            from_file=False,
        )
        for ex, line in zip(read, lines, strict=True)
    ]
    chosen = setup.tokenize
    if chosen != "none" and setup.language.readers is None:
        from gecscope.align.tokenizers import tokenize_examples

        items = tokenize_examples(items, chosen, setup.language.code)
    elif not allow_tokenization_mismatch and setup.language.readers is None:
        from gecscope.io.tokenization import check_examples

        check_examples(
            items, ["hypotheses", *files.references, files.ref_m2 or "references"], source=files.source or ""
        )
    fields = dataclasses.replace(setup, tokenize=chosen).fields()
    made = Examples(
        items,
        tokenize=chosen if setup.language.readers is None else None,
        lang=setup.language.code,
        setup_fields=fields,
        protocol_fields=setup.protocol_fields(),
    )
    return made, setup.aligner
