"""Examples from memory: Python lists, M2/text/JSONL files or a Hugging Face ``datasets`` table.

``Examples`` is an immutable sequence of :class:`gecscope.Example` that every metric takes.
References come in one of two layouts, named by ``references_by``:

- ``"annotator"`` (default; the CLI's ``--ref`` files, sacreBLEU's convention): one list per
  annotator, each as long as ``sources``: ``[[ref_a_0, ref_a_1, ...], [ref_b_0, ref_b_1, ...]]``;
- ``"sentence"`` (Hugging Face ``evaluate``'s convention): one list per sentence, of any length
  (a bare string counts as one reference): ``[[ref_0_a, ref_0_b], [ref_1_a], ...]``.

>>> ex = Examples.from_lists(["He go home ."], ["He goes home ."], [["He goes home ."]])
>>> len(ex), ex[0].source, ex[0].references[0].tokens
(1, ('He', 'go', 'home', '.'), ('He', 'goes', 'home', '.'))
>>> Examples.from_lists(["a b"], ["a b", "c"], [])
Traceback (most recent call last):
...
gecscope.errors.InputError: hypotheses: has 2 sentences but sources has 1
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, overload

from gecscope import arguments
from gecscope.align.languages import load_language
from gecscope.errors import InputError, SettingError
from gecscope.io.tokenization import check_examples
from gecscope.reader import read
from gecscope.types import Example, Target

LAYOUTS = ("annotator", "sentence")


def _strings(values: Any, what: str) -> list[str]:
    arguments.strings(what, values)
    return list(values)


def _check_count(what: str, count: int, expected: int) -> None:
    if count != expected:
        raise InputError(f"has {count} sentences but sources has {expected}", what)


def _reference_rows(references: Any, n: int, references_by: str | None) -> list[list[str]]:
    """References as one list of strings per sentence, validated against ``n`` sentences.
    ``references_by=None``: one list per annotator, unless the layout is ambiguous (n lists of n
    strings, n >= 2: either layout fits), which is refused rather than guessed."""
    if references_by is None:
        square = (  # a string is never square: its items are strings
            isinstance(references, Sequence)
            and n >= 2
            and len(references) == n
            and all(not isinstance(r, str) and isinstance(r, Sequence) and len(r) == n for r in references)
        )
        if square:
            raise InputError(
                f"{n} lists of {n} references fit both layouts: pass references_by='annotator' "
                "(one list per annotator) or references_by='sentence' (one list per sentence)",
                "references",
            )
        references_by = "annotator"
    if references_by not in LAYOUTS:
        raise SettingError(f"references_by must be one of {', '.join(LAYOUTS)}; got {references_by!r}", "references_by")
    if references is None:
        return [[] for _ in range(n)]
    outer = list(arguments.listing("references", references, "lists of strings"))
    if references_by == "annotator":
        columns = [_strings(col, f"references[{k}]") for k, col in enumerate(outer)]
        for k, col in enumerate(columns):
            _check_count(f"references[{k}]", len(col), n)
        return [[col[i] for col in columns] for i in range(n)]
    _check_count("references", len(outer), n)
    return [[row] if isinstance(row, str) else _strings(row, f"references[{i}]") for i, row in enumerate(outer)]


def _read_checked(allow_tokenization_mismatch: bool, lang: str, **files: Any) -> list[Example]:
    """The examples of an M2 pair or a JSONL file, the arguments checked first and the
    tokenisation after (unless allowed, or read by a language's own readers)."""
    for name, value in files.items():
        arguments.path(name, value)
    arguments.flag("allow_tokenization_mismatch", allow_tokenization_mismatch)
    hyp: str | Path = files.get("hyp_m2") or files["jsonl"]
    # the swap checks of the pipeline's reader; the tokenisation is checked on the examples
    [examples] = read(**{k: [v] if k == "hyp_m2" else v for k, v in files.items()}, check=True, lang=lang)
    if not allow_tokenization_mismatch and load_language(lang).readers is None:
        check_examples(examples, [hyp, files.get("ref_m2") or hyp])
    return examples


class Examples(Sequence[Example]):
    """An immutable sequence of examples and the tokenisation they were built with (the pipeline's
    tokenise step: :attr:`tokenisation` goes into every signature of a score of them).
    ``tokenize=None``: the reader's own (a language's, signed by its aligner, e.g. ``zh-char``).
    ``lang``: the language they were built in (a code of :mod:`gecscope.align.languages`): its
    fields go into every signature of a score of them. ``setup_fields`` and ``protocol_fields``:
    the signature fields of the setup they were read with (:meth:`gecscope.setup.Setup.fields`,
    ``protocol_fields``: a named test set, a protocol) and ``aligner`` (the setup's, used where
    none is given), set by :func:`gecscope.load`."""

    def __init__(
        self,
        items: Iterable[Example],
        *,
        tokenize: str | None = "whitespace",
        lang: str = "en",
        setup_fields: Mapping[str, str] | None = None,
        protocol_fields: Mapping[str, str] | None = None,
        aligner: str | None = None,
    ) -> None:
        if isinstance(items, (str, bytes)) or not isinstance(items, Iterable):
            raise SettingError(f"items must be a list of gecscope.Example, not {arguments.shown(items)}", "items")
        self._items = tuple(items)
        for i, item in enumerate(self._items):
            if not isinstance(item, Example):
                raise SettingError(f"items[{i}] must be a gecscope.Example, not {arguments.shown(item)}", "items")
        if tokenize is not None:  # None: the reader's own tokens (a language's)
            arguments.choice("tokenize", tokenize, str, "a tokeniser name (str)")
        self.tokenize = tokenize
        self.lang = load_language(lang).code
        self.setup_fields: Mapping[str, str] = dict(setup_fields or {})
        self.protocol_fields: Mapping[str, str] = dict(protocol_fields or {})
        self.aligner = aligner

    @property
    def tokenisation(self) -> dict[str, str]:
        """The signature fields of the tokenisation (``{}``: the reader's own). With M2
        references, a hypothesis re-tokenised is snapped to the M2's source tokens (``+snap-m2``).

        >>> Examples([], tokenize="char").tokenisation, Examples([]).tokenisation
        ({'tok': 'char'}, {'tok': 'whitespace'})
        """
        if self.tokenize is None:
            return {}
        from gecscope.align.tokenizers import tokenizer_signature

        m2_source = self.tokenize != "none" and any(r.edits is not None for e in self._items for r in e.references)
        return {"tok": tokenizer_signature(self.tokenize, m2_source=m2_source)}

    @overload
    def __getitem__(self, index: int) -> Example: ...

    @overload
    def __getitem__(self, index: slice) -> Examples: ...

    def __getitem__(self, index: int | slice) -> Example | Examples:
        if isinstance(index, slice):
            return Examples(
                self._items[index],
                tokenize=self.tokenize,
                lang=self.lang,
                setup_fields=self.setup_fields,
                protocol_fields=self.protocol_fields,
                aligner=self.aligner,
            )
        return self._items[index]

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Example]:
        return iter(self._items)

    def __eq__(self, other: object) -> bool:
        """Equal to a sequence of the same examples (a list from the readers included)."""
        if isinstance(other, Examples):
            same = (self.tokenize, self.lang, self.setup_fields, self.protocol_fields)
            return self._items == other._items and same == (
                other.tokenize,
                other.lang,
                other.setup_fields,
                other.protocol_fields,
            )
        return isinstance(other, Sequence) and not isinstance(other, str) and list(self._items) == list(other)

    __hash__ = None  # type: ignore[assignment]  # a sequence compared by value

    def __add__(self, other: Sequence[Example]) -> list[Example]:
        """The examples of both, as a list (``load(...) + load(...)``)."""
        return [*self._items, *other]

    def __radd__(self, other: Sequence[Example]) -> list[Example]:
        return [*other, *self._items]

    def __repr__(self) -> str:
        return f"Examples({len(self)} sentences, tokenize={self.tokenize!r}, lang={self.lang!r})"

    @classmethod
    def from_lists(
        cls,
        sources: Sequence[str],
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str] | str] | None = None,
        *,
        references_by: str | None = None,
        tokenize: str | None = None,
        allow_tokenization_mismatch: bool = False,
        lang: str = "en",
    ) -> Examples:
        """Examples from strings: ``tokenize="whitespace"`` splits on spaces (text already
        tokenised, as in M2 files); ``"spacy"`` tokenises raw English text with spaCy (extra
        ``text``); None: the default of language ``lang``. ``references`` follow
        ``references_by`` (see the module docstring). Whitespace tokens punctuated otherwise than
        the sources are refused unless ``allow_tokenization_mismatch``."""
        src = _strings(sources, "sources")
        hyp = _strings(hypotheses, "hypotheses")
        if not src:
            raise InputError("no sentences", "sources")
        _check_count("hypotheses", len(hyp), len(src))
        refs = _reference_rows(references, len(src), references_by)
        from gecscope.align.tokenizers import get_tokenizer  # shared with the files and ``--tokenize``

        arguments.language("lang", lang)
        language = load_language(lang)
        tokenize = language.tokenizer(tokenize)
        if language.readers is not None:  # the language prepares and tokenises each line itself
            made = language.readers.example
            rows = enumerate(zip(src, hyp, refs, strict=True))
            return cls([made(s, h, rs, str(i)) for i, (s, h, rs) in rows], tokenize=None, lang=lang)
        split = get_tokenizer(tokenize, lang)
        keep_raw = tokenize == "none"

        def target(text: str) -> Target:
            return Target(split(text), raw=text if keep_raw else None)

        out = []
        for i, (s, h, rs) in enumerate(zip(src, hyp, refs, strict=True)):
            tokens = split(s)
            if not tokens:
                raise InputError("empty source sentence", "sources", i + 1)
            out.append(Example(tokens, target(h), tuple(map(target, rs)), str(i), s if keep_raw else None))
        arguments.flag("allow_tokenization_mismatch", allow_tokenization_mismatch)
        if keep_raw and not allow_tokenization_mismatch:
            check_examples(out, ["hypotheses", "references"], source="sources")
        return cls(out, tokenize=_spelled(tokenize), lang=lang)

    @classmethod
    def from_m2(
        cls, hyp_m2: str | Path, ref_m2: str | Path, *, allow_tokenization_mismatch: bool = False, lang: str = "en"
    ) -> Examples:
        """A hypothesis M2 (annotator 0) against a reference M2 (edits used as written)."""
        return cls(_read_checked(allow_tokenization_mismatch, lang, hyp_m2=hyp_m2, ref_m2=ref_m2), lang=lang)

    @classmethod
    def from_text(
        cls,
        source: str | Path,
        hypothesis: str | Path,
        references: Sequence[str | Path] = (),
        ref_m2: str | Path | None = None,
        *,
        tokenize: str | None = None,
        allow_tokenization_mismatch: bool = False,
        lang: str = "en",
        ref_tsv: str | Path | None = None,
    ) -> Examples:
        """Parallel text files (one sentence a line, space-tokenised unless ``tokenize`` says
        otherwise, as ``--tokenize``; None: the language's default), references as text files
        (one per annotator) and/or one M2 file (or the language's own, ``ref_tsv`` for ``zh``)."""
        from gecscope.align.tokenizers import tokenize_examples

        arguments.path("source", source)
        arguments.path("hypothesis", hypothesis)
        arguments.load_arguments(dict(
            source=source, hypothesis=hypothesis, references=references, ref_m2=ref_m2, hyp_m2=None, jsonl=None,
            ref_tsv=ref_tsv, require_references=True, lang=lang, tokenize=tokenize,
            allow_tokenization_mismatch=allow_tokenization_mismatch,
        ))  # fmt: skip
        language = load_language(lang)
        tokenize = language.tokenizer(tokenize)
        inputs: dict[str, Any] = {"ref_tsv": ref_tsv} if ref_tsv is not None else {}
        files = {"source": source, "hypotheses": [hypothesis], "references": references, "ref_m2": ref_m2, **inputs}
        # the swap checks; the tokenisation is checked on the examples below
        [examples] = read(**files, check=True, lang=lang)
        if language.readers is not None:  # a language with its own readers tokenises and is not checked
            return cls(examples, tokenize=None, lang=lang)
        out = cls(tokenize_examples(examples, tokenize, language.code), tokenize=_spelled(tokenize), lang=lang)
        if tokenize == "none" and not allow_tokenization_mismatch:
            check_examples(out, [hypothesis, *references, ref_m2 or "references"], source=source)
        return out

    @classmethod
    def from_jsonl(cls, path: str | Path, *, allow_tokenization_mismatch: bool = False, lang: str = "en") -> Examples:
        """Records ``{"id", "source", "hypothesis", "references": [...]}``, space-tokenised."""
        arguments.path("path", path)
        return cls(_read_checked(allow_tokenization_mismatch, lang, jsonl=path), lang=lang)

    @classmethod
    def from_dataset(
        cls,
        dataset: Any,
        *,
        source: str = "source",
        hypothesis: str = "hypothesis",
        references: str | Sequence[str] = "references",
        tokenize: str | None = None,
        lang: str = "en",
    ) -> Examples:
        """Examples from a table with named columns: a Hugging Face ``datasets.Dataset`` (the
        library is not needed otherwise) or a mapping of column name to list. ``references``
        names one column holding a list of references per row, or several columns, one per
        annotator.

        >>> table = {"src": ["a b ."], "hyp": ["a c ."], "ref": [["a c .", "a b ."]]}
        >>> Examples.from_dataset(table, source="src", hypothesis="hyp", references="ref")[0].references[1].tokens
        ('a', 'b', '.')
        """
        if not (hasattr(dataset, "column_names") or isinstance(dataset, Mapping)):
            what = "a datasets.Dataset or a mapping of column name to list"
            raise SettingError(f"dataset must be {what}, not {arguments.shown(dataset)}", "dataset")
        names = list(getattr(dataset, "column_names", None) or dataset.keys())

        def column(name: str) -> list[Any]:
            if name not in names:
                raise InputError(f"no column {name!r} (columns: {', '.join(map(str, names))})", "dataset")
            return list(arguments.listing(f"dataset[{name!r}]", dataset[name], "values (one per row)"))

        if isinstance(references, str):
            refs, layout = column(references), "sentence"
        else:
            refs, layout = [column(c) for c in references], "annotator"
        return cls.from_lists(
            column(source), column(hypothesis), refs, references_by=layout, tokenize=tokenize, lang=lang
        )


def _spelled(tokenize: str) -> str:
    """The tokeniser's name as :class:`Examples` has always kept it (``whitespace`` for ``none``)."""
    return "whitespace" if tokenize == "none" else tokenize
