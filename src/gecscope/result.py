"""What every metric returns: a value, named details, per-sentence rows and a signature."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Score:
    """A metric result. ``details`` holds the JSON fields (raw 0-1 values, counts)."""

    metric: str
    value: float
    details: Mapping[str, Any]
    signature: str
    sentences: tuple[Mapping[str, Any], ...] = field(default=(), repr=False)

    def as_dict(self, *, with_sentences: bool = False) -> dict[str, Any]:
        out: dict[str, Any] = dict(self.details)
        out["signature"] = self.signature
        if with_sentences:
            out["sentences"] = [dict(s) for s in self.sentences]
        return out

    def __str__(self) -> str:
        return f"{self.metric} = {self.value:.4f}  {self.signature}"
