"""Issue 16 regressions: bad values and impossible inputs stop with one line naming file and line."""

from __future__ import annotations

import math
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest

from gecscope import api
from gecscope.cli import main
from gecscope.errors import InputError
from gecscope.io import read_m2
from gecscope.io.jsonl import iter_jsonl
from gecscope.metrics.cleme import ClemeConfig
from gecscope.metrics.cleme2 import Factors
from gecscope.metrics.errant import ErrantConfig
from gecscope.metrics.green import GreenConfig
from gecscope.metrics.m2 import M2Config
from gecscope.metrics.pt_m2 import PTConfig
from gecscope.metrics.wodafe import WodafeConfig
from gecscope.types import Example, Target
from gecscope.weighting.config import LLMConfig, SimilarityConfig

NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n"


def one_line_error(fn, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(InputError) as info:
        fn(*args, **kwargs)
    msg = str(info.value)
    assert "\n" not in msg
    return msg


def test_huge_annotator_id_is_refused_without_allocating(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("r.m2", f"S a b c\n{NOOP}\nS d e\nA 0 1|||R|||x|||REQUIRED|||-NONE-|||100000000\n")
    tracemalloc.start()
    try:
        msg = one_line_error(read_m2, p)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert msg.startswith(f"{p}:5: annotator id 100000000 is beyond the file's 2 'A' line(s)")
    assert peak < 10_000_000


def test_m2_without_edit_lines_names_the_real_problem(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("plain.m2", "S a b c\n\nS d e\n")
    assert one_line_error(read_m2, p) == f"{p}:1: no 'A' (edit) lines after this 'S' line: not an M2 file"
    q = tmp_text("mac.m2", f"S a b c\r{NOOP.strip()}\r\r")
    msg = one_line_error(read_m2, q)
    assert msg.startswith(f"{q}:1: no 'A' (edit) lines") and "CR-only line endings" in msg
    assert "never appears" not in msg


@pytest.mark.parametrize(
    "argv",
    [
        ["--factors", "nan,0,0,1"],
        ["--factors", "inf,0,0,0"],
        ["--metric", "m2", "--beta", "nan"],
        ["--metric", "errant", "--beta", "inf"],
        ["--metric", "green", "--beta", "nan"],
        ["--metric", "cleme", "--beta", "nan"],
        ["--metric", "wodafe", "--alpha", "nan", "--gamma", "0"],
        ["--metric", "wodafe", "--gamma", "nan"],
        ["--metric", "pt-m2", "--beta", "nan"],
    ],
    ids=lambda a: " ".join(a),
)
def test_non_finite_options_are_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    try:  # an option with a documented range is refused by argparse, the others by the config
        code = main(["score", "--example", *argv])
    except SystemExit as stop:
        code = int(stop.code or 0)
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "finite" in err


CONFIGS: dict[str, Callable[[float], object]] = {
    "factors": lambda v: Factors(v, 0, 0, 1),
    "m2": lambda v: M2Config(beta=v),
    "pt": lambda v: PTConfig(beta=v),
    "green": lambda v: GreenConfig(beta=v),
    "errant": lambda v: ErrantConfig(beta=v),
    "cleme": lambda v: ClemeConfig(beta=v),
    "wodafe-alpha": lambda v: WodafeConfig(alpha=v),
    "wodafe-gamma": lambda v: WodafeConfig(gamma=v),
    "similarity": lambda v: SimilarityConfig(rescale_baseline=v),
    "llm-timeout": lambda v: LLMConfig(model="m", timeout=v),
}


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf])
def test_configs_refuse_non_finite_numbers(config: str, value: float) -> None:
    with pytest.raises(ValueError, match="must be a finite number"):
        CONFIGS[config](value)


def test_convert_into_a_missing_directory(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no" / "such" / "dir" / "out.m2"
    assert main(["convert", "--example", "--output", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gecscope: error: {out}: cannot write the file") and err.count("\n") == 1


def test_deeply_nested_jsonl_line(tmp_text) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("deep.jsonl", '{"source": "a", "hypothesis": "a", "references": ["a"]}\n' + "[" * 100_000 + "\n")
    assert one_line_error(lambda p: list(iter_jsonl(p)), p) == f"{p}:2: invalid JSON (nested too deeply)"


JSONL_NO_REFS = (
    '{"source": "a b c", "hypothesis": "a b c", "references": ["a b c"]}\n'
    '{"source": "d e", "hypothesis": "d e", "references": []}\n'
)


@pytest.mark.parametrize("metric", ["m2", "errant", "pt-m2", "cleme", "cleme2", "gleu", "green", "wodafe"])
def test_a_sentence_without_references_is_refused(tmp_text, metric: str, capsys) -> None:  # type: ignore[no-untyped-def]
    p = tmp_text("x.jsonl", JSONL_NO_REFS)
    model_free = ["--gamma", "0", "--weighting", "length"] if metric == "wodafe" else []  # extras are checked first
    assert main(["score", "--metric", metric, "--jsonl", str(p), *model_free]) == 2
    err = capsys.readouterr().err
    assert err == f"gecscope: error: {p}:2: no references: field 'references' must list at least one\n"


@pytest.mark.parametrize("metric", ["m2", "errant", "pt-m2", "green", "cleme2"])
def test_the_api_refuses_a_sentence_without_references(metric: str) -> None:

    src = ("a", "b")
    ok = Target(src, ())
    examples = [Example(src, ok, (ok,), "s1"), Example(src, Target(src, ()), (), "s2")]
    assert "\n" not in one_line_error(api.score, metric, examples)
    with pytest.raises(InputError, match=r"sentence s2 .*has no reference"):
        api.get_metric(metric).score(examples)


@pytest.mark.parametrize("step", [math.nan, math.inf, 0.0, -0.1])
def test_grid_steps_must_be_finite_and_positive(step: float) -> None:
    from gecscope.meta.protocols.search import factor_grid

    with pytest.raises(ValueError, match=r"finite|grid step"):
        factor_grid(step)
