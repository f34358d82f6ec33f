"""simplemma's answers per word, kept: the lemma and known-ness of each word the classifiers ask
about, in gecscope's value cache (``<cache dir>/lexicon.sqlite``, keyed by simplemma's version,
the language and the word), so that simplemma's dictionary of a language (Estonian: 2.7 M
entries, about 3-4 CPU-s to decode on its first lookup) is decoded only when a word is missing
from the cache: a second run on the same data never decodes it.

The answers are simplemma's own (``lemmatize(word, lang)`` and ``is_known(word, lang)``, asked
only for what the cache lacks), so the cache changes no label and no signature: it is an
optimisation only. Lookups are batched (:meth:`Lexicon.learn`: the words of a shard, one read,
the misses computed, one write); a word not learnt beforehand is looked up on its own.

Where the file lives follows the alignment cache: ``$GECSCOPE_CACHE`` or ``~/.cache/gecscope``
by default, the command's ``--cache-dir``, memory only with ``--no-cache``
(:func:`lexicon_cache`, which the CLI enters for every command).

>>> from gecscope.cache import ValueCache
>>> lexicon = Lexicon("et", ValueCache(None))
>>> lexicon.learn(["Maja", "majas"])
>>> lexicon.known("Maja"), lexicon.lemma("majas")
(True, 'maja')
"""

from __future__ import annotations

import atexit
import contextlib
import os
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gecscope.cache import ValueCache

#: the cache file's kind (``<dir>/lexicon.sqlite``)
KIND = "lexicon"
#: answers computed one word at a time are written in transactions of this many (and at exit)
WRITE_EVERY = 256


def simplemma_folder() -> Path | None:
    """simplemma's package folder, found without importing it (None: not installed). A run whose
    lexicon answers are all cached never imports simplemma (its 60 modules, ~0.1 s)."""
    import importlib.util

    try:
        spec = importlib.util.find_spec("simplemma")
    except (ImportError, ValueError):
        return None
    return None if spec is None or not spec.origin else Path(spec.origin).parent


def simplemma_languages(where: ModuleType | Path) -> frozenset[str]:
    """The languages simplemma declares (the data files it ships in its package folder ``where``,
    or its module's), read without a lookup (a lookup decodes the language's whole dictionary)
    and, where its data folder is laid out as in simplemma 1.x-2.x, without importing it."""
    folder = where if isinstance(where, Path) else Path(where.__file__ or "").parent
    found = frozenset(
        path.name.split(".")[0] for path in (folder / "strategies" / "dictionaries" / "data").glob("*.plzma")
    )
    if found:
        return found
    try:  # another layout: the languages its dictionary factory declares
        from simplemma.strategies.dictionaries.dictionary_factory import SUPPORTED_LANGUAGES
    except ImportError:
        return frozenset()
    return frozenset(SUPPORTED_LANGUAGES)


def answer_valid(value: Any) -> bool:
    """A cached answer is ``[lemma, known]`` (a string and a boolean)."""
    return isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and isinstance(value[1], bool)


@dataclass(frozen=True)
class CachePlace:
    """Where the lexicon cache lives: ``cache_dir`` (None: ``$GECSCOPE_CACHE`` or
    ``~/.cache/gecscope``), and whether it is written at all (``enabled``; False: memory only)."""

    cache_dir: str | None = None
    enabled: bool = True

    def resolved(self) -> str | None:
        """The cache directory as a key (None when disabled)."""
        if not self.enabled:
            return None
        from gecscope.cache import default_cache_dir

        return str(Path(self.cache_dir) if self.cache_dir is not None else default_cache_dir())


PLACE: ContextVar[CachePlace] = ContextVar("gecscope_lexicon_cache", default=CachePlace())  # noqa: B039


@contextlib.contextmanager
def lexicon_cache(cache_dir: str | None = None, enabled: bool = True) -> Iterator[None]:
    """Within this block the lexicon cache is ``<cache_dir>/lexicon.sqlite`` (memory only when
    not ``enabled``): the CLI's ``--cache-dir`` and ``--no-cache``."""
    token = PLACE.set(CachePlace(cache_dir, enabled))
    try:
        yield
    finally:
        PLACE.reset(token)


class Lexicon:
    """simplemma's lexicon of ``lang`` answering from ``store`` (a :class:`ValueCache`; the
    lexicon cache of the current place when None), simplemma asked only about the words the
    store lacks."""

    def __init__(self, lang: str, store: ValueCache | None = None) -> None:
        from importlib.metadata import version

        self.lang = lang
        self.version = version("simplemma")
        self.prefix = f"simplemma-{self.version}:{lang}:"
        self.store = store if store is not None else open_store(PLACE.get())
        self.answers: dict[str, tuple[str, bool]] = {}
        #: the words simplemma itself was asked about (the others came from the store)
        self.computed = 0
        #: answers computed and not yet written (keys and ``[lemma, known]``)
        self.pending: dict[str, list[Any]] = {}

    def key(self, word: str) -> str:
        """The cache key of ``word``'s answer: simplemma's version, the language and the word
        (``simplemma-2.0.0:et:maja``; the word last, so the key is unambiguous; no digest, which
        would cost more than the look-up)."""
        return f"{self.prefix}{word}"

    def learn(self, words: Iterable[str]) -> None:
        """Have the answers for ``words``: those the store holds read in one go, the others
        computed by simplemma and written in one go (with any answers still unwritten)."""
        self.gather(words)
        self.flush()

    def gather(self, words: Iterable[str]) -> None:
        """The answers for ``words`` read from the store, the missing ones computed by simplemma
        and kept for :meth:`flush`."""
        keys = {self.key(w): w for w in dict.fromkeys(words) if w and w not in self.answers}
        if not keys:
            return
        found = self.store.get_many(list(keys))
        for k, value in found.items():
            self.answers[keys[k]] = (value[0], value[1])
        missing = {k: w for k, w in keys.items() if k not in found}
        if not missing:
            return
        import simplemma  # the 'lemmas' extra (its dictionary decoded on the first lookup)

        for k, w in missing.items():
            answer = (str(simplemma.lemmatize(w, lang=self.lang)), bool(simplemma.is_known(w, lang=self.lang)))
            self.answers[w] = answer
            self.pending[k] = list(answer)
        self.computed += len(missing)

    def flush(self) -> None:
        """Write the answers computed since the last write, in one transaction."""
        if self.pending:
            pending, self.pending = self.pending, {}
            self.store.put_many(pending)

    def answer(self, word: str) -> tuple[str, bool]:
        """``word``'s lemma and whether simplemma knows it (a word not learnt beforehand read or
        computed on its own, written with the next :data:`WRITE_EVERY` of them: a transaction
        per word would wait on the disk, ~3 ms each)."""
        found = self.answers.get(word)
        if found is None:
            if not word:  # no token is empty (simplemma refuses the empty string)
                return "", False
            self.gather([word])
            if len(self.pending) >= WRITE_EVERY:
                self.flush()
            found = self.answers[word]
        return found

    def known(self, word: str) -> bool:
        """``word`` or its lower case is a known word."""
        return self.answer(word)[1] or self.answer(word.lower())[1]

    def lemma(self, word: str) -> str:
        """simplemma's lemma of ``word``."""
        return self.answer(word)[0]


def open_store(place: CachePlace) -> ValueCache:
    """The lexicon cache at ``place``."""
    from gecscope.cache import open_cache

    return open_cache(KIND, place.cache_dir, place.enabled, validate=answer_valid)


#: one lexicon per language and cache folder in a process (their answers kept in memory)
_LEXICONS: dict[tuple[str, str | None], Lexicon] = {}
#: the same by the place as given (and $GECSCOPE_CACHE): a classifier asks for its lexicon once
#: per edit, and this look-up makes no path
_GIVEN: dict[tuple[str, CachePlace, str | None], Lexicon] = {}


def lexicon_of(lang: str) -> Lexicon:
    """The lexicon of ``lang`` at the current cache place (one per process and folder)."""
    place = PLACE.get()
    given = (lang, place, os.environ.get("GECSCOPE_CACHE"))
    lexicon = _GIVEN.get(given)
    if lexicon is None:
        key = (lang, place.resolved())
        lexicon = _LEXICONS.get(key)
        if lexicon is None:
            lexicon = _LEXICONS[key] = Lexicon(lang, open_store(place))
            atexit.register(lexicon.flush)  # the answers of words looked up one by one
        _GIVEN[given] = lexicon
    return lexicon


def forget_lexicons() -> None:
    """Drop the lexicons this process keeps (their files stay): the next :func:`lexicon_of`
    reads the file again, as a new process would."""
    for lexicon in _LEXICONS.values():
        lexicon.flush()
        lexicon.store.close()
        atexit.unregister(lexicon.flush)
    _LEXICONS.clear()
    _GIVEN.clear()


def words_with_lower(words: Iterable[str]) -> list[str]:
    """``words`` and their lower case (what :meth:`Lexicon.known` asks about), once each."""
    return list(dict.fromkeys(w for word in words for w in (word, word.lower())))


__all__ = [
    "KIND",
    "CachePlace",
    "Lexicon",
    "answer_valid",
    "forget_lexicons",
    "lexicon_cache",
    "lexicon_of",
    "open_store",
    "simplemma_folder",
    "simplemma_languages",
    "words_with_lower",
]
