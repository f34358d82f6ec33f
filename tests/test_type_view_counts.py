"""The per-type counts a type view adds (issue 39's speed line) are the counts a plain loop makes.

The per-type group (:class:`gecscope.stats.TypeCounts`) is held as flat numpy columns and summed
with one ``bincount``; CLEME's typing visits only the (pair, chunk) flags that count for a type;
M2's reuses the gold matches of its counts. Each is checked here against a plain-Python reference
written the way the counts are defined (every sentence, every kept reference, every chunk;
entry tuples summed one by one), exactly (``==`` on floats: the same additions in the same
order), on hypothesis examples and on CoNLL-14's AMU.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gecscope
from conftest import examples as example_count
from conftest import system_examples
from gecscope.metrics import METRICS
from gecscope.metrics.analysis import analyse
from gecscope.metrics.error_types import GOLD, attribute, chunk_type_counts, chunk_types, type_name
from gecscope.metrics.m2_types import m2_type_counts_of
from gecscope.metrics.maxmatch import gold_matches
from gecscope.stats import TypeCounts, TypeEntry
from gecscope.types import Example
from test_error_types import typed_examples

LEVELS = (1, 2, 3, GOLD)


# -- the plain-Python references ---------------------------------------------------------------


def reference_totals(
    sentences: Sequence[Sequence[TypeEntry]],
    chosen: Sequence[int],
    width: int,
    weights: Any = None,
    offsets: Any = None,
) -> dict[str, list[float]]:
    """Per type in first-counted order, its fields summed entry by entry at each chosen option."""
    acc: dict[str, list[float]] = {}
    for s, (entries, k) in enumerate(zip(sentences, chosen, strict=True)):
        for option, name, f, amount, divisor, flag in entries:
            if option == k:
                w = amount if weights is None or flag < 0 else float(weights[int(offsets[s]) + flag])
                acc.setdefault(name, [0.0] * width)[f] += w / divisor
    return acc


def reference_chunk_types(example: Example, kept: Sequence[int], chunks: Sequence[Any], level: Any) -> Any:
    """Each chunk, each target: the distinct types of the edits the target owns there (a changed
    target owns its next edits that start at or before the chunk's end), chunk by chunk."""
    targets = (example.hypothesis, *(example.references[i] for i in kept))
    lists = [t.edits or () for t in targets]
    cursors = [0] * len(lists)
    out = []
    for c in chunks:
        row = []
        for t, edits in enumerate(lists):
            i = cursors[t]
            while c.changed[t] and i < len(edits) and edits[i].start <= c.end:
                i += 1
            row.append(tuple(dict.fromkeys(type_name(e.type, level) for e in edits[cursors[t] : i])))
            cursors[t] = i
        out.append(tuple(row))
    return tuple(out)


def reference_chunk_entries(examples: Sequence[Example], analysis: Any, level: Any) -> list[list[TypeEntry]]:
    """Every sentence, kept reference, chunk (TN ones too, skipped by the rule): its entries."""
    gold = level == GOLD
    out = []
    for ex, chunks, kept, per_ref in zip(examples, analysis.chunks, analysis.kept, analysis.labels, strict=True):
        types = reference_chunk_types(ex, kept, chunks, level)
        entries: list[TypeEntry] = []
        for k, labels in enumerate(per_ref):
            for c, (chunk, lab, ts) in enumerate(zip(chunks, labels, types, strict=True)):
                names = attribute(lab, chunk, ts, k, gold)
                entries.extend((k, name, int(lab), 1.0, len(names), k * len(chunks) + c) for name in names)
        out.append(entries)
    return out


def reference_m2_entries(examples: Sequence[Example], pairs: Any, level: Any) -> list[list[TypeEntry]]:
    """Every sentence, annotator: per type (first counted first), its ``tp, fp, fn`` entries: a
    matched hypothesis edit is a TP of each matched gold edit's type (and -1 FP per extra
    match), an unmatched one an FP shared by the types inside its span (the hypothesis's own,
    else the gold's, else UNK), an unmatched gold edit an FN of its type."""
    out = []
    for ex, options in zip(examples, pairs, strict=True):
        entries: list[TypeEntry] = []
        for j, (edits, gold) in enumerate(options):
            gold_types = [e.type for e in ex.references[j].edits or ()]
            acc: dict[str, list[float]] = {}
            matched = [False] * len(gold)
            for e, hits in zip(edits, gold_matches(edits, gold), strict=True):
                for i in hits:
                    matched[i] = True
                    acc.setdefault(type_name(gold_types[i], level), [0.0, 0.0, 0.0])[0] += 1.0
                if level == GOLD:
                    continue
                if len(hits) > 1:
                    acc.setdefault(type_name(gold_types[hits[0]], level), [0.0, 0.0, 0.0])[1] += 1.0 - len(hits)
                elif not hits:
                    inside = [h.type for h in ex.hypothesis.edits or () if h.type and e[0] <= h.start <= h.end <= e[1]]
                    inside = inside or [gold_types[i] for i, g in enumerate(gold) if e[0] <= g[0] <= g[1] <= e[1]]
                    shared = list(dict.fromkeys(type_name(t, level) for t in inside)) or ["UNK"]
                    for name in shared:
                        acc.setdefault(name, [0.0, 0.0, 0.0])[1] += 1.0 / len(shared)
            for i, done in enumerate(matched):
                if not done:
                    acc.setdefault(type_name(gold_types[i], level), [0.0, 0.0, 0.0])[2] += 1.0
            entries += [(j, name, f, v, 1, -1) for name, values in acc.items() for f, v in enumerate(values)]
        out.append(entries)
    return out


# -- TypeCounts against the entry tuples -------------------------------------------------------

NAMES = st.sampled_from(["NOUN", "VERB", "R:PUNCT", "UNK", "G/Case"])


@st.composite
def sentences(draw: st.DrawFn, options: int = 3) -> list[list[TypeEntry]]:
    """Entries of a few sentences: chunk entries (flag >= 0) and count entries (flag -1)."""
    out = []
    for _ in range(draw(st.integers(0, 6))):
        n = draw(st.integers(0, 4))
        entries = [
            (
                draw(st.integers(0, options - 1)),
                draw(NAMES),
                draw(st.integers(0, 2)),
                draw(st.sampled_from([1.0, 0.5, -1.0, 1 / 3, 2.0, 0.1, 5.0])),
                draw(st.integers(1, 3)),
                draw(st.integers(-1, 5)),
            )
            for _ in range(n)
        ]
        out.append(entries)
    return out


@settings(max_examples=example_count(300), deadline=None)
@given(data=st.data(), groups=sentences(), weighted=st.booleans())
def test_type_counts_equal_their_entry_tuples(
    data: st.DataObject, groups: list[list[TypeEntry]], weighted: bool
) -> None:
    g = TypeCounts.of(2, groups)
    assert g.sentences == tuple(tuple(es) for es in groups) and len(g) == len(groups)
    chosen = [data.draw(st.integers(0, 2)) for _ in groups]
    offsets = np.arange(len(groups) + 1, dtype=np.int64) * 6  # room for flags 0..5 per sentence
    weights = np.array([data.draw(st.sampled_from([0.25, 1.0, 1 / 7, 3.0, 0.1, 7.0])) for _ in range(int(offsets[-1]))])
    args = (weights, offsets) if weighted else ()
    got, want = g.totals(chosen, 3, *args), reference_totals(groups, chosen, 3, *args)
    assert got == want and list(got) == list(want)  # exact, in first-counted order
    idx = data.draw(st.lists(st.integers(0, len(groups) - 1), max_size=8)) if groups else []
    assert g.take(idx).sentences == tuple(tuple(groups[i]) for i in idx)
    cut = data.draw(st.integers(0, len(groups)))
    parts = [TypeCounts.of(2, groups[:cut]), TypeCounts.of(2, groups[cut:]), g.take(idx)]
    stacked = TypeCounts.stack(parts)  # the parts' type names differ: merged
    assert stacked.sentences == tuple(tuple(es) for es in [*groups, *(groups[i] for i in idx)])
    assert stacked == TypeCounts.of(2, [*groups, *(groups[i] for i in idx)])


def test_totals_refuse_a_choice_per_other_sentences() -> None:
    with pytest.raises(ValueError, match="2 chosen options for 1 sentences"):
        TypeCounts.of(1, [[(0, "M", 0, 1.0, 1, -1)]]).totals([0, 0], 3)


# -- CLEME's typing against the plain loop -----------------------------------------------------


def assert_chunk_counts_equal(examples: Sequence[Example], assumption: str, level: Any) -> None:
    a = analyse(examples, assumption)
    for ex, chunks, kept in zip(examples, a.chunks, a.kept, strict=True):
        assert chunk_types(ex, kept, chunks, level) == reference_chunk_types(ex, kept, chunks, level)
    want = reference_chunk_entries(examples, a, level)
    got = chunk_type_counts(examples, a, level)
    assert got.sentences == tuple(tuple(es) for es in want)
    chosen = [0] * len(examples)
    weights = np.linspace(0.5, 2.0, len(a.ref_changed))
    assert got.totals(chosen, 5, weights, a.flag_offsets) == reference_totals(want, chosen, 5, weights, a.flag_offsets)


@settings(max_examples=example_count(200), deadline=None)
@given(
    exs=st.lists(typed_examples(), min_size=1, max_size=5),
    assumption=st.sampled_from(["dependent", "independent"]),
    level=st.sampled_from(LEVELS),
)
def test_chunk_type_counts_equal_the_plain_loop(exs: list[Example], assumption: str, level: Any) -> None:
    assert_chunk_counts_equal(exs, assumption, level)


@pytest.mark.shared
@pytest.mark.parametrize("level", [3, GOLD])
def test_chunk_type_counts_equal_the_plain_loop_on_amu(level: Any) -> None:
    exs = system_examples("AMU")
    for assumption in ("dependent", "independent"):
        assert_chunk_counts_equal(exs, assumption, level)


# -- M2's typing: the matches of its counts, reused --------------------------------------------


def assert_m2_counts_equal(examples: Sequence[Example], level: Any) -> None:
    m2 = METRICS["m2"].build(cat=level)
    pairs = [m2.annotator_edits(ex) for ex in examples]
    matches = [[gold_matches(e, g) for e, g in options] for options in pairs]
    reused, found = m2_type_counts_of(examples, pairs, level, matches), m2_type_counts_of(examples, pairs, level)
    assert reused == found
    assert found.sentences == tuple(tuple(es) for es in reference_m2_entries(examples, pairs, level))
    for entries in found.sentences:  # three fields per (annotator, type), as resampling reads them
        assert [f for _, _, f, _, _, _ in entries] == [0, 1, 2] * (len(entries) // 3)
    table = m2.analyse_typed(list(examples), level)
    assert table.types == found
    plain = METRICS["m2"].build().analyse(list(examples))
    assert np.array_equal(np.asarray(table.values), np.asarray(plain.values))


@settings(max_examples=example_count(100), deadline=None)
@given(exs=st.lists(typed_examples(), min_size=1, max_size=5), level=st.sampled_from(LEVELS))
def test_m2_type_counts_reuse_the_gold_matches(exs: list[Example], level: Any) -> None:
    assert_m2_counts_equal(exs, level)


@pytest.mark.shared
def test_m2_type_counts_reuse_the_gold_matches_on_amu() -> None:
    assert_m2_counts_equal(system_examples("AMU")[:400], 3)


# -- the rows: the table's choice, or the sentence rows ----------------------------------------


@settings(max_examples=example_count(100), deadline=None)
@given(exs=st.lists(typed_examples(), min_size=1, max_size=5), level=st.sampled_from(LEVELS))
def test_rows_from_the_tables_choice_equal_rows_from_the_sentence_rows(exs: list[Example], level: Any) -> None:
    from gecscope.metrics.error_types import chunk_type_rows
    from gecscope.metrics.m2_types import m2_type_rows

    for name in ("cleme2", "cleme"):
        metric = METRICS[name].build(cat=level)
        score = gecscope.score(metric, exs)
        typed = metric.analyse_typed(exs, level)
        assert chunk_type_rows(metric, typed, score) == score.details["types"]
    m2 = METRICS["m2"].build(cat=level)
    score = gecscope.score(m2, exs)
    table = m2.analyse_typed(exs, level)
    assert table.types is not None
    assert m2_type_rows(table.types, score, m2.config.beta) == score.details["types"]


# -- the tagger's own time: a warm lexicon cache needs no simplemma ------------------------------


def test_the_tag_free_classifier_is_built_without_importing_simplemma() -> None:
    """The classifier checks its language against simplemma's data files, found without importing
    simplemma (60 modules): a run whose lexicon answers are all cached never imports it."""
    import subprocess
    import sys

    pytest.importorskip("simplemma")
    code = (
        "import sys; from gecscope.align.types.surface import SurfaceTypes, surface_types; "
        "c = surface_types('et'); SurfaceTypes('et', 'simplemma'); "
        "assert 'simplemma' not in sys.modules, 'imported'; print(c.lemmas, c.signature)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("simplemma surface:") and "lemmas:simplemma-" in out
    from simplemma.strategies.dictionaries.dictionary_factory import SUPPORTED_LANGUAGES

    from gecscope.align.types.lemma_cache import simplemma_folder, simplemma_languages

    folder = simplemma_folder()
    assert folder is not None and simplemma_languages(folder) == frozenset(SUPPORTED_LANGUAGES)


def test_the_convention_applied_twice_rebuilds_nothing() -> None:
    """A typed chunk analysis applies the missing-annotator convention to examples it was applied
    to already: nothing changes, so nothing is rebuilt (a lone absent reference stays)."""
    from gecscope.types import Edit, Target, with_convention

    absent = Target(("a",), (), absent=True)
    present = Target(("b",), (Edit(0, 1, ("b",)),))
    exs = [
        Example(("a",), Target(("a",)), (absent, absent), "0"),
        Example(("a",), Target(("a",)), (absent, present), "1"),
    ]
    once = with_convention(exs, "absent")
    assert [len(e.references) for e in once] == [1, 1] and once[0].references[0].absent
    assert with_convention(once, "absent") is once
