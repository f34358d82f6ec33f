"""``cat="gold"``: recall, Hit and Under per gold type (the reference M2's own types) for CLEME2.0,
CLEME, ERRANT and M2; empty per-type cells are ``None`` (``-``), not ERRANT's 1.0."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SHARED
from gecscope import api
from gecscope.cli import main
from gecscope.io.m2 import read_m2
from gecscope.metrics import METRICS
from gecscope.metrics.error_types import type_row
from gecscope.types import Example, Target, apply_edits

MULTI = SHARED / "data" / "multilingual"
EDIT_METRICS = ("cleme2", "cleme", "errant", "m2")
GOLD = (
    "S Mul ei olnud kassi mitte kunagi .\n"
    "A 2 3|||R:VERB:FORM|||ole olnud|||REQUIRED|||-NONE-|||0\n"
    "A 2 6|||R:WO|||ole mitte kunagi kassi olnud|||REQUIRED|||-NONE-|||0\n\n"
    "S Ma lähen koju .\n"
    "A 1 2|||R:VERB:FORM|||läksin|||REQUIRED|||-NONE-|||0\n\n"
    "S See on hea .\n"
    "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"
)


def rows(score: Any) -> dict[str, dict[str, Any]]:
    return dict(score.details.get("types") or score.details.get("categories") or {})


def files(tmp_path: Path, hyp: list[str]) -> dict[str, Path]:
    (tmp_path / "g.m2").write_text(GOLD, encoding="utf-8")
    (tmp_path / "s.txt").write_text("".join(" ".join(b.source) + "\n" for b in read_m2(tmp_path / "g.m2")))
    (tmp_path / "h.txt").write_text("".join(h + "\n" for h in hyp), encoding="utf-8")
    return {"source": tmp_path / "s.txt", "hypothesis": tmp_path / "h.txt", "ref_m2": tmp_path / "g.m2"}


#: the word-order edit made, the verb form missed, an unnecessary change in the third sentence
HYP = ["Mul ei ole mitte kunagi kassi olnud .", "Ma lähen koju .", "See on väga hea ."]


@pytest.mark.parametrize("metric", EDIT_METRICS)
def test_gold_types_rows(tmp_path: Path, metric: str) -> None:
    """The gold's own types, whole; no classifier (no ``types:`` field, Estonian's tag-free types
    absent); the over-correction (no gold type) in no row; P, F, Over ``None``."""
    examples = api.load(**files(tmp_path, HYP), lang="et")
    s = api.score(METRICS[metric].build(cat="gold"), examples, lang="et")
    table = rows(s)
    assert set(table) == {"R:WO", "R:VERB:FORM"}, table
    assert "|types:" not in s.signature
    for row in table.values():
        assert all(row[k] is None for k in ("p", "f", "over", "fp_un") if k in row)
    if metric in ("errant", "m2"):
        assert table["R:VERB:FORM"]["r"] == 0.0 and table["R:VERB:FORM"]["fp"] is None
    if metric == "m2":
        assert table["R:WO"]["r"] == 1.0
    if metric == "cleme2":
        assert table["R:WO"]["hit"] == 1.0 and table["R:VERB:FORM"]["under"] == 1.0
    # a classifier's level still types with the language's classifier (and signs it)
    classified = api.score(METRICS[metric].build(cat=3), examples, lang="et")
    assert "|types:" in classified.signature and set(rows(classified)) != set(table)


def test_gold_types_on_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    given_files = files(tmp_path, HYP)
    argv = ["score", "--lang", "et", "--source", str(given_files["source"]), "--hyp", str(given_files["hypothesis"])]
    argv += ["--ref-m2", str(given_files["ref_m2"]), "--metric", *EDIT_METRICS, "--cat", "gold"]
    assert main([*argv, "--format", "json", "-q"]) == 0
    out = json.loads(capsys.readouterr().out)
    for result in out:
        table = result["details"].get("types") or result["details"].get("categories")
        assert set(table) == {"R:WO", "R:VERB:FORM"}, result["metric"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "R:WO" in text and " - " in text
    with pytest.raises(SystemExit):
        main([*argv[:-1], "silver"])
    assert "choose from 0, 1, 2, 3, gold" in capsys.readouterr().err


def test_empty_cells_are_none() -> None:
    """P with no proposal, R with no gold edit: ``None`` (``-``, JSON ``null``), the counts kept."""
    assert type_row((0, 0, 3), 0.5) == {"tp": 0, "fp": 0, "fn": 3, "p": None, "r": 0.0, "f": 0.0}
    assert type_row((0, 2, 0), 0.5) == {"tp": 0, "fp": 2, "fn": 0, "p": 0.0, "r": None, "f": 0.0}
    assert type_row((1, 0, 1), 0.5, gold=True)["r"] == 0.5


def test_empty_cells_in_a_classifier_view(tmp_path: Path) -> None:
    """A type the hypothesis never proposed has P ``None``; one only proposed, R ``None``."""
    examples = api.load(**files(tmp_path, HYP), lang="et")
    for metric in ("errant", "m2", "cleme"):
        for row in rows(api.score(METRICS[metric].build(cat=3), examples, lang="et")).values():
            if row["tp"] + row["fp"] == 0:
                assert row["p"] is None
            if row["tp"] + row["fn"] == 0:
                assert row["r"] is None
    for row in rows(api.score(METRICS["cleme2"].build(cat=3), examples, lang="et")).values():
        if row["tp"] + row["fp_ne"] + row["fp_un"] == 0:
            assert row["over"] is None


def totals(score: Any) -> dict[str, float]:
    table = rows(score)
    keys = ("tp", "fp_ne", "fn") if "fp_ne" in next(iter(table.values()), {}) else ("tp", "fn")
    return {k: sum(row[k] for row in table.values()) for k in keys}


@pytest.mark.shared
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_ua_gec_gold_types_add_up(seed: int) -> None:
    """UA-GEC: 40 sentences, each hypothesis a random subset of annotator 0's edits; per metric
    the gold types' TP (FP_ne) and FN sum to the corpus counts."""
    rng = random.Random(seed)
    blocks = rng.sample(read_m2(MULTI / "ua-gec" / "gec-only.test.m2"), 40)
    examples = []
    for b in blocks:
        kept = tuple(e for e in b.targets[0].edits or () if rng.random() < 0.5)
        examples.append(Example(b.source, Target(apply_edits(b.source, kept)), b.targets))
    for metric in EDIT_METRICS:
        s = api.score(METRICS[metric].build(cat="gold"), examples, lang="uk")
        summed, overall = totals(s), s.details
        for k, v in summed.items():
            assert v == pytest.approx(overall[k], abs=1e-6), (metric, k)


def pseudo_annotators(target: Target) -> bool:
    """Whether EstGEC's scorer adds pseudo-annotators for ``target`` (an edit, not ``R:WO``, from
    an ``R:WO`` edit's start to its end) or our reading drops edits of it."""
    edits = target.edits or ()
    inside = any(
        w.type == "R:WO" and e.type != "R:WO" and w.start <= e.start and e.end <= w.end for w in edits for e in edits
    )
    return inside or bool(target.nested)


@pytest.mark.shared
def test_estgec_gold_recall_equals_estgec_m2() -> None:
    """EstGEC-L2 with NELB's output: on the sentences where estgec-m2 adds no pseudo-annotator
    (no annotator has an edit inside an ``R:WO`` edit's span, boundaries included; then both read
    the same edits), M2 with EstGEC's 15 unchanged
    words and ``cat="gold"`` gives estgec-m2's full-match recall per type, count for count."""
    nelb = MULTI / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"
    given_files = {
        "source": MULTI / "estgec-l2" / "test" / "source_sentences_test.txt",
        "hypothesis": nelb,
        "ref_m2": MULTI / "estgec-l2" / "test" / "source_gold_test.txt",
    }
    plain = api.load(**given_files, lang="et", allow_tokenization_mismatch=True)
    official = api.load(**given_files, lang="et", allow_tokenization_mismatch=True, overlaps=True)
    keep = [
        i for i, ex in enumerate(official) if not any(map(pseudo_annotators, (*ex.references, *plain[i].references)))
    ]
    assert 1500 < len(keep) < len(plain)
    ours = api.score(METRICS["m2"].build(cat="gold", max_unchanged_words=15), [plain[i] for i in keep], lang="et")
    theirs = api.score("estgec-m2", [official[i] for i in keep], lang="et")
    assert ours.value == pytest.approx(theirs.value)
    mine, estgec = rows(ours), theirs.details["types"]
    assert set(mine) == set(estgec)
    for name, row in estgec.items():
        assert (mine[name]["tp"], mine[name]["fn"]) == (row["tp"], row["fn"]), name
        assert mine[name]["r"] == pytest.approx(row["r"]), name


@pytest.mark.parametrize("correction", ["holm", "bh"])
def test_compare_gold_types(tmp_path: Path, capsys: pytest.CaptureFixture[str], correction: str) -> None:
    """``compare --cat gold``: per gold type, the recall-side components only (no P, F, Over), each
    tested and corrected (Holm, BH) in the types family; the API and the CLI agree."""
    from gecscope.comparison import compare

    given_files = files(tmp_path, HYP)
    unchanged = tmp_path / "u.txt"
    unchanged.write_text(given_files["source"].read_text(encoding="utf-8"), encoding="utf-8")
    systems = {
        "input": api.load(source=given_files["source"], hypothesis=unchanged, ref_m2=given_files["ref_m2"], lang="et"),
        "sys": api.load(**given_files, lang="et"),
    }
    result = compare(list(EDIT_METRICS), systems, bootstrap=50, trials=50, cat="gold", correction=correction)
    typed = [r for r in result.rows if r.type]
    assert {r.type for r in typed} == {"R:WO", "R:VERB:FORM"}
    assert {r.component for r in typed} == {"r", "hit", "wrong", "under"}
    assert not {r.component for r in typed} & {"p", "f", "over"}
    assert all(r.tested is False for r in typed)  # 3 sentences: below the default min support
    argv = ["compare", "--lang", "et", "--metric", *EDIT_METRICS, "--source", str(given_files["source"])]
    argv += ["--ref-m2", str(given_files["ref_m2"]), "--hyp", str(unchanged), str(given_files["hypothesis"])]
    argv += ["--bootstrap", "50", "--trials", "50", "--cat", "gold", "--correction", correction, "--min-support", "0"]
    assert main([*argv, "--format", "json", "-q"]) == 0
    rows = [r for r in json.loads(capsys.readouterr().out) if r["type"]]
    assert {r["type"] for r in rows} == {"R:WO", "R:VERB:FORM"} and all(r["tested"] for r in rows)
    assert {r["component"] for r in rows} == {"r", "hit", "wrong", "under"}


def test_explain_gold_types(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``explain --cat gold``: each chunk's gold types (the references' M2 types), none for the
    hypothesis; no classifier named."""
    from gecscope.report.explain import explain

    examples = api.prepare(api.load(**files(tmp_path, HYP), lang="et"), lang="et")[0]
    exp = explain(examples[0], cat="gold")
    assert exp.types is not None and any("R:WO" in row[1] for row in exp.types)
    assert all(row[0] == () for row in exp.types)
    given_files = files(tmp_path, HYP)
    argv = ["explain", "--lang", "et", "--source", str(given_files["source"]), "--hyp", str(given_files["hypothesis"])]
    assert main([*argv, "--ref-m2", str(given_files["ref_m2"]), "--cat", "gold", "--color", "never"]) == 0
    out = capsys.readouterr().out
    assert "-; R:WO" in out and "types:" not in out
