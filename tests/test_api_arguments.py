"""Issue 42 (5, 8): the Python API validates every argument through the declarations the command
line uses and raises ``InputError`` (its ``SettingError``) naming the argument, never a raw
``ValueError``/``TypeError``/``AttributeError``, never a silent run: ``score``'s aligner, tokeniser,
metric settings (type, range, unknown names), ``compare``'s resampling settings, ``explain``'s
example, ``words_from_doc``. A walk over every metric option's declared range checks both doors
refuse the same out-of-range values. And the settings that do not apply are refused alike
(``--precision`` with a metric that has no model, ``--lang ''``)."""

from __future__ import annotations

import math
from typing import Any

import pytest

import gecscope
from gecscope.cli import main
from gecscope.errors import InputError, SettingError
from gecscope.metrics import METRICS, Option

D = gecscope.example_dir()
SENTENCES: dict[str, Any] = {
    "sources": ["He go home ."],
    "hypotheses": ["He goes home ."],
    "references": [["He goes home ."]],
}


@pytest.fixture(scope="module")
def examples() -> gecscope.Examples:
    return gecscope.load(hyp_m2=D / "hypothesis.m2", ref_m2=D / "references.m2")


def refused(call: Any, name: str) -> str:
    """The message of the SettingError ``call()`` raises, which must name the argument ``name``."""
    with pytest.raises(InputError) as err:
        call()
    assert isinstance(err.value, SettingError), repr(err.value)
    text = str(err.value)
    assert name in text and "\n" not in text, text
    return text


@pytest.mark.parametrize(
    ("name", "value"),
    [("aligner", "bogus"), ("aligner", 3), ("tokenize", "bogus"), ("tokenize", 1), ("lang", ""), ("lang", 3)],
)
def test_score_refuses_a_bad_aligner_tokeniser_or_language(name: str, value: Any) -> None:
    refused(lambda: gecscope.score("errant", **SENTENCES, **{name: value}), name)


@pytest.mark.parametrize("value", [math.nan, math.inf, "0.5", True, None, 1e308, -1.0, [0.5]])
def test_score_refuses_a_bad_beta(examples: gecscope.Examples, value: Any) -> None:
    refused(lambda: gecscope.score("m2", examples, beta=value), "beta")


@pytest.mark.parametrize("metric", ["m2", "cleme2", "errant", "gleu"])
def test_an_unknown_setting_is_refused_naming_it(examples: gecscope.Examples, metric: str) -> None:
    text = refused(lambda: gecscope.score(metric, examples, bogus=1), "bogus")
    assert metric in text
    refused(lambda: gecscope.get_metric(metric, bogus=1), "bogus")


def test_estgec_refuses_max_unchanged_words_out_of_range(examples: gecscope.Examples) -> None:
    """Before: ran and signed ``max_unchanged:1000000``."""
    refused(lambda: gecscope.score("estgec-m2", examples, max_unchanged_words=1_000_000), "max_unchanged_words")
    refused(lambda: METRICS["estgec-m2"].build(max_unchanged_words=-1), "max_unchanged_words")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("bootstrap", 0),
        ("bootstrap", 2**40),
        ("bootstrap", 10.0),
        ("trials", -1),
        ("trials", True),
        ("confidence", 2),
        ("confidence", math.nan),
        ("alpha", 0),
        ("correction", "bonf"),
        ("family", "x"),
        ("test", "t"),
        ("min_support", -1),
        ("min_support", math.nan),
        ("seed", -1),
        ("cat", 7),
        ("hide_baseline", "yes"),
    ],
)
def test_compare_refuses_a_bad_setting_naming_it(examples: gecscope.Examples, name: str, value: Any) -> None:
    refused(lambda: gecscope.compare("m2", {"a": examples, "b": examples}, **{name: value}), name)


@pytest.mark.parametrize(("name", "value"), [("cat", 9), ("cat", "2"), ("exclude_unchanged", "no")])
def test_explain_refuses_bad_settings(examples: gecscope.Examples, name: str, value: Any) -> None:
    refused(lambda: gecscope.explain(examples[0], **{name: value}), name)


@pytest.mark.parametrize("value", ["examples", None, "text"])
def test_explain_refuses_what_is_not_one_example(examples: gecscope.Examples, value: Any) -> None:
    given = examples if value == "examples" else value
    text = refused(lambda: gecscope.explain(given), "example")  # type: ignore[arg-type]
    if value == "examples":
        assert "one gecscope.Example" in text and "examples[i]" in text


@pytest.mark.parametrize("value", ["abc", None, 3, ["a"]])
def test_words_from_doc_refuses_what_is_not_a_doc(value: Any) -> None:
    refused(lambda: gecscope.words_from_doc(value), "doc")


def test_words_from_doc_is_exported() -> None:
    assert "words_from_doc" in gecscope.__all__
    assert gecscope.words_from_doc([]) == ()


# Both doors: every declared option's range, walked from the registry.


def bad_values(option: Option) -> list[Any]:
    """Values outside what ``option`` declares, each one the command line can spell."""
    if option.kind != "value":
        return []
    if option.choices:
        return ["bogus" if isinstance(option.choices[0], str) else 99]
    if option.low is None or option.high is None:
        return []
    values: list[Any] = [option.low - 1, option.high + 1, option.high * 10 + 1]
    if option.type is float:
        values += [math.nan, math.inf, option.low - 1e-9 * max(1, abs(option.low))]
    return [option.type(v) if option.type is int else v for v in values]


WALK = [
    (metric, option, value)
    for metric, spec in METRICS.items()
    for option in spec.options
    for value in bad_values(option)
]


def test_the_walk_is_large() -> None:
    assert len(WALK) > 80
    assert {o.name for _, o, _ in WALK} >= {"beta", "max_unchanged_words", "cat", "alpha", "gamma", "n", "iterations"}


def widest(option: Option) -> tuple[float, float] | None:
    ends = [
        (o.low, o.high)
        for s in METRICS.values()
        for o in s.options
        if o.name == option.name and o.low is not None and o.high is not None
    ]
    return (min(lo for lo, _ in ends), max(hi for _, hi in ends)) if ends else None


@pytest.mark.parametrize(("metric", "option", "value"), WALK, ids=[f"{m}-{o.name}-{v}" for m, o, v in WALK])
def test_both_doors_refuse_what_the_option_does_not_declare(
    capsys: pytest.CaptureFixture[str], metric: str, option: Option, value: Any
) -> None:
    refused(lambda: gecscope.get_metric(metric, **{option.name: value}), option.name)
    ends = widest(option)
    if ends is not None and isinstance(value, (int, float)) and ends[0] <= value <= ends[1]:
        return  # inside another metric's range: the command line refuses it when the metric is built
    with pytest.raises(SystemExit) as stop:
        main(["score", "--example", "--metric", metric, option.flag, str(value), "--quiet"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and f"argument {option.flag}" in err, err


@pytest.mark.parametrize(("metric", "option"), [(m, o) for m, s in METRICS.items() for o in s.options])
def test_the_api_accepts_every_declared_value(metric: str, option: Option) -> None:
    """The door is not shut on good values: each declared choice, and both ends of the range."""
    good: list[Any] = list(option.choices)
    if option.low is not None and option.high is not None:
        good += [option.type(option.low), option.type(option.high)]  # type: ignore[arg-type]
    if option.kind != "value":
        good += [True, False]
    for value in good:
        try:
            gecscope.get_metric(metric, **{option.name: value})
        except SettingError as err:
            assert option.name not in str(err).split(":")[0], str(err)
        except (InputError, ImportError, ValueError):
            pass  # another setting or a missing extra, not this option's declaration


# Item 8: settings that do not apply are refused alike.


def test_precision_with_a_metric_without_a_model_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Before: ``--precision bf16 --metric errant`` ran silently (``--llm-model`` was refused)."""
    assert main(["score", "--example", "--metric", "errant", "--precision", "bf16", "--quiet"]) == 2
    assert capsys.readouterr().err == "gecscope: error: --precision does not apply to --metric errant\n"


@pytest.mark.parametrize(
    ("option", "value"),
    [("--llm-endpoint", "http://127.0.0.1:9/v1"), ("--encoder-layer", "3"), ("--rescale-baseline", "0.8")],
)
def test_model_options_a_metric_does_not_read_are_refused(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    assert main(["score", "--example", "--metric", "errant", option, value, "--quiet"]) == 2
    assert capsys.readouterr().err == f"gecscope: error: {option} does not apply to --metric errant\n"


def test_precision_default_still_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--example", "--metric", "errant", "--precision", "fp32", "--quiet"]) == 2
    assert "--precision does not apply" in capsys.readouterr().err
    assert main(["score", "--example", "--metric", "errant", "--quiet"]) == 0


def test_an_empty_language_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--example", "--lang", "", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang" in err and "empty" in err
