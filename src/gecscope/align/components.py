"""What a language unit binds besides its tokenisers and aligners: its error-type classifier
(:class:`ErrorTypes`), the tags that classifier reads (:class:`TagSet`) and its offline taggers
(:class:`TaggerSpec`). Each is a small frozen declaration; what it names (a class, a tag table)
is a ``module:attr`` string of the language's own folder, imported on use (:func:`resolve`), so
declaring a language imports no classifier, tagger or model.

>>> UPOS.column, SURFACE.port is None, SURFACE.by_aligner
('upos', True, False)
>>> TaggerSpec("demo", "gecscope.io.conllu:Word", "lemmas", ("no-such-dist",), "a demo").build()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gecscope.errors.MissingExtraError: --tagger demo, a demo (package no-such-dist) needs the 'lemmas' extra: ...
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


def resolve(target: str) -> Any:
    """The object ``module:attr`` names (the module imported now).

    >>> resolve("gecscope.io.conllu:COLUMNS")
    10
    """
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


@dataclass(frozen=True)
class TagSet:
    """The tags a classifier over annotated words reads, as CoNLL-U input is checked against
    them (``annotate_conllu(tags=)``): the ``column`` (``upos``: column 4, ``xpos``: column 5), the
    tags allowed (``known``: ``module:attr`` of a collection; '' for the 17 UD tags) and what the
    error says is wanted. ``skip_punctuation``: words that are only punctuation are not checked
    (their tag is left to the classifier's own error)."""

    name: str
    column: str
    wanted: str
    known: str = ""
    skip_punctuation: bool = False

    def tags(self) -> frozenset[str]:
        """The tags allowed (the module naming them imported now)."""
        if not self.known:
            from gecscope.io.conllu import UPOS_TAGS

            return UPOS_TAGS
        return frozenset(resolve(self.known))


#: UD's universal POS tags, column 4: what every classifier over annotated words reads by default
UPOS = TagSet("upos", "upos", "one of the 17 UD tags (error types read UPOS, column 4)")


@dataclass(frozen=True)
class ErrorTypes:
    """A language's error-type classifier.

    ``by_aligner``: the aligner types its own edits (ERRANT, ChERRANT) and nothing is done after
    alignment; else the tag-free surface types (:mod:`gecscope.align.types.surface`) type a run
    without annotations, and a run with annotations (CoNLL-U or a tagger) is typed by ``port``
    (``module:Class`` of the language's classifier over annotated words, built with ``tags=`` the
    annotation's name), or by the UD-POS classifier where the language has no port. ``tags``: the
    tags the port reads. ``name`` names the classifier in listings and documentation."""

    name: str
    by_aligner: bool = False
    port: str | None = None
    tags: TagSet = UPOS


#: the tag-free languages' classifier: surface types, or UD-POS types given annotations
SURFACE = ErrorTypes("surface")


@dataclass(frozen=True)
class TaggerSpec:
    """An offline tagger a language offers (``--tagger NAME``): ``factory`` (``module:attr`` of a
    callable returning an object with ``name`` and ``tag(token lists)``), the ``extra`` that
    installs it, the distributions it needs (``packages``, checked before it is built: a missing
    one is the one-line missing-extra error) and what it is, in words."""

    name: str
    factory: str
    extra: str
    packages: tuple[str, ...]
    what: str

    def build(self) -> Any:
        """The tagger (an error naming the extra when one of its packages is not installed)."""
        from importlib.metadata import PackageNotFoundError, version

        from gecscope.errors import MissingExtraError

        for package in self.packages:
            try:
                version(package)
            except PackageNotFoundError:
                raise MissingExtraError(f"--tagger {self.name}, {self.what} (package {package})", self.extra) from None
        return resolve(self.factory)()


__all__ = ["SURFACE", "UPOS", "ErrorTypes", "TagSet", "TaggerSpec", "resolve"]
