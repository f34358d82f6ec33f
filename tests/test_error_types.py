"""Per-error-type counts: the attribution rule, sums equal the overall counts, ERRANT -cat 3."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gecscope
from conftest import CONLL, require_shared, system_examples
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.result import Score
from gecscope.types import Edit, Example, Target, apply_edits

WORDS = st.sampled_from(["a", "b", "the", "cat", "."])
TYPES = st.sampled_from(["R:NOUN", "M:DET", "U:PUNCT", "R:VERB:TENSE", "R:NOUN:NUM", ""])
SETTINGS = [
    (assumption, level, weighting)
    for assumption in ("dependent", "independent")
    for level in ("corpus", "sentence")
    for weighting in ("none", "length")
]


@st.composite
def typed_edits(draw: st.DrawFn, n: int) -> tuple[Edit, ...]:
    edits, pos = [], 0
    while pos <= n and draw(st.booleans()):
        start = draw(st.integers(pos, n))
        end = draw(st.integers(start, min(n, start + 2)))
        correction = tuple(draw(st.lists(WORDS, max_size=2))) or (("x",) if start == end else ())
        edits.append(Edit(start, end, correction, draw(TYPES)))
        pos = end if end > start else end + 1
    return tuple(edits)


@st.composite
def typed_examples(draw: st.DrawFn) -> Example:
    source = tuple(draw(st.lists(WORDS, min_size=1, max_size=7)))
    refs = [draw(typed_edits(len(source))) for _ in range(draw(st.integers(1, 3)))]
    hyp = draw(typed_edits(len(source)))
    targets = tuple(Target(apply_edits(source, r), r) for r in refs)
    return Example(source, Target(apply_edits(source, hyp), hyp), targets, "t")


def assert_types_sum_to_totals(score: Score) -> None:
    rows = score.details["types"].values()
    keys = ("tp", "fp_ne", "fp_un", "fn") if score.metric == "cleme2" else ("tp", "fp", "fn")
    for key in keys:
        assert sum(r[key] for r in rows) == pytest.approx(score.details[key], rel=1e-9, abs=1e-9), key


@settings(max_examples=60, deadline=None)
@given(
    st.lists(typed_examples(), min_size=1, max_size=5),
    st.sampled_from(SETTINGS),
    st.sampled_from([1, 2, 3]),
    st.sampled_from(["cleme2", "cleme"]),
)
def test_per_type_counts_sum_to_overall_counts(
    exs: list[Example], setting: tuple[str, str, str], cat: int, metric: str
) -> None:
    assumption, level, weighting = setting
    s = gecscope.score(metric, exs, assumption=assumption, level=level, weighting=weighting, cat=cat)
    assert_types_sum_to_totals(s)
    if cat == 1:
        assert set(s.details["types"]) <= {"M", "R", "U", "UNK"}


@pytest.mark.parametrize("setting", SETTINGS, ids=["-".join(s) for s in SETTINGS])
@pytest.mark.parametrize("metric", ["cleme2", "cleme"])
def test_per_type_counts_sum_to_overall_counts_on_conll14(setting: tuple[str, str, str], metric: str) -> None:
    assumption, level, weighting = setting
    s = gecscope.score(metric, system_examples("AMU"), assumption=assumption, level=level, weighting=weighting, cat=3)
    assert len(s.details["types"]) > 20
    assert_types_sum_to_totals(s)


def test_types_do_not_change_the_score() -> None:
    exs = system_examples("CAMB")
    plain, typed = gecscope.score("cleme2", exs), gecscope.score("cleme2", exs, cat=2)
    assert "types" not in plain.details
    assert typed.value == plain.value
    assert {k: v for k, v in typed.details.items() if k != "types"} == dict(plain.details)


def make(source: str, hyp: tuple[Edit, ...], *refs: tuple[Edit, ...]) -> Example:
    src = tuple(source.split())
    return Example(src, Target(apply_edits(src, hyp), hyp), tuple(Target(apply_edits(src, r), r) for r in refs))


def test_attribution_rule_on_a_small_example() -> None:
    # chunk [1, 2): the reference fixes two errors of different types, the hypothesis one of them (FP_ne)
    # chunk [4, 5): the hypothesis changes a correct word (FP_un, its own type)
    # chunk [6, 6): the reference inserts a determiner the hypothesis misses (FN)
    ref = (Edit(1, 2, ("cats",), "R:NOUN:NUM"), Edit(2, 2, ("the",), "M:DET"), Edit(6, 6, ("a",), "M:DET"))
    hyp = (Edit(1, 2, ("cats",), "R:NOUN:NUM"), Edit(4, 5, ("big",), "R:ADJ"))
    ex = make("the cat sat on red mats .", hyp, ref)
    s = Cleme2(Cleme2Config(cat=3)).score([ex])
    types = s.details["types"]
    assert types["R:NOUN:NUM"]["fp_ne"] == 0.5
    assert types["M:DET"]["fp_ne"] == 0.5
    assert types["M:DET"]["fn"] == 1.0
    assert types["R:ADJ"]["fp_un"] == 1.0
    assert types["R:ADJ"]["fp_ne"] == 0.0
    assert set(types) == {"R:NOUN:NUM", "M:DET", "R:ADJ"}
    # at level 1 both reference edits of the first chunk are "M" / "R": still split in halves
    one = Cleme2(Cleme2Config(cat=1)).score([ex]).details["types"]
    assert one["R"]["fp_ne"] == 0.5
    assert one["M"] == {**one["M"], "fp_ne": 0.5, "fn": 1.0}
    assert one["R"]["fp_un"] == 1.0


def test_untyped_edits_are_unk_and_cleme_rows_have_prf() -> None:
    ex = make("a b c", (Edit(0, 1, ("x",)),), (Edit(0, 1, ("x",)),), (Edit(2, 3, ("y",)),))
    s = Cleme(ClemeConfig(cat=3, weighting="none")).score([ex])
    assert s.details["types"] == {"UNK": {"tp": 1.0, "fp": 0.0, "fn": 0.0, "p": 1.0, "r": 1.0, "f": 1.0}}


def test_cat_is_validated() -> None:
    with pytest.raises(ValueError, match="cat must be"):
        Cleme2Config(cat=4)


def parse_errant_table(text: str) -> dict[str, tuple[int, int, int, float, float, float]]:
    rows = {}
    for line in text.splitlines():
        cells = line.split()
        if len(cells) == 7 and cells[0] != "Category":
            rows[cells[0]] = (int(cells[1]), int(cells[2]), int(cells[3]), *map(float, cells[4:]))
    return rows


def test_errant_cat3_table_equals_errant_compare_on_amu() -> None:
    require_shared()
    pytest.importorskip("errant")  # the 'text' extra, installed by the README's test command
    # errant_compare itself, run as a module of this interpreter (not looked up on PATH)
    exe = [sys.executable, "-m", "errant.commands.compare_m2"]
    hyp, ref = CONLL / "systems_m2" / "AMU.m2", CONLL / "references.m2"
    # the official command: errant_compare -hyp AMU.m2 -ref references.m2 -cat 3
    official = subprocess.run(
        [*exe, "-hyp", str(hyp), "-ref", str(ref), "-cat", "3"], capture_output=True, text=True, check=True
    ).stdout
    expected = parse_errant_table(official)
    assert len(expected) > 40
    metric = gecscope.get_metric("errant", cat=3)
    s = gecscope.score(metric, gecscope.load(hyp_m2=hyp, ref_m2=ref))
    # errant_compare prints P = 1.0 with no proposal and R = 1.0 with no gold edit; gecscope's
    # rows say None there (issue 39: an empty cell is not "perfect"), its official text prints 1.0
    ours = {
        name: (c["tp"], c["fp"], c["fn"], *(1.0 if c[k] is None else round(c[k], 4) for k in "prf"))
        for name, c in s.details["categories"].items()
    }
    assert ours == expected
    for c in s.details["categories"].values():
        assert (c["p"] is None) == (c["tp"] + c["fp"] == 0) and (c["r"] is None) == (c["tp"] + c["fn"] == 0)
    assert parse_errant_table(metric.official_text(s)) == expected  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(st.lists(typed_examples(), min_size=1, max_size=5), st.sampled_from([1, 2, 3]))
def test_m2_per_type_counts_sum_to_overall_counts(exs: list[Example], cat: int) -> None:
    s = gecscope.score("m2", exs, cat=cat)
    rows = s.details["types"].values()
    for key in ("tp", "fp", "fn"):
        assert sum(r[key] for r in rows) == pytest.approx(s.details[key], abs=1e-9), key


def test_m2_per_type_on_conll14_amu() -> None:
    require_shared()
    exs = gecscope.load(
        hyp_m2=CONLL / "systems_m2" / "AMU.m2", ref_m2=CONLL / "references.m2"
    )
    plain, typed = gecscope.score("m2", exs), gecscope.score("m2", exs, cat=3)
    assert typed.value == plain.value
    rows = typed.details["types"]
    for key in ("tp", "fp", "fn"):
        assert sum(r[key] for r in rows.values()) == pytest.approx(plain.details[key], abs=1e-9), key
    # gold types: every TP and FN is typed; FPs are typed through the hypothesis M2's own edits
    assert rows.get("UNK", {"tp": 0.0})["tp"] == 0.0
    assert rows["UNK"]["fp"] < 0.05 * plain.details["fp"]
