"""Annotated German words: the offline tagger (HanTa, the Hanover Tagger: STTS tags and lemmas,
its model inside the wheel; the ``de-tagger`` extra), a spaCy ``Doc`` (``tag_``, ``lemma_``,
``dep_``) to the :class:`~gecscope.io.conllu.Word` s the classifier reads, and the way back (the
``Doc`` Boyd's classifier reads, built from the same words).

Boyd's own annotation is spaCy 2's German model for relations and TreeTagger for tags and lemmas
(no package carries either); labels from HanTa are signed ``tags:hanta-<version>``. HanTa writes
some STTS tags its own way, turned into STTS here: ``VV(FIN)`` is ``VVFIN``, ``ADJ(A)`` ``ADJA``,
and its refinements of ``NN`` (``NNA``, ``NNI``) are ``NN``. HanTa gives no relations.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from gecscope.align.cs.tagger import word_of
from gecscope.align.model_tagger import ModelTagger
from gecscope.errors import MissingExtraError
from gecscope.io.conllu import Sentence, Word, spacy_tokens

MODEL = "morphmodel_ger.pgz"
PACKAGE = "HanTa"
#: HanTa's refinements of STTS tags
REFINED = {"NNA": "NN", "NNI": "NN"}


def stts(tag: str) -> str:
    """The STTS tag of a HanTa tag (``VV(FIN)`` → ``VVFIN``, ``NNA`` → ``NN``; ``$(`` unchanged)."""
    if not tag.startswith("$"):
        tag = tag.replace("(", "").replace(")", "")
    return REFINED.get(tag, tag)


def words_from_doc(doc: Any) -> Sentence:
    """The words of a spaCy ``Doc`` (or span): form, lemma, STTS tag (``tag_``), UD POS,
    relation (spaCy's ``ROOT`` is ``root``) and head (0 for the root)."""
    start = getattr(doc, "start", 0)
    # anything but a Doc, a Span or its tokens: one SettingError
    return tuple(replace(word_of(token, start), xpos=token.tag_) for token in spacy_tokens(doc))


def doc_from_words(vocab: Any, words: Sequence[Word]) -> Any:
    """A spaCy ``Doc`` of ``words`` with their tags and lemmas (relations and heads when every word
    has them; forms separated by one space)."""
    from spacy.tokens import Doc

    parsed = bool(words) and all(w.deprel and w.head >= 0 for w in words)
    extra: dict[str, Any] = {}
    if parsed:
        extra["deps"] = [w.deprel for w in words]
        extra["heads"] = [w.head - 1 if w.head > 0 else i for i, w in enumerate(words)]
    return Doc(
        vocab,
        words=[w.form for w in words],
        spaces=[True] * (len(words) - 1) + [False] if words else [],
        lemmas=[w.lemma for w in words],
        tags=[w.xpos for w in words],
        **extra,
    )


@dataclass(frozen=True)
class GermanTagger(ModelTagger):
    """The offline tagger (HanTa), loaded on first use; signed as ``hanta-<version>``."""

    package = PACKAGE
    signed_as = "hanta"

    model: str = MODEL

    def load(self) -> Any:
        try:
            from HanTa import HanoverTagger  # type: ignore[import-not-found,import-untyped,unused-ignore]
        except ImportError:
            raise MissingExtraError("the German tagger (HanTa)", "de-tagger") from None
        return HanoverTagger.HanoverTagger(self.model)

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]:
        """The annotated words (form, lemma, STTS tag) of pre-tokenised ``sentences``."""
        tagger = self.loaded()
        tagged = []
        for tokens in sentences:
            rows = tagger.tag_sent(list(tokens), taglevel=1) if tokens else []
            tagged.append(
                tuple(
                    Word(form=t, lemma=lemma, xpos=stts(tag)) for t, (_, lemma, tag) in zip(tokens, rows, strict=True)
                )
            )
        return tagged
