"""charGLEU (Napoles, Nădejde and Tetreault 2019, §5.1: "GLEU modified to use character n-grams
(n = 1..5)"): GLEU (:mod:`gecscope.metrics.gleu`, every setting of it) over the characters of each
line instead of its tokens, n = 5.

The paper released no code and leaves open whether white space counts: ``spaces="drop"`` (the
default) counts the characters of the words only (white space left out, as chrF does);
``spaces="keep"`` puts one boundary symbol (U+2581) between words, so n-grams span word
boundaries with it. Either equals the official GLEU script (cnap/gec-ranking ``compute_gleu -n 5``)
run on files holding each line's characters separated by spaces (tests/golden/chargleu/).

>>> chars("a bc", "drop"), chars("a bc", "keep")
(('a', 'b', 'c'), ('a', '▁', 'b', 'c'))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.metrics.config import check_choice
from gecscope.metrics.gleu import FloatArray, Gleu, GleuConfig, gleu_layout
from gecscope.types import Example, Target, Tokens

#: what stands for the white space between two words with ``spaces="keep"``
BOUNDARY = "\u2581"


@dataclass(frozen=True)
class CharGleuConfig(GleuConfig):
    n: int = 5
    #: drop: the words' characters only; keep: one U+2581 between words
    spaces: str = "drop"

    def check(self) -> None:
        super().check()
        check_choice("spaces", self.spaces, ("drop", "keep"))


def chars(line: str, spaces: str) -> Tokens:
    """The characters charGLEU counts of ``line``."""
    words = line.split()
    return tuple("".join(words) if spaces == "drop" else BOUNDARY.join(words))


def _target(target: Target, spaces: str) -> Target:
    return Target(chars(target.line, spaces))


class CharGleu(Gleu):
    name = "chargleu"
    layout = gleu_layout("charGLEU")

    def __init__(self, config: CharGleuConfig | None = None) -> None:
        self.config: CharGleuConfig = config or CharGleuConfig()

    def analyse(self, examples: Sequence[Example]) -> FloatArray:
        """GLEU's statistics of the examples' characters."""
        spaces = self.config.spaces
        as_chars = [
            dataclasses.replace(
                e,
                source=chars(e.source_line, spaces),
                source_raw=None,
                hypothesis=_target(e.hypothesis, spaces),
                references=tuple(dataclasses.replace(_target(r, spaces), absent=r.absent) for r in e.references),
            )
            for e in examples
        ]
        return super().analyse(as_chars)

    def signed_settings(self) -> dict[str, str]:
        return {"spaces": self.config.spaces, **super().signed_settings()}


__all__ = ["BOUNDARY", "CharGleu", "CharGleuConfig", "chars"]
