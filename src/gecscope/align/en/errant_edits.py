"""ERRANT 3.0.2's edits of parsed pairs: our compiled alignment and rule merger, ERRANT's classifier.

:class:`FastAnnotator` turns two spaCy Docs into the edits, spans and types that
``errant.Annotator.annotate(orig, cor, merging="rules")`` returns, with the alignment
(:mod:`gecscope.align.errant.kernel`) and the merging (:mod:`gecscope.align.errant.merge`) run on
arrays of token attributes read once per distinct sentence. Each edit is typed by ERRANT's own
English classifier (on the same Docs), so the types are ERRANT's by construction.
"""

from __future__ import annotations

from typing import Any

from gecscope.align.errant.kernel import Kernel, TokenFeatures, features_of
from gecscope.align.errant.merge import rule_edits
from gecscope.types import Edit

#: runs of fewer alignment cells (source x target tokens, summed over the pairs) align with the
#: plain-Python kernel: importing numba and loading the compiled kernel costs ~0.5 CPU-s, the plain
#: kernel ~1 ms for a pair of 25-token sentences (the same edits either way)
SMALL_RUN_CELLS = 300_000


class FastAnnotator:
    """``annotate(orig_doc, cor_doc)`` as ERRANT's, faster. ``compiled``: None: numba when
    installed (plain Python for small runs: :meth:`expect`), True: numba, False: plain Python."""

    def __init__(self, annotator: Any, compiled: bool | None = None) -> None:
        from errant.edit import Edit as ErrantEdit

        self._annotator = annotator
        self._edit = ErrantEdit
        self._compiled = compiled
        self._plain = Kernel(False)
        self._kernel: Kernel | None = self._plain if compiled is False else None
        self._small = False

    @property
    def kernel(self) -> Kernel:
        """The kernel in use: compiled when numba is installed (unless ``compiled=False``)."""
        if self._kernel is None:
            if self._small:
                return self._plain
            self._kernel = Kernel(self._compiled)
        return self._kernel

    def expect(self, cells: int) -> None:
        """Say how many alignment cells the run has: fewer than :data:`SMALL_RUN_CELLS` keep numba
        unloaded (once loaded, it stays in use)."""
        self._small = self._compiled is None and cells < SMALL_RUN_CELLS

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
