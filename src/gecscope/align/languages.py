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


#: aligner factories registered in Python (:func:`register_aligner`); the process-wide registry
#: that ``get_aligner`` and ``--lang`` consult, with the entry points (empty until used)
_FACTORIES: dict[str, Callable[[], Any]] = {}


def register_aligner(name: str, factory: Callable[[], Any]) -> None:
    """Make ``factory()`` the aligner for language code (or aligner name) ``name``."""
    _FACTORIES[name] = factory


def _notag() -> Any:
    from gecscope.align.notag import NotagAligner

    return NotagAligner()


#: aligners gecscope ships that any language can name as its default (``errant-notag``: tag-free
#: ERRANT, :mod:`gecscope.align.notag`); a factory registered in Python under the same name wins
BUILTIN_FACTORIES: dict[str, Callable[[], Any]] = {"errant-notag": _notag}


def find_aligner(name: str) -> Callable[[], Any] | None:
    """The aligner factory for ``name``: registered in Python, else shipped with gecscope
    (:data:`BUILTIN_FACTORIES`), else found among the entry points."""
    if name in _FACTORIES:
        return _FACTORIES[name]
    if name in BUILTIN_FACTORIES:
        return BUILTIN_FACTORIES[name]
    from importlib.metadata import entry_points  # not at start-up

    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == name:
            factory: Callable[[], Any] = ep.load()
            return factory
    return None


def aligner_names() -> list[str]:
    """Every name an aligner is registered under (in Python or as an entry point)."""
    from importlib.metadata import entry_points

    return sorted({*_FACTORIES, *BUILTIN_FACTORIES, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})


def aligner_for(lang: str) -> str:
    """The aligner name ``--lang`` picks.

    >>> aligner_for("en"), aligner_for("zh"), aligner_for("xx")
    ('errant', 'cherrant', 'levenshtein')
    """
    if lang in BUILTIN:
        return BUILTIN[lang]
    return lang if find_aligner(lang) is not None else "levenshtein"


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
