"""Evaluation protocols by name (``--protocol NAME``): the tokeniser, aligner and metric settings a
shared task or paper scores with, declared once, so that a test set (``-t``) can imply one.

A protocol is data, not code: :class:`Protocol` names what the scorer uses, and the CLI applies
it to options the user left unset (an explicit option that contradicts it is refused: a number
computed under another setting must not carry the protocol's name). Other modules add protocols
with :func:`register_protocol`.

- ``multigec-2025``: the MultiGEC-2025 shared task (NLP4CALL 2025): essays pre-tokenised with
  ``syntok`` 1.4.4 (one essay per line), edits by tag-free ERRANT (``errant-notag``: ERRANT
  3.0.2's alignment and merging with blank token attributes, as the organisers' ERRANT fork
  runs), span-based P/R/F0.5 with the best reference per essay (``errant_compare``), and GLEU
  as ``gleu -f -n 4 -t word`` (PyPI ``gleu`` 1.1.0) computes it.

>>> PROTOCOLS["multigec-2025"].aligner, PROTOCOLS["multigec-2025"].tokenize
('errant-notag', 'syntok')
"""

from __future__ import annotations

from dataclasses import dataclass

from gecscope.errors import SettingError


@dataclass(frozen=True)
class Protocol:
    """A named way of scoring: ``lang`` (None: any, given by the data or ``--lang``), the
    tokeniser (``--tokenize``), the aligner (``--aligner``), the metrics run by default and
    metric settings as ``(metric, option, value)`` triples (option names as the CLI's, without
    the metric prefix); ``tool``: the official scorer it reproduces."""

    name: str
    summary: str
    tokenize: str
    aligner: str
    metrics: tuple[str, ...]
    settings: tuple[tuple[str, str, str], ...] = ()
    lang: str | None = None
    tool: str = ""

    def __post_init__(self) -> None:
        if not self.metrics:
            raise ValueError(f"protocol {self.name} names no metric")

    def setting(self, metric: str, option: str) -> str | None:
        """The value the protocol fixes for ``metric``'s ``option``, or None."""
        for m, o, v in self.settings:
            if (m, o) == (metric, option):
                return v
        return None


PROTOCOLS: dict[str, Protocol] = {
    "multigec-2025": Protocol(
        "multigec-2025",
        "MultiGEC-2025: syntok tokens, tag-free ERRANT span P/R/F0.5 (best reference per essay), GLEU (gleu -f)",
        tokenize="syntok",
        aligner="errant-notag",
        metrics=("errant", "gleu"),
        tool="multigec-2025 gleu_errant_evaluation.py (errant fork cainesap/errant@16d835e, gleu 1.1.0 -f -n 4)",
    ),
}


def register_protocol(protocol: Protocol) -> None:
    """Add (or replace) a protocol under ``protocol.name``."""
    PROTOCOLS[protocol.name] = protocol


def get_protocol(name: str) -> Protocol:
    """The protocol called ``name``; one line naming the known ones otherwise."""
    if name not in PROTOCOLS:
        raise SettingError(f"unknown protocol {name!r}; known: {', '.join(sorted(PROTOCOLS))}", "protocol")
    return PROTOCOLS[name]
