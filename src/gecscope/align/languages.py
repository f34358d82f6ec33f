"""Languages: which tokenisation and which aligner ``--lang`` picks, and the plug-in point.

* ``en``: whitespace tokens, ERRANT 3.0.2-compatible edits (the ``text`` extra);
* ``zh``: ChERRANT char tokens (targets converted with OpenCC ``t2s``), ChERRANT-compatible
  character alignment (the ``zh`` extra and the alignment tables, see ``align.zh.resources``);
* any other code: whitespace tokens and the language-agnostic Levenshtein aligner (no error
  types), unless an aligner is registered for that code.

Plug-ins: language-specific ERRANT ports (German, Czech, Russian, Arabic, ...) register a
factory returning an object with ``name`` and ``edits_batch(pairs)`` (see
:class:`gecscope.align.Aligner`), either in Python with :func:`register_aligner` or, from an
installed package, as an entry point in the group ``gecscope.aligners`` whose name is the
language code (or an aligner name for ``--aligner``)::

    [project.entry-points."gecscope.aligners"]
    de = "errant_de_gecscope:make_aligner"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

from gecscope.errors import InputError

ENTRY_POINT_GROUP = "gecscope.aligners"
BUILTIN = {"en": "errant", "zh": "cherrant"}
#: text with more than this share of Han characters (among non-space ones) needs ``--lang zh``
CJK_SHARE = 0.5
HAN = re.compile("[\u4e00-\u9fff\u3400-\u4dbf]")
SPACE = re.compile(r"\s")


class AlignerRegistry:
    """Aligner factories by name: registered in Python, else found among the entry points."""

    def __init__(self) -> None:
        self._factories: dict[str, Callable[[], Any]] = {}

    def register(self, name: str, factory: Callable[[], Any]) -> None:
        self._factories[name] = factory

    def find(self, name: str) -> Callable[[], Any] | None:
        if name in self._factories:
            return self._factories[name]
        from importlib.metadata import entry_points  # not at start-up

        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if ep.name == name:
                factory: Callable[[], Any] = ep.load()
                return factory
        return None

    def names(self) -> list[str]:
        from importlib.metadata import entry_points

        return sorted({*self._factories, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})


#: the process-wide registry that ``get_aligner`` and ``--lang`` consult (empty until used)
REGISTRY = AlignerRegistry()


def register_aligner(name: str, factory: Callable[[], Any]) -> None:
    """Make ``factory()`` the aligner for language code (or aligner name) ``name``."""
    REGISTRY.register(name, factory)


def aligner_for(lang: str) -> str:
    """The aligner name ``--lang`` picks.

    >>> aligner_for("en"), aligner_for("zh"), aligner_for("xx")
    ('errant', 'cherrant', 'levenshtein')
    """
    if lang in BUILTIN:
        return BUILTIN[lang]
    return lang if REGISTRY.find(lang) is not None else "levenshtein"


def tokenisation(lang: str) -> dict[str, str]:
    """Signature fields of the tokenisation ``--lang`` implies."""
    if lang == "zh":
        from gecscope.align.zh.tokens import SIGNATURE

        return dict(SIGNATURE)
    return {"tok": "whitespace"}


def han_counts(lines: Iterable[str]) -> tuple[int, int]:
    """(Han characters, non-space characters) of ``lines``; summable over shards.

    >>> han_counts(["我是学生。", "ok"])
    (4, 7)
    """
    han = total = 0
    for line in lines:
        han += len(HAN.findall(line))
        total += len(line) - len(SPACE.findall(line))
    return han, total


def refuse_cjk_counts(counts: tuple[int, int], path: object) -> None:
    """Refuse mostly-Chinese text read as English, from :func:`han_counts` summed over a corpus read
    in shards (one line saying what to add). An explicit other language (``ja``, ...) is the
    user's choice and is not refused."""
    han, total = counts
    if total and han / total > CJK_SHARE:
        raise InputError(
            "text is mostly Chinese characters, read as English with whitespace tokens; add --lang zh",
            str(path),
        )
