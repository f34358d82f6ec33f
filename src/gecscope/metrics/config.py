"""Settings shared by the chunk-based metrics (CLEME, CLEME2.0)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from gecscope.errors import SettingError
from gecscope.metrics import options as o
from gecscope.metrics.base import ConventionChecked
from gecscope.metrics.options import check_choice, check_choices

if TYPE_CHECKING:  # the model settings' module is imported where a weighting reads one
    from gecscope.weighting.config import LLMConfig, SimilarityConfig

__all__ = ["ChunkMetricConfig", "check_choice"]


@dataclass(frozen=True)
class ChunkMetricConfig(ConventionChecked):
    """``mode='official'`` reproduces the released CLEME code bit for bit, including its
    length-weigher bug (sentence-level parameters ignored); ``'corrected'`` applies them."""

    assumption: str = "dependent"
    level: str = "corpus"
    weighting: str = "none"
    mode: str = "official"
    exclude_unchanged_refs: bool = False
    #: the similarity weighting's encoder; None: the default one, filled in where the weighting
    #: names similarity (no model settings are built, nor their module imported, otherwise)
    similarity: SimilarityConfig | None = None
    llm: LLMConfig | None = None
    #: 1-3: per-error-type counts in ``details["types"]`` at ERRANT's ``-cat`` level (0: none);
    #: ``gold``: the reference M2's own types (metrics/error_types.py)
    cat: int | str = 0

    #: missing-annotator convention (``absent``/``unchanged``); None: the metric's official one
    missing_annotators: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.similarity is None and "similarity" in self.weighting:
            object.__setattr__(self, "similarity", self.similarity_settings())

    def similarity_settings(self) -> SimilarityConfig:
        """The similarity weighting's settings (the default encoder's where none were given)."""
        if self.similarity is not None:
            return self.similarity
        from gecscope.weighting.config import SimilarityConfig

        return SimilarityConfig()

    def check(self) -> None:
        if self.cat not in (0, 1, 2, 3, "gold"):
            raise SettingError(f"cat must be 0, 1, 2, 3 or gold; got {self.cat}", "cat")
        check_choices(self, o.ASSUMPTION, o.LEVEL, o.WEIGHTING, o.MODE)
        if self.weighting == "llm" and self.llm is None:
            raise ValueError("weighting 'llm' needs an LLM: --llm-model NAME [--llm-endpoint URL]")

    def weighting_signature(self) -> str:
        if "similarity" in self.weighting:  # similarity, length+similarity
            return self.weighting.replace("similarity", self.similarity_settings().signature())
        if self.weighting == "llm" and self.llm is not None:
            return self.llm.signature()
        return self.weighting

    def signature_fields(self) -> dict[str, str]:
        return {
            "assume": self.assumption[:3],
            "level": self.level,
            "weight": self.weighting_signature(),
            "refs": "changed" if self.exclude_unchanged_refs else "all",
            "mode": self.mode,
        }
