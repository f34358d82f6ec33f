"""A port's labels against its oracle's (errant_czech, Boyd's German, ru-errant run from their own
checkouts by ``benchmarks/*_oracle.py``): the golden files those scripts write hold, for each pair
of annotated sentences, a key of its annotation (:func:`pair_key`) and the oracle's edits with
their labels; :func:`compare_labels` classifies the same spans with gecscope's port."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gecscope.io.conllu import Sentence, format_conllu, read_conllu


def pair_key(source: Sentence, target: Sentence) -> str:
    """A short hash of a pair's two annotated sides (their CoNLL-U)."""
    import hashlib

    text = format_conllu(source) + format_conllu(target)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def compare_labels(
    types: Any, golden: dict[str, Any], sources: Sequence[Any], targets: Sequence[Any]
) -> tuple[int, int, list[Any]]:
    """(equal, total, the differing edits) of classifier ``types`` against a golden's port labels
    (its pairs' keys must be those of ``sources``/``targets``: the same annotation)."""
    equal = total = 0
    differ = []
    for (key, edits), source, target in zip(golden["pairs"], sources, targets, strict=True):
        if key != pair_key(source, target):
            raise ValueError("the annotation differs from the golden's (tagger version?)")
        for o_start, o_end, c_start, c_end, expected in edits:
            got = types.classify(source[o_start:o_end], target[c_start:c_end])
            total += 1
            equal += got == expected
            if got != expected:
                differ.append((expected, got, o_start, o_end, c_start, c_end))
    return equal, total, differ


def compare_handmade(types: Any, folder: Path) -> tuple[dict[str, Any], int, int, list[Any]]:
    """The golden ``folder/handmade.json`` and :func:`compare_labels` of ``types`` on its pairs
    (``handmade_source.conllu``, ``handmade_target.conllu``)."""
    import json

    golden = json.loads((folder / "handmade.json").read_text(encoding="utf-8"))
    sources, targets = read_conllu(folder / "handmade_source.conllu"), read_conllu(folder / "handmade_target.conllu")
    return golden, *compare_labels(types, golden, sources, targets)
