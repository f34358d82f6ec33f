"""gecscope as a Hugging Face ``evaluate`` metric: every gecscope metric (CLEME2.0, CLEME, M2,
ERRANT, GLEU, GREEN, ...) with the same numbers and signature as the ``gecscope`` command line.

    import evaluate, gecscope
    gec = evaluate.load(str(gecscope.evaluate_module_path()))   # installed with the package: no network
    gec.compute(sources=["He go home ."], predictions=["He goes home ."],
                references=[["He goes home ."]], metric="cleme2")
"""

from __future__ import annotations

from typing import Any

import datasets
import evaluate

import gecscope

#: every registered metric's BibTeX, from the registry (gecscope.METRICS[...].citation)
_CITATION = "\n\n".join(dict.fromkeys(spec.citation for spec in gecscope.METRICS.values() if spec.citation)) + "\n"

_DESCRIPTION = (
    "Grammatical error correction metrics from gecscope, each equal number for number to its official tool: "
    + "; ".join(f"{spec.summary} [{spec.tool}]" for spec in gecscope.METRICS.values())
    + ". Edits are extracted from text with ERRANT-compatible alignment (English) or language-agnostic "
    "Levenshtein alignment. Every result carries a reproducibility signature.\n"
)

_KWARGS_DESCRIPTION = f"""
Args:
    sources: source sentences (the learner's text), one string per sentence.
    predictions: system outputs, one string per sentence.
    references: for each sentence, a list of reference corrections (or one string).
    metric: gecscope metric name (or a paper name): {", ".join(gecscope.METRICS)}; default cleme2.
    lang: the language, a code of gecscope.align.languages ("en" by default, or the protocol's;
        "zh", "de", "cs", ...); it picks the default tokeniser and aligner and is named in the
        signature (except "en").
    protocol: a shared task's protocol ("bea19", "multigec-2025", "qalb", "fcgec", ...).
    test_set: a named test set ("jfleg", "estgec-l2", ...; from `gecscope download`): its own
        sources and references are read, so give `sources` and `references` as empty strings,
        one per prediction (`evaluate` needs every column).
    tokenize: "whitespace" (default; text already tokenised), "spacy" (raw English text),
        "spacy-blank" (spaCy's rule-based tokenizer of lang), ... as the language allows.
    aligner: the language's default ("errant" for English) or another it allows ("levenshtein").
    **settings: the metric's settings, as in gecscope.get_metric (assumption, level, factors,
        weighting, beta, unit, scheme, ...).
Returns:
    "score": the metric's main value in [0, 1], the metric's details (hit/wrong/under/over,
    precision/recall, counts, ...), "metric" and "signature".
Examples:
    >>> gec = evaluate.load("gecscope")  # doctest: +SKIP
    >>> gec.compute(sources=["He go home ."], predictions=["He goes home ."],
    ...             references=[["He goes home ."]], metric="green")["score"]  # doctest: +SKIP
    1.0
"""


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class Gecscope(evaluate.Metric):
    """Every gecscope metric behind one ``compute``."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=[  # references: a list per sentence, or one string
                datasets.Features(
                    {"sources": datasets.Value("string"), "predictions": datasets.Value("string"), "references": refs}
                )
                for refs in (datasets.Sequence(datasets.Value("string")), datasets.Value("string"))
            ],
            reference_urls=["https://pypi.org/project/gecscope/"],
        )

    def _compute(
        self,
        sources: list[str],
        predictions: list[str],
        references: list[list[str]] | list[str],
        metric: str = "cleme2",
        lang: str | None = None,
        **settings: Any,
    ) -> dict[str, Any]:
        """``settings``: ``tokenize``, ``aligner``, ``protocol``, ``test_set`` (then only the
        predictions are read) and the metric's settings, as ``gecscope.score`` takes them."""
        if settings.get("test_set"):  # a named test set gives the sources and references
            result = gecscope.score(metric, hypotheses=predictions, **settings)
        else:
            result = gecscope.score(
                metric,
                sources=sources,
                hypotheses=predictions,
                references=references,
                references_by="sentence",
                lang=lang,
                **settings,
            )
        details = {k: v for k, v in result.details.items() if k != "score"}
        return {"metric": result.metric, "score": result.value, **details, "signature": result.signature}
