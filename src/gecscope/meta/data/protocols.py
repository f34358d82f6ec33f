"""Shared-task protocols by name (``--protocol NAME``; ``-t NAME`` implies its test set's): the
language, tokenisation, aligner, metric and metric settings the task's official scorer uses.

Declarative only: :mod:`gecscope.cli.preparation` applies a protocol to the command's options.
The protocol's name goes into the signature when it is applied; a ``--metric`` the user gives
instead replaces the protocol's metric and settings (and drops its name from the signature).

>>> PROTOCOLS["jfleg"].metric, dict(PROTOCOLS["jfleg"].settings)
('gleu', {'sampling': 'py3'})
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Protocol:
    name: str
    summary: str
    #: the official scorer the protocol reproduces (run as the oracle of the golden tests)
    tool: str
    metric: str
    settings: tuple[tuple[str, str], ...] = ()
    lang: str = "en"
    tokenize: str = "none"
    aligner: str = "errant"


PROTOCOLS: dict[str, Protocol] = {
    p.name: p
    for p in (
        Protocol(
            "estgec",
            "EstGEC's M2 scorer: M2 with word-order edits, per-type recall (EstGEC-L2, Tartu L1)",
            "TartuNLP/estgec M2_scorer_est/m2scorer_by_type/scripts/m2scorer.py",
            "estgec-m2",
            lang="et",
        ),
        Protocol(
            "unlp-2023",
            "UNLP-2023: English ERRANT on Stanza-tokenised Ukrainian, span-based correction (--scheme ds: detection)",
            "unlp-2023-shared-task scripts/evaluate.py (errant_parallel + errant_compare)",
            "errant",
            (("scheme", "cs"),),
        ),
        Protocol(
            "jfleg",
            "JFLEG: its eval/gleu.py (GLEU, 500 draws, Python 3 random)",
            "keisks/jfleg eval/gleu.py (Python 3)",
            "gleu",
            (("sampling", "py3"),),
        ),
        Protocol("m2scorer", "the M2 scorer 3.2 (CWEB, Falko-MERLIN, GECCC, AKCES, QALB)", "M2 scorer 3.2", "m2"),
        Protocol("bea19", "BEA-2019: ERRANT span-based correction (W&I+LOCNESS, FCE)", "errant_compare", "errant"),
        Protocol(
            "multigec-2025",
            "MultiGEC-2025: tag-free ERRANT on syntok-tokenised essays, best reference per essay",
            "spraakbanken/multigec-2025 scripts/local_eval (cainesap/errant 16d835e)",
            "errant",
            aligner="errant-notag",
        ),
    )
}
