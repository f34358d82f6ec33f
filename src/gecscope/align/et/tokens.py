"""Estonian words as EstGEC's sources are tokenised: EstNLTK's ``words`` layer (the ``et-tagger``
extra). Measured on the sets' own detokenised texts against their M2 source tokens (sentences
whose tokens are identical): Tartu L1 test 1,451 of 1,453 (syntok 1,354, ``spacy-blank`` 1,372),
EstGEC-L2 test 1,977 of 2,029 (syntok 1,925, ``spacy-blank`` 1,956); see docs/types-estonian.md."""

from __future__ import annotations

from collections.abc import Callable

from gecscope.errors import MissingExtraError
from gecscope.types import Tokens


def estnltk_words() -> Callable[[str], Tokens]:
    """The split function: a line's EstNLTK ``words`` (its compound tokens, such as ``10.00`` and
    ``1.``, kept whole), each word's text without spaces inside it."""
    try:
        from estnltk import Text
    except ImportError:
        raise MissingExtraError("--tokenize estnltk (EstNLTK's words)", "et-tagger") from None

    def split(line: str) -> Tokens:
        if not line.strip():
            return ()
        text = Text(line.strip())
        text.tag_layer(["words"])
        return tuple(part for word in text.words for part in word.text.split())

    return split


def version() -> str:
    """EstNLTK's version (its word segmentation changes with it), ``?`` when not installed."""
    from importlib import metadata

    try:
        return metadata.version("estnltk")
    except metadata.PackageNotFoundError:
        return "?"
