"""GLEU against the official script (cnap/gec-ranking compute_gleu, Python 2.7, 500 iterations,
``random.seed(j*101)``): ``python2.7 compute_gleu -s sources.txt -r REF0.txt REF1.txt -o SYS -n 4``.
Python 3 ports (jfleg gleu.py) draw differently from the same seeds; gec-metrics ``GLEU`` is the
corrected formula. Numbers: ../shared/golden/baselines.json (6 printed decimals for the scripts).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import CONLL, DATA, SYSTEMS, golden, require_shared
from gecscope import api
from gecscope.meta.data.datasets import SEEDA_SYSTEMS as SEEDA
from gecscope.metrics.gleu import Gleu, GleuConfig

pytestmark = pytest.mark.shared  # reads ../shared/data directly: skipped when it is absent


def load(hyp: Path):  # type: ignore[no-untyped-def]
    require_shared()
    return api.load(source=CONLL / "sources.txt", hypothesis=hyp, references=[CONLL / "REF0.txt", CONLL / "REF1.txt"])


def stripped(path: Path, folder: Path) -> Path:
    """``path`` with every line ``strip()``-ped, as the golden gec-metrics runs read it."""
    out = folder / path.name
    if not out.exists():
        lines = path.read_text(encoding="utf-8").split("\n")
        out.write_text("\n".join(line.strip() for line in lines), encoding="utf-8")
    return out


def test_conll14_all_variants(tmp_path: Path) -> None:
    gold = golden("baselines.json")
    official, py3 = Gleu(), Gleu(GleuConfig(sampling="py3", whitespace="unicode"))
    gec_metrics = {
        "GLEU": Gleu(GleuConfig(variant="corrected", sampling="py3", convention="gec-metrics")),
        "GLEUOfficial": Gleu(GleuConfig(sampling="py3", convention="gec-metrics")),
    }
    src, refs = stripped(CONLL / "sources.txt", tmp_path), [stripped(CONLL / f"REF{k}.txt", tmp_path) for k in (0, 1)]
    for system in SYSTEMS:
        ex = load(CONLL / "systems" / f"{system}.txt")
        stats = official.analyse(ex)
        assert round(official.score_analysis(stats).value, 6) == gold["gleu_official_py2_ptm2refs"][system]["GLEU"]
        assert round(py3.score(ex).value, 6) == gold["gleu_jfleg_py3"][system]["GLEU"], system
        # gec-metrics GLEU/GLEUOfficial on strip()-ped lines (its command line; NTHU lines 37/39 start
        # with a space, which its meta-evaluation keeps: tests/test_gec_metrics_convention.py)
        hyp = stripped(CONLL / "systems" / f"{system}.txt", tmp_path)
        ex = api.load(source=src, hypothesis=hyp, references=refs)
        for name, metric in gec_metrics.items():
            want = gold[f"gleu_gecmetrics_{name}"][system]["GLEU"]
            assert metric.score(ex).value == pytest.approx(want, abs=1e-12), (system, name)


def test_seeda_py3_port_splits_unicode_whitespace() -> None:
    gold = golden("baselines.json")["seeda_gleu_jfleg_py3"]
    py3 = Gleu(GleuConfig(sampling="py3", whitespace="unicode"))
    for system in ("REF-M", "BART", "T5"):
        got = py3.score(load(DATA / "seeda" / "outputs" / "all" / f"{system}.txt")).value
        assert round(got, 6) == gold[system]["GLEU"], system


def test_seeda_official() -> None:
    # "_ptm2refs": computed with the corrected REF files now shared (the older key used faulty copies)
    gold = golden("baselines.json")["seeda_gleu_official_py2_ptm2refs"]
    for system in SEEDA:
        got = Gleu().score(load(DATA / "seeda" / "outputs" / "all" / f"{system}.txt")).value
        assert round(got, 6) == gold[system]["GLEU"], system


def test_all_empty_hypothesis_scores_zero(tmp_path: Path) -> None:
    null = tmp_path / "NULL.txt"
    null.write_text("\n" * 1312)
    assert Gleu().score(load(null)).value == 0.0


def test_crlf_file_scores_like_lf(tmp_path: Path) -> None:
    lf = (CONLL / "systems" / "AMU.txt").read_bytes().replace(b"\r\n", b"\n")
    crlf = tmp_path / "AMU_crlf.txt"
    crlf.write_bytes(lf.replace(b"\n", b"\r\n"))
    plain = tmp_path / "AMU_lf.txt"
    plain.write_bytes(lf)
    assert Gleu().score(load(crlf)).value == Gleu().score(load(plain)).value


def test_sampling_uses_a_local_generator() -> None:
    import random

    random.seed(12345)
    state = random.getstate()
    Gleu().score(load(CONLL / "systems" / "UFC.txt"))
    assert random.getstate() == state
