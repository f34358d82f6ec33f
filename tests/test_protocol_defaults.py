"""A protocol reads the hypotheses as given unless it names a tokeniser."""

from __future__ import annotations

from gecscope.setup.protocols import PROTOCOLS, Protocol


def test_tokenize_defaults_to_none() -> None:
    assert Protocol("given", "scores what it is given", aligner="errant", metrics=("m2",)).tokenize == "none"
    assert {n for n, p in PROTOCOLS.items() if p.tokenize != "none"} == {"multigec-2025", "estgec"}
