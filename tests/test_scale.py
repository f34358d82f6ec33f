"""Bounded-memory and linear-time reductions give exactly the numbers of the direct ones."""

from __future__ import annotations

import pytest

from conftest import system_examples
from gecscope.metrics import errant as errant_mod
from gecscope.metrics import gleu as gleu_mod
from gecscope.scoring import greedy_choice


@pytest.mark.parametrize("variant", ["official", "corrected"])
def test_gleu_in_blocks_is_bitwise_identical(monkeypatch: pytest.MonkeyPatch, variant: str) -> None:
    examples = system_examples("AMU")
    metric = gleu_mod.Gleu(gleu_mod.GleuConfig(variant=variant, iterations=60))
    stats = metric.analyse(examples)
    whole = metric.score_analysis(stats)
    monkeypatch.setattr(gleu_mod, "CACHED", 0)
    monkeypatch.setattr(gleu_mod, "BLOCK", 7 * len(examples) + 3)  # blocks of 7 iterations, a short last one
    blocked = metric.score_analysis(stats)
    assert blocked.details == whole.details
    assert [r["score"] for r in blocked.sentences] == [r["score"] for r in whole.sentences]
    monkeypatch.setattr(gleu_mod, "COUNTED", 97)  # n-grams counted 97 sentences at a time
    assert (metric.analyse(examples) == stats).all()


def test_gleu_blocks_cover_every_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gleu_mod, "CACHED", 10)
    monkeypatch.setattr(gleu_mod, "BLOCK", 10)
    blocks = list(gleu_mod.draw_blocks(7, 4, 3, 101, "py2"))
    assert [len(b) for b in blocks] == [2, 2, 2, 1]
    assert (gleu_mod.np.concatenate(blocks) == gleu_mod.draws(7, 4, 3, 101, "py2")).all()


def test_errant_greedy_on_tallies_matches_full_counts() -> None:
    metric = errant_mod.Errant()
    counts = metric.analyse(system_examples("CUUI"))
    beta = metric.config.beta

    def key(tot: errant_mod.EditCounts, c: errant_mod.EditCounts) -> tuple[float, ...]:
        return (round(errant_mod.errant_prf(tot.tp, tot.fp, tot.fn, beta)[2], 4), c.tp, -c.fp, -c.fn)

    direct = greedy_choice(counts, errant_mod.EditCounts(), key)
    rows = metric.score_analysis(counts).sentences
    assert [r["reference"] for r in rows] == direct
    assert len(set(direct)) > 1  # the choice is not trivial on this system


@pytest.mark.parametrize("unit", ["word", "char"])
def test_green_in_blocks_is_identical(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    from gecscope.metrics import green as green_mod

    examples = system_examples("AMU")
    metric = green_mod.Green(green_mod.GreenConfig(unit=unit))
    whole = metric.score(examples)
    monkeypatch.setattr(green_mod, "BLOCK", 97)
    blocked = metric.score(examples)
    assert blocked.details == whole.details and blocked.sentences == whole.sentences
