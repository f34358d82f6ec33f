"""LLM weighting: prompt, parsing, the OpenAI-compatible client (retries, timeouts, malformed
answers, cache, concurrency) against a server on 127.0.0.1, and the metric plumbing.

The server here replies with a fixed rule (this file tests the client, not a model); the same
client against a server that runs the packaged SmolLM2 is in ``test_neural.py``.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gecscope.api import get_metric
from gecscope.metrics.analysis import analyse
from gecscope.metrics.cleme2 import Cleme2, Cleme2Config
from gecscope.types import Edit, Example, Target
from gecscope.weighting.cache import ValueCache
from gecscope.weighting.config import LLMConfig
from gecscope.weighting.llm import PROMPT_PREFIX, LLMWeighting, build_prompt, expected_score, parse_score
from gecscope.weighting.llm_client import LLMServerError, OpenAIRater
from llm_server import serve


def toks(text: str) -> tuple[str, ...]:
    return tuple(text.split(" "))


SRC = toks("He go to school every days .")
EXAMPLES = [
    Example(
        SRC,
        Target(toks("He goes to the school every day ."), (Edit(1, 2, ("goes",)), Edit(3, 3, ("the",)))),
        (Target(toks("He goes to school every day ."), (Edit(1, 2, ("goes",)), Edit(5, 6, ("day",)))),),
    )
]


def by_length(prompt: str) -> tuple[str, dict[str, float]]:
    """Rate an edit by the length of its new side (1..5), answering like a chatty model."""
    edit = prompt.rsplit("Edit: ", 1)[1].split("\n", 1)[0]
    new = edit.split(" → ")[1]
    score = min(5, 1 + len(new) // 2)
    return f"Score: {score}. Because", {str(score): math.log(0.6), "1": math.log(0.4)}


def config(url: str, **kw: object) -> LLMConfig:
    base: dict[str, object] = {"model": "test-model", "endpoint": url, "timeout": 1.0, "retries": 2, "cache": False}
    base.update(kw)
    return LLMConfig(**base)  # type: ignore[arg-type]


def test_prompt_keeps_the_instruction_as_a_shared_prefix() -> None:
    a = build_prompt("A b .", "a → the")
    b = build_prompt("Other sentence .", "∅ → of")
    assert a.startswith(PROMPT_PREFIX) and b.startswith(PROMPT_PREFIX)
    assert a.endswith("Uncorrected sentence: A b .\nEdit: a → the\n\nExample Output (1-5):")
    assert "temperature" not in PROMPT_PREFIX and "were → have" in PROMPT_PREFIX


@pytest.mark.parametrize(
    ("text", "want"),
    [("5", 5.0), (" 3\n", 3.0), ("Score: 4/5", 4.0), ("1. 1. The edit is", 1.0), ("10 points", None), ("", None)],
)
def test_parse_score(text: str, want: float | None) -> None:
    assert parse_score(text) == want


def test_expected_score_uses_only_digits() -> None:
    assert expected_score({" 2": math.log(0.25), "4": math.log(0.75), "the": 0.0}) == pytest.approx(3.5)
    assert expected_score({"the": 0.0}) is None


def test_client_end_to_end_with_cache(tmp_path: Path) -> None:
    with serve(by_length) as srv:
        cfg = config(srv["url"], cache=True, cache_dir=str(tmp_path))
        metric = Cleme2(Cleme2Config(weighting="llm", llm=cfg))
        first = metric.score(EXAMPLES)
        sent = srv["requests"]
        assert len(sent) == 3  # goes (TP), the (FP_un), day (FN): each edit once
        assert {r["temperature"] for r in sent} == {0.1} and {r["seed"] for r in sent} == {0}
        again = Cleme2(Cleme2Config(weighting="llm", llm=cfg)).score(EXAMPLES)
        assert len(srv["requests"]) == 3  # the re-run cost nothing
    assert again.value == first.value
    assert "weight:llm:test-model:api:t0.1:s0:first:fb3" in first.signature
    # weights: goes -> 3, the -> 2, day (FN) -> 2
    assert first.details["tp"] == 3 and first.details["fp_un"] == 2 and first.details["fn"] == 2


def test_expected_score_from_logprobs() -> None:
    with serve(by_length) as srv:
        w = LLMWeighting(config(srv["url"], expected=True), cache=ValueCache(None))
        (value,) = w.rate_prompts([build_prompt("He go .", "go → goes")])
        assert srv["requests"][0]["logprobs"] is True
    assert value == pytest.approx(0.6 * 3 + 0.4 * 1)


def test_retries_after_server_errors_timeouts_and_garbage() -> None:
    with serve(by_length, faults=["500", "slow", "garbage"], slow_seconds=1.5) as srv:
        rater = OpenAIRater(config(srv["url"], retries=3, timeout=0.5, concurrency=1), backoff=0.01)
        (answer,) = rater.rate([build_prompt("He go .", "go → goes")])
    assert parse_score(answer.text) == 3.0
    assert rater.attempts == 4


def test_gives_up_with_one_clear_error() -> None:
    with serve(by_length, faults=["500"] * 5) as srv:
        rater = OpenAIRater(config(srv["url"], retries=1), backoff=0.01)
        with pytest.raises(LLMServerError, match=r"/chat/completions: HTTP 500 after 2 attempt\(s\)"):
            rater.rate(["x"])


def test_unreachable_server() -> None:
    rater = OpenAIRater(config("http://127.0.0.1:9/v1", retries=0), backoff=0.01)
    with pytest.raises(LLMServerError, match=r"127\.0\.0\.1:9"):
        rater.rate(["x"])


def test_malformed_answers_get_the_fallback() -> None:
    def chatty(prompt: str) -> tuple[str, dict[str, float]]:
        return "The importance of editing lies in", {}

    with serve(chatty) as srv:
        w = LLMWeighting(config(srv["url"], fallback=2.5), cache=ValueCache(None))
        assert w.rate_prompts(["a", "b"]) == [2.5, 2.5]
    assert w.stats.unparsed == 2


def test_concurrent_requests_keep_order() -> None:
    prompts = [build_prompt("S .", f"x → {'y' * n}") for n in range(12)]
    with serve(by_length) as srv:
        w = LLMWeighting(config(srv["url"], concurrency=6), cache=ValueCache(None))
        values = w.rate_prompts(prompts)
        assert len(srv["requests"]) == 12
    assert values == [float(min(5, 1 + n // 2)) for n in range(12)]


def test_all_weights_one_give_unit_counts() -> None:
    class Ones:
        def rate(self, prompts, on_answer):  # type: ignore[no-untyped-def]
            from gecscope.weighting.llm import Rating

            for i, _ in enumerate(prompts):
                on_answer(i, Rating("1"))

    cfg = LLMConfig(model="ones", cache=False)
    ex = EXAMPLES[0]
    two_refs = Example(ex.source, ex.hypothesis, (*ex.references, Target(SRC, ())))
    weighting = LLMWeighting(cfg, rater=Ones(), cache=ValueCache(None))
    for assumption in ("dependent", "independent"):
        metric = Cleme2(Cleme2Config(weighting="llm", llm=cfg, assumption=assumption))
        metric.use_weighting(weighting)
        analysis = analyse([*EXAMPLES, two_refs] * 2, assumption)
        assert metric.counts(analysis) == analysis.counts()
        assert (
            metric.score_analysis(analysis).value
            == Cleme2(Cleme2Config(assumption=assumption)).score_analysis(analysis).value
        )


def test_llm_needs_a_named_model() -> None:
    with pytest.raises(ValueError, match="needs a model"):
        LLMConfig()
    with pytest.raises(ValueError, match="--llm-model"):
        get_metric("cleme2", weighting="llm")
