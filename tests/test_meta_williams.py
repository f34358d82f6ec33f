"""The Williams test in ``meta`` (Graham and Baldwin 2014; GMEG-Data's Figure 3)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gecscope.cli import main
from gecscope.meta.protocols.williams import williams_matrix, williams_test
from gmeg_fixture import write_gmeg

pytestmark = pytest.mark.filterwarnings("ignore:warning. the hypothesis equals a reference")
r = st.floats(-0.99, 0.99)


def steiger_t2(r12: float, r13: float, r23: float, n: int) -> float:
    """Williams' T2 as Steiger (1980, eq. 7) writes it: an independent transcription."""
    det = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    mean = (r12 + r13) / 2
    return (r12 - r13) * math.sqrt((n - 1) * (1 + r23) / (2 * det * (n - 1) / (n - 3) + mean**2 * (1 - r23) ** 3))


@settings(deadline=None, max_examples=60)
@given(r, r, r, st.integers(5, 2000))
def test_statistic_and_one_sided_p(r12: float, r13: float, r23: float, n: int) -> None:
    det = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    if det <= 1e-9:  # not a valid correlation matrix
        return
    w, back = williams_test(r12, r13, r23, n), williams_test(r13, r12, r23, n)
    assert w.t == pytest.approx(steiger_t2(r12, r13, r23, n), rel=1e-9, abs=1e-9)
    assert w.p + back.p == pytest.approx(1.0, abs=1e-9)  # one-sided: A better, or B better
    assert (w.p < 0.5) == (r12 > r13) or abs(w.t) < 1e-12


def test_too_few_systems() -> None:
    with pytest.raises(ValueError, match="at least 4 systems"):
        williams_test(0.9, 0.5, 0.5, 3)


def test_a_metric_equal_to_the_humans_beats_a_noisy_one() -> None:
    systems = [f"s{i}" for i in range(30)]
    human = {s: float(i) for i, s in enumerate(systems)}
    noisy = {s: float(i) + (7 if i % 2 else -7) for i, s in enumerate(systems)}
    p = williams_matrix({"exact": human, "noisy": noisy}, human, systems)
    assert p["exact"]["noisy"] < 0.001 and p["noisy"]["exact"] > 0.999


def test_cli_matrix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = write_gmeg(tmp_path / "data")
    args = ["meta", "run", "-q", "--data", str(data), "--dataset", "gmeg-fce", "--metric", "M2", "GLEU", "chrf"]
    assert main([*args, "--williams", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    w = doc["williams"]["rating"]
    assert w["systems"] == 6 and set(w["p"]) == {"M2", "GLEU", "chrf"}
    assert w["p"]["M2"]["GLEU"] + w["p"]["GLEU"]["M2"] == pytest.approx(1.0, abs=1e-12)
    assert main([*args, "--williams", "--synthetic", "20", "--synthetic-runs", "1", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["williams"]["rating"]["systems"] == 26
    assert main([*args, "--williams"]) == 0
    assert "Williams test (rating, Pearson over 6 systems)" in capsys.readouterr().out
