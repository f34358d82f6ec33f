"""Nested and overlapping M2 edits (EstGEC's word-order edits enclose the edits inside them): every
metric reads each annotator's corrected text and the edits that make it (its enclosing edits,
:func:`gecscope.io.m2.enclosing`); ``estgec-m2`` keeps reading the file as its scorer does."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import SHARED
from gecscope.io.m2 import enclosing, read_m2
from gecscope.types import Edit

#: EstGEC's README example, inner edit first (EstGEC-L2's order) and the word-order edit first (Tartu L1's)
INNER = "A 2 3|||R:VERB:FORM|||ole olnud|||REQUIRED|||-NONE-|||0\n"
WO = "A 2 6|||R:WO|||ole mitte kunagi kassi olnud|||REQUIRED|||-NONE-|||0\n"
SOURCE = "Mul ei olnud kassi mitte kunagi ."
CORRECTED = "Mul ei ole mitte kunagi kassi olnud ."
MULTI = SHARED / "data" / "multilingual"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("lines", [INNER + WO, WO + INNER], ids=["inner-first", "enclosing-first"])
def test_the_enclosing_edit_makes_the_corrected_text(tmp_path: Path, lines: str) -> None:
    m2 = write(tmp_path / "g.m2", f"S {SOURCE}\n{lines}\n")
    [plain] = read_m2(m2)
    [target] = plain.targets
    assert target.text == CORRECTED
    assert [e.type for e in target.edits or ()] == ["R:WO"] and [e.type for e in target.nested] == ["R:VERB:FORM"]
    [official] = read_m2(m2, overlaps=True)  # estgec-m2: the file's edits in file order, same text
    assert official.targets[0].text == CORRECTED and len(official.targets[0].edits or ()) == 2


def test_crossing_edits_keep_the_first(tmp_path: Path) -> None:
    m2 = write(
        tmp_path / "o.m2", "S a b c\nA 0 2|||R|||x|||REQUIRED|||-NONE-|||0\nA 1 3|||R|||y|||REQUIRED|||-NONE-|||0\n"
    )
    [block] = read_m2(m2)
    [target] = block.targets
    assert target.edits == (Edit(0, 2, ("x",), "R"),) and target.nested == (Edit(1, 3, ("y",), "R"),)
    assert target.text == "x c"


def test_boundary_insertions() -> None:
    """An insertion at an enclosing edit's boundary is its own edit, even where the correction
    holds its words (UA-GEC inserts ``,`` before replacing ``:`` by ``,``); one inside is nested."""
    wo = Edit(1, 3, ("c", "siis", "b"), "R:WO")
    outside, held, inner = Edit(3, 3, ("d",), "M:LEX"), Edit(1, 1, ("c",), "M:LEX"), Edit(2, 2, ("x",), "M:LEX")
    assert enclosing([outside, wo]) == ((wo, outside), ())
    assert enclosing([held, wo]) == ((held, wo), ())
    assert enclosing([inner, wo]) == ((wo,), (inner,))
    same_point = (Edit(2, 2, ("x",)), Edit(2, 2, ("y",)))
    assert enclosing(same_point) == (same_point, ())


def test_same_span_keeps_the_later() -> None:
    first, later = Edit(1, 2, ("mind",), "R:NOM:FORM"), Edit(1, 2, ("Mind", "huvitab"), "R:WO")
    assert enclosing([first, later]) == ((later,), (first,))


@st.composite
def _edits(draw: st.DrawFn) -> list[Edit]:
    out = []
    for _ in range(draw(st.integers(0, 6))):
        a = draw(st.integers(0, 8))
        b = draw(st.integers(a, 9))
        out.append(Edit(a, b, tuple(draw(st.lists(st.sampled_from("xyz"), max_size=2)))))
    return out


@given(_edits())
def test_enclosing_properties(edits: list[Edit]) -> None:
    """The kept edits are sorted and apply (none overlaps another); every edit is kept or dropped;
    a dropped edit overlaps a kept one."""
    kept, dropped = enclosing(edits)
    assert sorted([*kept, *dropped], key=repr) == sorted(edits, key=repr)
    assert list(kept) == sorted(kept, key=lambda e: (e.start, e.end))
    for a, b in itertools.pairwise(kept):
        assert b.start >= a.end or b.start == b.end == a.start == a.end or (a.start == a.end == b.start)
    for d in dropped:
        assert any(
            (d.start < k.end and k.start < d.end) or k.start <= d.start <= k.end or d.start <= k.start <= d.end
            for k in kept
        )


def _scores(tmp_path: Path, nested: bool, hyp: str = CORRECTED) -> dict[str, Any]:
    from gecscope import api

    lines = INNER + WO if nested else WO
    m2 = write(tmp_path / "g.m2", f"S {SOURCE}\n{lines}\n")
    src, h = write(tmp_path / "s.txt", SOURCE + "\n"), write(tmp_path / "h.txt", hyp + "\n")
    examples = api.load(source=src, hypothesis=h, ref_m2=m2, lang="et")
    return {m: api.score(m, examples, lang="et") for m in ("cleme2", "cleme", "errant", "m2")}


def test_every_metric_reads_the_corrected_text_and_signs_it(tmp_path: Path) -> None:
    """CLEME, CLEME2.0 and M2 give the corrected text 1.0; ERRANT compares its own edits of it
    with the gold's one word-order edit literally, as errant_compare does (0 here)."""
    for name, s in _scores(tmp_path, nested=True).items():
        assert s.value == pytest.approx(0.0 if name == "errant" else 1.0), name
        assert "ref=m2-enclosing" in s.signature, name
    for name, s in _scores(tmp_path, nested=False).items():  # no nesting: the signature is as before
        assert "ref=m2-enclosing" not in s.signature and "ref=m2" in s.signature, name


@pytest.mark.shared
@pytest.mark.parametrize(
    ("gold", "past_end", "targets"),
    [
        ("estgec-l2/test/source_gold_test.txt", False, 594),
        ("estgec/Tartu_L1_test/test_m2.txt", True, 11),
        ("ua-gec/gec-only.test.m2", False, 0),
    ],
)
def test_the_named_sets_read(gold: str, past_end: bool, targets: int) -> None:
    """EstGEC-L2 (940-odd edits inside word-order edits), Tartu L1 (an edit past its sentence,
    dropped as EstGEC's scorer does) and UA-GEC (none) read plainly; each target's text applies
    its edits."""
    blocks = read_m2(MULTI / gold, past_end=past_end)
    assert sum(1 for b in blocks for t in b.targets if t.nested) == targets
    official = read_m2(MULTI / gold, overlaps=True)
    assert [t.tokens for b in blocks for t in b.targets] == [t.tokens for b in official for t in b.targets]


@pytest.mark.shared
def test_estgec_l2_scores_with_every_edit_metric(tmp_path: Path) -> None:
    """The issue's acceptance, through the API: NELB's EstGEC-L2 output with cleme2, errant, m2
    and their per-type rows (``cat`` 2)."""
    from gecscope import api

    hyp = MULTI / "estgec" / "GEC_systems" / "nelb" / "en-et-de-cs-nelb-1.3b-estgec-l2.txt"
    examples = api.load(
        source=MULTI / "estgec-l2" / "test" / "source_sentences_test.txt",
        hypothesis=hyp,
        ref_m2=MULTI / "estgec-l2" / "test" / "source_gold_test.txt",
        lang="et",
        allow_tokenization_mismatch=True,
    )
    for metric in ("cleme2", "errant", "m2"):
        s = api.score(metric, examples, lang="et")
        assert 0 < s.value < 1 and "ref=m2-enclosing" in s.signature
