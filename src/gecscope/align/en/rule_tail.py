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
        self._pos, self._morph = self._set.index(IDS["POS"]), self._set.index(IDS["MORPH"])
        self._lemma_col = self._set.index(IDS["LEMMA"])
        self._lemmas: dict[tuple[int, int, int], int] = {}
        self._regex: dict[tuple[str, int], bool] = {}
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
                self._add(number, tuple(self._spec(token) for token in alternative), alternative)

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

    def _spec(self, token: dict[str, Any]) -> Spec:
        tests = []
        for key, value in token.items():
            if key in FLAGS and isinstance(value, bool):
                col, flag = len(STRINGS) + FLAGS.index(key), int(value)
                tests.append((col, _equal(flag)))
                continue
            if key not in STRINGS:
                raise _Unsupported(key)
            col = STRINGS.index(key)
            if isinstance(value, str):
                tests.append((col, _equal(self._strings.add(value))))
            elif isinstance(value, dict) and len(value) == 1 and next(iter(value)) in ("IN", "NOT_IN", "REGEX"):
                tests.append((col, self._predicate(col, *next(iter(value.items())))))
            else:
                raise _Unsupported(key)
        return tuple(tests)

    def _predicate(self, col: int, op: str, value: Any) -> Test:
        if op == "REGEX":
            pattern = re.compile(value)
            return lambda v: self._search(pattern, v)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _Unsupported(op)
        # spaCy's get_string_id: "" is 0, the hash of an unset attribute
        members = frozenset(self._strings[v] if v else 0 for v in value)
        return (lambda v: v in members) if op == "IN" else (lambda v: v not in members)

    def _search(self, pattern: re.Pattern[str], value: int) -> bool:
        key = (pattern.pattern, value)
        if key not in self._regex:
            self._regex[key] = bool(pattern.search(self._strings[value]))
        return self._regex[key]

    def _add(self, number: int, specs: tuple[Spec, ...], raw: list[dict[str, Any]]) -> None:
        """Index one alternative of pattern ``number`` on its most selective equality (or IN)
        constraint: forms before tags and labels before flags."""
        anchors = []
        for position, token in enumerate(raw):
            for key, value in token.items():
                if key in FLAGS or key not in STRINGS:
                    continue
                if isinstance(value, str):
                    anchors.append((STRINGS.index(key), 0, position, [self._strings.add(value)]))
                elif isinstance(value, dict) and "IN" in value:
                    members = [self._strings[v] if v else 0 for v in value["IN"]]
                    anchors.append((STRINGS.index(key), 1, position, members))
            for key, value in token.items():
                if key in FLAGS and isinstance(value, bool):
                    anchors.append((len(STRINGS) + FLAGS.index(key), 0, position, [int(value)]))
        if not anchors:
            self._unanchored.append((number, specs))
            return
        col, _, position, keys = min(anchors, key=lambda a: a[:2])
        rest = None if len(specs) == 1 and len(specs[0]) == 1 else specs
        for k in keys:
            self._index.setdefault(col, {}).setdefault(k, []).append((number, rest, position, len(specs)))

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
        orth = doc.to_array(self._orth).tolist()
        pos = out[:, self._pos].tolist()
        morph = out[:, self._morph].tolist()
        lemma = out[:, self._lemma_col].tolist()
        overwrite = self._lemmatizer.overwrite
        changed = False
        for i, form in enumerate(orth):
            if lemma[i] and not overwrite:
                continue
            key = (form, pos[i], morph[i])
            if key not in self._lemmas:
                self._lemmas[key] = self._strings.add(self._lemmatizer.lemmatize(doc[i])[0])
            lemma[i] = self._lemmas[key]
            changed = True
        if changed:
            import numpy as np

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
