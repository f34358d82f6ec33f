"""The compiled ERRANT aligner gives errant 3.0.2's edits, spans and types (default tier).

The whole-corpus checks and 10,000 perturbations are in test_errant_conformance.py
(``-m conformance``)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from conftest import examples
from errant_identity import annotator, check_pair, example_sentences, perturbed
from gecscope.align.en.errant_fast import MATCH, TRANS, Kernel, features_of
from gecscope.types import Tokens

pytestmark = pytest.mark.text

SENTENCES = example_sentences()


def tokens(text: str) -> Tokens:
    return tuple(text.split())


@pytest.mark.parametrize(
    ("source", "target"),
    [
        ("I have many information about this topic .", "I have a lot of information about this topic ."),
        ("He is interested in learning the music .", "He is interested in learning music ."),
        ("the cat sat on mat", "The cats sat on the mat ."),
        ("my friends house is big", "my friend 's house is big"),
        ("he go to school , we like it", "He goes to school . We like it"),
        ("a b c d", "d c b a"),
        ("I like sub - way and acat", "I like subway and a cat"),
        ("", "Hello ."),
        ("Hello .", ""),
        ("to eat is good", "eating is good"),
        ("they wo n't ca n't", "they will not can not"),
    ],
)
def test_handpicked_pairs(source: str, target: str) -> None:
    check_pair(tokens(source), tokens(target), python_too=True)


def test_transposition_is_one_step() -> None:
    docs = annotator(True)._annotator.nlp  # the spaCy pipeline errant was loaded with
    a, b = tokens("I like very much music ."), tokens("I like music very much .")
    from spacy.tokens import Doc

    fa, fb = (features_of(docs(Doc(docs.vocab, words=list(x)))) for x in (a, b))
    steps = Kernel(compiled=True).align(fa, fb)
    assert [step for step in steps if step[0] != MATCH] == [(TRANS + 3, 2, 5, 2, 5)]
    assert steps == Kernel(compiled=False).align(fa, fb)
    check_pair(a, b, python_too=True)


@pytest.mark.properties
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed(SENTENCES))
def test_perturbations_equal_errant(pair: tuple[Tokens, Tokens]) -> None:
    check_pair(*pair, python_too=True)
