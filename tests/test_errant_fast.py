"""The compiled ERRANT aligner gives errant 3.0.2's edits, spans and types (default tier).

The whole-corpus checks and 10,000 perturbations are in test_errant_conformance.py
(``-m conformance``)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from conftest import examples
from errant_identity import annotator, check_pair, example_sentences, perturbed
from gecscope.align.errant.kernel import KEY_MODULUS, MATCH, TRANS, Kernel, TokenFeatures, features_of
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


def distinct_tokens(ids: list[int]) -> TokenFeatures:
    """Tokens of one character each, every attribute different (a substitution costs 1.999)."""
    n = len(ids)
    words = tuple(chr(0x4E00 + i) for i in ids)
    attrs = np.zeros((6, n), dtype=np.int64)
    attrs[0] = attrs[1] = attrs[3] = attrs[4] = ids
    attrs[2] = attrs[1] % KEY_MODULUS
    chars = np.array([ord(w) for w in words], dtype=np.int64)
    return TokenFeatures(
        words=words,
        lower=tuple(ids),
        lower_=words,
        pos=tuple(ids),
        possessive=(False,) * n,
        arrays=(attrs, chars, np.arange(n + 1, dtype=np.int64)),
        symbols={"PUNCT": -1},
    )


@pytest.mark.parametrize("size", [6, 244, 246, 300])
def test_a_transposition_too_long_for_one_byte_op_codes(size: int) -> None:
    """A reversed line of an even number of distinct tokens is one transposition; its op code
    (TRANS + size) fits the one-byte op table up to 245 tokens, beyond which the kernel fills a
    4-byte one again."""
    orig, cor = distinct_tokens(list(range(1, size + 1))), distinct_tokens(list(range(size, 0, -1)))
    steps = Kernel(compiled=True).align(orig, cor)
    assert steps == [(TRANS + size, 0, size, 0, size)]
    if size < 10:  # the plain kernel is slow on long lines (~16 s at 300 tokens)
        assert steps == Kernel(compiled=False).align(orig, cor)


@pytest.mark.properties
@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(perturbed(SENTENCES))
def test_perturbations_equal_errant(pair: tuple[Tokens, Tokens]) -> None:
    check_pair(*pair, python_too=True)
