"""The aligner's rule-based tail on arrays (attribute ruler + rule lemmatizer) sets the same
attributes as spaCy's own components (default tier; every corpus sentence: the conformance tier)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import examples
from errant_identity import aligner, example_sentences, spacy_parse
from gecscope.types import Tokens

pytestmark = pytest.mark.text

#: every attribute the two tails could set differently, and what the parser gave them
ATTRS = ["POS", "TAG", "DEP", "HEAD", "LEMMA", "MORPH"]

#: forms the ruler's word-specific patterns test (contractions, colloquial forms, pronouns, copulas)
FORMS = (
    "gon na got ta let 's c'm on y' all y ai n't ca sha wo doin' goin' nothin' nuthin' ol' somethin' 'em 'll "
    "'nuff 'd 're was were did had gets got do does have has I you it me there is are that which what , . ( ) - "
    "`` '' : ; ! ?"
)
SPECIAL = [*FORMS.split(), "\u00a0"]


def assert_same(sentences: list[Tokens]) -> None:
    assert aligner().nlp and aligner()._tail is not None  # the tail is in use for the packaged model
    ours, theirs = aligner().parse(sentences), spacy_parse(sentences)
    for s in ours:
        assert (ours[s].to_array(ATTRS) == theirs[s].to_array(ATTRS)).all(), s


@pytest.mark.parametrize(
    "text",
    [
        "I 'm gon na do it , y' all",
        "You got ta let 's go ; c'm on !",
        "He ai n't here and she ca n't , wo n't or sha n't",
        "There is a cat and there were dogs that I saw",
        "I told you it was doin' nothin' for 'em",
        "Which of these did he have , and what does it do ?",
        "Goin' out , ol' somethin' 'll do 'nuff",
        "He gets what he got ; I had had it",
        "a \u00a0 b",
    ],
)
def test_special_patterns_as_spacy(text: str) -> None:
    assert_same([tuple(text.split(" "))])


def test_example_corpus_as_spacy() -> None:
    assert_same(example_sentences())


@pytest.mark.properties
@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SPECIAL + sorted({w for s in example_sentences() for w in s})), max_size=30))
def test_random_sequences_as_spacy(words: list[str]) -> None:
    assert_same([tuple(words)])


def test_other_pipelines_keep_spacys_components() -> None:
    import spacy

    from gecscope.align.en.rule_tail import RuleTail

    assert RuleTail.of(spacy.blank("en")) is None
