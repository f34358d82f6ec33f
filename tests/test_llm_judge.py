"""LLM-S and LLM-E (the SEEDA paper's LLM judges) against a fake OpenAI-compatible server on
127.0.0.1: the prompts, parsing chatty answers, the cache, failures and the CLI. The same judge
with the packaged SmolLM2 (local transformers) is in test_llm_judge_neural.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gecscope.api import get_metric
from gecscope.cli import main
from gecscope.errors import InputError, SettingError
from gecscope.extras import check_metric
from gecscope.metrics.llm_judge import (
    PROMPT_VERSION,
    TEMPLATES,
    LLMJudge,
    LLMJudgeConfig,
    build_judge_prompt,
    inline_edits,
    parse_judgement,
)
from gecscope.types import Edit, Example, Target
from gecscope.weighting.config import LLMConfig
from llm_server import serve

SRC = ("He", "go", "to", "school", ".")
EXAMPLES = [
    Example(
        SRC, Target(("He", "goes", "to", "school", "."), (Edit(1, 2, ("goes",)),)), (), source_raw="He go to school ."
    ),
    Example(SRC, Target(SRC, ()), (), source_raw="He go to school ."),
    Example(
        ("I", "like", "cat", "."),
        Target(("I", "like", "cats", "very", "much", "."), (Edit(2, 3, ("cats",)), Edit(3, 3, ("very", "much")))),
        (),
    ),
]


def by_length(prompt: str) -> tuple[str, dict[str, float]]:
    """A chatty judge: the longer the target, the better (1..5), wrapped in prose and a fence."""
    target = prompt.split("# targets\n", 1)[1].split("\n\n# output format", 1)[0]
    score = min(5, 1 + len(target) // 6)
    return f'Sure! Here is my evaluation.\n```json\n{{\n"target1_score": {score}\n}}\n```\nHope it helps.', {}


def llm(url: str, **kw: object) -> LLMConfig:
    base: dict[str, object] = {"model": "judge-model", "endpoint": url, "timeout": 2.0, "retries": 2, "cache": False}
    base.update(kw)
    return LLMConfig(**base)  # type: ignore[arg-type]


def test_prompts_are_the_published_templates() -> None:
    s = build_judge_prompt("sentence", "He go .", "He goes .")
    assert s.startswith("The goal of this task is to rank the presented targets based on the quality of the sentences.")
    assert "\n# source\nHe go .\n\n# targets\nHe goes .\n\n# output format\n" in s
    assert s.endswith('"targetN_score": int // assigned score for target N\n}\n```\n')
    e = build_judge_prompt("edit", "He go .", "He [go→goes] .")
    assert 'Replace "the" with "a": [the→a]' in e and "they will receive 1 point." in e
    assert "\n# context\nHe go .\n\n# targets\nHe [go→goes] .\n\n" in e
    assert "[SOURCE]" in TEMPLATES["sentence"] and "[CORRECTION]" in TEMPLATES["edit"]
    assert PROMPT_VERSION == {"sentence": "seeda-llm-s-v1", "edit": "seeda-llm-e-v1"}


def test_inline_edits() -> None:
    assert inline_edits(SRC, (Edit(1, 2, ("goes",)), Edit(4, 4, ("!",)))) == "He [go→goes] to school [→!] ."
    assert inline_edits(SRC, (Edit(2, 3, ()),)) == "He go [to→] school ."
    assert inline_edits(SRC, ()) == "He go to school ."


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ('```json\n{\n"target1_score": 4 // assigned score for target 1\n}\n```', 4.0),
        ('{"target_score1": 2}', 2.0),  # gec-metrics' structured-output key
        ('Here you go: {"target1_score": "5"} and that is all.', 5.0),
        ('```json\n{\n  "score": 3\n}\n```', 3.0),
        ('{"target1_score": 7}', None),  # out of range and nothing else
        ("Target 1: 2. It still has an agreement error.", 2.0),
        ("target1_score = 5", 5.0),
        ("On a scale of 1 to 5 I give it 4.", 4.0),
        ("I rate target 1 a 3 out of 5.", 3.0),
        ("The importance of editing lies in", None),
        ("", None),
        ('{"target1_score": true}', None),
        ("Score: 10", None),
    ],
)
def test_parse_judgement(text: str, want: float | None) -> None:
    assert parse_judgement(text) == want


def test_llm_s_end_to_end_with_cache(tmp_path: Path) -> None:
    with serve(by_length) as srv:
        config = LLMJudgeConfig(llm=llm(srv["url"], cache=True, cache_dir=str(tmp_path)))
        metric = LLMJudge(config)
        result = metric.score(EXAMPLES)
        assert len(srv["requests"]) == 3
        (sent,) = [r for r in srv["requests"] if "# targets\nHe goes to school ." in r["messages"][-1]["content"]]
        assert sent["messages"][0] == {"role": "system", "content": "You are a helpful assistant."}
        assert sent["messages"][1]["content"] == build_judge_prompt(
            "sentence", "He go to school .", "He goes to school ."
        )
        assert sent["max_tokens"] == 64 and sent["model"] == "judge-model" and sent["temperature"] == 0.1
        again = LLMJudge(config).score(EXAMPLES)
        assert len(srv["requests"]) == 3  # every answer came from the cache
    assert [r["score"] for r in result.sentences] == [4.0, 3.0, 4.0]
    assert result.value == pytest.approx(11 / 3) and again.value == result.value
    assert result.details["unparsed"] == 0
    assert result.signature.startswith("llm-s|prompt:seeda-llm-s-v1|targets:1|llm:judge-model:api:t0.1:s0:first:fb3")


def test_llm_e_writes_the_edits() -> None:
    with serve(by_length) as srv:
        metric = get_metric("llm-e", llm=llm(srv["url"]))
        assert metric.needs_edits and metric.name == "llm-e"
        metric.score(EXAMPLES)
        targets = [r["messages"][-1]["content"].split("# targets\n")[1].split("\n\n")[0] for r in srv["requests"]]
    assert sorted(targets) == sorted(
        ["He [go→goes] to school .", "He go to school .", "I like [cat→cats] [→very much] ."]
    )


def test_unparsable_answers_get_the_fallback_and_are_counted() -> None:
    with serve(lambda p: ("I cannot judge this.", {})) as srv:
        metric = LLMJudge(LLMJudgeConfig(llm=llm(srv["url"], fallback=2.0)))
        result = metric.score(EXAMPLES[:2])
    assert result.value == 2.0 and result.details["unparsed"] == 2
    assert [r["parsed"] for r in result.sentences] == [False, False]


def test_retries_then_one_clear_error() -> None:
    with serve(by_length, faults=["500", "garbage"]) as srv:
        result = LLMJudge(LLMJudgeConfig(llm=llm(srv["url"], concurrency=1))).score(EXAMPLES[:1])
    assert result.value == 4.0
    with serve(by_length, faults=["500"] * 9) as srv:
        metric = LLMJudge(LLMJudgeConfig(llm=llm(srv["url"], retries=1, concurrency=1)))
        with pytest.raises(InputError, match=r"HTTP 500 after 2 attempt"):
            metric.score(EXAMPLES[:1])


def test_the_key_is_never_sent_elsewhere_or_printed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret-123")
    with serve(by_length, faults=["500"] * 9) as srv:
        metric = LLMJudge(LLMJudgeConfig(llm=llm(srv["url"], retries=0)))
        with pytest.raises(InputError) as err:
            metric.score(EXAMPLES[:1])
    assert "sk-secret" not in str(err.value) and "sk-secret" not in metric.signature()
    out = capsys.readouterr()
    assert "sk-secret" not in out.out + out.err


def test_needs_a_model() -> None:
    with pytest.raises(SettingError, match="llm-s needs an LLM: --llm-model"):
        check_metric(get_metric("llm-s"))
    with pytest.raises(SettingError, match="llm-e needs an LLM"):
        get_metric("llm-e").score(EXAMPLES[:1])


def test_score_and_compare_cli_several_systems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / "src.txt"
    src.write_text("He go to school .\nI like cat .\n", encoding="utf-8")
    a = tmp_path / "a.txt"
    a.write_text("He goes to school every day .\nI like cats very much .\n", encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("He go .\nI like cat .\n", encoding="utf-8")
    with serve(by_length) as srv:
        common = ["--source", str(src), "--hyp", str(a), str(b), "--ref", str(a), "--llm-model", "m"]
        common += ["--llm-endpoint", srv["url"], "--cache-dir", str(tmp_path / "cache")]
        assert main(["score", "--metric", "llm-s", *common, "--format", "json"]) == 0
        rows = json.loads(capsys.readouterr().out)
        assert {r["system"]: r["score"] for r in rows} == {"a": 4.5, "b": 2.5}
        asked = len(srv["requests"])
        no_ref = ["--source", str(src), "--hyp", str(a), str(b), *common[7:]]  # a reference-free metric: no --ref
        assert main(["score", "--metric", "llm-s", *no_ref, "--format", "json"]) == 0
        assert json.loads(capsys.readouterr().out) == rows
        code = main(
            ["compare", "--metric", "llm-s", *common, "--format", "json", "--bootstrap", "200", "--trials", "200"]
        )
        assert code == 0
        assert len(srv["requests"]) == asked  # compare read every answer from the cache
    doc = json.loads(capsys.readouterr().out)
    assert {d["system"]: d["score"] for d in doc} == {"a": 4.5, "b": 2.5}


def test_meta_run_needs_an_llm(capsys: pytest.CaptureFixture[str]) -> None:
    from conftest import DATA, require_shared

    require_shared()
    code = main(["meta", "run", "--data", str(DATA), "--dataset", "seeda", "--metric", "llm-s"])
    err = capsys.readouterr().err
    assert code == 2 and "--metric llm-s needs an LLM: --llm-model NAME" in err and err.count("\n") == 1


def test_meta_report_leaves_the_judges_out() -> None:
    from gecscope.meta.reports.fullreport import report_presets

    assert not {"llm-s", "llm-e"} & set(report_presets(neural=True))
    assert "scribendi" in report_presets(neural=True) and "scribendi" not in report_presets(neural=False)


@pytest.mark.shared
def test_meta_run_llm_s_on_seeda_through_the_client(tmp_path: Path) -> None:
    from conftest import DATA
    from gecscope.meta.reports.report import meta_run

    with serve(by_length) as srv:
        options = {"llm-s": {"llm": llm(srv["url"], cache=True, cache_dir=str(tmp_path), concurrency=8)}}
        doc = meta_run(DATA, "seeda", ["llm-s"], "base", "gec-metrics", options=options)
        asked = len(srv["requests"])
    entry = doc["metrics"]["llm-s"]
    assert entry["signature"].startswith("llm-s|prompt:seeda-llm-s-v1|targets:1|llm:judge-model:api")
    assert all(1 <= v <= 5 for v in entry["system_scores"].values()) and entry["sentence"]
    assert 0 < asked < 15 * 391  # one request per distinct (source, hypothesis)
