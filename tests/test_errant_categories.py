"""ERRANT's per-category average F (``--average categories``, GMEG-Data's "ERRANT") equals the
mean F over errant_compare's ``-cat 2`` table: tests/golden/errant_categories/conll14.json, made by
the script in its ``script`` field (errant_compare 3.0.2 on the CoNLL-14 system M2s)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gecscope
from conftest import CONLL, require_shared, tiered_systems
from gecscope.errors import SettingError
from gecscope.metrics.counts import errant_prf

GOLDEN = json.loads(
    (Path(__file__).parent / "golden" / "errant_categories" / "conll14.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("system", tiered_systems())
def test_mean_f_over_categories_equals_errant_compare(system: str) -> None:
    require_shared()
    examples = gecscope.load(hyp_m2=CONLL / "systems_m2" / f"{system}.m2", ref_m2=CONLL / "references.m2")
    for beta, want in GOLDEN["systems"][system].items():
        score = gecscope.score("errant", examples, average="categories", beta=float(beta), cat=2)
        ours = {k: (v["tp"], v["fp"], v["fn"]) for k, v in score.details["categories"].items()}
        assert ours == {k: (v["tp"], v["fp"], v["fn"]) for k, v in want["categories"].items()}, (system, beta)
        exact = [errant_prf(*counts, float(beta))[2] for counts in ours.values()]
        assert score.value == sum(exact) / len(exact)
        assert score.value == pytest.approx(want["mean_f"], abs=5e-5), want["command"]  # printed F: 4 dp
        assert score.details["category_count"] == len(want["categories"])
        assert "average:categories" in score.signature


def test_sentence_level_is_refused() -> None:
    with pytest.raises(SettingError, match="corpus score"):
        gecscope.score("errant", example(), average="categories", level="sentence")


def test_default_is_unchanged() -> None:
    micro = gecscope.score("errant", example())
    assert "average" not in micro.signature and micro.value == micro.details["f"]
    mean = gecscope.score("errant", example(), average="categories")
    assert mean.details["f"] == micro.value and mean.value == mean.details["category_mean_f"] != micro.value


def example() -> gecscope.Examples:
    from gecscope.api import example_dir

    d = example_dir()
    return gecscope.load(hyp_m2=d / "hypothesis.m2", ref_m2=d / "references.m2")


def test_a_gold_inventorys_own_labels_are_kept_whole_at_every_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """UA-GEC's labels (``Spelling``, ``G/Case``) have no ``X:`` operation: ``--cat 1|2`` keeps
    them whole (as CLEME's views do), where errant_compare cuts every label alike (``elling``).
    ERRANT's own classifier (``-t ua-gec``'s protocol) keeps a reference M2's labels."""
    from gecscope.cli import main

    (tmp_path / "ref.m2").write_text(
        "S Я бачу кота .\nA 1 2|||Spelling|||бачив|||REQUIRED|||-NONE-|||0\n\n"
        "S Це мій хата .\nA 1 2|||G/Gender|||моя|||REQUIRED|||-NONE-|||0\n"
        "A 2 3|||R:NOUN|||дім|||REQUIRED|||-NONE-|||0\n\n",
        encoding="utf-8",
    )
    (tmp_path / "hyp.txt").write_text("Я бачу кота .\nЦе мій хата .\n", encoding="utf-8")
    for level, names in (("1", {"Spelling", "G/Gender", "R"}), ("2", {"Spelling", "G/Gender", "NOUN"})):
        argv = ["score", "--metric", "errant", "--hyp", str(tmp_path / "hyp.txt"), "--ref-m2", str(tmp_path / "ref.m2")]
        assert main([*argv, "--cat", level, "--format", "json", "--quiet"]) == 0  # ERRANT's classifier
        out = capsys.readouterr().out
        got = {name for name in names if f'"{name}"' in out}
        assert got == names, (level, out[:400])
        assert '"elling"' not in out and '"/Gender"' not in out
