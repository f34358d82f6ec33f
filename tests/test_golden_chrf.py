"""chrF++ equals sacreBLEU (its oracle) on the CoNLL-14 systems: tests/golden/chrf/conll14.json,
made by the script in its ``script`` field (sacreBLEU from PyPI)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gecscope
from conftest import CONLL, require_shared, tiered_systems
from gecscope.api import get_metric
from gecscope.metrics.chrf import words
from gecscope.resample import stat_table

GOLDEN = json.loads((Path(__file__).parent / "golden" / "chrf" / "conll14.json").read_text(encoding="utf-8"))
SETTINGS: dict[str, dict[str, Any]] = {
    "chrf++": {},
    "chrf": {"word_order": 0},
    "chrf++-eps": {"eps_smoothing": True},
    "chrf++-lc-beta1": {"lowercase": True, "beta": 1.0},
}


@cache
def examples(system: str) -> Any:
    require_shared()
    refs = [CONLL / "REF0.txt", CONLL / "REF1.txt"]
    return gecscope.load(source=CONLL / "sources.txt", hypothesis=CONLL / "systems" / f"{system}.txt", references=refs)


@pytest.mark.parametrize("system", tiered_systems())
def test_equals_sacrebleu(system: str) -> None:
    for name, settings in SETTINGS.items():
        ours = gecscope.score("chrf", examples(system), **settings).value * 100
        assert ours == pytest.approx(GOLDEN["systems"][system][name], abs=1e-9), (system, name)


def test_sentence_scores_equal_sacrebleu() -> None:
    score = gecscope.score("chrf", examples("AMU"))
    ours = [row["score"] * 100 for row in score.sentences[:50]]
    assert ours == pytest.approx(GOLDEN["amu_sentences"], abs=1e-9)
    assert gecscope.score("chrf++", examples("AMU"), level="sentence").value == pytest.approx(
        float(np.mean([r["score"] for r in score.sentences])), abs=1e-12
    )


def test_resampling_table_equals_rescoring() -> None:
    metric = get_metric("chrf")
    analysis = metric.analyse(examples("AMU"))
    idx = np.random.default_rng(0).integers(0, len(analysis), (3, len(analysis)))
    table = stat_table(metric, analysis)
    for row, value in zip(idx, table.scores(idx), strict=True):
        assert value == pytest.approx(metric.score_analysis(analysis[row]).value, abs=1e-12)


def test_words_split_one_punctuation_mark() -> None:
    assert words("a (b) c, d. e") == ["a", "(b", ")", "c", ",", "d", ".", "e"]
    assert words("'quoted' ...") == ["'quoted", "'", "..", "."]


def test_no_references_is_one_line() -> None:
    from gecscope.errors import InputError

    with pytest.raises(InputError, match="no reference"):
        gecscope.score("chrf", sources=["a ."], hypotheses=["a ."], references=[])
