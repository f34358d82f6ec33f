"""Property tests (hypothesis) over randomly generated sentences and edits."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.align.levenshtein import levenshtein_edits
from gecscope.io.m2 import format_m2, read_m2
from gecscope.metrics.analysis import analyse
from gecscope.metrics.cleme import Cleme, ClemeConfig
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.scoring import sum_chosen
from gecscope.stats import ChunkCounts
from gecscope.types import Edit, Example, Target, apply_edits

WORDS = st.sampled_from(["a", "b", "c", "the", "cat", "."])
SOURCES = st.lists(WORDS, min_size=1, max_size=8).map(tuple)


@st.composite
def edit_lists(draw: st.DrawFn, n: int) -> tuple[Edit, ...]:
    """Sorted edits that may touch but never overlap (insertions allowed anywhere)."""
    edits = []
    pos = 0
    while pos <= n and draw(st.booleans()):
        start = draw(st.integers(pos, n))
        end = draw(st.integers(start, min(n, start + 2)))
        correction = tuple(draw(st.lists(WORDS, max_size=2)))
        if start == end and not correction:
            correction = ("x",)
        edits.append(Edit(start, end, correction, "T"))
        pos = end if end > start else end + 1
    return tuple(edits)


@st.composite
def examples(draw: st.DrawFn, copy_ref: bool = False, unchanged_hyp: bool = False) -> Example:
    source = draw(SOURCES)
    refs = tuple(draw(edit_lists(len(source))) for _ in range(draw(st.integers(1, 3))))
    if unchanged_hyp:
        hyp: tuple[Edit, ...] = ()
    elif copy_ref:
        hyp = refs[draw(st.integers(0, len(refs) - 1))]
    else:
        hyp = draw(edit_lists(len(source)))
    return Example(
        source,
        Target(apply_edits(source, hyp), hyp),
        tuple(Target(apply_edits(source, r), r) for r in refs),
        "p",
    )


@given(examples())
def test_chunks_reconcatenate_to_source_and_every_target(ex: Example) -> None:
    analysis = analyse([ex])
    (chunks,) = analysis.chunks
    assert tuple(t for c in chunks for t in c.source) == ex.source
    kept = [ex.hypothesis, *(ex.references[i] for i in analysis.kept[0])]
    for k, tgt in enumerate(kept):
        assert tuple(t for c in chunks for t in c.outputs[k]) == tgt.tokens
    spans = [(c.start, c.end) for c in chunks]
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))


@given(examples(copy_ref=True))
def test_hypothesis_equal_to_a_reference_has_no_fp_or_fn_against_it(ex: Example) -> None:
    analysis = analyse([ex], "dependent")
    counts = analysis.counts()[0]
    for k, ref_index in enumerate(analysis.kept[0]):
        if ex.references[ref_index] == ex.hypothesis:
            assert counts[k].fp == 0 and counts[k].fn == 0


@given(examples(unchanged_hyp=True), st.sampled_from(["dependent", "independent"]))
def test_unchanged_hypothesis_has_no_false_positive(ex: Example, assumption: str) -> None:
    for c in analyse([ex], assumption).counts():
        assert all(x.fp == 0 and x.tp == 0 for x in c)


@settings(max_examples=60)
@given(
    st.lists(examples(), min_size=1, max_size=6),
    st.sampled_from(["dependent", "independent"]),
    st.sampled_from(["corpus", "sentence"]),
    st.sampled_from(["none", "length"]),
)
def test_indicators_bounded_and_sums_consistent(
    exs: list[Example], assumption: str, level: str, weighting: str
) -> None:
    analysis = analyse(exs, assumption)
    m2 = Cleme2(Cleme2Config(assumption=assumption, level=level, weighting=weighting))
    s = m2.score_analysis(analysis)
    for key in ("score", "hit", "wrong", "under", "over"):
        assert 0.0 <= s.details[key] <= 1.0
    m1 = Cleme(ClemeConfig(assumption=assumption, level=level, weighting=weighting))
    s1 = m1.score_analysis(analysis)
    for key in ("f", "p", "r", "acc"):
        assert 0.0 <= s1.details[key] <= 1.0
    # summed per-sentence statistics equal the corpus statistics for the chosen references
    counts = m2.counts(analysis)
    chosen = [analysis.kept[i].index(row["reference"]) for i, row in enumerate(s.sentences)]
    summed = sum_chosen(counts, chosen, ChunkCounts())
    assert summed.as_dict() == {k: s.details[k] for k in summed.as_dict()}
    assert (
        sum(
            (ChunkCounts(**{k: row[k] for k in ("tp", "fp_ne", "fp_un", "fn", "tn")}) for row in s.sentences),
            ChunkCounts(),
        )
        == summed
    )


@given(st.lists(examples(), min_size=2, max_size=6), st.integers(1, 5))
def test_unweighted_statistics_are_split_invariant(exs: list[Example], cut: int) -> None:
    cut = min(cut, len(exs) - 1)
    whole = analyse(exs).counts()
    assert whole == analyse(exs[:cut]).counts() + analyse(exs[cut:]).counts()


@given(SOURCES, SOURCES)
def test_levenshtein_edits_rebuild_the_target(source: tuple[str, ...], target: tuple[str, ...]) -> None:
    edits = levenshtein_edits(source, target)
    assert apply_edits(source, edits) == target
    # runs are maximal: consecutive edits never touch
    assert all(a.end < b.start for a, b in itertools.pairwise(edits))
    assert (edits == ()) == (source == target)


@given(st.lists(examples(), min_size=1, max_size=4))
def test_m2_write_then_read_preserves_targets(exs: list[Example]) -> None:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "x.m2"
        path.write_text(format_m2([(e.source, e.references) for e in exs]), encoding="utf-8")
        blocks = read_m2(path)
    assert [b.source for b in blocks] == [e.source for e in exs]
    for b, e in zip(blocks, exs, strict=True):
        width = max(len(x.references) for x in exs)
        assert len(b.targets) == width
        for k, ref in enumerate(e.references):
            assert b.targets[k].tokens == ref.tokens
            assert b.targets[k].edits == ref.edits
