"""Conformance tier (``-m conformance``): the compiled ERRANT aligner against errant 3.0.2 on
every (source, target) pair of the 13 CoNLL-2014 systems, the two references, the 8 SN-8GEC
references and the 15 SEEDA systems (each distinct sentence parsed once), and on 10,000
random perturbations of real sentences."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import CONLL, DATA, SYSTEMS, require_shared
from errant_identity import aligner, annotator, check_pair, errant_edits, perturbed, spacy_parse
from gecscope.align.errant.kernel import features_of
from gecscope.types import Tokens

pytestmark = [pytest.mark.conformance, pytest.mark.text, pytest.mark.shared]


def lines(path: Path) -> list[Tokens]:
    return [tuple(line.split()) for line in path.read_text(encoding="utf-8").splitlines()]


def corpus_pairs() -> dict[str, list[tuple[Tokens, Tokens]]]:
    sources = lines(CONLL / "sources.txt")
    targets = {f"conll14/{s}": CONLL / "systems" / f"{s}.txt" for s in SYSTEMS}
    targets |= {f"conll14/{r}": CONLL / f"{r}.txt" for r in ("REF0", "REF1")}
    targets |= {f"sn8gec/{p.stem}": p for p in sorted((CONLL / "sn8gec").glob("*.txt"))}
    out = {name: list(zip(sources, lines(path), strict=False)) for name, path in targets.items()}
    seeda = DATA / "seeda" / "outputs" / "all"
    seeda_sources = lines(seeda / "INPUT.txt")
    for path in sorted(seeda.glob("*.txt")):
        out[f"seeda/{path.stem}"] = list(zip(seeda_sources, lines(path), strict=True))
    return out


def test_every_corpus_pair_equals_errant() -> None:
    require_shared()
    corpora = corpus_pairs()
    assert len(corpora) == 13 + 2 + 8 + 15
    pairs = list(dict.fromkeys(p for ps in corpora.values() for p in ps if p[0] != p[1]))
    docs = aligner().parse([s for p in pairs for s in p])  # every distinct sentence parsed once
    ref = spacy_parse(list(docs))  # and by spaCy's whole pipeline, for errant
    features = {s: features_of(d) for s, d in docs.items()}
    fast = annotator(True)
    wrong = [
        (s, t)
        for s, t in pairs
        if fast.annotate(docs[s], docs[t], features[s], features[t]) != errant_edits(ref[s], ref[t])
    ]
    assert not wrong, (len(wrong), wrong[:3])


@settings(max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed([s for s in lines(CONLL / "sources.txt") if s] if (CONLL / "sources.txt").exists() else [("a",)]))
def test_10000_perturbations_equal_errant(pair: tuple[Tokens, Tokens]) -> None:
    require_shared()
    check_pair(*pair)
