"""The door grid of the setup issue (38): for every named test set that ``../shared`` holds (each
with the protocol it names) and for MultiGEC-2025's protocol on essay files, ``gecscope score``,
``compare``, ``report``, ``multigec`` (where it applies), ``gecscope.load`` -> ``gecscope.score`` and
the Hugging Face module (or the call it makes) give the same number and the same signature."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from typing import Any

import pytest

import gecscope
from conftest import DATA, require_estnltk, require_shared
from gecscope.cli import main
from gecscope.setup.protocols import PROTOCOLS
from gecscope.setup.testsets import SHA256, TEST_SETS

ESSAYS = Path(__file__).parent / "golden" / "multigec" / "essays"


def present() -> list[str]:
    """The public test sets whose files ``../shared`` holds (as pinned)."""
    return [n for n, t in TEST_SETS.items() if not t.gated and all((DATA / f).is_file() for f in t.files)]


def metrics_of(name: str) -> tuple[str, ...]:
    protocol = TEST_SETS[name].protocol
    return PROTOCOLS[protocol].metrics if protocol else ("errant",)


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main([*argv, "--format", "json", "--quiet"]) == 0, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def sans_resampling(signature: str) -> str:
    """A compare signature without its resampling fields (from ``|sigtest:...|`` on)."""
    return re.sub(r"\|sigtest:.*?(?=\|version:)", "", signature)


def hf(metric: str, predictions: list[str], **settings: Any) -> tuple[float, str]:
    """What the Hugging Face module computes (the module itself when ``evaluate`` is installed)."""
    if importlib.util.find_spec("evaluate") is not None:
        from hf_module import compute

        blank = [""] * len(predictions)  # a named set reads its own (evaluate needs every column)
        got = compute(sources=blank, predictions=predictions, references=blank, metric=metric, **settings)
        return float(got["score"]), str(got["signature"])
    s = gecscope.score(metric, hypotheses=predictions, **settings)
    return s.value, s.signature


@pytest.fixture(scope="module")
def data_env() -> Any:
    require_shared()
    with pytest.MonkeyPatch.context() as m:
        m.setenv("GECSCOPE_DATA", str(DATA))
        yield


@pytest.mark.parametrize("name", [n for n in TEST_SETS if not TEST_SETS[n].gated])
def test_every_door_scores_a_named_set_alike(
    name: str, data_env: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    if name not in present():
        pytest.skip(f"{name}: its files are not in ../shared")
    if TEST_SETS[name].protocol == "estgec":
        require_estnltk()
    assert main(["score", "-t", name, "--echo", "src"]) == 0
    hyp = tmp_path / "hyp.txt"
    hyp.write_text(capsys.readouterr().out, encoding="utf-8")
    lines = hyp.read_text(encoding="utf-8").splitlines()
    for metric in metrics_of(name):
        doors: dict[str, tuple[float, str]] = {}
        got = cli(capsys, "score", "-t", name, "--hyp", str(hyp), "--metric", metric)
        doors["score"] = (got["score"], got["signature"])
        overlaps = gecscope.get_metric(metric).reads_overlapping_edits  # as the CLI reads for it
        s = gecscope.score(metric, gecscope.load(test_set=name, hypothesis=hyp, overlaps=bool(overlaps)))
        doors["load->score"] = (s.value, s.signature)
        doors["hf"] = hf(metric, lines, test_set=name)
        if metric in ("errant", "cleme2", "m2", "gleu", "green", "cleme"):
            rows = cli(capsys, "compare", "-t", name, "--hyp", str(hyp), str(hyp), "--name", "a", "b",
                       "--metric", metric, "--bootstrap", "2", "--trials", "2")  # fmt: skip
            doors["compare"] = (rows[0]["score"], sans_resampling(rows[0]["signature"]))
            out = tmp_path / "report.md"
            argv = ["report", "-t", name, "--hyp", str(hyp), "--metric", metric, "--format", "md", "-o", str(out)]
            assert main([*argv, "--quiet"]) == 0, capsys.readouterr().err
            capsys.readouterr()
            [signed] = re.findall(rf"^- \S+: `({re.escape(metric)}\|[^`]+)`$", out.read_text(encoding="utf-8"), re.M)
            doors["report"] = (got["score"], signed)
        first = doors["score"]
        assert TEST_SETS[name].signature in first[1]
        if TEST_SETS[name].protocol and metric in PROTOCOLS[TEST_SETS[name].protocol].metrics:
            assert f"|protocol:{TEST_SETS[name].protocol}|" in first[1]
        for door, value in doors.items():
            assert value == first, (name, metric, door, value, first)


def test_every_multigec_door_scores_essays_alike(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("syntok")
    ref, res = tmp_path / "ref", tmp_path / "res"
    ref.mkdir()
    res.mkdir()
    for f in (ESSAYS / "ref").glob("en-synth-*"):
        (ref / f.name).write_bytes(f.read_bytes())
    for f in (ESSAYS / "res").glob("en-synth-*"):
        (res / f.name).write_bytes(f.read_bytes())
    files = {
        "source": ref / "en-synth-orig-dev.md",
        "hypothesis": res / "en-synth-hypo-dev.md",
        "references": sorted(ref.glob("en-synth-ref*-dev.md")),
    }
    argv = [
        "--source",
        str(files["source"]),
        "--hyp",
        str(files["hypothesis"]),
        "--ref",
        *map(str, files["references"]),
    ]
    assert main(["multigec", "--ref-dir", str(ref), "--hyp-dir", str(res), "--format", "json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    for metric, key in (("errant", "f05"), ("gleu", "gleu")):
        doors: dict[str, tuple[float, str]] = {"multigec": (row[key], row[f"{metric}_signature"])}
        got = cli(capsys, "score", "--protocol", "multigec-2025", *argv, "--metric", metric)
        doors["score"] = (got["score"], got["signature"])
        s = gecscope.score(metric, gecscope.load(**files, protocol="multigec-2025"))  # type: ignore[arg-type]
        doors["load->score"] = (s.value, s.signature)
        if metric == "errant":
            twice = [*argv[:3], str(files["hypothesis"]), *argv[3:], "--name", "a", "b"]
            rows = cli(capsys, "compare", "--protocol", "multigec-2025", *twice, "--metric", metric, "--bootstrap", "2",
                       "--trials", "2")  # fmt: skip
            doors["compare"] = (rows[0]["score"], sans_resampling(rows[0]["signature"]))
        first = doors["multigec"]
        assert "|protocol:multigec-2025|" in first[1]
        for door, value in doors.items():
            assert value == first, (metric, door, value, first)


def test_every_pinned_file_of_a_present_set_is_checked() -> None:
    """The grid runs on real sets: at least the JFLEG, EstGEC and UA-GEC ones are in ../shared."""
    require_shared()
    assert {"jfleg", "estgec-l2", "ua-gec"} <= set(present())
    assert all(f in SHA256 for n in present() for f in TEST_SETS[n].files)
