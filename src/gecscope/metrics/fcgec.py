"""FCGEC's correction score as its README describes it (xlxwalex/FCGEC ``scorer/README.md``; the
Codalab program is not published): ChERRANT's char-level P/R/F0.5 (MuCGEC's
``compare_m2_for_evaluation.py``, :mod:`gecscope.metrics.cherrant`) after "all punctuation" is
removed from the source, the hypothesis and the references (the set is a setting,
:mod:`gecscope.metrics.punctuation`, default every Unicode P* character), each pair then aligned
again by the ChERRANT aligner (every alignment, as ``parallel_to_m2 -s all``). ``--protocol fcgec``
runs it beside ``exact-match``. Whether the official ChERRANT part leaves out the sentences
without errors is not stated: ``sentences="all"`` (default) keeps them, ``erroneous`` skips them
(as ChERRANT skips a sentence whose references are all unannotatable); both signed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gecscope.errors import InputError
from gecscope.layout import prf_layout
from gecscope.metrics.cherrant import Cherrant, CherrantConfig
from gecscope.metrics.config import check_choice
from gecscope.metrics.counts import EditTable
from gecscope.metrics.punctuation import SETS, signed_set, strip_tokens
from gecscope.types import Example, Target


@dataclass(frozen=True)
class FcgecConfig(CherrantConfig):
    #: the punctuation removed before aligning (:mod:`gecscope.metrics.punctuation`)
    punctuation: str = "unicode"
    #: all: every sentence; erroneous: only those a reference changes
    sentences: str = "all"
    #: the folder of ChERRANT's tables (``--zh-resources``; None: looked up as
    #: :func:`gecscope.align.zh.resources.default_dirs`); the tables' digest is signed, not the path
    zh_resources: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        check_choice("punctuation", self.punctuation, SETS)
        check_choice("sentences", self.sentences, ("all", "erroneous"))


class Fcgec(Cherrant):
    name = "fcgec"
    layout = prf_layout("FCGEC ChERRANT (no punctuation)")
    needs_edits = False  # it aligns the stripped text itself
    config: FcgecConfig

    def __init__(self, config: FcgecConfig | None = None) -> None:
        super().__init__(config or FcgecConfig())
        self._aligner: Any = None

    def check_ready(self) -> None:
        """The aligner's tables, before any work (a setting error naming what to download)."""
        from gecscope.errors import SettingError

        try:
            self.aligner()
        except InputError as err:
            raise SettingError(f"fcgec aligns the stripped text with ChERRANT: {err}") from None

    def aligner(self) -> Any:
        """ChERRANT's aligner (the 'zh' extra and its tables), built once."""
        if self._aligner is None:
            from gecscope.align.zh.cherrant import CherrantAligner

            self._aligner = CherrantAligner(self.config.zh_resources)
        return self._aligner

    def stripped(self, examples: Sequence[Example]) -> list[Example]:
        """``examples`` without punctuation, hypothesis and references aligned again; with
        ``sentences="erroneous"`` a sentence no reference changes is skipped."""
        from gecscope.align import align_examples

        name, erroneous = self.config.punctuation, self.config.sentences == "erroneous"

        def bare(target: Target, source: tuple[str, ...]) -> Target:
            tokens = strip_tokens(target.tokens, name)
            skipped = target.unannotatable or (erroneous and tokens == source)
            return Target(tokens, () if skipped else None, unannotatable=skipped)  # skipped: not aligned

        out = []
        for ex in examples:
            source = strip_tokens(ex.source, name)
            refs = tuple(bare(r, source) for r in ex.references)
            out.append(dataclasses.replace(ex, source=source, hypothesis=bare(ex.hypothesis, ()), references=refs))
        return align_examples(out, self.aligner())

    def analyse(self, examples: Sequence[Example]) -> EditTable:
        return super().analyse(self.stripped(examples))

    def signature_fields(self) -> dict[str, str]:
        extra = {
            "punct": signed_set(self.config.punctuation),
            "sentences": self.config.sentences,
            "align": self.aligner().signature,  # ChERRANT's tables (their digest), wherever found
        }
        return {**super().signature_fields(), **extra}
