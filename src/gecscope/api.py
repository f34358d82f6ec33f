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
from gecscope.io.tokenization import check_examples
from gecscope.metrics import METRICS, Metric, canonical
from gecscope.result import Score
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
    lang: str | Language = "en",
    ref_tsv: str | Path | None = None,
    tokenize: str | None = None,
    allow_tokenization_mismatch: bool = False,
    multi_annotator_hyp: bool = False,
    overlaps: bool = False,
    source_conllu: str | Path | None = None,
    hyp_conllu: str | Path | None = None,
    ref_conllu: Sequence[str | Path] = (),
    tagger: str | None = None,
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

    >>> d = example_dir()
    >>> len(load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2"))
    10
    """
    arguments.load_arguments(locals())
    [examples] = pipeline.read(
        source=source,
        hypotheses=[hypothesis] if hypothesis is not None else [],
        hyp_m2=[hyp_m2] if hyp_m2 is not None else [],
        references=references,
        ref_m2=ref_m2,
        jsonl=jsonl,
        require_references=require_references,
        lang=lang,
        ref_tsv=ref_tsv,
        overlaps=overlaps,
        check=True,  # the swap checks; the tokenisation is checked on the examples below
        multi_annotator_hyp=multi_annotator_hyp,
    )
    language = load_language(lang)
    notes = (source_conllu, hyp_conllu, ref_conllu, tagger)
    if language.readers is not None:  # the reader's own tokens, signed by the language's aligner
        return Examples(_annotated(examples, language.code, *notes), tokenize=None, lang=language.code)
    from gecscope.align import tokenizers

    name = tokenizers.canonical(language.tokenizer(tokenize), language.code)
    if name != "none" and hypothesis is None:
        raise InputError("tokenize applies to text input (source + hypothesis), not M2 or JSONL", "tokenize")
    examples = tokenizers.tokenize_examples(examples, name, language.code)
    if name == "none" and not allow_tokenization_mismatch:
        refs = ref_m2 or ref_tsv or jsonl or "references"
        names = [hypothesis or hyp_m2 or jsonl or "hypothesis", *references, refs]
        check_examples(examples, names, source=source or jsonl or ref_m2 or "")
    return Examples(_annotated(examples, language.code, *notes), tokenize=name, lang=language.code)


def _annotated(
    examples: Sequence[Example],
    lang: str,
    source: str | Path | None,
    hypothesis: str | Path | None,
    references: Sequence[str | Path],
    tagger: str | None,
) -> list[Example]:
    """``examples`` with the CoNLL-U annotations or the tagger's (:mod:`gecscope.align.annotation`)."""
    from gecscope.align.annotation import annotate_conllu, annotate_tagger, tags_of

    conllu = source is not None or hypothesis is not None or bool(references)
    if tagger is not None:
        if conllu:
            raise InputError("give either CoNLL-U files or a tagger, not both", "tagger")
        return annotate_tagger(examples, tagger, lang)
    if not conllu:
        return list(examples)
    return annotate_conllu(examples, source=source, hypothesis=hypothesis, references=references, tags=tags_of(lang))


def get_metric(name: str, **options: Any) -> Metric:
    """Build a metric from its name and settings. The papers' names are accepted too, in any
    case (``CLEME2.0``, ``ERRANT``, ``PT-M2``); a near miss gets a "did you mean".

    >>> get_metric("CLEME2.0", assumption="independent", factors="table12").config.assumption
    'independent'
    >>> get_metric("CLEME2.0").name
    'cleme2'
    """
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
    if built is not None and lang is not None and load_language(built).code != language.code:
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
    CoNLL-U annotations come through :func:`load`).

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
    if examples is None:
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
    elif sources is not None or hypotheses is not None or references is not None:
        raise InputError("give either examples or sources/hypotheses/references, not both")
    m = get_metric(metric, **options) if isinstance(metric, str) else metric
    arguments.examples("examples", examples, bool(m.reads_overlapping_edits))
    language = _language_of(examples, lang)
    if tagger is not None:
        arguments.choice("tagger", tagger, str, "a tagger name (str) or None")
        items = _annotated(examples, language.code, None, None, (), tagger)
        if isinstance(examples, Examples):
            examples = Examples(items, tokenize=examples.tokenize, lang=examples.lang)
        else:
            examples = items
    [result] = pipeline.score([m], {"": examples}, aligner=aligner, lang=language)
    return result
