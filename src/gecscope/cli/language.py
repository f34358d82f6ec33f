"""The language a command line names: ``--lang`` as its unit, with ``--tokenize`` resolved
against it. Read by the input preparation, the essay reader and the input loaders alike."""

from __future__ import annotations

import argparse

from gecscope.align.language import Language
from gecscope.align.languages import load_language
from gecscope.errors import InputError


def language_of(args: argparse.Namespace) -> Language:
    """The language unit of ``--lang`` (English by default); ``--tokenize`` resolved against it
    (its default when not given; one it does not allow is refused)."""
    from gecscope.align.tokenizers import canonical

    language = load_language(getattr(args, "lang", None) or "en")
    if hasattr(args, "tokenize"):
        try:
            name = args.tokenize if args.tokenize is not None else language.tokenizer(None)
            args.tokenize = canonical(name, language.code)
        except ValueError as err:
            raise InputError(str(err)) from None
    return language
