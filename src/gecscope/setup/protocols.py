"""Evaluation protocols by name (``--protocol NAME``; ``-t NAME`` implies its test set's): the
language, tokeniser, aligner, metrics and metric settings a shared task's official scorer uses.

Declared as the ``multigec`` branch declares them (:class:`Protocol`: ``metrics``, settings as
``(metric, option, value)`` triples, :func:`register_protocol`), applied by
:mod:`gecscope.cli.preparation` to the options the user left unset; a metric or a setting the
user gives otherwise keeps the protocol's name out of the signature.

>>> PROTOCOLS["jfleg"].metrics, PROTOCOLS["jfleg"].setting("gleu", "sampling")
(('gleu',), 'py3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gecscope.errors import SettingError
from gecscope.setup.tables import by_name


@dataclass(frozen=True)
class Protocol:
    """A named way of scoring: ``lang`` (None: any), the tokeniser (``--tokenize``), the aligner
    (``--aligner``), the metrics run by default and metric settings as ``(metric, option, value)``
    triples (the CLI's option names); ``tool``: the official scorer it reproduces."""

    name: str
    summary: str
    aligner: str
    metrics: tuple[str, ...]
    #: none: the hypotheses are read as given (tokenised as the references are)
    tokenize: str = "none"
    settings: tuple[tuple[str, str, str], ...] = ()
    lang: str | None = None
    tool: str = ""
    #: the languages it is for, when several (``lang`` None); a run in another is refused
    langs: tuple[str, ...] = ()
    #: a reference M2 edit ending past its sentence is dropped (EstGEC's scorer; Tartu L1 has one)
    #: instead of refused, whatever metric reads the file
    past_end: bool = False

    def __post_init__(self) -> None:
        if not self.metrics:
            raise ValueError(f"protocol {self.name} names no metric")

    def setting(self, metric: str, option: str) -> str | None:
        """The value the protocol fixes for ``metric``'s ``option``, or None."""
        for m, o, v in self.settings:
            if (m, o) == (metric, option):
                return v
        return None


PROTOCOLS: dict[str, Protocol] = by_name(
    Protocol(
        "multigec-2025",
        "MultiGEC-2025: syntok tokens, tag-free ERRANT span P/R/F0.5 (best reference per essay), GLEU (gleu -f)",
        tokenize="syntok",
        aligner="errant-notag",
        metrics=("errant", "gleu"),
        tool="multigec-2025 gleu_errant_evaluation.py (errant fork cainesap/errant@16d835e, gleu 1.1.0 -f -n 4)",
    ),
    Protocol(
        "estgec",
        "EstGEC's M2 scorer: M2 with word-order edits, per-type recall (EstGEC-L2, Tartu L1); "
        "hypotheses in EstNLTK's words, as the sources are",
        tokenize="estnltk",  # its README: the output tokenised as the sources (EstNLTK words, measured)
        aligner="errant-notag",
        metrics=("estgec-m2",),
        lang="et",
        past_end=True,
        tool="TartuNLP/estgec M2_scorer_est/m2scorer_by_type/scripts/m2scorer.py",
    ),
    Protocol(
        "unlp-2023",
        "UNLP-2023: English ERRANT on Stanza-tokenised Ukrainian, span-based correction (--scheme ds: detection)",
        aligner="errant",
        metrics=("errant",),
        settings=(("errant", "scheme", "cs"),),
        lang="en",
        tool="unlp-2023-shared-task scripts/evaluate.py (errant_parallel + errant_compare)",
    ),
    Protocol(
        "jfleg",
        "JFLEG: its eval/gleu.py (GLEU, 500 draws, Python 3 random)",
        aligner="errant",
        metrics=("gleu",),
        settings=(("gleu", "sampling", "py3"),),
        lang="en",
        tool="keisks/jfleg eval/gleu.py (Python 3)",
    ),
    Protocol(
        "m2scorer",
        "the M2 scorer 3.2 (CWEB, Falko-MERLIN, GECCC, AKCES, QALB)",
        aligner="errant",
        metrics=("m2",),
        tool="M2 scorer 3.2",
    ),
    Protocol(
        "bea19",
        "BEA-2019: ERRANT span-based correction (W&I+LOCNESS, FCE)",
        aligner="errant",
        metrics=("errant",),
        lang="en",
        tool="errant_compare (ERRANT 3.0.2)",
    ),
    # issue 40: IndicGEC-2025, Arabic (QALB-2014/2015, ZAEBUC), FCGEC, NaCGEC
    Protocol(
        "indicgec-2025",
        "IndicGEC-2025 (--lang hi|bn|ml|ta|te): its 'GLEU', mean over n of min(P_n, R_n) on Python re tokens",
        aligner="errant-notag",
        metrics=("indicgec",),
        langs=("hi", "bn", "ml", "ta", "te"),
        tool="IndicGEC2025 score.py (Pramit18142/IndicGEC2025 9511374)",
    ),
    Protocol(
        "qalb",
        "QALB-2014/2015, ZAEBUC: the QALB M2 scorer (pre-2016 lattice, annotator by F1), P/R/F1/F0.5",
        aligner="errant-notag",
        metrics=("qalb",),
        lang="ar",
        tool="QALB-0.9.1 m2Scripts/m2scorer.py (CAMeL-Lab/arabic-gec 8c7fb84, Python 2.7)",
    ),
    Protocol(
        "qalb-nopnx",
        "QALB-2014/2015, ZAEBUC without punctuation: hypothesis stripped as arabic-gec strips it, *.nopnx.m2 gold",
        aligner="errant-notag",
        metrics=("qalb",),
        settings=(("qalb", "punctuation", "strip"),),
        lang="ar",
        tool="arabic-gec gec/utils/postprocess.py pnx_tokenize + remove_pnx, then the QALB M2 scorer",
    ),
    Protocol(
        "fcgec",
        "FCGEC as its README describes it: exact match and ChERRANT char P/R/F0.5, punctuation removed",
        aligner="cherrant",
        metrics=("exact-match", "fcgec"),
        lang="zh",
        tool="none released (FCGEC's Codalab program): its README's recipe, ChERRANT (MuCGEC dac5c3f)",
    ),
    Protocol(
        "nacgec",
        "NaCGEC / NLPCC-2023 T1 as its README describes it: mean of M2 F0.5 on THULAC words and ChERRANT F0.5",
        aligner="cherrant",
        metrics=("nacgec",),
        lang="zh",
        tool="none released (masr2000/NaCGEC da54f1e README): THULAC + M2 scorer 3.2, ChERRANT",
    ),
)


def conforms(metric: Any, name: str) -> bool:
    """Whether ``metric`` (built) is scored as protocol ``name`` scores it: a metric the protocol
    names, every setting its default or the protocol's (a per-type view, ``cat``, changes no number).
    Only then does its signature carry ``protocol:NAME``."""
    from gecscope.metrics import METRICS

    protocol = get_protocol(name)
    if metric.name not in protocol.metrics:
        return False
    settings: dict[str, Any] = {o.replace("-", "_"): v for m, o, v in protocol.settings if m == metric.name}
    if metric.type_level:
        settings["cat"] = metric.type_level
    return bool(METRICS[metric.name].build(**settings).config == metric.config)


def register_protocol(protocol: Protocol) -> None:
    """Add (or replace) a protocol under ``protocol.name``."""
    PROTOCOLS[protocol.name] = protocol


def get_protocol(name: str) -> Protocol:
    """The protocol called ``name``; one line naming the known ones otherwise."""
    if name not in PROTOCOLS:
        raise SettingError(f"unknown protocol {name!r}; known: {', '.join(sorted(PROTOCOLS))}", "protocol")
    return PROTOCOLS[name]
