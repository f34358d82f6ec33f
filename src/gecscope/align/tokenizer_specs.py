"""The registry of tokenisers (``--tokenize``): each one's name, the languages it serves and the
factory of its split function; which of them a language allows is declared by its unit
(:class:`gecscope.align.language.Language`, which reads this registry). Applying a tokeniser to
examples, its signature and the language-aware name check are in :mod:`gecscope.align.tokenizers`.

>>> registered("whitespace"), registered("char")
('none', 'char')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gecscope.types import Tokens

Split = Callable[[str], Tokens]


@dataclass(frozen=True)
class TokenizerSpec:
    """A registered tokeniser: its ``--tokenize`` name, the languages it serves (empty: any) and
    a factory that builds the split function (loading models lazily); ``per_language``: a
    factory taking the language code instead (``spacy.blank(code)``)."""

    name: str
    languages: tuple[str, ...]
    factory: Callable[[], Split]
    summary: str
    per_language: Callable[[str], Split] | None = None

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("-", "_").isidentifier():
            raise ValueError(f"tokeniser name must be an identifier; got {self.name!r}")


def _whitespace() -> Split:
    return lambda text: tuple(text.split())


def _spacy() -> Split:
    from gecscope.align.en.errant import load_spacy

    tokenizer = load_spacy().tokenizer
    # errant_parallel -tok strips the line and lets spaCy tokenise it; space tokens (runs of
    # spaces) would not survive a space-joined M2 line, so they are dropped
    return lambda text: tuple(t.text for t in tokenizer(text.strip()) if not t.is_space)


def _char() -> Split:
    return lambda text: tuple(ch for ch in text if not ch.isspace())


def _spacy_blank(code: str) -> Split:
    try:
        import spacy
    except ImportError:
        from gecscope.errors import MissingExtraError

        raise MissingExtraError(f"--tokenize spacy-blank (spacy.blank({code!r}))", "text") from None
    tokenizer = spacy.blank(code).tokenizer
    return lambda text: tuple(t.text for t in tokenizer(text.strip()) if not t.is_space)


def _no_language() -> Split:
    raise ValueError("--tokenize spacy-blank needs a language (--lang / lang=)")


def syntok_line() -> Callable[[str], str]:
    """MultiGEC-2025's ``pretokenize``: syntok's tokens of a text, each without its leading
    spacing, joined by single spaces (one line per essay)."""
    try:
        from syntok.tokenizer import Tokenizer
    except ImportError:
        from gecscope.errors import MissingExtraError

        raise MissingExtraError("the syntok tokeniser", "multigec") from None
    tokenizer = Tokenizer()
    return lambda text: " ".join(str(t).strip() for t in tokenizer.tokenize(text))


def _syntok() -> Split:
    from gecscope.align.notag import fork_tokens

    line = syntok_line()
    return lambda text: fork_tokens(line(text))


def _estnltk() -> Split:
    from gecscope.align.et.tokens import estnltk_words

    return estnltk_words()


TOKENIZERS: dict[str, TokenizerSpec] = {
    "none": TokenizerSpec("none", (), _whitespace, "whitespace tokens (pre-tokenised text)"),
    "spacy": TokenizerSpec("spacy", ("en",), _spacy, "spaCy English tokenizer, as errant_parallel -tok"),
    "char": TokenizerSpec("char", (), _char, "one token per non-space character (Chinese)"),
    "spacy-blank": TokenizerSpec(
        "spacy-blank", (), _no_language, "spaCy's rule-based tokenizer of --lang (spacy.blank), no model", _spacy_blank
    ),
    "syntok": TokenizerSpec("syntok", (), _syntok, "syntok 1.4.4 tokens, as MultiGEC-2025 pre-tokenises essays"),
    "estnltk": TokenizerSpec("estnltk", ("et",), _estnltk, "EstNLTK's words, as EstGEC's sources are tokenised"),
}
#: other names accepted for a registered tokeniser
ALIASES = {"whitespace": "none"}


def register_tokenizer(spec: TokenizerSpec) -> None:
    """Add a tokeniser (e.g. a segmenter for another language) under ``spec.name``."""
    TOKENIZERS[spec.name] = spec


def registered(name: str) -> str:
    """The registered name of tokeniser ``name`` (aliases resolved); refuses an unknown name."""
    key = ALIASES.get(name, name)
    if key not in TOKENIZERS:
        raise ValueError(f"--tokenize must be one of {', '.join(TOKENIZERS)}; got {name!r}")
    return key
