"""The public Python API: load examples, pick a metric, score, explain."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

<<<<<<< HEAD
from gecscope.align import Aligner, align_examples, get_aligner
from gecscope.errors import InputError, SettingError
from gecscope.io import examples_from_m2, examples_from_text, read_jsonl
from gecscope.metrics import METRICS, Metric, canonical
from gecscope.metrics.analysis import require_references
from gecscope.report.signature import extend_signature
=======
from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.errors import InputError
from gecscope.metrics import METRICS, Metric
>>>>>>> convention
from gecscope.result import Score
from gecscope.types import Example

#: the input settings the loaders' messages name (a front end shows its own names for them)
INPUT_SETTINGS = ("hyp_m2", "ref_m2", "source", "hypothesis", "references", "jsonl", "ref_tsv")


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
    lang: str = "en",
    ref_tsv: str | Path | None = None,
    tokenize: str = "none",
) -> list[Example]:
    """Read examples from M2 (``hyp_m2`` + ``ref_m2``), text (``source`` + ``hypothesis`` +
    ``references`` and/or ``ref_m2``) or JSONL, through :func:`gecscope.pipeline.read`.

<<<<<<< HEAD
    ``lang="zh"`` reads text as ChERRANT does (char tokens, ``t2s`` targets, ``没有错误`` /
    ``无法标注``; ``ref_tsv``: ChERRANT's ``id<TAB>source<TAB>ref...`` file) and M2 with only the
    annotators present in each sentence. Mostly-Chinese text read as English is refused.
    ``tokenize`` (``none``, ``spacy``, ``char``: :mod:`gecscope.align.tokenizers`) tokenises
    text input the same way as ``--tokenize`` does.
=======
    Every annotator of a reference M2 file is kept; one without lines in a sentence is flagged
    there, and each metric applies its own convention (the M2 scorer's and ERRANT's: left out;
    CLEME's: an unchanged reference). ``lang="zh"`` reads text as ChERRANT does (char tokens,
    ``t2s`` targets, ``没有错误`` / ``无法标注``; ``ref_tsv``: ChERRANT's ``id<TAB>source<TAB>ref...``
    file) and M2 with only the annotators present in each sentence. Mostly-Chinese text read as
    English is refused.
>>>>>>> convention

    >>> d = example_dir()
    >>> len(load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2"))
    10
    """
<<<<<<< HEAD
    if jsonl is not None:
        return read_jsonl(jsonl, require_references)
    if lang == "zh":
        return _load_zh(source, hypothesis, references, ref_m2, hyp_m2, ref_tsv, require_references)
    if ref_tsv is not None:
        raise InputError("ChERRANT TSV references are read with lang='zh'", ref_tsv)
    from gecscope.align.languages import refuse_cjk

    if hyp_m2 is not None:
        if ref_m2 is None:
            raise SettingError("a hypothesis M2 needs a reference M2 (ref_m2)", "ref_m2", path=hyp_m2)
        examples = examples_from_m2(hyp_m2, ref_m2, missing_annotators)
        refuse_cjk(("".join(e.source) for e in examples), hyp_m2, lang)
        return examples
    if source is None or hypothesis is None:
        raise SettingError("give hyp_m2 + ref_m2, source + hypothesis + references/ref_m2, or jsonl", *INPUT_SETTINGS)
    if require_references and not references and ref_m2 is None:
        raise InputError("no references given (references or ref_m2)", hypothesis)
    from gecscope.io import read_lines

    refuse_cjk(read_lines(source), source, lang)
    from gecscope.align.tokenizers import canonical, tokenize_examples

    examples = examples_from_text(source, hypothesis, references, ref_m2, missing_annotators)
    return tokenize_examples(examples, canonical(tokenize, lang))


def _load_zh(
    source: str | Path | None,
    hypothesis: str | Path | None,
    references: Sequence[str | Path],
    ref_m2: str | Path | None,
    hyp_m2: str | Path | None,
    ref_tsv: str | Path | None,
    require_references: bool,
) -> list[Example]:
    from gecscope.align.zh.text import zh_examples_from_m2, zh_examples_from_text

    if hyp_m2 is not None:
        if ref_m2 is None:
            raise SettingError("a hypothesis M2 needs a reference M2 (ref_m2)", "ref_m2", path=hyp_m2)
        return zh_examples_from_m2(hyp_m2, ref_m2)
    if source is None or hypothesis is None:
        raise SettingError("give hyp_m2 + ref_m2, or source + hypothesis + references/ref_m2/ref_tsv", *INPUT_SETTINGS)
    if require_references and not references and ref_m2 is None and ref_tsv is None:
        raise InputError("no references given (references, ref_m2 or ref_tsv)", hypothesis)
    return zh_examples_from_text(source, hypothesis, references, ref_m2, ref_tsv)
=======
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
    )
    return examples
>>>>>>> convention


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
    examples: Sequence[Example], aligner: Aligner | str = "errant", *, hypotheses: bool = True
) -> tuple[list[Example], dict[str, str]]:
    """Align whatever has no edits yet (references only with ``hypotheses=False``); return the
    examples and the input signature fields."""
    [ready], [fields] = pipeline.align([examples], [(hypotheses, True)], aligner)
    return ready, fields


def score(
    metric: str | Metric,
    examples: Sequence[Example] | None = None,
    *,
    sources: Sequence[str] | None = None,
    hypotheses: Sequence[str] | None = None,
    references: Sequence[Sequence[str] | str] | None = None,
    references_by: str | None = None,
    tokenize: str = "whitespace",
    aligner: Aligner | str = "errant",
    input_fields: Mapping[str, str] | None = None,
    **options: Any,
) -> Score:
    """Score examples with a metric (name + settings, or a metric object).

    ``input_fields`` (tokenisation and edit origin for the signature) are for callers that
    aligned the examples themselves, e.g. once for several systems.

    Give ``examples`` (from :func:`load` or :class:`gecscope.Examples`), or the sentences
    themselves: ``sources``, ``hypotheses`` and ``references`` (one list per annotator, or one
    per sentence with ``references_by="sentence"``), whitespace-tokenised, or raw English text
    with ``tokenize="spacy"``. Edits are extracted with ``aligner`` where a metric needs them.

    >>> d = example_dir()
    >>> ex = load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")
    >>> s = score("cleme2", ex)
    >>> round(s.value, 4), s.signature.split("|")[0]
    (0.706, 'cleme2')
    >>> s = score("green", sources=["He go home ."], hypotheses=["He goes home ."], references=[["He goes home ."]])
    >>> s.value
    1.0
    """
    from gecscope.examples import Examples

    if examples is None:
        if sources is None or hypotheses is None:
            raise InputError("give examples, or sources + hypotheses (+ references)")
        examples = Examples.from_lists(sources, hypotheses, references, references_by=references_by, tokenize=tokenize)
    elif sources is not None or hypotheses is not None or references is not None:
        raise InputError("give either examples or sources/hypotheses/references, not both")
    m = get_metric(metric, **options) if isinstance(metric, str) else metric
<<<<<<< HEAD
    if isinstance(examples, Examples):
        examples = examples.for_metric(str(getattr(m, "missing_annotators", "unchanged")))
    require_references(examples)
    if input_fields is not None:  # aligned beforehand by the caller, who knows where the edits came from
        ready, fields = list(examples), dict(input_fields)
    elif m.needs_edits or getattr(m, "needs_reference_edits", False):
        ready, fields = prepare(examples, aligner, hypotheses=m.needs_edits)
    else:
        ready, fields = list(examples), {"tok": "whitespace"}
    if isinstance(examples, Examples):
        from gecscope.align.tokenizers import tokenizer_signature

        m2_source = any(r.edits is not None for e in examples for r in e.references)
        fields["tok"] = tokenizer_signature(examples.tokenize, m2_source=m2_source and examples.tokenize != "none")
    result = m.score(ready)
    return dataclasses.replace(result, signature=extend_signature(result.signature, fields))
=======
    fields = None if input_fields is None else [input_fields]  # aligned beforehand by the caller
    tok = examples.tokenize if isinstance(examples, Examples) else None
    [result] = pipeline.score([m], {"": examples}, aligner=aligner, tok=tok, fields=fields)
    return result
>>>>>>> convention
