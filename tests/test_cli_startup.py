"""Start-up: ``import gecscope`` and the CLI import only what the command needs (issue 22 item 4)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import gecscope
from gecscope import cli

#: what a run that does not need them must not load
HEAVY = ("numpy", "scipy", "spacy", "jinja2", "numba", "torch", "gecscope.metrics", "gecscope.api")
#: metric modules that a GREEN run does not need
OTHER_METRICS = tuple(f"gecscope.metrics.{m}" for m in ("cleme2", "cleme", "errant", "m2", "gleu", "learned", "wodafe"))
#: the model-backed weighting code (and its cache) and the downloader's network stack, which a GREEN run does not need
MODEL_CODE = ("gecscope.weighting.fluency", "gecscope.weighting.perplexity", "sqlite3", "ssl", "urllib.request")
#: the weighting code, which a metric without chunk weightings (GREEN, ERRANT, M2, GLEU) does not need
WEIGHTING = ("gecscope.weighting", "gecscope.weighting.config", "gecscope.metrics.config")


def loaded_after(code: str, names: tuple[str, ...] = HEAVY) -> set[str]:
    """The modules of ``names`` a fresh interpreter has loaded after running ``code``."""
    probe = f"import sys\n{code}\nprint('loaded:', *(m for m in {names!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    return set(out.splitlines()[-1].split()[1:])


def test_import_gecscope_loads_nothing_heavy() -> None:
    assert loaded_after("import gecscope") == set()


def test_help_loads_nothing_heavy() -> None:
    code = "from gecscope.cli import main\ntry:\n    main(['--help'])\nexcept SystemExit:\n    pass"
    assert loaded_after(code) == set()


def test_one_line_score_loads_no_parser_or_report_stack(tmp_path: Path) -> None:
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("This are a test .\n", encoding="utf-8")
    hyp.write_text("This is a test .\n", encoding="utf-8")
    argv = ["score", "--metric", "green", "--source", str(src), "--hyp", str(hyp), "--ref", str(hyp)]
    loaded = loaded_after(
        f"from gecscope.cli import main\nassert main({argv!r}) == 0", HEAVY + OTHER_METRICS + MODEL_CODE
    )
    assert loaded & {"scipy", "spacy", "jinja2", "numba", "torch", *OTHER_METRICS, *MODEL_CODE} == set()


@pytest.mark.parametrize("metric", ["errant", "m2", "gleu", "green"])
def test_a_metric_without_weightings_loads_no_weighting_code(tmp_path: Path, metric: str) -> None:
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("This are a test .\n", encoding="utf-8")
    hyp.write_text("This is a test .\n", encoding="utf-8")
    argv = ["score", "--metric", metric, "--source", str(src), "--hyp", str(hyp), "--ref", str(hyp)]
    loaded = loaded_after(f"from gecscope.cli import main\nassert main({argv!r}) == 0", WEIGHTING)
    assert loaded == set()


def test_a_run_with_m2_references_loads_no_swap_check_nor_glob(tmp_path: Path) -> None:
    """The swap check reads text references only; glob is for essay folders, difflib for a
    misspelt name, html for a notebook (issue 38: every module a run loads is paid by every run)."""
    m2 = tmp_path / "r.m2"
    m2.write_text("S This are a test .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n", encoding="utf-8")
    argv = ["score", "--metric", "errant", "--hyp-m2", str(m2), "--ref-m2", str(m2)]
    code = f"from gecscope.cli import main\nassert main({argv!r}) == 0"
    assert loaded_after(code, ("gecscope.io.sanity", "gecscope.io.sequence_counts", "glob", "difflib", "html")) == set()


@pytest.mark.parametrize("metric", ["cleme", "cleme2"])
def test_a_chunk_metric_loads_no_edit_count_table(tmp_path: Path, metric: str) -> None:
    src, hyp = tmp_path / "s.txt", tmp_path / "h.txt"
    src.write_text("This are a test .\n", encoding="utf-8")
    hyp.write_text("This is a test .\n", encoding="utf-8")
    argv = ["score", "--metric", metric, "--source", str(src), "--hyp", str(hyp), "--ref", str(hyp)]
    code = f"from gecscope.cli import main\nassert main({argv!r}) == 0"
    assert loaded_after(code, ("gecscope.metrics.counts", "gecscope.metrics.errant")) == set()


@pytest.mark.parametrize("metric", ["cleme", "cleme2"])
def test_a_chunk_metric_without_similarity_weights_builds_no_model_settings(tmp_path: Path, metric: str) -> None:
    """The encoder's settings (``weighting.config``) are built only where the weighting reads them
    (issue 38: 12-20 M instructions a CLEME run paid for none)."""
    m2 = tmp_path / "r.m2"
    m2.write_text("S This are a test .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n", encoding="utf-8")
    argv = ["score", "--metric", metric, "--hyp-m2", str(m2), "--ref-m2", str(m2)]
    code = f"from gecscope.cli import main\nassert main({argv!r}) == 0"
    assert loaded_after(code, ("gecscope.weighting.config", "gecscope.weighting.similarity")) == set()


def test_a_run_without_a_named_test_set_loads_no_test_set_table(tmp_path: Path) -> None:
    """``-t``'s names and help are read from ``setup.testsets`` when checked or shown (issue 38)."""
    m2 = tmp_path / "r.m2"
    m2.write_text("S This are a test .\nA 1 2|||R:VERB:SVA|||is|||REQUIRED|||-NONE-|||0\n\n", encoding="utf-8")
    argv = ["score", "--metric", "errant", "--hyp-m2", str(m2), "--ref-m2", str(m2)]
    code = f"from gecscope.cli import main\nassert main({argv!r}) == 0"
    assert loaded_after(code, ("gecscope.setup.testsets", "gecscope.setup.shared_tasks")) == set()
    parser = cli.build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["score", "-t", "no-such-set", "--hyp", str(m2)])
    assert parser.parse_args(["score", "-t", "conll14", "--hyp", str(m2)]).test_set == ["conll14"]


def test_a_similarity_weighting_still_gets_the_encoder_given(tmp_path: Path) -> None:
    """The encoder options reach a chunk metric whose weighting (given or its default) reads
    them; a config built without one fills in the default encoder where its weighting needs it."""
    from gecscope.cli.settings import metric_options
    from gecscope.metrics.cleme2 import Cleme2Config
    from gecscope.metrics.wodafe import WodafeConfig
    from gecscope.weighting.config import SimilarityConfig

    parser = cli.build_parser()
    args = parser.parse_args(
        ["score", "--metric", "cleme2", "--example", "--weighting", "similarity", "--encoder", "minilm"]
    )
    assert metric_options(args)["cleme2"]["similarity"].encoder.model == "minilm"
    args = parser.parse_args(["score", "--metric", "cleme2", "wodafe", "--example", "--encoder", "minilm"])
    options = metric_options(args)
    assert "similarity" not in options["cleme2"] and options["wodafe"]["similarity"].encoder.model == "minilm"
    assert Cleme2Config().similarity is None
    assert Cleme2Config(weighting="length+similarity").similarity == SimilarityConfig() == WodafeConfig().similarity
    assert Cleme2Config(weighting="similarity").weighting_signature() == f"{SimilarityConfig().signature()}"


def test_the_cli_offers_the_encoder_presets_the_weighting_knows() -> None:
    from gecscope.cli.models import ENCODER_PRESETS
    from gecscope.weighting.config import PRESETS

    assert tuple(PRESETS) == ENCODER_PRESETS


def test_the_cli_offers_the_fluency_scalings_the_scorer_knows() -> None:
    from gecscope.cli.models import SCALINGS
    from gecscope.weighting.fluency import SCALINGS as scorer_scalings

    assert scorer_scalings == SCALINGS


def test_the_cli_offers_the_precisions_the_models_know() -> None:
    from gecscope.cli.models import PRECISIONS
    from gecscope.weighting.perplexity import PRECISIONS as model_precisions

    assert model_precisions == PRECISIONS


def test_the_registry_imports_a_metric_only_when_it_is_configured() -> None:
    code = "from gecscope.metrics import METRICS\nassert METRICS['cleme2'].citation and METRICS['m2'].layout"
    assert loaded_after(code, ("numpy", "gecscope.metrics.green", *OTHER_METRICS)) == {"numpy", "gecscope.metrics.m2"}
    code = "from gecscope.metrics import METRICS\nMETRICS['green'].config"
    assert loaded_after(code, ("gecscope.metrics.green", *OTHER_METRICS)) == {"gecscope.metrics.green"}


def test_score_help_is_the_same_whatever_the_hash_seed() -> None:
    """The defaults in the help are made when it is shown; a tie names the first metric's default."""
    argv = [sys.executable, "-m", "gecscope", "score", "--help-all"]
    helps = [
        subprocess.run(
            argv, capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed}
        ).stdout
        for seed in ("1", "2")
    ]
    assert helps[0] == helps[1]
    assert "default none (cleme length, wodafe length+similarity)" in " ".join(helps[0].split())
    assert "[cleme2, cleme, wodafe]" in helps[0]


def test_lazy_help_lists_every_command_as_the_full_parser_does() -> None:
    assert cli.build_parser("").format_help() == cli.build_parser().format_help()


def test_help_lines_are_the_commands_own() -> None:
    parser = cli.build_parser()
    subparsers = parser._subparsers._group_actions[0]  # type: ignore[union-attr]
    own = {action.dest: action.help for action in subparsers._choices_actions}  # type: ignore[union-attr]
    assert own == cli.HELP


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--help"], None),
        (["score", "--metric", "green"], "score"),
        (["--version"], None),
        (["meta", "table1"], "meta"),
    ],
)
def test_command_of(argv: list[str], expected: str | None) -> None:
    assert cli.command_of(argv) == expected


def test_commands_import_on_lookup() -> None:
    assert list(cli.COMMANDS) == list(cli.HELP)
    assert cli.COMMANDS["convert"].__name__ == "gecscope.cli.convert"
    with pytest.raises(KeyError):
        cli.COMMANDS["nope"]


def test_public_names_resolve_lazily() -> None:
    for name in gecscope.__all__:
        assert getattr(gecscope, name) is not None
    assert set(gecscope.__all__) <= set(dir(gecscope))
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        gecscope.nope  # type: ignore[attr-defined]  # noqa: B018


@pytest.mark.parametrize(("given", "expected"), [(None, "4"), ("28", "28")])
def test_the_cli_lets_openblas_threads_sleep_unless_the_user_says(
    tmp_path: Path, given: str | None, expected: str
) -> None:
    """numpy's OpenBLAS threads spin 2^28 cycles each after start-up: CPU time a one-line run wastes."""
    src = tmp_path / "s.txt"
    src.write_text("A test .\n", encoding="utf-8")
    argv = ["score", "--metric", "green", "--source", str(src), "--hyp", str(src), "--ref", str(src)]
    code = f"import os\nfrom gecscope.cli import main\nassert main({argv!r}) == 0\n"
    code += "print(os.environ['OPENBLAS_THREAD_TIMEOUT'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    if given is not None:
        env["OPENBLAS_THREAD_TIMEOUT"] = given
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.splitlines()[-1] == expected


def test_the_process_cli_freezes_its_start_up_and_main_from_python_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = (
        "import gc, sys\n"
        "from gecscope import cli\n"
        "sys.argv = ['gecscope', 'score', '--example', '--metric', 'm2', '-q']\n"
        "assert gc.get_freeze_count() == 0\n"
        "code = cli.main()\n"
        "print(code, gc.get_freeze_count() > 0, gc.isenabled())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-3:] == ["0", "True", "True"]  # start-up frozen; the collector back on
    import gc

    before = gc.get_freeze_count()
    assert cli.main(["score", "--example", "--metric", "m2", "-q"]) == 0
    capsys.readouterr()
    assert gc.get_freeze_count() == before and gc.isenabled()


def test_latin_text_with_accents_compiles_no_han_pattern() -> None:
    """The Han pattern (a 64k-character map, 2-3 ms to compile) only for a line that can hold a
    Han character (issue 38: CoNLL-2014 has accents and dashes in every run)."""
    code = (
        "from gecscope.align.languages import _han, han_counts\n"
        "assert han_counts(['naïve café — ok', 'plain']) == (0, 17)\n"
        "print(_han.cache_info().misses)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["0"]
