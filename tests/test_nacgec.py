"""NaCGEC / NLPCC-2023 Task 1 as its README describes it (issue 40): the mean of M2's F0.5 on
THULAC words and ChERRANT's F0.5 on characters. No script was released, so each part is checked
against the path gecscope already reproduces (ChERRANT; M2 on text references aligned by
Levenshtein), and the unknowns are settings in the signature."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import DATA, require_shared
from gecscope import api
from gecscope.metrics.nacgec import NacgecConfig, words

pytest.importorskip("thulac")
MUCGEC = DATA / "zh" / "mucgec_dev"
N = 90  # the first lines (line 98 is 无法标注, which has no text to segment)


@pytest.fixture(autouse=True)
def _tables(monkeypatch: pytest.MonkeyPatch) -> None:
    require_shared()
    monkeypatch.setenv("GECSCOPE_SHARED", str(DATA.parent))


def head(path: Path, out: Path) -> Path:
    out.write_text("".join(line + "\n" for line in path.read_text(encoding="utf-8").splitlines()[:N]), "utf-8")
    return out


def test_each_part_equals_the_path_it_reconstructs(tmp_path: Path) -> None:
    src, hyp = (
        head(MUCGEC / "sources.txt", tmp_path / "s"),
        head(MUCGEC / "systems" / "example_pred.txt", tmp_path / "h"),
    )
    tsv = head(MUCGEC / "references.tsv", tmp_path / "r.tsv")
    examples = api.load(source=src, hypothesis=hyp, ref_tsv=tsv, lang="zh")
    score = api.score("nacgec", examples)
    char = api.score("cherrant", examples)
    assert [score.details[f"char_{k}"] for k in ("tp", "fp", "fn", "f")] == [
        char.details[k] for k in ("tp", "fp", "fn", "f")
    ]
    # the word part: M2 on THULAC words, the references read as text and aligned by Levenshtein
    rows = [ex for ex in examples if not any(r.unannotatable for r in ex.references)]
    assert len(rows) == len(examples)  # (no 无法标注 in these lines: every reference is text)
    width = max(len(ex.references) for ex in examples)
    files = {"s": [ex.source for ex in examples], "h": [ex.hypothesis.tokens for ex in examples]}
    for k in range(width):  # ragged references: the last one repeated, as a reference annotator would be
        files[f"r{k}"] = [ex.references[min(k, len(ex.references) - 1)].tokens for ex in examples]
    for name, lines in files.items():
        (tmp_path / f"w{name}").write_text("".join(" ".join(words(t)) + "\n" for t in lines), encoding="utf-8")
    refs = [tmp_path / f"wr{k}" for k in range(width)]
    text = api.load(source=tmp_path / "ws", hypothesis=tmp_path / "wh", references=refs, lang="und")
    m2 = api.score("m2", text, algorithm="exact")  # und: Levenshtein gold edits; a repeated reference counts once
    assert [score.details[f"word_{k}"] for k in ("tp", "fp", "fn", "f")] == [
        m2.details[k] for k in ("tp", "fp", "fn", "f")
    ]
    assert score.details["word_tp"] > 0
    assert score.value == 0.5 * score.details["word_f"] + 0.5 * score.details["char_f"]


def test_the_leaderboard_arithmetic_and_the_signature(tmp_path: Path) -> None:
    assert pytest.approx(47.34) == 0.5 * 49.42 + 0.5 * 45.26
    src = head(MUCGEC / "sources.txt", tmp_path / "s")
    examples = api.load(
        source=src, hypothesis=src, ref_tsv=head(MUCGEC / "references.tsv", tmp_path / "r.tsv"), lang="zh"
    )
    score = api.score("nacgec", examples)
    assert score.details["word_fp"] == score.details["char_fp"] == 0  # the source proposes nothing
    assert "|words:thulac-0.2.2+seg_only|word_gold:levenshtein|word_m2:m2-v3.2|" in score.signature
    with pytest.raises(ValueError, match="word_gold must be one of levenshtein"):
        NacgecConfig(word_gold="manual")
