"""Shared fixtures. Data under ../shared is read in place (never copied into the repo)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import sys
import threading
import types
from collections.abc import Iterator
from functools import cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from gecscope.io import examples_from_m2
from gecscope.metrics.analysis import ChunkAnalysis, analyse, relabel
from gecscope.types import Example

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("GECSCOPE_SHARED", ROOT.parent / "shared"))
DATA = SHARED / "data"
CONLL = DATA / "conll14"
SYSTEMS = ("AMU", "CAMB", "CUUI", "IITB", "INPUT", "IPN", "NTHU", "PKU", "POST", "RAC", "SJTU", "UFC", "UMC")
#: the systems per-system golden tests check in the default tier (AMU: the README's; IITB: CRLF line
#: ends; NTHU: the one the text path moves); the ``conformance`` tier checks the other ten
QUICK_SYSTEMS = ("AMU", "IITB", "NTHU")


def tiered_systems() -> list[object]:
    """``SYSTEMS`` as parameters: the quick ones in the default tier, the rest in ``conformance``."""
    return [s if s in QUICK_SYSTEMS else pytest.param(s, marks=pytest.mark.conformance) for s in SYSTEMS]


#: GECSCOPE_PROPERTIES=full (.ci/run's conformance tier) runs every property test marked
#: ``properties`` with its full example count; the default tier runs a fifth of it
FULL_PROPERTIES = os.environ.get("GECSCOPE_PROPERTIES") == "full"


def examples(n: int) -> int:
    """A property test's hypothesis example count: ``n`` in the full run, ``n // 5`` (at least 20) by default."""
    return n if FULL_PROPERTIES else max(20, n // 5)


#: CI sets GECSCOPE_REQUIRE_SHARED=1: there, missing shared data fails the run instead of skipping
#: every golden test (a green run that checked nothing)
REQUIRE_SHARED = os.environ.get("GECSCOPE_REQUIRE_SHARED") == "1"


def require_estnltk() -> None:
    """The estgec protocol tokenises a hypothesis with EstNLTK (the 'et-tagger' extra): its runs
    are skipped where the extra is absent (the default tier); .ci/run's taggers tier runs them."""
    from gecscope.extras import missing_modules

    if missing_modules(["estnltk"]):
        pytest.skip("the estgec protocol tokenises with EstNLTK: needs the 'et-tagger' extra (taggers tier)")


def require_shared() -> None:
    if not shared_present():
        reason = f"shared data not found at {SHARED} (set GECSCOPE_SHARED to run this test)"
        if REQUIRE_SHARED:
            pytest.fail(reason + "; GECSCOPE_REQUIRE_SHARED=1 forbids skipping")
        pytest.skip(reason)


@pytest.fixture(autouse=True, scope="session")
def isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The caches (alignments, model outputs) live in a temporary folder for the whole session:
    tests never write into the user's ~/.cache, and share what earlier tests aligned."""
    path = tmp_path_factory.mktemp("gecscope-cache")
    old = os.environ.get("GECSCOPE_CACHE")
    os.environ["GECSCOPE_CACHE"] = str(path)
    yield path
    if old is None:
        os.environ.pop("GECSCOPE_CACHE", None)
    else:
        os.environ["GECSCOPE_CACHE"] = old


def shared_present() -> bool:
    return (CONLL / "references.m2").exists()


#: whole-corpus runs (every sentence of a test set, several minutes in all): the ``conformance``
#: tier (``pytest -m conformance``, run by .ci/run after the default tier). Each has a cheaper
#: sibling in the default tier (one system, a slice, or the same code on the example data).
CONFORMANCE = (
    "test_meta_session.py::test_session_runs_equal_plain_runs",
    "test_identical_runs.py::test_cold_warm_jobs_and_dask_give_identical_numbers",
    "test_golden_errant_m2.py::test_all_empty_hypothesis",
    "test_golden_errant_m2.py::test_m2_matches_m2scorer[official-2014.combined.m2]",
    "test_golden_errant_m2.py::test_m2_original_gold_reproduces_published_conll2014",
    "test_golden_errant_m2.py::test_m2_pathological_sentence_takes_the_fast_path",
    "test_zh_text.py::test_mucgec_dev_text_reproduces_cherrant[example_pred]",
    "test_golden_gleu.py::test_conll14_all_variants",
    "test_golden_gleu.py::test_seeda_official",
    "test_golden_green.py::test_green_matches_official[char]",
    "test_meta.py::test_trueskill_recomputation_is_a_close_sanity_check",
    "test_meta.py::test_m2_meta_run_aligns_text_references",
    "test_meta.py::test_factor_heatmap",
    "test_report.py::test_report_numbers_equal_the_single_metric_api",
    "test_streaming.py::test_conll_in_shards_every_streamable_metric[5000]",
    "test_streaming.py::test_cli_streams_m2_input_with_the_one_shot_output[csv]",
    "test_streaming.py::test_cli_streams_m2_input_with_the_one_shot_output[table]",
    "test_table1.py::test_table1_conll14_column_cleme_v1",
    # moved from the default tier (issue 20 item 6); the default-tier sibling in brackets
    "test_table1.py::test_table1_conll14_column_cleme2",  # (test_cli.py::test_meta_table1)
    "test_golden_errant_m2.py::test_m2_matches_m2scorer[references.m2]",  # (entry points: M2 on AMU)
    "test_significance.py::test_conll_input_more_under_less_hit_after_holm",  # (the example's compare tests)
    "test_streaming.py::test_conll_in_shards_every_streamable_metric[7]",  # (the example and test_shards.py)
    "test_zh_text.py::test_mucgec_dev_text_reproduces_cherrant[INPUT]",  # (the ChERRANT demo's INPUT)
    "test_report.py::test_twelve_systems_no_sentence_more_than_twice",  # (the three-system report tests)
    # SEEDA and the second CoNLL gold: also in test_seeda_every_system / test_conll_every_system
    "test_entry_points.py::test_every_entry_point_gives_the_official_number[m2-conll14-AMU-references.m2]",
    "test_entry_points.py::test_every_entry_point_gives_the_official_number[gleu-outputs-BART-refs]",
    "test_entry_points.py::test_every_entry_point_gives_the_official_number[m2-outputs-BART-official-2014.combined.m2]",
)


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Whole-corpus tests join the ``conformance`` tier; tests marked ``shared`` read
    ../shared/data directly: skip them, with one reason, without it."""
    for item in items:
        if item.nodeid.split("/")[-1] in CONFORMANCE:
            item.add_marker(pytest.mark.conformance)
    if shared_present():
        return
    if REQUIRE_SHARED:
        raise pytest.UsageError(f"shared data not found at {SHARED} and GECSCOPE_REQUIRE_SHARED=1")
    skip = pytest.mark.skip(reason=f"shared data not found at {SHARED} (set GECSCOPE_SHARED to run this test)")
    for item in items:
        if "shared" in item.keywords:
            item.add_marker(skip)


@cache
def golden(name: str) -> dict:  # type: ignore[type-arg]
    require_shared()
    return json.loads((SHARED / "golden" / name).read_text())


@cache
def system_examples(system: str) -> list[Example]:
    require_shared()
    return examples_from_m2(CONLL / "systems_m2" / f"{system}.m2", CONLL / "references.m2")


@cache
def system_analysis(system: str, assumption: str) -> ChunkAnalysis:
    if assumption == "independent":
        return relabel(system_analysis(system, "dependent"), "independent")
    return analyse(system_examples(system), "dependent")


@pytest.fixture
def tmp_text(tmp_path: Path):  # type: ignore[no-untyped-def]
    def write(name: str, content: str | bytes) -> Path:
        p = tmp_path / name
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content, encoding="utf-8")
        return p

    return write


@cache
def errant_aligner():  # type: ignore[no-untyped-def]
    from gecscope.align.en.errant import ErrantAligner

    return ErrantAligner()


@cache
def aligned_text_examples(system: str) -> list[Example]:
    """``systems/<SYSTEM>.txt`` against references.m2, hypothesis edits extracted by gecscope."""
    from gecscope import api

    require_shared()
    examples = api.load(
        source=CONLL / "sources.txt", hypothesis=CONLL / "systems" / f"{system}.txt", ref_m2=CONLL / "references.m2"
    )
    return api.prepare(examples, errant_aligner())[0]


# ---- a local HTTP mirror of the original repositories (download tests) ----
class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def mirror_root(tmp_path: Path) -> Path:
    """The shared data laid out as the pinned upstream paths (``gecscope download``'s manifest)."""
    from gecscope.meta.data.download import MANIFEST, zh_resources

    require_shared()
    root = tmp_path / "mirror"
    remotes = {**MANIFEST, **{dest: remote for dest, (remote, _) in zh_resources().items()}}
    for dest, remote in remotes.items():
        target = root / remote
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(DATA / dest, target)
    return root


@pytest.fixture
def mirror(mirror_root: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(mirror_root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


#: modules stubbed so that gec-metrics (the neural tier's reference) imports without its unused deps
STUBBED: list[str] = []


def gec_metrics_reference() -> types.ModuleType:
    """``gec_metrics.metrics`` (PyPI 0.1.1), skipping the test without it. The package imports every
    metric and the meta-evaluation at once; modules the tested paths never use (openai, outlines,
    seaborn...) are stubbed when they are not installed, and leave with the test module."""
    if importlib.util.find_spec("gec_metrics") is None:
        pytest.skip("gec-metrics (PyPI) is the reference")
    for _ in range(20):
        try:
            import gec_metrics.metrics as metrics

            return metrics
        except ModuleNotFoundError as exc:
            if not exc.name or exc.name.startswith(("gec_metrics", "torch", "transformers", "fuzzywuzzy")):
                raise
            stub = types.ModuleType(exc.name.split(".")[0])
            stub.__getattr__ = lambda attr: object  # type: ignore[method-assign]
            sys.modules[stub.__name__] = stub
            STUBBED.append(stub.__name__)
    raise AssertionError("could not import gec_metrics")


@pytest.fixture(scope="module", autouse=True)
def _drop_reference_stubs() -> Iterator[None]:
    """A stub answers every attribute, which misleads later imports (hypothesis' optional
    integrations among them): the stubs and the package that saw them go with their module."""
    yield
    if STUBBED:
        for name in [n for n in sys.modules if n in STUBBED or n.split(".")[0] in ("gec_metrics", "gecommon")]:
            del sys.modules[name]
        STUBBED.clear()


#: the tiny missing-annotator case (tests/test_conventions.py, test_doors.py, test_contract.py):
#: reference annotator 1 has no line in sentence 2
TINY_REF = """S a b c
A 0 1|||R|||x|||REQUIRED|||-NONE-|||0
A 1 2|||R|||y|||REQUIRED|||-NONE-|||1

S d e f
A 0 1|||R|||z|||REQUIRED|||-NONE-|||0
"""
TINY_HYP = """S a b c
A 0 1|||R|||x|||REQUIRED|||-NONE-|||0

S d e f
A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0
"""
