"""LLM edit weights (CLEME2.0 §3.4, Appendix A): an LLM rates each chunk's edit from 1 to 5.

The prompt is the paper's Figure 3. Its fixed instruction is an identical prefix of every
request (servers with prefix caching reuse it); only the sentence and the edit follow. The
weight is the first standalone digit 1-5 of the answer, or with ``expected=True`` the expected
value over the digits' next-token probabilities; an answer without either gets the configured
fallback (counted). Hypothesis chunks are rated as ``source chunk → hypothesis chunk``, FN chunks
as ``source chunk → reference chunk``; TN chunks weigh 1.

Small models cannot do this task: SmolLM2-135M answers "1" for nearly every edit.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gecscope.classify import Labels
from gecscope.types import Chunk
from gecscope.weighting.cache import ValueCache, cache_key, open_cache
from gecscope.weighting.config import LLMConfig, Partitions, Rating, table_weights

PROMPT_VERSION = "cleme2-fig3-v1"

PROMPT_PREFIX = (
    "As an evaluator for grammatical error correction, you are tasked with assessing the importance of each "
    "error. You will be provided with two lines: the first is an uncorrected sentence, the second shows the "
    "edit. Then you output the importance score of the given edit.\n\n"
    "The scores range from 1 to 5, where a higher score reflects the greater significance of the correction, "
    "while a lower score indicates minor importance.\n\n"
    "- A score of 1 means the correction is almost negligible and unnecessary.\n"
    "- A score of 2 means the correction has slight influence.\n"
    "- A score of 3 signifies some impact by the correction.\n"
    "- A score of 4 means the edit is essential.\n"
    "- A score of 5 indicates the modification is highly important and necessary.\n\n"
    "Next, I'll provide you a sentence with an edit. You should score each edit accordingly. The output "
    "should only be the score, with no additional explanation.\n\n"
    "Example Input:\n"
    "Uncorrected sentence: Nowadays the technologies were improved a lot compared to the last century.\n"
    "Edit: were → have\n"
    "Example Output (1-5): 5\n\n"
    "Note that the output must be a number between 1 and 5. Here is the formal input:\n\n"
)

DIGIT = re.compile(r"(?<![0-9])([1-5])(?![0-9])")


def format_edit(old: Sequence[str], new: Sequence[str]) -> str:
    """``old → new`` with ∅ for an empty side.

    >>> format_edit(("were",), ("have",)), format_edit((), ("the",))
    ('were → have', '∅ → the')
    """
    return f"{' '.join(old) or '∅'} → {' '.join(new) or '∅'}"


def build_prompt(sentence: str, edit: str) -> str:
    return f"{PROMPT_PREFIX}Uncorrected sentence: {sentence}\nEdit: {edit}\n\nExample Output (1-5):"


def parse_score(text: str) -> float | None:
    """The first standalone digit 1-5 of an answer, or None.

    >>> parse_score(" 4"), parse_score("1. 1. The edit is"), parse_score("Score: 10"), parse_score("none")
    (4.0, 1.0, None, None)
    """
    m = DIGIT.search(text)
    return float(m.group(1)) if m else None


def expected_score(top_logprobs: dict[str, float]) -> float | None:
    """Expected digit under the next-token distribution restricted to '1'..'5' (None if absent).

    A log-probability is at most 0: a server's larger one (``1000``) counts as 0 (probability 1),
    never overflows; a NaN counts as absent.

    >>> expected_score({"1": math.log(0.5), "3": math.log(0.5), "x": 0.0})
    2.0
    >>> expected_score({"2": 1000.0, "4": 1000.0})
    3.0
    """
    probs: dict[int, float] = {}
    for tok, lp in top_logprobs.items():
        t = tok.strip()
        if len(t) == 1 and t in "12345" and lp == lp:
            probs[int(t)] = probs.get(int(t), 0.0) + math.exp(min(lp, 0.0))
    total = sum(probs.values())
    return sum(d * p for d, p in probs.items()) / total if total > 0 else None


class Rater(Protocol):
    """A backend: rate many prompts (order kept); ``on_answer(index, rating)``, if given, runs in the
    calling thread as each answer arrives. Failures raise; unparsable text is returned."""

    def rate(self, prompts: Sequence[str], on_answer: Callable[[int, Rating], None] | None = None) -> list[Rating]: ...


@dataclass
class LLMStats:
    requests: int = 0
    cached: int = 0
    unparsed: int = 0


class LLMWeighting:
    """Rates every distinct (sentence, edit) of an analysis once, through a cache."""

    def __init__(self, config: LLMConfig, rater: Rater | None = None, cache: ValueCache | None = None) -> None:
        self.config = config
        self._rater = rater
        self.cache = cache if cache is not None else open_cache("llm", config.cache_dir, config.cache)
        self.stats = LLMStats()

    @property
    def rater(self) -> Rater:
        if self._rater is None:
            # the backends load on first use (the HTTP client stack, or a local model's)
            if self.config.endpoint is not None:
                from gecscope.weighting.llm_client import OpenAIRater

                self._rater = OpenAIRater(self.config)
            else:
                from gecscope.weighting.llm_local import LocalRater

                self._rater = LocalRater(self.config)
        return self._rater

    def key(self, prompt: str) -> str:
        c = self.config
        parts = (PROMPT_VERSION, c.model, f"{c.temperature:g}", str(c.seed), str(c.max_tokens), str(c.expected))
        return cache_key("llm-rating", *parts, prompt)

    def weight(self, rating: Rating) -> float:
        value = expected_score(rating.top_logprobs) if self.config.expected else None
        if value is None:
            value = parse_score(rating.text)
        if value is None:
            self.stats.unparsed += 1
            return self.config.fallback
        return value

    def rate_prompts(self, prompts: Sequence[str]) -> list[float]:
        keys = [self.key(p) for p in prompts]
        known = self.cache.get_many(keys)
        todo = {k: p for k, p in zip(keys, prompts, strict=True) if k not in known}
        self.stats.cached += len(set(keys)) - len(todo)
        if todo:
            todo_keys = list(todo)

            def keep(i: int, a: Rating) -> None:  # cache each answer as it arrives
                fresh = {todo_keys[i]: {"text": a.text, "top": a.top_logprobs}}
                self.cache.put_many(fresh)
                known.update(fresh)
                self.stats.requests += 1

            self.rater.rate(list(todo.values()), keep)
        return [self.weight(Rating(known[k]["text"], known[k].get("top") or {})) for k in keys]

    def weight_fn(self, analysis: Partitions) -> Callable[[int, int, Sequence[Chunk], Labels], tuple[float, ...]]:
        entries: list[list[tuple[int, int, int, bool]]] = []  # per prompt: the weights it gives
        prompts: list[str] = []
        for s, (chunks, kept) in enumerate(zip(analysis.chunks, analysis.kept, strict=True)):
            sentence = " ".join(t for c in chunks for t in c.source)
            for i, c in enumerate(chunks):
                targets = [0] if c.changed[0] else [k for k in range(1, len(kept) + 1) if c.outputs[k] != c.source]
                for t in targets:
                    entries.append([(s, k, i, False) for k in range(len(kept))] if t == 0 else [(s, t - 1, i, True)])
                    prompts.append(build_prompt(sentence, format_edit(c.source, c.outputs[t])))
        values = self.rate_prompts(prompts)
        return table_weights({key: v for keys, v in zip(entries, values, strict=True) for key in keys})
