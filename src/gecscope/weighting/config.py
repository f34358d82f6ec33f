"""Settings of the model-based weightings (frozen; they go into signatures)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from gecscope.classify import Label, Labels
from gecscope.errors import SettingError
from gecscope.finite import check_finite
from gecscope.signature import number

if TYPE_CHECKING:
    from gecscope.align.settings import AlignSettings
    from gecscope.types import Chunk


#: per preset: its backend and layer
PRESETS: dict[str, tuple[str, int]] = {
    "minilm-int8": ("onnx", 6),  # all-MiniLM-L6-v2 int8 ONNX, packaged on PyPI
    "minilm": ("torch", 6),  # all-MiniLM-L6-v2 fp32 safetensors, packaged on PyPI
    "bert-base-uncased": ("torch", 9),  # the official CLEME2.0/PT-M2 encoder
    "roberta-large": ("torch", 17),  # bert-score's English default
}


@dataclass(frozen=True)
class EncoderConfig:
    """Which encoder computes BERTScore. ``layer=None`` takes the preset's layer."""

    model: str = "minilm-int8"
    layer: int | None = None
    backend: str | None = None
    device: str = "cpu"
    batch_size: int = 16
    threads: int | None = None
    max_length: int = 512

    def __post_init__(self) -> None:
        if self.backend not in (None, "onnx", "torch"):
            raise ValueError(f"encoder backend must be onnx or torch; got {self.backend!r}")
        if self.batch_size < 1 or self.max_length < 3:
            raise ValueError("encoder batch_size must be >= 1 and max_length >= 3")
        if self.model not in PRESETS and self.layer is None:
            raise ValueError(f"encoder model {self.model!r} is not a preset ({', '.join(PRESETS)}); give its layer")
        if self.resolved_backend == "onnx" and self.model != "minilm-int8":
            raise ValueError("the onnx backend runs the packaged minilm-int8 model only; use backend torch")

    @property
    def resolved_backend(self) -> str:
        return self.backend or PRESETS.get(self.model, ("torch", 0))[0]

    @property
    def resolved_layer(self) -> int:
        return PRESETS[self.model][1] if self.layer is None else self.layer

    @property
    def model_id(self) -> str:
        """The identity that goes into signatures and cache keys."""
        return f"{self.model}@L{self.resolved_layer}"


@dataclass(frozen=True)
class Rating:
    """One LLM answer: its text, and the digits' top log-probabilities when requested."""

    text: str
    top_logprobs: dict[str, float] = field(default_factory=dict)


class Partitions(Protocol):
    """What a model weighting reads of a chunk analysis (the metrics' ``ChunkAnalysis``): every
    sentence's chunks and the indices of its kept references."""

    @property
    def chunks(self) -> tuple[tuple[Chunk, ...], ...]: ...

    @property
    def kept(self) -> Sequence[tuple[int, ...]]: ...


#: chunk weights by (sentence, kept reference, chunk, as FN): a hypothesis chunk's weight (False)
#: or a reference chunk's, for an FN label (True)
WeightTable = Mapping[tuple[int, int, int, bool], float]


def table_weights(table: WeightTable) -> Callable[[int, int, Sequence[Chunk], Labels], tuple[float, ...]]:
    """The chunk weights of pair (sentence ``s``, kept reference ``k``) from ``table``: 1 for a TN
    chunk, its FN or hypothesis weight otherwise (0 where the table has none)."""

    def weights(s: int, k: int, chunks: Sequence[Chunk], labels: Labels) -> tuple[float, ...]:
        return tuple(
            1.0 if lab == Label.TN else table.get((s, k, i, lab == Label.FN), 0.0) for i, lab in enumerate(labels)
        )

    return weights


@dataclass(frozen=True)
class SimilarityConfig:
    """The encoder and the cache behind similarity (PTScore) weights. ``sharding``: where the
    encoder runs; the aligner's settings with ``executor='dask'`` shard it on that Dask cluster
    (:mod:`gecscope.weighting.sharded`; same numbers), otherwise (None) it runs in this process."""

    encoder: EncoderConfig = field(default_factory=EncoderConfig)
    cache: bool = True
    cache_dir: str | None = None
    rescale_baseline: float | None = None
    progress: bool = True
    sharding: AlignSettings | None = None

    def __post_init__(self) -> None:
        check_finite(rescale_baseline=self.rescale_baseline)
        if self.rescale_baseline is not None and self.rescale_baseline >= 1:
            raise ValueError(f"rescale_baseline must be below 1; got {self.rescale_baseline}")

    def signature(self) -> str:
        sig = f"sim:{self.encoder.model_id}"
        return sig if self.rescale_baseline is None else f"{sig}:b{number(self.rescale_baseline)}"


#: bounds of the LLM client's settings (a day per request; beyond them a run never ends)
MAX_TIMEOUT = 86400.0
MAX_RETRIES = 100
MAX_CONCURRENCY = 256


@dataclass(frozen=True)
class LLMConfig:
    """An LLM that rates edits 1-5 (the CLEME2.0 paper's prompt).

    ``endpoint`` is an OpenAI-compatible base URL (``http://host:8000/v1``); without it ``model``
    is a local Hugging Face causal LM (transformers). There is no default model on purpose.
    """

    model: str = ""
    endpoint: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.1
    seed: int = 0
    max_tokens: int = 4
    expected: bool = False
    fallback: float = 3.0
    timeout: float = 60.0
    retries: int = 3
    concurrency: int = 4
    cache: bool = True
    cache_dir: str | None = None
    #: seconds for the whole run (every request, retry and wait together): past it the run stops
    #: with one line (a server that accepts and never answers cannot hold it longer)
    run_timeout: float = 1800.0

    def __post_init__(self) -> None:
        if not self.model:
            raise ValueError("LLM weighting needs a model: --llm-model NAME (and --llm-endpoint URL for a server)")
        check_finite(
            temperature=self.temperature, fallback=self.fallback, timeout=self.timeout, run_timeout=self.run_timeout
        )
        if not 0 < self.run_timeout <= MAX_TIMEOUT:
            raise SettingError(
                f"run_timeout must be from 0 (excluded) to {MAX_TIMEOUT:g} s; got {self.run_timeout:g}", "run_timeout"
            )
        if not 0 <= self.temperature <= 2:
            raise ValueError(f"temperature must be in [0, 2]; got {self.temperature}")
        if self.retries < 0 or self.concurrency < 1 or self.timeout <= 0 or self.max_tokens < 1:
            raise SettingError(
                "retries >= 0, concurrency >= 1, timeout > 0 and max_tokens >= 1 are required",
                "retries",
                "concurrency",
                "timeout",
                "max_tokens",
            )
        if self.timeout > MAX_TIMEOUT or self.retries > MAX_RETRIES or self.concurrency > MAX_CONCURRENCY:
            raise SettingError(
                f"timeout is at most {MAX_TIMEOUT:g} s, retries at most {MAX_RETRIES} and concurrency at most "
                f"{MAX_CONCURRENCY}; got {self.timeout:g}, {self.retries} and {self.concurrency}",
                "timeout",
                "retries",
                "concurrency",
            )
        if self.endpoint is not None and any(ch.isspace() or not ch.isprintable() for ch in self.endpoint):
            raise SettingError(f"endpoint {self.endpoint!r} holds a space or a control character", "endpoint")
        if not 1 <= self.fallback <= 5:
            raise ValueError(f"fallback weight must be in [1, 5]; got {self.fallback}")

    def signature(self) -> str:
        where = "local" if self.endpoint is None else "api"
        read = "E" if self.expected else "first"
        return f"llm:{self.model}:{where}:t{self.temperature:g}:s{self.seed}:{read}:fb{self.fallback:g}"
