"""LLM-S end to end with the packaged SmolLM2-135M-Instruct as a local transformers judge (a
plumbing test: a 135M model is no judge), and through the fake server's client path."""

from __future__ import annotations

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")

from gecscope.metrics.llm_judge import JudgeWeighting, LLMJudge, LLMJudgeConfig
from gecscope.types import Example, Target
from gecscope.weighting.causal_lm import load_causal_lm
from gecscope.weighting.config import LLMConfig
from gecscope.weighting.llm_local import LocalRater

pytestmark = pytest.mark.neural

EXAMPLES = [
    Example(("He", "go", "to", "school", "."), Target(("He", "goes", "to", "school", ".")), ()),
    Example(("She", "like", "apples", "."), Target(("She", "likes", "apples", ".")), ()),
]


def test_llm_s_with_the_packaged_local_model(tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.mktemp("models")
    lm = load_causal_lm("smollm2-135m", cache_dir=folder)
    cache = tmp_path_factory.mktemp("cache")
    llm = LLMConfig(model="smollm2-135m", cache_dir=str(cache))
    config = LLMJudgeConfig(llm=llm, max_tokens=24)
    metric = LLMJudge(config)
    metric.use_judge(JudgeWeighting(config.rater_config, "sentence", LocalRater(config.rater_config, lm)))
    result = metric.score(EXAMPLES)
    assert all(1.0 <= r["score"] <= 5.0 for r in result.sentences)
    assert metric.judge.stats.requests == 2
    assert "|llm:smollm2-135m:local:t0.1:s0:" in result.signature and "|max_tokens:24|" in result.signature
    again = LLMJudge(config)
    again.use_judge(JudgeWeighting(config.rater_config, "sentence", LocalRater(config.rater_config, lm)))
    assert again.score(EXAMPLES).value == result.value
    assert again.judge.stats.requests == 0 and again.judge.stats.cached == 2
