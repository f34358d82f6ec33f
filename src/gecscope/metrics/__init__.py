"""The metric registry: one :class:`MetricSpec` per metric declares everything about it
(names, settings and CLI options, layout, citation, official tool, statistics, streaming).
A new metric is its own module plus one entry here. Entries name their module and classes, so
importing the registry imports no metric: a metric's module loads when it is built or configured."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from gecscope.errors import SettingError
from gecscope.layout import CHUNK_STATS
from gecscope.metrics import options as o
from gecscope.metrics.base import Metric, MetricSpec, Option, SentenceMean, always, own_plan
from gecscope.metrics.names import metric_name
from gecscope.stats import Statistics

if TYPE_CHECKING:
    from gecscope.metrics.config import ChunkMetricConfig
    from gecscope.scoring import CorpusRule

#: the I-measure's ``--maximise`` choices (aspect d/c + measure; gecscope.metrics.imeasure.MAXIMISE)
MAXIMISE = tuple(a + m for a in "dc" for m in ("tp", "tn", "fp", "fn", "p", "r", "f", "acc", "wacc", "i"))
#: the M2 scorer's settings (M2's family: EstGEC's, the sentence mean, QALB's, PT-M2)
M2_SETTINGS = (o.BETA, o.MAX_UNCHANGED, o.MISSING)
F_SETTINGS = (o.LEVEL, *M2_SETTINGS)


def chunk_streams(config: ChunkMetricConfig) -> bool:
    """Chunk metrics stream unless a model weighting re-reads the chunks (a per-type breakdown
    is a group of their statistics: it streams)."""
    return config.weighting in ("none", "length")


def chunk_models(config: ChunkMetricConfig) -> bool:
    return config.weighting not in ("none", "length")


def pt_statistics(chosen: str) -> Statistics:
    """PT-M2's and PT-ERRANT's statistics (a ``PTAnalysis`` of each sentence), the ``chosen``
    annotator or reference picked greedily on the running F."""
    return Statistics(
        ("correct", "proposed", "gold"),
        corpus_rule=f"greedy {chosen} choice on the running F",
        holding="record",
        sentence_fields=("sources", "annotators"),
    )


def sentence_mean(metric: Metric, analysis: Any) -> SentenceMean:
    return SentenceMean(analysis.score)


#: what CLEME and CLEME2.0 declare alike: streaming, model use, resampling
CHUNK_RULES: dict[str, Any] = {"streams": chunk_streams, "uses_model": chunk_models, "resampling": own_plan}
#: the statistics of a metric that scores each sentence (``SentenceAnalysis``: a score and its parts)
SENTENCE_STATS = Statistics(
    ("score",), corpus_rule="mean of the sentence scores", holding="record", sentence_fields=("score", "parts")
)
#: what the model-backed reference-free metrics declare alike: no perfect identity, a model, sentence means
MODEL_JUDGE: dict[str, Any] = {
    "perfect": None,
    "uses_model": always,
    "resampling": sentence_mean,
    "statistics": SENTENCE_STATS,
}
#: what LLM-S and LLM-E declare alike: the SEEDA paper, 1-5 ratings
LLM_JUDGE: dict[str, Any] = {**MODEL_JUDGE, "cite": "kobayashi-etal-2024-revisiting", "bounds": (1.0, 5.0)}
#: what the metrics that stream and resample with their own plan declare alike
STREAMED: dict[str, Any] = {"streams": always, "resampling": own_plan}
#: the statistics of the edit-count metrics scored with ERRANT's corpus rule, and of M2's family
EDIT_STATS = Statistics(("tp", "fp", "fn"), corpus_rule="errant", types="edits")
M2_STATS = Statistics(("correct", "proposed", "gold"), corpus_rule="m2", types="annotators")
#: GLEU's and charGLEU's statistics: n-gram counts per sentence and reference, scored per reference draw
GLEU_STATS = Statistics(("ngram_counts",), corpus_rule="mean corpus GLEU over sampled reference draws", holding="array")
#: what PT-M2 and PT-ERRANT declare alike: the paper, the official code, M2's settings, a model
PT_M2: dict[str, Any] = {
    "cite": "gong-etal-2022-revisiting",
    "tool": "PT-M2 official code (pygongnlp/PT-M2)",
    "options": F_SETTINGS,
    "uses_model": always,
}


METRICS: dict[str, MetricSpec] = {
    "cleme2": MetricSpec(
        "cleme2:Cleme2:Cleme2Config",
        "CLEME2.0: hit / wrong / under / over and their weighted score",
        aliases=("CLEME2.0", "CLEME-2.0", "CLEME 2.0", "CLEME2"),
        cite="ye-etal-2024-cleme2",
        tool="CLEME2.0 official code (THUKElab/CLEME)",
        options=(
            *o.CHUNK,
            Option(
                "factors",
                "trade-off factors: paper (corpus .45/.35/.15/.05, sentence .35/.25/.20/.20), "
                "table12 (.50/.40/.05/.05), or four numbers A,B,C,D summing to 1",
            ),
        ),
        statistics=Statistics(CHUNK_STATS, corpus_rule="cleme2", types="chunks"),
        **CHUNK_RULES,
    ),
    "cleme": MetricSpec(
        "cleme:Cleme:ClemeConfig",
        "CLEME: chunk-level F-beta",
        cite="ye-etal-2023-cleme",
        tool="CLEME official code (THUKElab/CLEME)",
        options=(*o.CHUNK, o.BETA),
        statistics=Statistics(CHUNK_STATS, corpus_rule="cleme", types="chunks"),
        **CHUNK_RULES,
    ),
    "green": MetricSpec(
        "green:Green:GreenConfig",
        "GREEN: alignment-free n-gram F-beta (word or char)",
        cite="koyama-etal-2024-n",
        tool="GREEN official code (shotakoyama/green)",
        options=(
            o.LEVEL,
            o.BETA,
            o.N,
            o.UNIT,
            Option("strip", "keep leading/trailing spaces", bool, kind="negated"),
            o.MISSING,
        ),
        statistics=Statistics(("tp", "fp", "fn"), corpus_rule="per-sentence best reference on (F_N, ..., F_1)"),
        resampling=own_plan,
    ),
    "errant": MetricSpec(
        "errant:Errant:ErrantConfig",
        "ERRANT: edit-level F0.5 as errant_compare 3.0.2 computes it",
        aliases=("errant_compare",),
        cite="bryant-etal-2017-automatic",
        tool="errant_compare 3.0.2",
        official_text=True,
        options=(
            o.LEVEL,
            o.BETA,
            o.CAT,
            Option(
                "scheme",
                "cs: span correction, cse: +type, ds/dt: span/token detection",
                choices=("cs", "cse", "ds", "dt"),
            ),
            Option(
                "average",
                "micro: F of the summed counts; categories: mean F over ERRANT's -cat 2 categories (GMEG-Data's)",
                choices=("micro", "categories"),
            ),
            o.MISSING,
        ),
        statistics=EDIT_STATS,
        **STREAMED,
    ),
    "m2": MetricSpec(
        "m2:M2:M2Config",
        "M2 (MaxMatch): the M2 scorer 3.2's F0.5, fast on pathological outputs",
        aliases=("MaxMatch", "M^2", "m2scorer"),
        cite="dahlmeier-ng-2012-better",
        tool="M2 scorer 3.2",
        official_text=True,
        options=(
            *F_SETTINGS,
            o.CAT,
            o.IGNORE_WHITESPACE_CASING,
        ),
        statistics=M2_STATS,
        **STREAMED,
    ),
    "estgec-m2": MetricSpec(
        "estgec:Estgec:EstgecConfig",
        "EstGEC's M2 scorer: M2 with Estonian word-order edits, per-type recall (EstGEC-L2, Tartu L1)",
        aliases=("EstGEC", "m2scorer_by_type", "M2-est"),
        cite="dahlmeier-ng-2012-better",
        tool="EstGEC M2_scorer_est/m2scorer_by_type (TartuNLP/estgec 336473ca)",
        official_text=True,
        options=M2_SETTINGS,
        statistics=Statistics(
            ("correct", "proposed", "gold"),
            corpus_rule="m2",
            holding="record",
            sentence_fields=("counts", "flags", "edits", "golds"),
        ),
    ),
    "m2-macro": MetricSpec(
        "m2_macro:M2Macro:M2MacroConfig",
        "M2 sentence mean (macro): the M2 scorer's F0.5 of each sentence alone, averaged over the sentences",
        aliases=("macro-M2", "sentence-M2"),
        cite="napoles-etal-2016-theres",
        tool="M2 scorer 3.2 run on each sentence alone (its printed P, R, F averaged)",
        options=(*M2_SETTINGS, o.IGNORE_WHITESPACE_CASING),
        statistics=Statistics(("correct", "proposed", "gold"), corpus_rule="m2_macro:M2_MACRO"),
        **STREAMED,
    ),
    "gleu": MetricSpec(
        "gleu:Gleu:GleuConfig",
        "GLEU: the official 2016 script's score (500 sampled iterations)",
        aliases=("GLEU+",),
        cite="napoles-etal-2015-ground",
        tool="gec-ranking compute_gleu (2016, with the 2017 brevity-penalty fix)",
        official_text=True,  # JFLEG's eval/gleu.py: [['mean', 'std', '(low,high)']]
        options=(o.LEVEL, o.GLEU_N, o.GLEU_VARIANT, o.SAMPLING, o.ITERATIONS, o.MISSING),
        statistics=GLEU_STATS,
    ),
    "chargleu": MetricSpec(
        "chargleu:CharGleu:CharGleuConfig",
        "charGLEU: GLEU over character n-grams (n = 1..5), the official script run on characters",
        aliases=("charGLEU", "char-gleu"),
        cite="napoles-etal-2019-enabling",
        tool="gec-ranking compute_gleu -n 5 on character files (GMEG-Data released no charGLEU code)",
        options=(
            o.LEVEL,
            o.GLEU_N,
            Option("spaces", "drop: the words' characters; keep: one U+2581 between words", choices=("drop", "keep")),
            o.SAMPLING,
            o.ITERATIONS,
            o.MISSING,
        ),
        statistics=GLEU_STATS,
    ),
    "i-measure": MetricSpec(
        "imeasure:IMeasure:IMeasureConfig",
        "I-measure: improvement in weighted accuracy over doing nothing, from a three-way token alignment",
        aliases=("I-measure", "imeasure"),
        cite="felice-briscoe-2015-towards",
        tool="mfelice/imeasure fc79fdf (m2_to_ixml.py, ieval.py; Python 2.7)",
        bounds=(-1.0, 1.0),
        options=(
            Option("weight", "weight of true and false positives in weighted accuracy", float, low=0.01, high=100),
            Option("beta", "F's beta (the choice reads it only when --maximise is an F)", float, low=0.01, high=100),
            Option("mix", "one reference per annotator, not every mix of their alternatives", bool, kind="negated"),
            Option("maximise", "what each sentence's reference maximises (d/c + measure)", choices=MAXIMISE),
            Option(
                "max_references",
                "the most mixed references of a sentence; beyond it, one per annotator",
                int,
                low=1,
                high=10_000_000,
            ),
            Option("max_cells", "the largest three-way table of a sentence (4 bytes a cell)", int, low=1, high=1e10),
            o.MISSING,
        ),
        statistics=Statistics(
            ("counts",), corpus_rule="I of the counts summed at each sentence's chosen reference", holding="array"
        ),
        **STREAMED,
    ),
    "pt-m2": MetricSpec(
        "pt_m2:PTM2:PTConfig",
        "PT-M2: M2 with edits weighted by PTScore (BERTScore)",
        aliases=("PTM2", "PT_M2"),
        statistics=pt_statistics("annotator"),
        **PT_M2,
    ),
    "pt-errant": MetricSpec(
        "pt_m2:PTErrant:PTConfig",
        "PT-ERRANT: ERRANT with edits weighted by PTScore",
        aliases=("PTERRANT", "PT_ERRANT"),
        statistics=pt_statistics("reference"),
        **PT_M2,
    ),
    "wodafe": MetricSpec(
        "wodafe:Wodafe:WodafeConfig",
        "WODAFE: over-correction-decoupled F-score mixed with LM fluency",
        cite="wodafe-2025",
        tool="none released (the paper's formulas)",
        perfect="f_g",
        options=(
            *o.CHUNK,
            o.BETA,
            Option("preset", "alpha/gamma preset (paper Table 2)", choices=("edit", "sentence")),
            o.ALPHA,
            o.GAMMA,
        ),
        statistics=Statistics(CHUNK_STATS, corpus_rule="wodafe", types="chunks"),
        uses_model=lambda config: chunk_models(config) or config.resolved_gamma > 0,
    ),
    "cherrant": MetricSpec(
        "cherrant:Cherrant:CherrantConfig",
        "ChERRANT: Chinese char-level F0.5, all alignments pooled",
        cite="zhang-etal-2022-mucgec",
        tool="ChERRANT compare_m2_for_evaluation.py",
        official_text=True,
        options=(o.BETA, o.MISSING),
        statistics=EDIT_STATS,
    ),
    "char-f": MetricSpec(
        "char_f:CharF:CharFConfig",
        "char-F: language-agnostic character-level edit F0.5 (Levenshtein edits, ERRANT's corpus rule)",
        aliases=("charF",),
        tool="none (gecscope's definition; ERRANT's counting and greedy reference choice)",
        options=(o.LEVEL, o.BETA, o.MISSING, o.MAX_CHARS),
        statistics=EDIT_STATS,
        **STREAMED,
    ),
    # -- GMEG-Data's baselines (issue 41) --------------------------------------------------------
    "chrf": MetricSpec(
        "chrf:ChrF:ChrFConfig",
        "chrF++: character 1-6 and word 1-2 n-gram F2 (sacreBLEU 2.x), each sentence at its best reference",
        aliases=("chrf++", "chrF++", "CHRF++"),
        cite="popovic-2017-chrf",
        tool="sacreBLEU 2.6.0 CHRF(word_order=2)",
        options=(
            o.LEVEL,
            o.BETA,
            Option("char_order", "character n-gram orders", int, low=0, high=20),
            Option("word_order", "word n-gram orders (0: chrF, 2: chrF++)", int, low=0, high=10),
            Option("lowercase", "case-insensitive n-grams", bool, kind="flag"),
            Option(
                "eps_smoothing", "chrF++.py's smoothing (mean of per-order F), not effective order", bool, kind="flag"
            ),
            o.MISSING,
        ),
        statistics=Statistics(
            ("ngram_counts",), corpus_rule="chrF of the n-gram counts at each sentence's best ref", holding="array"
        ),
        **STREAMED,
    ),
    "scribendi": MetricSpec(
        "scribendi:Scribendi:ScribendiConfig",
        "Scribendi Score: reference-free, LM perplexity + token-sort / Levenshtein ratios (sum of -1/0/+1)",
        aliases=("Scribendi Score",),
        cite="islam-magnani-2021-end",
        tool="gec-metrics 0.1.1 Scribendi (the authors' rule; MultiGEC-2025's scorer agrees)",
        perfect=None,
        options=(
            o.LEVEL,
            Option(
                "threshold",
                "minimum of max(token-sort ratio, Levenshtein distance ratio) for +1",
                float,
                low=0,
                high=1,
            ),
            Option(
                "token_sort",
                "token-sort ratio: fuzzywuzzy (deletes U+0080-U+00FF first, as every reference does) or unicode",
                choices=("fuzzywuzzy", "unicode"),
            ),
        ),
        bounds=(-math.inf, math.inf),
        uses_model=always,
        statistics=Statistics(
            ("score",),
            corpus_rule="sum (corpus level) or mean (sentence level) of the -1/0/+1 sentence scores",
            holding="record",
            sentence_fields=("score", "parts"),
        ),
        resampling=lambda metric, analysis: SentenceMean(analysis.score) if metric.config.level == "sentence" else None,
    ),
    "llm-s": MetricSpec(
        "llm_judge:LLMJudge:LLMJudgeConfig",
        "LLM-S (SEEDA paper): an LLM scores each corrected sentence 1-5 (--llm-model)",
        aliases=("LLM-S",),
        tool="gec-metrics 0.1.1 LLM-S prompt (one hypothesis per prompt)",
        **LLM_JUDGE,
    ),
    "llm-e": MetricSpec(
        "llm_judge:LLMEditJudge:LLMEditJudgeConfig",
        "LLM-E (SEEDA paper): an LLM scores each correction's edits 1-5 (--llm-model)",
        aliases=("LLM-E",),
        tool="gec-metrics 0.1.1 LLM-E prompt (one hypothesis per prompt)",
        **LLM_JUDGE,
    ),
    "some": MetricSpec(
        "learned:Some:SomeConfig",
        "SOME: three BERT regressors (grammaticality, fluency, meaning) from your checkpoints",
        aliases=("SOME",),
        cite="yoshimura-etal-2020-reference",
        tool="gec-metrics 0.1.1 SOME",
        options=(
            Option("grammar_model", "SOME grammaticality regressor (checkpoint folder)"),
            Option("fluency_model", "SOME fluency regressor (checkpoint folder; its tokenizer serves all three)"),
            Option("meaning_model", "SOME meaning-preservation regressor (checkpoint folder)"),
        ),
        bounds=(-math.inf, math.inf),
        **MODEL_JUDGE,
    ),
    "impara": MetricSpec(
        "learned:Impara:ImparaConfig",
        "IMPARA: a quality estimate gated by source similarity, from your checkpoints",
        aliases=("IMPARA",),
        cite="maeda-etal-2022-impara",
        tool="gec-metrics 0.1.1 IMPARA",
        options=(
            Option("quality_model", "IMPARA quality estimator (checkpoint folder)"),
            Option("similarity_model", "IMPARA similarity encoder (checkpoint folder, e.g. bert-base-cased)"),
            Option("threshold", "similarity below which the score is 0", float, low=-1, high=1),
        ),
        **MODEL_JUDGE,
    ),
    "indicgec": MetricSpec(
        "indicgec:IndicGec:IndicGecConfig",
        "IndicGEC-2025 score ('GLEU'): mean over n=1..4 of min(P_n, R_n) of clipped n-gram matches, one reference",
        aliases=("IndicGEC", "IndicGEC-2025", "indicgec-gleu"),
        tool="IndicGEC2025 score.py (Pramit18142/IndicGEC2025 9511374)",
        official_text=True,
        options=(
            Option(
                "tokens",
                "python-re: the official re tokens of each line; given: the tokens as read",
                choices=("python-re", "given"),
            ),
            o.MISSING,
        ),
        statistics=Statistics(
            ("ngram_counts",), corpus_rule="mean over n of min(P_n, R_n) of the pooled n-gram counts", holding="array"
        ),
        **STREAMED,
    ),
    "qalb": MetricSpec(
        "qalb:Qalb:QalbConfig",
        "the QALB M2 scorer: M2 before the 2016 lattice fix, annotator chosen with beta 1, P/R/F1/F0.5",
        aliases=("QALB", "qalb-m2", "QALB-M2"),
        cite="dahlmeier-ng-2012-better",
        tool="QALB-0.9.1 m2Scripts/m2scorer.py (CAMeL-Lab/arabic-gec 8c7fb84, Python 2.7)",
        official_text=True,
        options=(
            *M2_SETTINGS,
            o.IGNORE_WHITESPACE_CASING,
            Option(
                "punctuation",
                "keep: the hypothesis as given; strip: the no-punctuation score (*.nopnx.m2 gold), "
                "stripped as arabic-gec strips outputs (Latin a, m, p included)",
                choices=("keep", "strip"),
            ),
        ),
        statistics=M2_STATS,
        **STREAMED,
    ),
    "fcgec": MetricSpec(
        "fcgec:Fcgec:FcgecConfig",
        "FCGEC's ChERRANT: char-level P/R/F0.5 after punctuation removal (as its README describes)",
        aliases=("FCGEC",),
        cite="zhang-etal-2022-mucgec",
        tool="none released (FCGEC's Codalab program); ChERRANT compare_m2_for_evaluation.py on the stripped text",
        options=(
            o.BETA,
            o.MISSING,
            o.PUNCTUATION,
            Option(
                "sentences",
                "all: every sentence; erroneous: skip those no reference changes",
                choices=("all", "erroneous"),
            ),
        ),
        statistics=EDIT_STATS,
    ),
    "exact-match": MetricSpec(
        "exact_match:ExactMatch:ExactMatchConfig",
        "exact match: the share of the (erroneous) sentences whose hypothesis is one of the references",
        aliases=("EM", "exact match"),
        tool="none released (FCGEC's Codalab program; its README's definition)",
        options=(
            Option(
                "sentences",
                "erroneous: only sentences a reference changes (FCGEC); all: every sentence",
                choices=("erroneous", "all"),
            ),
            o.PUNCTUATION,
            o.MISSING,
        ),
        statistics=Statistics(("counted", "matched"), corpus_rule="matched / counted, summed", holding="array"),
        **STREAMED,
    ),
    "nacgec": MetricSpec(
        "nacgec:Nacgec:NacgecConfig",
        "NaCGEC (NLPCC-2023 T1): 0.5 x M2 F0.5 on THULAC words + 0.5 x ChERRANT F0.5 on characters",
        aliases=("NaCGEC", "NLPCC-2023"),
        cite="zhang-etal-2022-mucgec",
        tool="none released (masr2000/NaCGEC README's recipe; THULAC from PyPI, M2 scorer 3.2, ChERRANT)",
        options=(o.BETA, o.MISSING),
        statistics=Statistics(
            ("word_counts", "char_counts"),
            corpus_rule="0.5 x the M2 rule on the word counts + 0.5 x ChERRANT's on the char counts",
            holding="record",
            sentence_fields=("chars", "words"),
        ),
    ),
}


def statistics(metric: Metric) -> Statistics:
    """The statistics ``metric``'s registry entry declares (how its analysis is taken, stacked
    and sized); a metric outside the registry gets one line."""
    spec = METRICS.get(metric.name)
    if spec is None or spec.statistics is None:
        raise SettingError(f"{metric.name} declares no statistics (no registry entry with statistics=)")
    return spec.statistics


def rules() -> dict[str, CorpusRule]:
    """Every corpus rule by name: the built-in ones (:data:`gecscope.scoring.RULES`) and those the
    registry entries name in a metric module (``corpus_rule="module:NAME"``, imported here). The
    resampling tables, the kernel's codes and tests/test_rules.py read this list."""
    from gecscope.scoring import RULES  # numpy: not imported with the registry

    found = dict(RULES)
    for name, spec in METRICS.items():
        own = spec.rule
        if own is not None and found.setdefault(own.name, own) is not own:
            raise ValueError(f"{name}: its corpus rule's name {own.name!r} is already another rule's")
    return found


def rule(name: str) -> CorpusRule:
    """The corpus rule ``name`` (:func:`rules`); an unknown name raises ``ValueError``."""
    found = rules()
    if name not in found:
        raise ValueError(f"no corpus rule {name!r}; known: {', '.join(found)}")
    return found[name]


def aliases() -> dict[str, str]:
    """Every alias of the registry (lower case) -> its metric's registry name."""
    return {a.lower(): key for key, spec in METRICS.items() for a in spec.aliases}


def canonical(name: str) -> str:
    """The registry name of ``name`` or one of its aliases (any case); a near miss gets one
    line with a "did you mean".

    >>> canonical("CLEME2.0"), canonical("Errant"), canonical("maxmatch")
    ('cleme2', 'errant', 'm2')
    >>> canonical("cleem2")
    Traceback (most recent call last):
    gecscope.errors.SettingError: unknown metric 'cleem2' (did you mean 'cleme2'?)
    """
    return metric_name(name, METRICS, aliases())


__all__ = [
    "METRICS",
    "Metric",
    "MetricSpec",
    "Option",
    "Statistics",
    "aliases",
    "canonical",
    "rule",
    "rules",
    "statistics",
]
