"""``gecscope convert --lang zh`` writes ChERRANT's M2 (issue 34): a deletion as ``-NONE-``, every
equally cheap alignment as ``T{k}-A{n}``, ``T{k} 没有错误``/``无法标注`` with their noop/NA line.

Golden: ``tests/golden/cherrant_convert.json`` (ChERRANT's ``compare_m2_for_evaluation.py`` on the
converted M2 files and on ChERRANT's own, same numbers; the commands are in its README).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import DATA
from gecscope.api import get_metric
from gecscope.cli import main
from gecscope.io.m2 import format_cherrant_m2
from gecscope.pipeline import read
from gecscope.types import Edit, Target

ZH = DATA / "zh"
GOLDEN = json.loads((Path(__file__).parent / "golden" / "cherrant_convert.json").read_text(encoding="utf-8"))
RUNS = [(d, s) for d in ("cherrant_demo", "mucgec_dev") for s in GOLDEN[d]]


def test_deletion_noop_and_alternatives_are_written_as_cherrant_does() -> None:
    deletion = Target(
        ("我", "书"), (Edit(1, 2, (), "R"),), alternatives=((Edit(1, 2, (), "R"), Edit(2, 2, ("。",), "M")),)
    )
    text = format_cherrant_m2([(("我", "的", "书"), [deletion, Target(("我", "的", "书"), ())])])
    assert text.splitlines() == [
        "S 我 的 书",
        "T0-A0 我 书",
        "A 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0",
        "T0-A1 我 书",
        "A 1 2|||R|||-NONE-|||REQUIRED|||-NONE-|||0",
        "A 2 2|||M|||。|||REQUIRED|||-NONE-|||0",
        "T1 没有错误",
        "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||1",
        "",
    ]


def convert(tmp_path: Path, dataset: str, system: str) -> tuple[Path, Path]:
    pytest.importorskip("opencc")
    d = ZH / dataset
    if not (d / "references.m2").exists():
        pytest.skip(f"Chinese shared data not found at {ZH}")
    common = ["--lang", "zh", "--zh-resources", str(ZH / "resources"), "--source", str(d / "sources.txt")]
    hyp, refs = tmp_path / f"{system}.m2", tmp_path / "refs.m2"
    assert main(["convert", *common, "--hyp", str(d / "systems" / f"{system}.txt"), "-o", str(hyp)]) == 0
    tsv = ["--ref-tsv", str(d / "references.tsv")]
    assert main(["convert", *common, "--what", "references", *tsv, "-o", str(refs)]) == 0
    return hyp, refs


def check_round_trip(tmp_path: Path, dataset: str, system: str) -> None:
    hyp, refs = convert(tmp_path, dataset, system)
    d = ZH / dataset
    assert hyp.read_bytes() == (d / "systems_m2" / f"{system}.m2").read_bytes()
    assert refs.read_bytes() == (d / "references.m2").read_bytes()
    [examples] = read(hyp_m2=[hyp], ref_m2=refs, lang="zh")
    metric = get_metric("cherrant")
    printed = metric.official_text(metric.score(examples)).splitlines()[3].split("\t")  # type: ignore[attr-defined]
    assert printed == [str(v) for v in GOLDEN[dataset][system]]


@pytest.mark.shared
@pytest.mark.parametrize("system", list(GOLDEN["cherrant_demo"]))
def test_demo_round_trip_equals_cherrant(tmp_path: Path, system: str) -> None:
    check_round_trip(tmp_path, "cherrant_demo", system)


@pytest.mark.shared
@pytest.mark.conformance
@pytest.mark.parametrize("system", list(GOLDEN["mucgec_dev"]))
def test_mucgec_dev_round_trip_equals_cherrant(tmp_path: Path, system: str) -> None:
    check_round_trip(tmp_path, "mucgec_dev", system)
