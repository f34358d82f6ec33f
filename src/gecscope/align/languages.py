"""The language registry (``--lang``, ``lang=``): one line per language, and the plug-in points.

Each built-in language is a folder ``align/<code>/`` whose ``unit.py`` declares its
:class:`~gecscope.align.language.Language` as ``LANGUAGE``; :data:`LANGUAGES` names that module
(one line). :func:`load_language` imports it on first use, so the registry itself loads nothing.

Plug-ins, from an installed package or in Python:

* a whole language: an entry point in the group ``gecscope.languages`` named by its code, whose
  object is a ``Language`` (or :func:`register_language`);
* an aligner (as before): a factory returning an object with ``name`` and ``edits_batch(pairs)``
  (see :class:`gecscope.align.Aligner`), registered with :func:`register_aligner` or as an entry
  point in the group ``gecscope.aligners``. Named by a language code it is that language's
  default aligner; a code no language unit declares then reads whitespace tokens::

    [project.entry-points."gecscope.aligners"]
    ar = "errant_ar_gecscope:make_aligner"

>>> load_language("de").aligners[1], load_language("en").signature
('levenshtein', {})
>>> load_language("eng")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
gecscope.errors.SettingError: unknown lang 'eng' (did you mean en?); known: ...
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cache
from importlib import import_module
from typing import Any

from gecscope.align.aligners import ALIGNERS
from gecscope.align.language import BUILT_ALIGNERS, DEFAULT_LANGUAGE, TAG_FREE_FALLBACK, Language
from gecscope.errors import SettingError

#: code -> the module declaring its ``LANGUAGE`` (adding a language: its folder and one line here)
LANGUAGES: dict[str, str] = {
    "en": "gecscope.align.en.unit",
    "zh": "gecscope.align.zh.unit",
    "cs": "gecscope.align.cs.unit",
    "de": "gecscope.align.de.unit",
    "el": "gecscope.align.el.unit",
    "et": "gecscope.align.et.unit",
    "is": "gecscope.align.is_.unit",
    "it": "gecscope.align.it.unit",
    "lv": "gecscope.align.lv.unit",
    "ru": "gecscope.align.ru.unit",
    "sl": "gecscope.align.sl.unit",
    "sv": "gecscope.align.sv.unit",
    "uk": "gecscope.align.uk.unit",
    "hi": "gecscope.align.hi.unit",
    "bn": "gecscope.align.bn.unit",
    "ml": "gecscope.align.ml.unit",
    "ta": "gecscope.align.ta.unit",
    "te": "gecscope.align.te.unit",
    "ar": "gecscope.align.ar.unit",
    "und": "gecscope.align.und.unit",
}
LANGUAGE_GROUP = "gecscope.languages"
ENTRY_POINT_GROUP = "gecscope.aligners"
#: a Han character (its pattern: :func:`han_counts` compiles it for the first line that is not ASCII)
HAN = "[\u4e00-\u9fff\u3400-\u4dbf]"

#: languages and aligner factories registered in Python; consulted before the entry points
_REGISTERED: dict[str, Language] = {}
_FACTORIES: dict[str, Callable[[], Any]] = {}


def register_language(language: Language) -> None:
    """Make ``language`` the one ``--lang``/``lang=`` picks for its code (over a built-in one)."""
    _REGISTERED[language.code] = language


def register_aligner(name: str, factory: Callable[[], Any]) -> None:
    """Make ``factory()`` the aligner for language code (or aligner name) ``name``."""
    _FACTORIES[name] = factory


def _entry_point(group: str, name: str) -> Any | None:
    from importlib.metadata import entry_points  # not at start-up

    for ep in entry_points(group=group):
        if ep.name == name:
            return ep.load()
    return None


def find_aligner(name: str) -> Callable[[], Any] | None:
    """The plug-in aligner factory for ``name``: registered in Python, else found among the entry
    points (the aligners gecscope ships, :data:`gecscope.align.aligners.ALIGNERS`, are built by
    :func:`gecscope.align.get_aligner` before plug-ins are looked for)."""
    if name in _FACTORIES:
        return _FACTORIES[name]
    factory: Callable[[], Any] | None = _entry_point(ENTRY_POINT_GROUP, name)
    return factory


def aligner_known(name: str) -> bool:
    """Whether :func:`gecscope.align.get_aligner` can build ``name`` here (built in or plugged in)."""
    return name in BUILT_ALIGNERS or find_aligner(name) is not None


def aligner_names() -> list[str]:
    """Every name an aligner is registered under (in Python or as an entry point)."""
    from importlib.metadata import entry_points

    return sorted({*_FACTORIES, *ALIGNERS, *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})


def language_codes() -> list[str]:
    """Every code ``--lang`` accepts: built in, registered in Python, or a ``gecscope.languages`` entry point."""
    from importlib.metadata import entry_points

    return sorted({*LANGUAGES, *_REGISTERED, *(ep.name for ep in entry_points(group=LANGUAGE_GROUP))})


@cache
def _builtin(code: str) -> Language:
    language: Language = import_module(LANGUAGES[code]).LANGUAGE
    return language


def load_language(code: str | Language) -> Language:
    """The language unit of ``code`` (a ``Language`` is returned as it is): registered in Python,
    built in, a ``gecscope.languages`` entry point, or, for a code that only names a plug-in
    aligner, whitespace tokens and that aligner. An unknown code is refused in one line with a
    "did you mean"."""
    if isinstance(code, Language):
        return code
    if not isinstance(code, str):
        raise SettingError(f"lang must be a language code (str, e.g. 'en'), not {type(code).__name__}", "lang")
    if code in _REGISTERED:
        return _REGISTERED[code]
    if code in LANGUAGES:
        return _builtin(code)
    found = _entry_point(LANGUAGE_GROUP, code)
    if isinstance(found, Language):
        return found
    if find_aligner(code) is not None:
        return Language(code, code, aligners=(code, TAG_FREE_FALLBACK), max_han_share=None, signature={"lang": code})
    import difflib  # only for a misspelt name

    near = difflib.get_close_matches(code.lower(), language_codes(), n=1, cutoff=0.5)
    hint = f" (did you mean {near[0]}?)" if near else ""
    raise SettingError(
        f"unknown lang {code!r}{hint}; known: {', '.join(language_codes())} "
        "(und: any language, whitespace tokens and Levenshtein edits)",
        "lang",
    )


def units() -> list[Language]:
    """Every language declared without entry points: those registered in Python, then the built-in
    units (their declarations only: nothing they name is imported)."""
    return [*_REGISTERED.values(), *(_builtin(code) for code in LANGUAGES if code not in _REGISTERED)]


def spelling_variants(code: str) -> Callable[[str, str], bool] | None:
    """The spelling-variant rule of language ``code``'s unit (None: none, or no unit for ``code``;
    never an error, so a classifier can ask for any code)."""
    language = _REGISTERED.get(code) or (_builtin(code) if code in LANGUAGES else None)
    return language.spelling_variants if language is not None else None


def languages_reading(setting: str) -> list[str]:
    """The built-in codes whose language reads input setting ``setting`` (``ref_tsv``)."""
    return [code for code in LANGUAGES if setting in _builtin(code).inputs]


def aligner_for(lang: str | Language) -> str:
    """The aligner ``--lang`` picks (its default, a plug-in named by its code, or the stand-in).

    >>> aligner_for("en"), aligner_for("zh"), aligner_for("und")
    ('errant', 'cherrant', 'levenshtein')
    """
    return load_language(lang).aligner(None, aligner_known)


def tokenisation(lang: str | Language) -> dict[str, str]:
    """Signature fields of the tokenisation ``--lang`` implies (its readers', else whitespace)."""
    return dict(load_language(lang).tokens)


@cache
def _han() -> re.Pattern[str]:
    """:data:`HAN`, compiled (2 ms: its ranges become a 64k-character map) when first needed."""
    return re.compile(HAN)


def han_counts(lines: Iterable[str]) -> tuple[int, int]:
    """(Han characters, non-space characters) of ``lines``; summable over shards.

    >>> han_counts(["我是学生。", "ok"])
    (4, 7)
    """
    han = total = 0
    for line in lines:
        if not line.isascii() and max(line) >= "\u3400":  # else no Han character: no regex compiled
            han += len(_han().findall(line))
        total += len("".join(line.split()))  # the characters that are not white space (\\s)
    return han, total


def refuse_cjk_counts(counts: tuple[int, int], path: object, lang: str | Language = DEFAULT_LANGUAGE) -> None:
    """Refuse mostly-Chinese text read in a language that checks it (English, ...), from
    :func:`han_counts` summed over a corpus read in shards (one line saying what to add)."""
    load_language(lang).check_text(counts, path)
