"""The aligner contract: every member an aligner has, declared once with its default.

Built-in aligners subclass :class:`Aligner` and override what differs (ERRANT its
``max_tokens`` and ``keep_workers``, ChERRANT ``alternatives`` and ``tokenisation``); callers read
the members and never probe for them. An aligner from elsewhere (an entry point,
:func:`gecscope.align.languages.register_aligner`, an object passed to the API) that does not
subclass it is adopted where its members are read (:func:`adopt`, in
:func:`gecscope.align.align_examples`): its missing members take the defaults.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from types import MappingProxyType
from typing import Any

from gecscope.align.settings import Origin
from gecscope.types import Edit, Tokens

#: the tokenisation an aligner signs when it declares none (tokens split on whitespace)
WHITESPACE: Mapping[str, str] = MappingProxyType({"tok": "whitespace"})


class Aligner:
    """Turns (source, target) token pairs into edits. Subclasses set ``name`` and implement
    :meth:`edits_batch`; every other member has a default."""

    name: str = ""
    #: whether :meth:`alignments_batch` gives every cheapest alignment (ChERRANT's ``-s all``)
    alternatives: bool = False
    #: the signature fields of the tokenisation the aligner expects (``tok:``)
    tokenisation: Mapping[str, str] = WHITESPACE
    #: where the examples come from (names the file and line in alignment errors); set by callers
    origin: Origin | None = None
    #: a pair whose alignment table has more cells than this is refused (0: no limit; ChERRANT)
    max_cells: int = 0

    @property
    def signature(self) -> str:
        """Names the alignment (and keys its cache); the aligner's name unless overridden."""
        return self.name

    @property
    def max_tokens(self) -> int:
        """A pair longer than this is refused (0: no limit; :func:`gecscope.align.settings.too_long`)."""
        return 0

    def keep_workers(self) -> AbstractContextManager[Any]:
        """A block within which worker processes are shared across calls (none by default)."""
        return contextlib.nullcontext()

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        raise NotImplementedError

    def alignments_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[list[tuple[Edit, ...]]]:
        """Every alignment of each pair, the first being :meth:`edits_batch`'s (one by default)."""
        return [[edits] for edits in self.edits_batch(pairs)]


class Wrapper(Aligner):
    """An aligner around another (``inner``): the members it does not set are the inner one's."""

    inner: Any

    def __getattr__(self, attr: str) -> Any:
        if attr == "inner":  # not set yet (copying, unpickling)
            raise AttributeError(attr)
        return getattr(self.inner, attr)


class Adopted(Wrapper):
    """An aligner object that does not subclass :class:`Aligner`, with the defaults for the
    members it lacks (its other attributes are reached through it)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.name = str(inner.name)
        self.alternatives = callable(getattr(inner, "alignments_batch", None))
        self.tokenisation = dict(getattr(inner, "tokenisation", WHITESPACE))
        self.origin = getattr(inner, "origin", None)
        self.max_cells = int(getattr(inner, "max_cells", 0) or 0)
        self._signature = str(getattr(inner, "signature", "") or self.name)

    @property
    def signature(self) -> str:
        return self._signature

    @property
    def max_tokens(self) -> int:
        return int(getattr(self.inner, "max_tokens", 0) or 0)

    def keep_workers(self) -> AbstractContextManager[Any]:
        keep = getattr(self.inner, "keep_workers", None)
        return keep() if callable(keep) else contextlib.nullcontext()

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        found: list[tuple[Edit, ...]] = self.inner.edits_batch(pairs)
        return found

    def alignments_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[list[tuple[Edit, ...]]]:
        if self.alternatives:
            found: list[list[tuple[Edit, ...]]] = self.inner.alignments_batch(pairs)
            return found
        return super().alignments_batch(pairs)


def adopt(aligner: Any) -> Aligner:
    """``aligner`` itself when it subclasses :class:`Aligner`, else adopted (:class:`Adopted`)."""
    return aligner if isinstance(aligner, Aligner) else Adopted(aligner)
