"""Settings shared by the chunk-based metrics (CLEME, CLEME2.0)."""

from __future__ import annotations

from dataclasses import dataclass

ASSUMPTIONS = ("dependent", "independent")
LEVELS = ("corpus", "sentence")
WEIGHTINGS = ("none", "length")
MODES = ("official", "corrected")


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> None:
    if value not in allowed:
        raise ValueError(f"{name} must be one of {', '.join(allowed)}; got {value!r}")


@dataclass(frozen=True)
class ChunkMetricConfig:
    """``mode='official'`` reproduces the released CLEME code bit for bit, including its
    length-weigher bug (sentence-level parameters ignored); ``'corrected'`` applies them."""

    assumption: str = "dependent"
    level: str = "corpus"
    weighting: str = "none"
    mode: str = "official"
    exclude_unchanged_refs: bool = False

    def __post_init__(self) -> None:
        check_choice("assumption", self.assumption, ASSUMPTIONS)
        check_choice("level", self.level, LEVELS)
        check_choice("weighting", self.weighting, WEIGHTINGS)
        check_choice("mode", self.mode, MODES)

    def signature_fields(self) -> dict[str, str]:
        return {
            "assume": self.assumption[:3],
            "level": self.level,
            "weight": self.weighting,
            "refs": "changed" if self.exclude_unchanged_refs else "all",
            "mode": self.mode,
        }
