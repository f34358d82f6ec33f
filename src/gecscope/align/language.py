"""A language as one declared unit: what ``--lang`` / ``lang=`` decides, in one frozen object.

A :class:`Language` names its tokenisers and aligners (each a default plus the others allowed),
its preparation (normalisation and special markers, done by its own readers where it has any),
the input kinds only it reads (``ref_tsv``), its error-type classifier and offline taggers
(declarations of :mod:`gecscope.align.components`, resolved on use), the input check it makes
(the share of Han characters above which text is refused), the resources and extra it needs and
the fields it adds to every signature. Each language is declared in its own folder,
``align/<code>/unit.py``, and registered by one line in :mod:`gecscope.align.languages`, which
:func:`gecscope.align.languages.load_language` reads (ERRANT's ``load(lang)``).

>>> de = tag_free("de", "German")
>>> de.tokenizer(None), de.tokenizer("whitespace"), de.signature
('none', 'none', {'lang': 'de'})
>>> de.tokenizer("spacy")
Traceback (most recent call last):
...
ValueError: --tokenize spacy is not for --lang de (German): none, spacy-blank, syntok
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gecscope.align.aligners import ALIGNERS
from gecscope.align.components import SURFACE, ErrorTypes, TaggerSpec
from gecscope.align.tokenizer_specs import ALIASES, registered
from gecscope.errors import InputError
from gecscope.types import Example

PathLike = str | Path
#: the aligners gecscope declares (:data:`gecscope.align.aligners.ALIGNERS`; a language allows some
#: of them; any other name is a plug-in, always allowed)
BUILTIN_ALIGNERS = tuple(ALIGNERS)
#: those :func:`gecscope.align.get_aligner` builds in this version (a declared one that is not
#: would stand in by the language's ``fallbacks``): every declared one
BUILT_ALIGNERS = BUILTIN_ALIGNERS
#: the tag-free ERRANT aligner of the MultiGEC-2025 scorer, and what stands in while it is missing
#: (and what any language allows: Levenshtein)
TAG_FREE = "errant-notag"
TAG_FREE_FALLBACK = "levenshtein"
#: the language ``--lang`` / ``lang=`` means when none is given
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class Readers:
    """A language's own readers, used instead of the generic ones: they prepare every line
    (normalisation, special markers) and tokenise it themselves (ChERRANT's Chinese)."""

    #: (source, hypothesis, references, ref_m2, ref_tsv) -> one system's examples
    text: Callable[..., list[Example]]
    #: (hyp_m2, ref_m2) -> one system's examples
    m2: Callable[[PathLike, PathLike], list[Example]]
    #: (source, hypothesis, references, id) -> one example, from strings
    example: Callable[[str, str, Sequence[str], str], Example]


@dataclass(frozen=True)
class Language:
    """One language, declared once (see the module docstring). Tokeniser names are those of
    :mod:`gecscope.align.tokenizer_specs`; aligner names those of :func:`gecscope.align.get_aligner`."""

    code: str
    name: str
    #: ``--tokenize`` values allowed, the default first
    tokenizers: tuple[str, ...] = ("none",)
    #: built-in aligners allowed, the default first (a plug-in aligner is always allowed)
    aligners: tuple[str, ...] = (TAG_FREE_FALLBACK,)
    #: an aligner not available in this installation -> the one used instead (its name is signed)
    fallbacks: Mapping[str, str] = field(default_factory=dict)
    #: an aligner this language refuses -> why (one line)
    refusals: Mapping[str, str] = field(default_factory=dict)
    #: the language's own readers (they prepare and tokenise; ``--tokenize`` is then not applied)
    readers: Readers | None = None
    #: input settings only this language reads (``ref_tsv``: ChERRANT's TSV)
    inputs: tuple[str, ...] = ()
    #: how lines are prepared before tokenising (normalisation, special markers), in words
    preparation: str = "none"
    #: the tokenisation's signature fields when the readers tokenise (``tok:zh-char|t2s:opencc``)
    tokens: Mapping[str, str] = field(default_factory=lambda: {"tok": "whitespace"})
    #: the M2 dialect ``gecscope convert`` writes: ``m2`` (ERRANT's) or ``cherrant`` (ChERRANT's
    #: ``T``/``A`` lines, which its compare reads literally)
    m2_format: str = "m2"
    #: (a, b) lower case -> whether they are one word in the language's spelling variants (the
    #: tag-free error types call such an edit SPELL: Ukrainian euphony); None: none
    spelling_variants: Callable[[str, str], bool] | None = None
    #: the error-type classifier of its edits (:class:`~gecscope.align.components.ErrorTypes`:
    #: typed by the aligner, or after alignment by the tag-free surface types or the language's
    #: port over annotated words); None: no error types
    error_types: ErrorTypes | None = None
    #: the offline taggers ``--tagger`` offers for it (each with the extra it needs)
    taggers: tuple[TaggerSpec, ...] = ()
    #: the tokenisation guard's advice when inputs are tokenised differently (None: name the
    #: language's own tokenisers, :meth:`tokenisation_hint`)
    tokenisation_advice: str | None = None
    #: text with a larger share of Han characters (among non-space ones) is refused (None: no check)
    max_han_share: float | None = 0.5
    #: the ``pip install 'gecscope[EXTRA]'`` it needs for text input, if any
    extra: str | None = None
    #: data it needs besides Python packages (``gecscope download`` fetches them)
    resources: tuple[str, ...] = ()
    #: fields every score in this language carries (English, the default, adds none)
    signature: Mapping[str, str] = field(default_factory=dict)
    #: whether an aligner plug-in named by the code becomes the default (the installed entry points
    #: are read for it, ~50 ms a process); False where the default is the official aligner itself
    pluggable: bool = True

    def __post_init__(self) -> None:
        if not self.code or not self.tokenizers or not self.aligners:
            raise ValueError(f"language {self.code!r} needs a code, a tokeniser and an aligner")

    @property
    def label(self) -> str:
        return f"--lang {self.code} ({self.name})"

    @property
    def classifier(self) -> str | None:
        """The name of its error-type classifier (``errant``, ``surface``, ``boyd-german``, ...; None: none)."""
        return None if self.error_types is None else self.error_types.name

    def tagger(self, name: str) -> TaggerSpec | None:
        """Its offline tagger ``name`` (None: it has none of that name)."""
        return next((t for t in self.taggers if t.name == name), None)

    def tokenisation_hint(self) -> str:
        """What the tokenisation guard advises when the inputs are tokenised differently: the
        language's own advice, else its tokenisers (``--tokenize syntok``, ...) or the override."""
        if self.tokenisation_advice is not None:
            return self.tokenisation_advice
        from gecscope.io.tokenization import cli_hint

        return cli_hint(self.tokenizers, self.label)

    def tokenizer(self, name: str | None) -> str:
        """The registered name of tokeniser ``name`` (None: the default); refuses one the language
        does not allow, naming those it does."""
        key = registered(self.tokenizers[0] if name is None else name)
        if key not in {ALIASES.get(t, t) for t in self.tokenizers}:
            raise ValueError(f"--tokenize {key} is not for {self.label}: {', '.join(self.tokenizers)}")
        return key

    def aligner(self, name: str | None, known: Callable[[str], bool]) -> str:
        """The aligner to use: ``name`` (refused if the language refuses it or it is a built-in
        aligner the language does not allow) or, for None, a plug-in registered under the
        language code, else the default, or its stand-in when the default is not ``known``."""
        if name is None:
            if self.pluggable and self.code not in BUILTIN_ALIGNERS and known(self.code):
                return self.code
            default = self.aligners[0]
            return default if known(default) else self.fallbacks.get(default, default)
        if name in self.refusals:
            raise InputError(f"--aligner {name} with {self.label}: {self.refusals[name]}")
        if name in BUILTIN_ALIGNERS and name not in self.aligners:
            raise InputError(f"--aligner {name} is not for {self.label}: {', '.join(self.aligners)}")
        return name

    def check_text(self, counts: tuple[int, int], path: object) -> None:
        """Refuse text whose share of Han characters (``counts``: Han, non-space characters, as
        :func:`han_counts` sums them) is over the language's limit, in one line."""
        han, total = counts
        if self.max_han_share is not None and total and han / total > self.max_han_share:
            raise InputError(
                f"text is mostly Chinese characters, read as {self.name} ({self.code}); add --lang zh", str(path)
            )


def tag_free(code: str, name: str, **changes: Any) -> Language:
    """A language scored as the MultiGEC-2025 shared task scores it: pre-tokenised text
    (whitespace, the default), spaCy's rule-based ``spacy.blank(code)`` or ``syntok``; the
    tag-free ERRANT aligner (Levenshtein while it is not installed: the signature then names
    ``levenshtein``), or Levenshtein; the tag-free error types (``error_types=SURFACE``)."""
    fields: dict[str, Any] = {
        "error_types": SURFACE,
        "tokenizers": ("none", "spacy-blank", "syntok"),
        "aligners": (TAG_FREE, TAG_FREE_FALLBACK),
        "fallbacks": {TAG_FREE: TAG_FREE_FALLBACK},
        "signature": {"lang": code},
        **changes,
    }
    return Language(code, name, **fields)
