"""ERRANT and M2 against the official tools (../shared/golden/baselines.json).

ERRANT: ``errant_parallel -orig sources.txt -cor SYS.txt -out SYS.m2; errant_compare -hyp SYS.m2
-ref references.m2 [-cse|-ds|-dt]`` (3.0.2, spaCy 3.8, en_core_web_sm 3.8.0). M2: ``python2.7
m2scorer.py SYS.txt GOLD`` (v3.2; the fast Python 3 port gave identical P/R/F on every pair where
both finished and is the golden value for the rest). IITB.txt and PKU.txt have CRLF endings.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from conftest import CONLL, SYSTEMS, aligned_text_examples, errant_aligner, golden, require_shared, tiered_systems
from gecscope import api
from gecscope.metrics.errant import Errant, ErrantConfig
from gecscope.metrics.m2 import M2, M2Config
from gecscope.types import Example

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent

GOLDS = {"references.m2": "gold_references.m2", "official-2014.combined.m2": "gold_original_official2014"}


@pytest.mark.parametrize("system", tiered_systems())
@pytest.mark.parametrize("scheme", ["cs", "cse", "ds", "dt"])
def test_errant_matches_errant_compare(scheme: str, system: str) -> None:
    key = "errant" if scheme == "cs" else f"errant_{scheme}"
    want = golden("baselines.json")[key][system]
    got = Errant(ErrantConfig(scheme=scheme)).score(aligned_text_examples(system)).details
    assert (got["tp"], got["fp"], got["fn"]) == (want["TP"], want["FP"], want["FN"]), system
    assert (got["p"], got["r"], got["f"]) == pytest.approx(
        (want["P_unrounded"], want["R_unrounded"], want["F0_5_unrounded"]), abs=1e-12
    )
    assert tuple(round(x, 4) for x in (got["p"], got["r"], got["f"])) == (want["P"], want["R"], want["F0_5"])


def test_errant_from_hypothesis_m2_equals_from_text(tmp_path: Path) -> None:
    from gecscope.io.m2 import write_m2

    ex = aligned_text_examples("UFC")
    hyp_m2 = tmp_path / "UFC.m2"
    write_m2(hyp_m2, [(e.source, [e.hypothesis]) for e in ex])
    from_m2 = api.load(hyp_m2=hyp_m2, ref_m2=CONLL / "references.m2")
    assert Errant().score(from_m2).details["f"] == Errant().score(ex).details["f"]


@pytest.mark.conformance  # aligns the whole of IITB
def test_errant_original_gold_matches_errant_compare(tmp_path: Path) -> None:
    """IITB against the original gold, with its absent annotators, noop lines and NUCLE types:
    ``errant_parallel -orig sources.txt -cor IITB.txt -out IITB.m2`` (byte-identical to the M2
    gecscope writes here) then ``errant_compare -hyp IITB.m2 -ref official-2014.combined.m2``
    gives TP 27, FP 66, FN 1983, F0.5 0.0567. (The 22/71/1985 once reported came from a
    hypothesis M2 that wrote deletions as ``-NONE-``: errant_compare compares corrections
    literally and the gold writes deletions empty; the writer was mended.)"""
    from gecscope.io.m2 import write_m2

    hyp_m2 = tmp_path / "IITB.m2"
    write_m2(hyp_m2, [(e.source, [e.hypothesis]) for e in aligned_text_examples("IITB")])
    lines = hyp_m2.read_text(encoding="utf-8").splitlines()
    assert not [a for a in lines if a.startswith("A ") and "noop" not in a and "|||-NONE-|||REQ" in a]
    d = Errant().score(api.load(hyp_m2=hyp_m2, ref_m2=CONLL / "official-2014.combined.m2")).details
    assert (d["tp"], d["fp"], d["fn"], round(d["f"], 4)) == (27, 66, 1983, 0.0567)


@cache
def m2_examples(system: str, gold_file: str) -> list[Example]:
    require_shared()
    return api.load(
        source=CONLL / "sources.txt",
        hypothesis=CONLL / "systems" / f"{system}.txt",
        ref_m2=CONLL / gold_file,
    )


@pytest.mark.parametrize("gold_file", list(GOLDS))
def test_m2_matches_m2scorer(gold_file: str) -> None:
    gold = golden("baselines.json")
    fast_port = gold[f"m2_fastpy3_{GOLDS[gold_file]}"]
    official = gold[f"m2_official_v3.2_{GOLDS[gold_file]}"]
    for system in SYSTEMS:
        d = M2().score(m2_examples(system, gold_file)).details
        got = tuple(round(x, 4) for x in (d["p"], d["r"], d["f"]))
        want = fast_port[system]
        assert got == (want["P"], want["R"], want["F0_5"]), system
        if system in official:
            assert got == (official[system]["P"], official[system]["R"], official[system]["F0_5"]), system


def test_m2_original_gold_reproduces_published_conll2014() -> None:
    published = {
        "AMU": 35.01,
        "CAMB": 37.33,
        "CUUI": 36.79,
        "POST": 30.88,
        "NTHU": 29.92,
        "RAC": 26.68,
        "UMC": 25.37,
        "PKU": 25.32,
        "SJTU": 15.19,
        "UFC": 7.84,
        "IPN": 7.09,
        "IITB": 5.90,
    }
    for system, f in published.items():
        assert round(M2().score(m2_examples(system, "official-2014.combined.m2")).value * 100, 2) == f, system


@pytest.mark.parametrize("system", ["NTHU", "CAMB"])
def test_m2_fast_path_agrees_with_exact_closure(system: str) -> None:
    ex = m2_examples(system, "official-2014.combined.m2")
    exact, fast = M2(M2Config(algorithm="exact")), M2(M2Config(algorithm="fast"))
    assert exact.analyse(ex) == fast.analyse(ex)


def null_file(tmp_path: Path) -> Path:
    p = tmp_path / "NULL.txt"
    p.write_text("\n" * 1312)
    return p


def test_all_empty_hypothesis(tmp_path: Path) -> None:
    """NULL (1,312 empty lines): M2 27.81 / 28.01 and ERRANT TP 3, FP 1309, FN 2069, F0.5 0.20."""
    null = null_file(tmp_path)
    for gold_file, f in (("references.m2", 27.81), ("official-2014.combined.m2", 28.01)):
        ex = api.load(
            source=CONLL / "sources.txt", hypothesis=null, ref_m2=CONLL / gold_file
        )
        assert round(M2().score(ex).value * 100, 2) == f
    ex = api.load(
        source=CONLL / "sources.txt", hypothesis=null, ref_m2=CONLL / "references.m2"
    )
    d = Errant().score(api.prepare(ex, errant_aligner())[0]).details
    assert (d["tp"], d["fp"], d["fn"], round(d["f"] * 100, 2)) == (3, 1309, 2069, 0.20)


def pathological_amu() -> list[Example]:
    """AMU with one sentence replaced by a long, repetitive hypothesis (the GREEN paper's
    "AMU-S" shape): the official scorer's closure and Bellman-Ford run for minutes to hours."""
    ex = list(m2_examples("AMU", "official-2014.combined.m2"))
    idx = max(range(len(ex)), key=lambda i: sum(len(r.edits or ()) for r in ex[i].references))
    src = ex[idx].source
    hyp = tuple((list(src) * 3)[: 3 * len(src)]) + ("the",) * 40
    ex[idx] = Example(src, type(ex[idx].hypothesis)(hyp), ex[idx].references, ex[idx].id)
    return ex


def test_m2_pathological_sentence_takes_the_fast_path() -> None:
    from gecscope.metrics.m2 import FAST_PATH_ARCS
    from gecscope.metrics.maxmatch import base_arcs

    ex = pathological_amu()
    bad = next(e for e in ex if len(e.hypothesis.tokens) > 3 * len(e.source))
    assert len(base_arcs(bad.source, bad.hypothesis.tokens)[0]) > FAST_PATH_ARCS
    counts = M2().sentence_counts(bad)
    gold_sizes = [len(r.edits or ()) for r in bad.references]
    for c, g in zip(counts, gold_sizes, strict=True):
        assert c.gold == g and 0 <= c.correct <= min(c.proposed, g) and c.proposed >= 1
    assert 0.0 < M2().score(ex).value < M2().score(m2_examples("AMU", "official-2014.combined.m2")).value


def test_m2_with_text_references_aligns_them(capsys: pytest.CaptureFixture[str]) -> None:
    from gecscope.cli import main

    ex_dir = api.example_dir()
    text = ["--source", str(ex_dir / "source.txt"), "--hyp", str(ex_dir / "hypothesis.txt")]
    assert main(["score", "--metric", "m2", *text, "--ref-m2", str(ex_dir / "references.m2"), "--format", "json"]) == 0
    from_m2 = capsys.readouterr().out
    refs = ["--ref", str(ex_dir / "reference0.txt"), str(ex_dir / "reference1.txt")]
    assert main(["score", "--metric", "m2", *text, *refs, "--format", "json"]) == 0
    import json

    assert json.loads(capsys.readouterr().out)["score"] == json.loads(from_m2)["score"] > 0
    bare = [
        Example(e.source, e.hypothesis, tuple(type(r)(r.tokens) for r in e.references), e.id)
        for e in api.load(hyp_m2=ex_dir / "hypothesis.m2", ref_m2=ex_dir / "references.m2")
    ]
    from gecscope.errors import InputError

    with pytest.raises(InputError, match="M2 needs reference edits"):
        M2().score(bare)
