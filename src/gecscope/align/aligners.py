"""The aligners gecscope ships, declared once (``--aligner NAME``, ``aligner=``): each one's
name, how it is built from the alignment settings (imported on use: declaring it loads nothing),
whether it sits behind the persistent alignment cache, and the extra it needs for text. A
language's unit names those it allows (:attr:`Language.aligners`); any other name is a plug-in
(:mod:`gecscope.align.languages`).

>>> sorted(ALIGNERS), ALIGNERS["errant"].extra
(['cherrant', 'errant', 'errant-notag', 'levenshtein'], 'text')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gecscope.align.settings import AlignSettings


@dataclass(frozen=True)
class AlignerSpec:
    """A shipped aligner: ``factory`` builds it from :class:`~gecscope.align.settings.AlignSettings`;
    ``cached``: behind the alignment cache (unless the settings turn it off); ``extra``: what it
    needs (``what`` says what for, in the missing-extra error); ``pairwise``: a pair's edits do not
    depend on the other pairs aligned with it, so a corpus can be aligned shard by shard."""

    name: str
    factory: Callable[[AlignSettings], Any]
    cached: bool = False
    extra: str | None = None
    what: str = ""
    pairwise: bool = True

    def build(self, settings: AlignSettings | None = None) -> Any:
        """The aligner, with ``settings`` (the defaults when None)."""
        from gecscope.align.settings import AlignSettings

        settings = settings or AlignSettings()
        aligner = self.factory(settings)
        if not self.cached:
            return aligner
        from gecscope.align.store import cached

        return cached(aligner, settings.cache_dir, settings.cache)

    def require(self) -> None:
        """Refuse, naming the extra, when what it needs is not installed (before any work)."""
        if self.extra is not None:
            from gecscope.extras import require

            require(self.extra, self.what)


def _errant(settings: AlignSettings) -> Any:
    from gecscope.align.en.errant import ErrantAligner

    return ErrantAligner(settings=settings)


def _levenshtein(settings: AlignSettings) -> Any:
    from gecscope.align.levenshtein import LevenshteinAligner

    return LevenshteinAligner()


def _notag(settings: AlignSettings) -> Any:
    from gecscope.align.notag import NotagAligner

    return NotagAligner(settings)


def _cherrant(settings: AlignSettings) -> Any:
    from gecscope.align.settings import cell_limit
    from gecscope.align.zh.cherrant import CherrantAligner

    return CherrantAligner(max_cells=cell_limit(settings.max_tokens))


#: name -> declaration (``errant``: English, ERRANT 3.0.2-compatible; ``errant-notag``: tag-free
#: ERRANT, any language, the MultiGEC-2025 scorer's edits; ``levenshtein``: any language;
#: ``cherrant``: Chinese char tokens)
ALIGNERS: dict[str, AlignerSpec] = {
    spec.name: spec
    for spec in (
        AlignerSpec("errant", _errant, cached=True, extra="text", what="edit extraction from text (ERRANT)"),
        AlignerSpec("levenshtein", _levenshtein),
        AlignerSpec(
            "cherrant",
            _cherrant,
            cached=True,
            extra="zh",
            what="Chinese edit extraction from text (ChERRANT)",
            pairwise=False,
        ),
        AlignerSpec("errant-notag", _notag),
    )
}


def require_aligner(name: str | None) -> None:
    """The extra the shipped aligner ``name`` needs, checked up front (None, a plug-in: nothing)."""
    if name in ALIGNERS:
        ALIGNERS[name].require()


def aligns_pairwise(name: str | None) -> bool:
    """Whether the shipped aligner ``name`` aligns each pair on its own (a plug-in: not known)."""
    return name in ALIGNERS and ALIGNERS[name].pairwise


__all__ = ["ALIGNERS", "AlignerSpec", "aligns_pairwise", "require_aligner"]
