"""GMEG-Data's synthetic systems (hybrid super-sampling): a hybrid's score from cached statistics
equals re-scoring its output file; seeded, mean ± sd over seeds; the paper's Table 8 beside ours."""

from __future__ import annotations

import json
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

import gecscope
from gecscope.align import get_aligner
from gecscope.align.settings import AlignSettings
from gecscope.api import get_metric
from gecscope.cli import main
from gecscope.errors import SettingError
from gecscope.io import read_lines
from gecscope.meta.data.gmeg import GMEG_SYSTEMS, RATING, gmeg, read_segment_scores
from gecscope.meta.data.published import GMEG_TABLE8
from gecscope.meta.protocols.correlate import system_correlation
from gecscope.meta.protocols.evaluate import run_metric, system_level
from gecscope.meta.protocols.synthetic import (
    SHARES,
    hybrid_human,
    hybrid_scores,
    hybrids,
    synthetic_vectors,
)
from gecscope.meta.reports.presets import META_METRICS
from gecscope.meta.reports.report import meta_run
from gmeg_fixture import write_gmeg

pytestmark = pytest.mark.filterwarnings("ignore:warning. the hypothesis equals a reference")


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_gmeg(tmp_path_factory.mktemp("gmeg") / "data")


def test_hybrids_are_seeded_pairs_in_ten_to_ninety_percent_mixes() -> None:
    found = hybrids(GMEG_SYSTEMS, 40, 135, seed=3)
    assert found == hybrids(GMEG_SYSTEMS, 40, 135, seed=3) and found != hybrids(GMEG_SYSTEMS, 40, 135, seed=4)
    assert {(h.first, h.second) for h in found} == {
        (a, b) for i, a in enumerate(GMEG_SYSTEMS) for b in GMEG_SYSTEMS[i + 1 :]
    }
    assert sorted({h.share for h in found}) == list(SHARES)
    for h in found:
        assert len(h.from_first) == round(h.share * 40) and list(h.from_first) == sorted(set(h.from_first))
    assert hybrids(GMEG_SYSTEMS, 40, 0, seed=0) == []
    with pytest.raises(ValueError, match="at least two"):
        hybrids(["amu"], 40, 1, seed=0)


#: PT-M2 and PT-ERRANT read the packaged int8 encoder (the 'sim' extra)
NEEDS_SIM = pytest.mark.skipif(find_spec("onnxruntime") is None, reason="needs the 'sim' extra")


@pytest.mark.parametrize(
    "preset",
    [
        "M2",
        "ERRANT",
        "SentERRANT",
        "GLEU-script",
        "GLEU",
        "GREEN-word",
        "CLEME2.0-dep",
        pytest.param("PT-M2", marks=NEEDS_SIM),
        pytest.param("PT-ERRANT", marks=NEEDS_SIM),
    ],
)
def test_a_hybrid_scores_as_its_output_file_rescored(data: Path, tmp_path: Path, preset: str) -> None:
    registry, settings, aggregation = META_METRICS[preset]
    ds = gmeg(data, "fce")
    run = run_metric(preset, get_metric(registry, **settings), ds, get_aligner("errant"))
    found = hybrids(GMEG_SYSTEMS, 12, 20, seed=1)
    ours = hybrid_scores(run, found, aggregation)
    refs = [ds.source.parent / f"ref{k}" for k in range(4)]
    options: dict[str, Any] = {**settings, **({"level": "sentence"} if aggregation == "sentence" else {})}
    for h, value in list(zip(found, ours, strict=True))[::4]:
        a, b = read_lines(ds.outputs[h.first]), read_lines(ds.outputs[h.second])
        mixed = tmp_path / "hybrid"
        mixed.write_text("".join((a if i in h.from_first else b)[i] + "\n" for i in range(12)), encoding="utf-8")
        ex = gecscope.load(source=ds.source, hypothesis=mixed, references=refs)
        want = gecscope.score(registry, ex, aligner=get_aligner("errant", AlignSettings()), **options).value
        assert value == pytest.approx(want, abs=1e-12), h.name


def test_hybrid_human_is_the_mean_of_its_rated_sentences(data: Path) -> None:
    segments = read_segment_scores(gmeg(data, "fce").segments)  # type: ignore[arg-type]
    [h] = hybrids(["amu", "nus"], 12, 1, seed=0)
    values = [(segments["amu"] if i in h.from_first else segments["nus"])[i] for i in range(12)]
    assert values[3] is None
    assert hybrid_human(segments, h) == pytest.approx(sum(v for v in values if v is not None) / 11, abs=1e-12)


def test_no_hybrids_is_the_real_system_level(data: Path) -> None:
    ds = gmeg(data, "wiki")
    run = run_metric("GLEU-script", get_metric("gleu"), ds)
    segments = read_segment_scores(ds.segments)  # type: ignore[arg-type]
    assert system_correlation(*synthetic_vectors(run, segments, ds.human[RATING], 0, 0)) == system_level(run)[RATING]
    more = system_correlation(*synthetic_vectors(run, segments, ds.human[RATING], 30, 0))
    assert more.systems == 36
    metric, people = synthetic_vectors(run, segments, ds.human[RATING], 30, 0)
    found = hybrids(GMEG_SYSTEMS, 12, 30, 0)
    assert [metric[f"{h.name}#{k}"] for k, h in enumerate(found)] == hybrid_scores(run, found)
    assert [people[f"{h.name}#{k}"] for k, h in enumerate(found)] == [hybrid_human(segments, h) for h in found]
    assert more == system_correlation(metric, people)


def test_cli_mean_and_sd_over_seeds_and_the_paper_beside(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["meta", "run", "-q", "--data", str(data), "--dataset", "gmeg-fce", "--metric", "M2", "GLEU"]
    assert main([*args, "--synthetic", "25", "--synthetic-seed", "7", "--synthetic-runs", "3", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    m2 = doc["metrics"]["M2"]
    assert m2["synthetic"]["seeds"] == [7, 8, 9] and m2["synthetic"]["systems"] == 25
    runs = [r["pearson"] for r in m2["synthetic"]["runs"]]
    assert m2["synthetic"]["pearson"]["mean"] == pytest.approx(sum(runs) / 3, abs=1e-12)
    assert m2["synthetic"]["pearson"]["sd"] > 0
    assert m2["published"]["pearson"] == GMEG_TABLE8["M2 0.5"]["fce"][0] and "Table 8" in m2["published"]["source"]
    assert "published" not in doc["metrics"]["GLEU"]  # the corrected GLEU is not the paper's
    assert main([*args, "--synthetic", "25", "--synthetic-runs", "2"]) == 0
    text = capsys.readouterr().out
    assert "+25 synthetic (2 seeds): r " in text and "paper (Table 8, M2 0.5): r 0.860  rho 0.849" in text


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--dataset", "gjg15", "--synthetic", "5"], "--synthetic needs per-sentence human ratings"),
        (["--dataset", "gmeg-fce", "--synthetic", "-1"], "--synthetic"),
        (["--dataset", "gmeg-fce", "--synthetic", "5", "--synthetic-runs", "0"], "--synthetic-runs"),
    ],
)
def test_refusals(data: Path, extra: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        code = main(["meta", "run", "-q", "--data", str(data), "--metric", "GLEU", *extra])
    except SystemExit as exc:  # argparse's range checks
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_api_refuses_synthetic_without_ratings(data: Path) -> None:
    with pytest.raises(SettingError, match="GMEG data sets, not seeda"):
        meta_run(data, "seeda", ["GLEU"], "base", "gec-metrics", synthetic=3)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda rows: rows[:-2], "has 10 rows for 12 sentences"),
        (lambda rows: [rows[0].replace("lstm-r", "lstmr"), *rows[1:]], "no column for lstm-r"),
        (lambda rows: [rows[0], "1,2", *rows[2:]], "expected 8 columns, got 2"),
    ],
    ids=["short", "column", "ragged"],
)
def test_bad_segment_files_are_one_line(tmp_path: Path, edit: Any, message: str) -> None:
    from gecscope.errors import InputError

    data = write_gmeg(tmp_path / "data")
    path = data / "gmeg" / "data" / "test" / "fce-segment-scores.csv"
    path.write_text("\n".join(edit(path.read_text(encoding="utf-8").splitlines())) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match=message) as info:
        meta_run(data, "gmeg-fce", ["GLEU"], "base", "gec-metrics", synthetic=3, synthetic_runs=1)
    assert str(path) in str(info.value)
