"""The metric registry: one :class:`MetricSpec` per metric declares everything about it
(names, settings and CLI options, layout, citation, official tool, statistics, streaming).
A new metric is its own module plus one entry here."""

import math

from gecscope.layout import CHUNK_STATS
from gecscope.metrics import options as o
from gecscope.metrics.analysis import ChunkAnalysis, analyse
from gecscope.metrics.base import Metric, MetricSpec, Option, SentenceMean, Statistics, always
from gecscope.metrics.char_f import CharF, CharFConfig
from gecscope.metrics.cherrant import Cherrant, CherrantConfig
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import FACTOR_PRESETS, Cleme2, Cleme2Config, Factors
from gecscope.metrics.errant import Errant, ErrantConfig
from gecscope.metrics.gleu import Gleu, GleuConfig
from gecscope.metrics.green import Green, GreenConfig
from gecscope.metrics.learned import Impara, ImparaConfig, Some, SomeConfig
from gecscope.metrics.llm_judge import LLMEditJudge, LLMEditJudgeConfig, LLMJudge, LLMJudgeConfig
from gecscope.metrics.m2 import M2, M2Config
from gecscope.metrics.names import metric_name
from gecscope.metrics.pt_m2 import PTM2, PTConfig, PTErrant
from gecscope.metrics.scribendi import TOKEN_SORTS, Scribendi, ScribendiConfig
from gecscope.metrics.wodafe import Wodafe, WodafeConfig

CLEME_CITATION = """@inproceedings{ye-etal-2023-cleme,
  title     = {{CLEME}: Debiasing Multi-reference Evaluation for Grammatical Error Correction},
  author    = {Ye, Jingheng and Li, Yinghui and Zhou, Qingyu and Li, Yangning and Ma, Shirong and
               Zheng, Hai-Tao and Shen, Ying},
  booktitle = {Proceedings of the 2023 Conference on Empirical Methods in Natural Language Processing},
  year      = {2023}
}"""
ERRANT_CITATION = """@inproceedings{bryant-etal-2017-automatic,
  title     = {Automatic Annotation and Evaluation of Error Types for Grammatical Error Correction},
  author    = {Bryant, Christopher and Felice, Mariano and Briscoe, Ted},
  booktitle = {Proceedings of the 55th Annual Meeting of the Association for Computational Linguistics},
  year      = {2017}
}"""
M2_CITATION = """@inproceedings{dahlmeier-ng-2012-better,
  title     = {Better Evaluation for Grammatical Error Correction},
  author    = {Dahlmeier, Daniel and Ng, Hwee Tou},
  booktitle = {Proceedings of the 2012 Conference of the North American Chapter of the
               Association for Computational Linguistics},
  year      = {2012}
}"""
PT_CITATION = """@inproceedings{gong-etal-2022-revisiting,
  title     = {Revisiting Grammatical Error Correction Evaluation and Beyond},
  author    = {Gong, Peiyuan and Liu, Xuebo and Huang, Heyan and Zhang, Min},
  booktitle = {Proceedings of the 2022 Conference on Empirical Methods in Natural Language Processing},
  year      = {2022}
}"""
SEEDA_CITATION = """@article{kobayashi-etal-2024-revisiting,
  title   = {Revisiting Meta-evaluation for Grammatical Error Correction},
  author  = {Kobayashi, Masamune and Mita, Masato and Komachi, Mamoru},
  journal = {Transactions of the Association for Computational Linguistics},
  volume  = {12},
  year    = {2024}
}"""
F_SETTINGS = (o.LEVEL, o.BETA, o.MAX_UNCHANGED, o.MISSING)


def chunk_streams(config: ClemeConfig | Cleme2Config) -> bool:
    """Chunk metrics stream unless a model weighting or a per-type breakdown re-reads the chunks."""
    return config.weighting in ("none", "length") and not config.cat


def chunk_models(config: ClemeConfig | Cleme2Config | WodafeConfig) -> bool:
    return config.weighting not in ("none", "length")


def m2_streams(config: M2Config) -> bool:
    return not config.cat


METRICS: dict[str, MetricSpec] = {
    "cleme2": MetricSpec(
        Cleme2,
        Cleme2Config,
        "CLEME2.0: hit / wrong / under / over and their weighted score",
        aliases=("CLEME2.0", "CLEME-2.0", "CLEME 2.0", "CLEME2"),
        citation="""@article{ye-etal-2024-cleme2,
  title  = {{CLEME2.0}: Towards More Interpretable Evaluation by Disentangling Edits for Grammatical Error Correction},
  author = {Ye, Jingheng and Xu, Zishan and Li, Yinghui and Cheng, Xuxin and Song, Linlin and Zhou, Qingyu and
            Zheng, Hai-Tao and Shen, Ying and Su, Xin},
  journal = {arXiv preprint arXiv:2407.00934},
  year   = {2024}
}""",
        tool="CLEME2.0 official code (THUKElab/CLEME)",
        options=(
            *o.CHUNK,
            Option(
                "factors",
                "trade-off factors: paper (corpus .45/.35/.15/.05, sentence .35/.25/.20/.20), "
                "table12 (.50/.40/.05/.05), or four numbers A,B,C,D summing to 1",
            ),
        ),
        statistics=Statistics(CHUNK_STATS, "sum", True, "greedy reference choice on (score, TP, -FP, -FN, TN)"),
        streams=chunk_streams,
        uses_model=chunk_models,
        resampling=Cleme2.resampling,
    ),
    "cleme": MetricSpec(
        Cleme,
        ClemeConfig,
        "CLEME: chunk-level F-beta",
        citation=CLEME_CITATION,
        tool="CLEME official code (THUKElab/CLEME)",
        options=(*o.CHUNK, o.BETA),
        statistics=Statistics(CHUNK_STATS, "sum", True, "greedy reference choice on (F, TP, -FP, -FN, TN)"),
        streams=chunk_streams,
        uses_model=chunk_models,
        resampling=Cleme.resampling,
    ),
    "green": MetricSpec(
        Green,
        GreenConfig,
        "GREEN: alignment-free n-gram F-beta (word or char)",
        citation="""@inproceedings{koyama-etal-2024-n,
  title     = {n-gram {F}-score for Evaluating Grammatical Error Correction},
  author    = {Koyama, Shota and Nagata, Ryo and Takamura, Hiroya and Okazaki, Naoaki},
  booktitle = {Proceedings of the 17th International Natural Language Generation Conference},
  year      = {2024}
}""",
        tool="GREEN official code (shotakoyama/green)",
        options=(
            o.LEVEL,
            o.BETA,
            o.N,
            Option("unit", "n-gram unit", choices=("word", "char")),
            Option("strip", "keep leading/trailing spaces", bool, kind="negated"),
            o.MISSING,
        ),
        statistics=Statistics(("tp", "fp", "fn"), "sum", True, "per-sentence best reference on (F_N, ..., F_1)"),
        resampling=Green.resampling,
    ),
    "errant": MetricSpec(
        Errant,
        ErrantConfig,
        "ERRANT: edit-level F0.5 as errant_compare 3.0.2 computes it",
        aliases=("errant_compare",),
        citation=ERRANT_CITATION,
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
            o.MISSING,
        ),
        statistics=Statistics(("tp", "fp", "fn"), "sum", True, "greedy reference choice on the running F (4 dp)"),
        streams=always,
        resampling=Errant.resampling,
    ),
    "m2": MetricSpec(
        M2,
        M2Config,
        "M2 (MaxMatch): the M2 scorer 3.2's F0.5, fast on pathological outputs",
        aliases=("MaxMatch", "M^2", "m2scorer"),
        citation=M2_CITATION,
        tool="M2 scorer 3.2",
        official_text=True,
        options=(
            *F_SETTINGS,
            o.CAT,
            Option("ignore_whitespace_casing", "ignore case/space-only edits", bool, kind="flag"),
        ),
        statistics=Statistics(("correct", "proposed", "gold"), "sum", True, "greedy annotator choice on the running F"),
        streams=m2_streams,
        resampling=M2.resampling,
    ),
    "gleu": MetricSpec(
        Gleu,
        GleuConfig,
        "GLEU: the official 2016 script's score (500 sampled iterations)",
        aliases=("GLEU+",),
        citation="""@inproceedings{napoles-etal-2015-ground,
  title     = {Ground Truth for Grammatical Error Correction Metrics},
  author    = {Napoles, Courtney and Sakaguchi, Keisuke and Post, Matt and Tetreault, Joel},
  booktitle = {Proceedings of the 53rd Annual Meeting of the Association for Computational Linguistics},
  year      = {2015}
}""",
        tool="gec-ranking compute_gleu (2016, with the 2017 brevity-penalty fix)",
        options=(
            o.LEVEL,
            o.N,
            Option(
                "variant", "official: the script; corrected: GREEN's reformulation", choices=("official", "corrected")
            ),
            Option("sampling", "reference draws: Python 2 (official) or Python 3 ports", choices=("py2", "py3")),
            Option("iterations", "sampling iterations", int),
            o.MISSING,
        ),
        statistics=Statistics(("ngram_counts",), "concatenate", True, "mean corpus GLEU over sampled reference draws"),
    ),
    "pt-m2": MetricSpec(
        PTM2,
        PTConfig,
        "PT-M2: M2 with edits weighted by PTScore (BERTScore)",
        aliases=("PTM2", "PT_M2"),
        citation=PT_CITATION,
        tool="PT-M2 official code (pygongnlp/PT-M2)",
        options=F_SETTINGS,
        uses_model=always,
        statistics=Statistics(("correct", "proposed", "gold"), "sum", True, "greedy annotator choice on the running F"),
    ),
    "pt-errant": MetricSpec(
        PTErrant,
        PTConfig,
        "PT-ERRANT: ERRANT with edits weighted by PTScore",
        aliases=("PTERRANT", "PT_ERRANT"),
        citation=PT_CITATION,
        tool="PT-M2 official code (pygongnlp/PT-M2)",
        options=F_SETTINGS,
        uses_model=always,
        statistics=Statistics(("correct", "proposed", "gold"), "sum", True, "greedy reference choice on the running F"),
    ),
    "wodafe": MetricSpec(
        Wodafe,
        WodafeConfig,
        "WODAFE: over-correction-decoupled F-score mixed with LM fluency",
        citation="""@misc{wodafe-2025,
  title = {Rethinking Overcorrection for Grammatical Error Correction Evaluation},
  note  = {Anonymous ACL submission (WODAFE)},
  year  = {2025}
}""",
        tool="none released (the paper's formulas)",
        perfect="f_g",
        options=(
            *o.CHUNK,
            o.BETA,
            Option("preset", "alpha/gamma preset (paper Table 2)", choices=("edit", "sentence")),
            Option("alpha", "over-correction weight", float),
            Option("gamma", "fluency weight (0: no language model)", float),
        ),
        statistics=Statistics(CHUNK_STATS, "sum", True, "greedy reference choice on the running F_G (weighted)"),
        uses_model=lambda config: chunk_models(config) or config.resolved_gamma > 0,
    ),
    "cherrant": MetricSpec(
        Cherrant,
        CherrantConfig,
        "ChERRANT: Chinese char-level F0.5, all alignments pooled",
        citation="""@inproceedings{zhang-etal-2022-mucgec,
  title     = {{MuCGEC}: a Multi-Reference Multi-Source Evaluation Dataset for {C}hinese Grammatical
               Error Correction},
  author    = {Zhang, Yue and Li, Zhenghua and Bao, Zuyi and Li, Jiacheng and Zhang, Bo and Li, Chen and
               Huang, Fei and Zhang, Min},
  booktitle = {Proceedings of the 2022 Conference of the North American Chapter of the
               Association for Computational Linguistics},
  year      = {2022}
}""",
        tool="ChERRANT compare_m2_for_evaluation.py",
        official_text=True,
        options=(o.BETA, o.MISSING),
        statistics=Statistics(("tp", "fp", "fn"), "sum", True, "greedy reference choice on the running F"),
    ),
    "char-f": MetricSpec(
        CharF,
        CharFConfig,
        "char-F: language-agnostic character-level edit F0.5 (Levenshtein edits, ERRANT's corpus rule)",
        aliases=("charF",),
        tool="none (gecscope's definition; ERRANT's counting and greedy reference choice)",
        options=(o.LEVEL, o.BETA, o.MISSING),
        statistics=Statistics(("tp", "fp", "fn"), "sum", True, "greedy reference choice on the running F (4 dp)"),
        streams=always,
        resampling=CharF.resampling,
    ),
    "scribendi": MetricSpec(
        Scribendi,
        ScribendiConfig,
        "Scribendi Score: reference-free, LM perplexity + token-sort / Levenshtein ratios (sum of -1/0/+1)",
        aliases=("Scribendi Score",),
        citation="""@inproceedings{islam-magnani-2021-end,
  title     = {Is this the end of the gold standard? A straightforward reference-less grammatical error
               correction metric},
  author    = {Islam, Md Asadul and Magnani, Enrico},
  booktitle = {Proceedings of the 2021 Conference on Empirical Methods in Natural Language Processing},
  year      = {2021}
}""",
        tool="gec-metrics 0.1.1 Scribendi (the authors' rule; MultiGEC-2025's scorer agrees)",
        perfect=None,
        options=(
            o.LEVEL,
            Option("threshold", "minimum of max(token-sort ratio, Levenshtein distance ratio) for +1", float),
            Option(
                "token_sort",
                "token-sort ratio: fuzzywuzzy (deletes U+0080-U+00FF first, as every reference does) or unicode",
                choices=TOKEN_SORTS,
            ),
        ),
        bounds=(-math.inf, math.inf),
        uses_model=always,
        resampling=lambda metric, analysis: SentenceMean(analysis.score) if metric.config.level == "sentence" else None,
    ),
    "llm-s": MetricSpec(
        LLMJudge,
        LLMJudgeConfig,
        "LLM-S (SEEDA paper): an LLM scores each corrected sentence 1-5 (--llm-model)",
        aliases=("LLM-S",),
        citation=SEEDA_CITATION,
        tool="gec-metrics 0.1.1 LLM-S prompt (one hypothesis per prompt)",
        perfect=None,
        bounds=(1.0, 5.0),
        uses_model=always,
        resampling=lambda metric, analysis: SentenceMean(analysis.score),
    ),
    "llm-e": MetricSpec(
        LLMEditJudge,
        LLMEditJudgeConfig,
        "LLM-E (SEEDA paper): an LLM scores each correction's edits 1-5 (--llm-model)",
        aliases=("LLM-E",),
        citation=SEEDA_CITATION,
        tool="gec-metrics 0.1.1 LLM-E prompt (one hypothesis per prompt)",
        perfect=None,
        bounds=(1.0, 5.0),
        uses_model=always,
        resampling=lambda metric, analysis: SentenceMean(analysis.score),
    ),
    "some": MetricSpec(
        Some,
        SomeConfig,
        "SOME: three BERT regressors (grammaticality, fluency, meaning) from your checkpoints",
        aliases=("SOME",),
        citation="""@inproceedings{yoshimura-etal-2020-reference,
  title     = {{SOME}: Reference-less Sub-Metrics Optimized for Manual Evaluations of Grammatical Error
               Correction},
  author    = {Yoshimura, Ryoma and Kaneko, Masahiro and Kajiwara, Tomoyuki and Komachi, Mamoru},
  booktitle = {Proceedings of the 28th International Conference on Computational Linguistics},
  year      = {2020}
}""",
        tool="gec-metrics 0.1.1 SOME",
        perfect=None,
        options=(
            Option("grammar_model", "SOME grammaticality regressor (checkpoint folder)"),
            Option("fluency_model", "SOME fluency regressor (checkpoint folder; its tokenizer serves all three)"),
            Option("meaning_model", "SOME meaning-preservation regressor (checkpoint folder)"),
        ),
        bounds=(-math.inf, math.inf),
        uses_model=always,
        resampling=lambda metric, analysis: SentenceMean(analysis.score),
    ),
    "impara": MetricSpec(
        Impara,
        ImparaConfig,
        "IMPARA: a quality estimate gated by source similarity, from your checkpoints",
        aliases=("IMPARA",),
        citation="""@inproceedings{maeda-etal-2022-impara,
  title     = {{IMPARA}: Impact-Based Metric for {GEC} Using Parallel Data},
  author    = {Maeda, Koki and Kaneko, Masahiro and Okazaki, Naoaki},
  booktitle = {Proceedings of the 29th International Conference on Computational Linguistics},
  year      = {2022}
}""",
        tool="gec-metrics 0.1.1 IMPARA",
        perfect=None,
        options=(
            Option("quality_model", "IMPARA quality estimator (checkpoint folder)"),
            Option("similarity_model", "IMPARA similarity encoder (checkpoint folder, e.g. bert-base-cased)"),
            Option("threshold", "similarity below which the score is 0", float),
        ),
        uses_model=always,
        resampling=lambda metric, analysis: SentenceMean(analysis.score),
    ),
}


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
    "FACTOR_PRESETS",
    "M2",
    "METRICS",
    "PTM2",
    "ChunkAnalysis",
    "Cleme",
    "Cleme2",
    "Cleme2Config",
    "ClemeConfig",
    "Errant",
    "ErrantConfig",
    "Factors",
    "Gleu",
    "GleuConfig",
    "Green",
    "GreenConfig",
    "M2Config",
    "Metric",
    "MetricSpec",
    "Option",
    "PTConfig",
    "PTErrant",
    "Statistics",
    "Wodafe",
    "WodafeConfig",
    "aliases",
    "analyse",
    "canonical",
]
