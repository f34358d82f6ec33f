"""The rule-based tail of an English spaCy pipeline (attribute ruler, then rule lemmatizer), run on
token arrays: the same attributes as spaCy's components, a third of their time.

``en_core_web_sm`` ends with an ``AttributeRuler`` (coarse POS, morphology and a few lemmas from
the tags, dependency labels and forms) and a rule ``Lemmatizer``. spaCy runs the ruler's ~180
patterns through its Matcher at every token and lemmatises token by token in Python; together
they cost as much as the tagger and the parser. :class:`RuleTail` applies the same patterns with
the same effect: a pattern matches where each of its token specs holds (equality, ``IN``,
``NOT_IN``, ``REGEX`` on string attributes; equality on flags); the matches are applied in
pattern order, then left to right, each setting its attributes on the token at its ``index``,
as ``AttributeRuler.set_annotations`` does. Candidates are found through an index on one
equality (or ``IN``) constraint of each pattern, so most tokens check one or two patterns.
Lemmas come from the lemmatizer itself, memoised on (form, POS, morphology): the key of
spaCy's own lemma cache, so the lemma is a function of it. :meth:`RuleTail.of` returns None
for any pipeline or pattern outside this subset; spaCy's components then run as ever.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: string attributes a supported pattern may test (compared as string-store hashes)
STRINGS = ("ORTH", "LOWER", "NORM", "TAG", "DEP")
#: flag attributes a supported pattern may test (compared as 0/1)
FLAGS = ("IS_SPACE", "IS_PUNCT", "IS_ALPHA", "IS_DIGIT", "IS_LOWER", "IS_UPPER", "IS_TITLE")
#: attributes the ruler may set here (set on tokens only, as spaCy's ``set_token_attrs`` does)
SETTABLE = ("POS", "MORPH", "LEMMA", "TAG", "DEP")

Test = Callable[[int], bool]
#: one token spec: (column, test) pairs that must all hold
Spec = tuple[tuple[int, Test], ...]


class RuleTail:
    """spaCy's attribute ruler and rule lemmatizer of ``nlp``, on arrays (see the module doc)."""

    names = ("attribute_ruler", "lemmatizer")

    def __init__(self, nlp: Any) -> None:
        from spacy.attrs import IDS
        from spacy.tokens import Doc

        ruler, self._lemmatizer = nlp.get_pipe("attribute_ruler"), nlp.get_pipe("lemmatizer")
        self._lemmatizer(Doc(nlp.vocab, words=[]))  # spaCy checks its tables on the first call
        self._strings = nlp.vocab.strings
        self._read = [IDS[name] for name in (*STRINGS, *FLAGS)]
        self._set = [IDS[name] for name in SETTABLE]
        self._orth, self._lemma = IDS["ORTH"], IDS["LEMMA"]
        self._lemmas: dict[tuple[int, int, int], int] = {}
        #: per pattern: its attributes as (column in SETTABLE, value) and the index of its token
        self._effects: list[tuple[tuple[tuple[int, int], ...], int]] = []
        #: column -> value -> [(pattern, its specs (None: the anchor is all), anchor position, length)]
        self._index: dict[int, dict[int, list[tuple[int, tuple[Spec, ...] | None, int, int]]]] = {}
        self._unanchored: list[tuple[int, tuple[Spec, ...]]] = []
        for number, entry in enumerate(ruler.patterns):
            attrs = ruler.attrs[number]
            if not set(attrs) <= set(self._set):
                raise _Unsupported(attrs)
            self._effects.append((tuple((self._set.index(a), v) for a, v in attrs.items()), ruler.indices[number]))
            for alternative in entry["patterns"]:
                self._add(number, alternative)

    @classmethod
    def of(cls, nlp: Any) -> RuleTail | None:
        """The tail of ``nlp`` when its last components are an attribute ruler and a rule
        lemmatizer whose patterns fall in the supported subset; else None."""
        from spacy.pipeline import AttributeRuler, Lemmatizer

        if tuple(nlp.pipe_names[-2:]) != cls.names:
            return None
        ruler, lemmatizer = nlp.get_pipe(cls.names[0]), nlp.get_pipe(cls.names[1])
        if not isinstance(ruler, AttributeRuler) or not isinstance(lemmatizer, Lemmatizer) or lemmatizer.mode != "rule":
            return None
        try:
            return cls(nlp)
        except _Unsupported:
            return None

    def _add(self, number: int, alternative: list[dict[str, Any]]) -> None:
        """Compile one alternative of pattern ``number`` and index it on its most selective
        equality or IN constraint (forms before tags and labels, those before flags)."""
        specs, anchors = [], []
        for position, token in enumerate(alternative):
            tests = []
            for key, value in token.items():
                col, test, keys = self._test(key, value)
                tests.append((col, test))
                if keys:
                    anchors.append((col, isinstance(value, dict), position, keys))
            specs.append(tuple(tests))
        if not anchors:
            self._unanchored.append((number, tuple(specs)))
            return
        col, _, position, keys = min(anchors, key=lambda a: a[:2])
        rest = None if len(specs) == 1 and len(specs[0]) == 1 else tuple(specs)
        for k in keys:
            self._index.setdefault(col, {}).setdefault(k, []).append((number, rest, position, len(specs)))

    def _test(self, key: str, value: Any) -> tuple[int, Test, list[int]]:
        """The column a token spec tests, the test, and the values that satisfy it when they
        can be listed (equality, IN), as the Matcher compares them (string hashes, "" is 0)."""
        from spacy.strings import get_string_id

        if key in FLAGS and isinstance(value, bool):
            return len(STRINGS) + FLAGS.index(key), _equal(int(value)), [int(value)]
        if key not in STRINGS:
            raise _Unsupported(key)
        col = STRINGS.index(key)
        if isinstance(value, str):
            return col, _equal(get_string_id(value)), [get_string_id(value)]
        op, arg = next(iter(value.items())) if isinstance(value, dict) and len(value) == 1 else ("", None)
        if op == "REGEX" and isinstance(arg, str):
            regex, memo = re.compile(arg), {}

            def search(v: int) -> bool:
                if v not in memo:
                    memo[v] = bool(regex.search(self._strings[v]))
                return memo[v]

            return col, search, []
        if op not in ("IN", "NOT_IN") or not isinstance(arg, list) or not all(isinstance(v, str) for v in arg):
            raise _Unsupported(key)
        members = frozenset(get_string_id(v) for v in arg)
        if op == "IN":
            return col, members.__contains__, list(members)
        return col, lambda v: v not in members, []

    def __call__(self, doc: Any) -> Any:
        """Set POS, morphology, lemmas (and any other attribute the patterns set) on ``doc``."""
        n = len(doc)
        if not n:
            return doc
        cols = doc.to_array(self._read).T.tolist()
        found: set[tuple[int, int, int]] = set()
        for col, by_value in self._index.items():
            values = cols[col]
            for p in range(n):
                for number, rest, position, length in by_value.get(values[p], ()):
                    start = p - position
                    if rest is None or _holds(rest, cols, start, n):
                        found.add((number, start, length))
        for number, specs in self._unanchored:
            for start in range(n - len(specs) + 1):
                if _holds(specs, cols, start, n):
                    found.add((number, start, len(specs)))
        out = doc.to_array(self._set)
        for number, start, length in sorted(found):  # pattern order, then left to right
            effects, index = self._effects[number]
            token = range(start, start + length)[index]
            for col, value in effects:
                out[token, col] = value
        doc.from_array(self._set, out)
        self._lemmatize(doc, out)
        return doc

    def _lemmatize(self, doc: Any, out: Any) -> None:
        """The lemmatizer's lemma of each token without one (of every token with ``overwrite``)."""
        import numpy as np

        pos, morph, lemma = (out[:, SETTABLE.index(name)].tolist() for name in ("POS", "MORPH", "LEMMA"))
        changed = False
        for i, form in enumerate(doc.to_array(self._orth).tolist()):
            if lemma[i] and not self._lemmatizer.overwrite:
                continue
            key = (form, pos[i], morph[i])
            if key not in self._lemmas:
                self._lemmas[key] = self._strings.add(self._lemmatizer.lemmatize(doc[i])[0])
            lemma[i] = self._lemmas[key]
            changed = True
        if changed:
            doc.from_array([self._lemma], np.asarray(lemma, dtype=np.uint64))


class _Unsupported(Exception):
    """A pattern outside the subset :class:`RuleTail` applies."""


def _equal(value: int) -> Test:
    return lambda v: v == value


def _holds(specs: tuple[Spec, ...], cols: list[list[int]], start: int, n: int) -> bool:
    if start < 0 or start + len(specs) > n:
        return False
    for offset, spec in enumerate(specs):
        for col, test in spec:
            if not test(cols[col][start + offset]):
                return False
    return True
