"""ERRANT 3.0.2's edits of parsed pairs: our compiled alignment and rule merger, ERRANT's classifier.

:class:`FastAnnotator` turns two spaCy Docs into the edits, spans and types that
``errant.Annotator.annotate(orig, cor, merging="rules")`` returns, with the alignment
(:mod:`gecscope.align.errant_fast`) and the merging (:mod:`gecscope.align.errant_merge`) run on
arrays of token attributes read once per distinct sentence. Each edit is typed by ERRANT's own
English classifier (on the same Docs), so the types are ERRANT's by construction.
"""

from __future__ import annotations

from typing import Any

from gecscope.align.errant_fast import Kernel, TokenFeatures, features_of
from gecscope.align.errant_merge import rule_edits
from gecscope.types import Edit


class FastAnnotator:
    """``annotate(orig_doc, cor_doc)`` as ERRANT's, faster; ``compiled=None``: numba when installed."""

    def __init__(self, annotator: Any, compiled: bool | None = None) -> None:
        from errant.edit import Edit as ErrantEdit

        self._annotator = annotator
        self._edit = ErrantEdit
        self.kernel = Kernel(compiled)

    def annotate(
        self, orig: Any, cor: Any, orig_features: TokenFeatures | None = None, cor_features: TokenFeatures | None = None
    ) -> tuple[Edit, ...]:
        """The typed edits of ``orig -> cor`` (spaCy Docs; their features when already read)."""
        of = orig_features or features_of(orig)
        cf = cor_features or features_of(cor)
        out = []
        for span in rule_edits(self.kernel.align(of, cf), of, cf):
            typed = self._annotator.classify(self._edit(orig, cor, span))
            out.append(Edit(span[0], span[1], cf.words[span[2] : span[3]], typed.type))
        return tuple(out)
