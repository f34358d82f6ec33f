"""Reference-free metrics from fine-tuned models: SOME (Yoshimura et al., 2020) and IMPARA
(Maeda et al., 2022), as gec-metrics computes them, from user-supplied checkpoint folders.

SOME: three sequence regressors — grammaticality and fluency read the hypothesis, meaning
preservation the pair (source, hypothesis) — each logit mapped from the 1-4 annotation scale by
``(x - 1) / 3``; the sentence score is ``0.55 g + 0.43 f + 0.02 m``. All three inputs use the
fluency checkpoint's tokenizer.

IMPARA: the sigmoid of a quality estimator's logit on the hypothesis, or 0 when the cosine
similarity of the masked mean last hidden states of source and hypothesis under the similarity
encoder is below the threshold (0.9).

Inputs are truncated at ``max_length`` (128), batched by length and padded to the longest of their
batch (gec-metrics pads all to 128: the same values to float rounding); the corpus score is the
mean of the sentence scores. Model outputs are cached by checkpoint (folder and weight files),
length and text.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gecscope.errors import SettingError
from gecscope.extras import require
from gecscope.layout import Layout
from gecscope.metrics.config import check_choice
from gecscope.metrics.sentence_metric import SentenceAnalysis, SentenceMetric
from gecscope.signature import make_signature, number
from gecscope.types import Example
from gecscope.weighting.perplexity import PRECISIONS
from gecscope.weighting.regressors import Checkpoint, ModelScores, load_checkpoint, regress, similarity


@dataclass(frozen=True, kw_only=True)
class ModelConfig:
    """The settings SOME and IMPARA share (keyword-only: after each metric's checkpoint folders)."""

    max_length: int = 128
    batch_size: int = 32
    device: str = "cpu"
    cache: bool = True
    cache_dir: str | None = None
    #: ``bf16``: the checkpoints run in bfloat16 (opt-in: faster, other numbers; signed)
    precision: str = "fp32"

    def __post_init__(self) -> None:
        if self.max_length < 2 or self.batch_size < 1:
            raise ValueError("max_length >= 2 and batch_size >= 1 are required")
        check_choice("precision", self.precision, PRECISIONS)


@dataclass(frozen=True)
class SomeConfig(ModelConfig):
    grammar_model: str = ""
    fluency_model: str = ""
    meaning_model: str = ""
    weights: tuple[float, float, float] = (0.55, 0.43, 0.02)


@dataclass(frozen=True)
class ImparaConfig(ModelConfig):
    quality_model: str = ""
    similarity_model: str = ""
    threshold: float = 0.9

    def __post_init__(self) -> None:
        if not -1 <= self.threshold <= 1 or self.max_length < 2 or self.batch_size < 1:
            raise ValueError("threshold in [-1, 1], max_length >= 2 and batch_size >= 1 are required")
        check_choice("precision", self.precision, PRECISIONS)


class _Learned(SentenceMetric):
    #: the config fields naming the checkpoint folders (all required)
    checkpoints: tuple[str, ...] = ()
    config: ModelConfig

    def _checkpoint(self, key: str, what: str, regressor: bool) -> Checkpoint:
        """The checkpoint in the folder of setting ``<key>_model``, loaded once."""
        loaded: dict[str, Checkpoint] = self.__dict__.setdefault("_checkpoints", {})
        if key not in loaded:
            path = getattr(self.config, f"{key}_model")
            ckpt = load_checkpoint(path, what, regressor=regressor, device=self.config.device)
            if self.config.precision == "bf16":
                ckpt = Checkpoint(
                    ckpt.model.to(ckpt.torch.bfloat16), ckpt.tokenizer, ckpt.torch, ckpt.identity + "|bf16"
                )
            loaded[key] = ckpt
        return loaded[key]

    @functools.cached_property
    def store(self) -> ModelScores:
        return ModelScores(self.name, self.config.cache_dir, self.config.cache)

    def _values(self, ckpt: Checkpoint, kind: str, items: Sequence[tuple[str, ...]], fn: Any) -> np.ndarray:
        cfg = self.config

        def compute(todo: Sequence[tuple[str, ...]]) -> list[float]:  # todo: (kind, *texts) entries
            return list(fn(ckpt, [x[1:] for x in todo], cfg.max_length, cfg.batch_size))

        return self.store.cached(ckpt, [(kind, *t) for t in items], cfg.max_length, compute)

    def check_ready(self) -> None:
        """One line, before any work, when a checkpoint folder or torch/transformers is missing."""
        missing = [f"--{k.replace('_', '-')} DIR" for k in self.checkpoints if not getattr(self.config, k)]
        if missing:
            raise SettingError(f"--metric {self.name} needs its checkpoints: {' '.join(missing)}", *self.checkpoints)
        require("lm", f"--metric {self.name} (torch and transformers)", ("torch", "transformers"))

    def combine(self, examples: Sequence[Example]) -> tuple[np.ndarray, list[np.ndarray]]:
        raise NotImplementedError

    def signature_fields(self) -> dict[str, str]:
        raise NotImplementedError

    def signature(self) -> str:
        precision = {} if self.config.precision == "fp32" else {"precision": self.config.precision}
        return make_signature(
            self.name, {**self.signature_fields(), "max_len": str(self.config.max_length), **precision}
        )

    def analyse(self, examples: Sequence[Example]) -> SentenceAnalysis:
        if not examples:
            return SentenceAnalysis((), ())
        self.check_ready()
        score, parts = self.combine(examples)
        rows = tuple(tuple(float(p[i]) for p in parts) for i in range(len(examples)))
        return SentenceAnalysis(tuple(float(x) for x in score), rows)


class Some(_Learned):
    name = "some"
    layout = Layout("SOME", "score", (), ("sentences",))
    checkpoints = ("grammar_model", "fluency_model", "meaning_model")
    part_names = ("grammaticality", "fluency", "meaning")

    def __init__(self, config: SomeConfig | None = None) -> None:
        self.config: SomeConfig = config or SomeConfig()

    def combine(self, examples: Sequence[Example]) -> tuple[np.ndarray, list[np.ndarray]]:
        cfg = self.config
        hyps = [(ex.hypothesis.line,) for ex in examples]
        pairs = [(ex.source_line, ex.hypothesis.line) for ex in examples]
        tok = self._checkpoint("fluency", "SOME fluency model", True).tokenizer
        out = []
        for key, items in (("grammar", hyps), ("fluency", hyps), ("meaning", pairs)):
            ckpt = self._checkpoint(key, f"SOME {key} model", True)
            shared = Checkpoint(ckpt.model, tok, ckpt.torch, ckpt.identity + "|tok:" + cfg.fluency_model)
            out.append((self._values(shared, key, items, regress) - 1) / 3)
        g, f, m = out
        wg, wf, wm = cfg.weights
        return wf * f + wg * g + wm * m, [g, f, m]

    def signature_fields(self) -> dict[str, str]:
        cfg = self.config
        return {
            "g": cfg.grammar_model,
            "f": cfg.fluency_model,
            "m": cfg.meaning_model,
            "weights": ",".join(number(w) for w in cfg.weights),
        }


class Impara(_Learned):
    name = "impara"
    layout = Layout("IMPARA", "score", (), ("sentences",))
    checkpoints = ("quality_model", "similarity_model")
    part_names = ("quality", "similarity")

    def __init__(self, config: ImparaConfig | None = None) -> None:
        self.config: ImparaConfig = config or ImparaConfig()

    def combine(self, examples: Sequence[Example]) -> tuple[np.ndarray, list[np.ndarray]]:
        cfg = self.config
        qe = self._checkpoint("quality", "IMPARA quality estimator", True)
        se = self._checkpoint("similarity", "IMPARA similarity encoder", False)
        logits = self._values(qe, "quality", [(ex.hypothesis.line,) for ex in examples], regress)
        sims = self._values(se, "similarity", [(ex.source_line, ex.hypothesis.line) for ex in examples], similarity)
        quality = 1 / (1 + np.exp(-logits))
        return np.where(sims < cfg.threshold, 0.0, quality), [quality, sims]

    def signature_fields(self) -> dict[str, str]:
        cfg = self.config
        return {"qe": cfg.quality_model, "se": cfg.similarity_model, "threshold": number(cfg.threshold)}
