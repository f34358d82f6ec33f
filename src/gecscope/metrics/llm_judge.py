"""LLM judges LLM-S and LLM-E (Kobayashi et al., 2024, the SEEDA paper): an LLM scores corrections 1-5.

The prompts are the published ones (as gec-metrics 0.1.1 ships them): LLM-S shows the source and
the corrected sentence, LLM-E the source and the correction's edits, written inline in the source
as the prompt describes them (``[→the]`` insert, ``[the→]`` delete, ``[the→a]`` replace; ERRANT
edits). The answer format the prompt asks for is a JSON object ``{"target1_score": int}``.

gecscope scores **one hypothesis per prompt** (a metric scores one system at a time): the paper
and gec-metrics put up to five systems' corrections of a source into one prompt and turn the
scores into pairwise rankings; that relative protocol is not implemented here. The sentence score
is the answer's 1-5 score; the corpus score is their mean.

The parser reads chatty answers too (:func:`parse_judgement`); an answer without a score gets
the LLM's ``fallback`` (3 by default) and is counted (``details["unparsed"]``). Requests go
through the OpenAI-compatible client (cached by prompt version, model, decoding and prompt;
concurrent; retried) or, without an endpoint, a local transformers model.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gecscope.errors import SettingError
from gecscope.extras import require
from gecscope.layout import Layout
from gecscope.metrics.config import check_choice
from gecscope.metrics.sentence_metric import SentenceAnalysis, SentenceMetric
from gecscope.result import Score
from gecscope.signature import make_signature, number
from gecscope.types import Edit, Example, Tokens
from gecscope.weighting.cache import cache_key
from gecscope.weighting.config import LLMConfig, Rating
from gecscope.weighting.llm import LLMWeighting, parse_score

#: each kind's metric (registry name)
NAMES = {"sentence": "llm-s", "edit": "llm-e"}
#: in the signature and the cache key: change it whenever a prompt or the target format changes
PROMPT_VERSION = {"sentence": "seeda-llm-s-v1", "edit": "seeda-llm-e-v1"}
SYSTEM_MESSAGE = "You are a helpful assistant."

_OUTPUT_FORMAT = """# output format
The output should be a markdown code snippet formatted in the following schema, including the leading and trailing "```json" and "```":
```json
{
"target1_score": int // assigned score for target 1
...
"targetN_score": int // assigned score for target N
}
```
"""  # noqa: E501

_TASK = (
    "The goal of this task is to rank the presented targets based on the quality of the sentences.\n"
    "After reading the source sentence and target sentences, please assign a score from a minimum of 1 point to "
    "a maximum of 5 points to each target based on the quality of the sentence (note that you can assign the same "
    "score multiple times).\n"
)

TEMPLATES = {
    "sentence": _TASK + "\n# source\n[SOURCE]\n\n# targets\n[CORRECTION]\n\n" + _OUTPUT_FORMAT,
    "edit": _TASK
    + "For targets without any edits, if the sentence is correct, they will be awarded 5 points; if there is an "
    "error, they will receive 1 point.\n"
    "The edits in each target are indicated as follows:\n"
    'Insert "the": [→the]\n'
    'Delete "the": [the→]\n'
    'Replace "the" with "a": [the→a]\n'
    "\n# context\n[SOURCE]\n\n# targets\n[CORRECTION]\n\n"
    + _OUTPUT_FORMAT.replace("formatted in the following", "formatted in the\nfollowing"),
}

_FENCED = re.compile(r"```(?:json)?\s*(\{.*?\})\s*```", re.DOTALL | re.IGNORECASE)
_OBJECT = re.compile(r"\{[^{}]*\}", re.DOTALL)
_KEY = re.compile(r"^target_?1_?score$|^target_?score_?1$|^score$", re.IGNORECASE)
#: digits that are not the score: "target 1", "1 to 5", "1-5", "/5", "out of 5", "5 points" ranges
_NOT_SCORES = re.compile(
    r"target[\s_]*\d+|\b[1-5]\s*(?:-|–|to)\s*[1-5]\b|(?:/|out of)\s*5\b|(?:minimum|maximum) of [1-5]", re.IGNORECASE
)
#: the values a JSON score may take: an integer 1-5, as a number or a string of one digit (``in`` compares
#: with ``==``, so a float such as 3.0 counts as 3; booleans are excluded where it is used)
_SCORES = (1, 2, 3, 4, 5, "1", "2", "3", "4", "5")
_NAMED = re.compile(r"target[\s_]*1[\s_]*(?:_?score)?\W{0,12}?([1-5])(?![0-9.])", re.IGNORECASE)


def inline_edits(source: Tokens, edits: Sequence[Edit]) -> str:
    """The source with each edit written ``[old→new]`` in place (LLM-E's target format).

    >>> inline_edits(("He", "go", "school"), (Edit(1, 2, ("goes",)), Edit(2, 2, ("to",))))
    'He [go→goes] [→to] school'
    """
    out: list[str] = []
    cursor = 0
    for e in sorted(edits, key=lambda e: (e.start, e.end)):
        out.extend(source[cursor : e.start])
        out.append(f"[{' '.join(source[e.start : e.end])}→{' '.join(e.correction)}]")
        cursor = max(cursor, e.end)
    out.extend(source[cursor:])
    return " ".join(out)


def build_judge_prompt(kind: str, source: str, target: str) -> str:
    return TEMPLATES[kind].replace("[SOURCE]", source).replace("[CORRECTION]", target)


def parse_judgement(text: str) -> float | None:
    """The score of target 1 in an answer (1-5), or None. Reads, in order: a fenced or bare JSON
    object (``target1_score``, ``target_score1`` or ``score``; a single-key object whatever its
    key), a ``target 1 ... N`` phrase, then the first standalone digit 1-5.

    >>> parse_judgement('```json\\n{\\n"target1_score": 4 // good\\n}\\n```')
    4.0
    >>> parse_judgement('Sure! Here is my evaluation: {"target_score1": 2}. The target has an error.')
    2.0
    >>> parse_judgement("Target 1: 5/5, it is perfect."), parse_judgement("I would give it a 3."), parse_judgement("?")
    (5.0, 3.0, None)
    >>> parse_judgement("On a scale of 1 to 5, target 1 is fine: 4 out of 5.")
    4.0
    """
    candidates = [m.group(1) for m in _FENCED.finditer(text)] + [m.group(0) for m in _OBJECT.finditer(text)]
    for raw in candidates:
        try:
            obj = json.loads(re.sub(r"//[^\n]*", "", raw))  # the prompt's schema has // comments; models copy them
        except ValueError:
            continue
        if isinstance(obj, dict):
            keyed = [v for k, v in obj.items() if isinstance(k, str) and _KEY.match(k.strip())]
            if not keyed and len(obj) == 1:
                keyed = list(obj.values())
            values = [v.strip() if isinstance(v, str) else v for v in keyed]
            score = next((float(v) for v in values if not isinstance(v, bool) and v in _SCORES), None)
            if score is not None:
                return score
    named = _NAMED.search(text)
    if named:
        return float(named.group(1))
    return parse_score(_NOT_SCORES.sub(" ", text))


@dataclass(frozen=True)
class LLMJudgeConfig:
    """``kind``: ``sentence`` (LLM-S) or ``edit`` (LLM-E); ``llm``: the model (required);
    ``max_tokens``: the answer budget (a JSON object and some chat)."""

    kind: str = "sentence"
    llm: LLMConfig | None = None
    max_tokens: int = 64

    def __post_init__(self) -> None:
        check_choice("kind", self.kind, tuple(NAMES))
        if self.max_tokens < 1:
            raise ValueError("max_tokens must be >= 1")

    @property
    def rater_config(self) -> LLMConfig:
        if self.llm is None:
            raise SettingError(f"--metric {NAMES[self.kind]} needs an LLM: --llm-model NAME [--llm-endpoint URL]")
        return dataclasses.replace(self.llm, max_tokens=self.max_tokens, expected=False)


class JudgeWeighting(LLMWeighting):
    """The edit-weighting machinery (cache, concurrency, streaming) with the judge's prompt
    version in the key and the judge's parser."""

    def __init__(self, config: LLMConfig, kind: str, rater: Any = None) -> None:
        super().__init__(config, rater)
        self.kind = kind
        #: whether each answer read by :meth:`weight` had a score (False: the fallback)
        self.parsed: list[bool] = []

    @property
    def rater(self) -> Any:
        if self._rater is None and self.config.endpoint is not None:
            from gecscope.weighting.llm_client import OpenAIRater

            class SystemRater(OpenAIRater):
                def payload(self, prompt: str) -> dict[str, Any]:
                    body = super().payload(prompt)
                    body["messages"] = [{"role": "system", "content": SYSTEM_MESSAGE}, *body["messages"]]
                    return body

            self._rater = SystemRater(self.config)
        return super().rater

    def key(self, prompt: str) -> str:
        c = self.config
        parts = (PROMPT_VERSION[self.kind], c.model, number(c.temperature), str(c.seed), str(c.max_tokens))
        return cache_key("llm-judge", *parts, prompt)

    def weight(self, rating: Rating) -> float:
        value = parse_judgement(rating.text)
        self.parsed.append(value is not None)
        if value is None:
            self.stats.unparsed += 1
            return self.config.fallback
        return value


def judge_layout(name: str) -> Layout:
    return Layout(name.upper(), "score", (), ("unparsed", "sentences"), "answers without a score (fallback used)")


class LLMJudge(SentenceMetric):
    name = "llm-s"
    layout = judge_layout(name)
    part_names = ("parsed",)

    def __init__(self, config: LLMJudgeConfig | None = None) -> None:
        self.config = config or LLMJudgeConfig()
        self.name = NAMES[self.config.kind]
        self.layout = judge_layout(self.name)
        self.needs_edits = self.config.kind == "edit"  # LLM-E writes the hypothesis's edits into the prompt

    @functools.cached_property
    def judge(self) -> JudgeWeighting:
        return JudgeWeighting(self.config.rater_config, self.config.kind)

    def check_ready(self) -> None:
        """One line, before any work, without an LLM (or without torch for a local one)."""
        if self.config.rater_config.endpoint is None and "judge" not in self.__dict__:
            require("lm", f"--metric {self.name} with a local model", ("torch", "transformers"))

    def use_judge(self, judge: JudgeWeighting) -> None:
        self.__dict__["judge"] = judge

    def prompt(self, example: Example) -> str:
        """The source and the hypothesis (LLM-S) or its edits written inline (LLM-E) in the prompt."""
        target = example.hypothesis.line
        if self.config.kind == "edit":
            if example.hypothesis.edits is None:
                raise ValueError("llm-e needs the hypothesis edits: align the examples first")
            target = inline_edits(example.source, example.hypothesis.edits)
        return build_judge_prompt(self.config.kind, example.source_line, target)

    def analyse(self, examples: Sequence[Example]) -> SentenceAnalysis:
        """Per sentence the 1-5 score and whether the answer had one (False: the fallback)."""
        judge = self.judge
        judge.parsed = []
        values = judge.rate_prompts([self.prompt(e) for e in examples])
        return SentenceAnalysis(tuple(float(v) for v in values), tuple((p,) for p in judge.parsed))

    def score_analysis(self, analysis: SentenceAnalysis) -> Score:
        return self.mean_score(analysis, unparsed=sum(not p for (p,) in analysis.parts))

    def signature(self) -> str:
        llm = self.config.rater_config
        fields = {
            "prompt": PROMPT_VERSION[self.config.kind],
            "targets": "1",
            "llm": llm.signature().removeprefix("llm:"),
            "max_tokens": str(llm.max_tokens),
        }
        return make_signature(self.name, fields)


@dataclass(frozen=True)
class LLMEditJudgeConfig(LLMJudgeConfig):
    """LLM-E's settings (the registry entry ``llm-e``)."""

    kind: str = "edit"


class LLMEditJudge(LLMJudge):
    """LLM-E (the registry entry ``llm-e``): the judge with the edits in its prompt."""

    layout = judge_layout("llm-e")
