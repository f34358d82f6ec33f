"""Chinese from text: gecscope's ChERRANT-compatible aligner against ChERRANT's own M2 files.

ChERRANT's M2 files were made with ``python parallel_to_m2.py -f DS/references.tsv -o
DS/references.m2 -g char`` (and the same for each system), MuCGEC commit 3922193, pypinyin
0.55.0, OpenCC 1.1.2 (see ../shared/data/zh/README.md). The comparison is the one of
``scripts/compare_textpath.py``: same preprocessed text (whitespace removed, t2s targets), edit
sets ``(start, end, correction)`` per alignment.
"""

from __future__ import annotations

from functools import cache

import pytest

from conftest import DATA
from gecscope import api
from gecscope.types import Edit, Example

ZH = DATA / "zh"
RES = ZH / "resources"
pytest.importorskip("opencc")
pytest.importorskip("pypinyin")


def require_zh() -> None:
    if not (ZH / "mucgec_dev" / "references.m2").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")


@cache
def aligner():  # type: ignore[no-untyped-def]
    from gecscope.align.zh.cherrant import CherrantAligner

    require_zh()
    return CherrantAligner(RES)


@cache
def from_text(dataset: str, system: str) -> list[Example]:
    require_zh()
    d = ZH / dataset
    examples = api.load(
        source=d / "sources.txt", hypothesis=d / "systems" / f"{system}.txt", ref_tsv=d / "references.tsv", lang="zh"
    )
    return api.prepare(examples, aligner())[0]


@cache
def from_m2(dataset: str, system: str) -> list[Example]:
    require_zh()
    d = ZH / dataset
    return api.load(hyp_m2=d / "systems_m2" / f"{system}.m2", ref_m2=d / "references.m2", lang="zh")


def keys(edits: tuple[Edit, ...] | None) -> list[tuple[int, int, str]]:
    return sorted((e.start, e.end, "".join(e.correction)) for e in edits or ())


def differences(dataset: str, system: str) -> tuple[int, int, int]:
    """(changed pairs, pairs whose A0 edits differ, pairs whose list of alignments differs)."""
    pairs = a0 = every = 0
    seen: set[tuple[object, ...]] = set()
    for text, m2 in zip(from_text(dataset, system), from_m2(dataset, system), strict=True):
        assert text.source == m2.source
        targets = [(text.hypothesis, m2.hypothesis), *zip(text.references, m2.references, strict=True)]
        for ours, theirs in targets:
            if ours.tokens == text.source:
                assert not ours.edits and not theirs.edits
                continue
            key = (text.source, ours.tokens)
            if key in seen:
                continue
            seen.add(key)
            pairs += 1
            assert ours.tokens == theirs.tokens
            a0 += keys(ours.edits) != keys(theirs.edits)
            every += [keys(e) for e in (ours.edits, *ours.alternatives)] != [
                keys(e) for e in (theirs.edits, *theirs.alternatives)
            ]
    return pairs, a0, every


METRICS = [
    ("cleme2", {}),
    ("cleme2", {"assumption": "independent", "level": "sentence", "weighting": "length"}),
    ("cleme", {}),
    ("cleme", {"assumption": "independent", "level": "sentence", "weighting": "none"}),
    ("cherrant", {}),
    ("cherrant", {"alignments": "first"}),
]


def same_numbers(dataset: str, system: str) -> None:
    for name, opts in METRICS:
        ours = api.score(name, from_text(dataset, system), **opts).details
        theirs = api.score(name, from_m2(dataset, system), **opts).details
        assert ours == pytest.approx(theirs, abs=1e-12, rel=0), (name, opts)


@pytest.mark.parametrize("system", ["demo", "INPUT"])
def test_demo_text_reproduces_cherrant_edits_and_numbers(system: str) -> None:
    pairs, a0, every = differences("cherrant_demo", system)
    assert (a0, every) == (0, 0)
    assert pairs == (29 + 13 if system == "demo" else 29)  # 29 changed references, 13 changed outputs
    same_numbers("cherrant_demo", system)


def test_demo_text_golden_counts() -> None:
    d = api.score("cherrant", from_text("cherrant_demo", "demo")).details
    assert (d["tp"], d["fp"], d["fn"]) == (8, 19, 35)  # ChERRANT's README for its demo


@pytest.mark.slow
@pytest.mark.parametrize("system", ["example_pred", "INPUT"])
def test_mucgec_dev_text_reproduces_cherrant(system: str) -> None:
    pairs, a0, every = differences("mucgec_dev", system)
    assert (a0, every) == (0, 0), f"{a0} A0 and {every} alignment-list differences in {pairs} pairs"
    same_numbers("mucgec_dev", system)


@pytest.mark.slow
def test_mucgec_dev_t2s_input_counts() -> None:
    """The unchanged INPUT gets t2s edits on the 23 traditional-character sources: TP 24, FP 6."""
    d = api.score("cherrant", from_text("mucgec_dev", "INPUT")).details
    assert (d["tp"], d["fp"], d["fn"]) == (24, 6, 3618)


def test_opencc_t2s_matches_cherrant_targets() -> None:
    """The PyPI ``opencc`` package converts exactly as ChERRANT's OpenCC 1.1.2 did on MuCGEC dev:
    23 sources with traditional characters (the INPUT system's targets) and 5 references."""
    require_zh()
    from gecscope.align.zh.text import read_cherrant_tsv
    from gecscope.align.zh.tokens import NO_ERROR, UNANNOTATABLE, remove_whitespace, target_text

    rows = read_cherrant_tsv(ZH / "mucgec_dev" / "references.tsv")
    changed = {"sources": 0, "references": 0}
    for (_, src, refs), block in zip(rows, from_m2("mucgec_dev", "INPUT"), strict=True):
        changed["sources"] += target_text(src) != remove_whitespace(src)
        assert tuple(target_text(src)) == block.hypothesis.tokens  # INPUT's target, as ChERRANT wrote it
        for ref, m2 in zip(refs, block.references, strict=True):
            changed["references"] += target_text(ref) != remove_whitespace(ref)
            if target_text(ref) not in (NO_ERROR, UNANNOTATABLE):
                assert "".join(m2.tokens) == target_text(ref)
    assert changed == {"sources": 23, "references": 5}
