"""The one reader of every entry point (text, M2, JSONL, Chinese): :func:`stream` gives the
examples of every system ``size`` sentences at a time, read a line at a time; :func:`read`
collects it. Every annotator of a reference M2 file is kept, and one without lines in a sentence
is flagged there (:attr:`gecscope.types.Target.absent`); the pipeline applies each metric's
convention (:mod:`gecscope.pipeline`).

>>> from gecscope.api import example_dir
>>> d = example_dir()
>>> [system] = read(hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2")
>>> len(system)
10
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from gecscope.align.language import Language
from gecscope.align.languages import han_counts, languages_reading, load_language
from gecscope.errors import InputError, SettingError
from gecscope.io.jsonl import iter_jsonl
from gecscope.io.parallel import m2_rows, text_rows
from gecscope.types import Example

T = TypeVar("T")
PathLike = str | Path
Shard = list[list[Example]]
#: the Python names of the input settings (a front end renames them in messages: see SettingError)
INPUT_SETTINGS = ("hyp_m2", "ref_m2", "source", "hypothesis", "references", "jsonl", "ref_tsv")


def batches(items: Iterable[T], size: int | None) -> Iterator[list[T]]:
    """``items`` in lists of ``size`` (``None``: one list of all). The last list comes only once
    ``items`` is exhausted, so an error raised at its end comes before it.

    >>> list(batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    if size is not None and size < 1:
        raise ValueError(f"shard size must be at least 1; got {size}")
    batch: list[T] = []
    for item in items:
        if len(batch) == size:
            yield batch
            batch = []
        batch.append(item)
    if batch:
        yield batch


def _checked(rows: Iterator[tuple[Example, ...]], path: PathLike, language: Language) -> Iterator[tuple[Example, ...]]:
    """``rows``, unchanged; at their end, the language's input check (mostly-Chinese sources read
    as English, ...) refuses them."""
    han = total = 0
    for row in rows:
        h, t = han_counts([row[0].source_raw or "".join(row[0].source)])
        han, total = han + h, total + t
        yield row
    language.check_text((han, total), path)


def check_inputs(
    *,
    source: PathLike | None = None,
    hypotheses: Sequence[PathLike] = (),
    hyp_m2: Sequence[PathLike] = (),
    references: Sequence[PathLike] = (),
    multi_annotator_hyp: bool = False,
) -> None:
    """The file checks every entry point runs before any work (:mod:`gecscope.io.swap`): an M2
    file given as text, and a hypothesis M2 with several annotators (``hyp_m2`` and ``ref_m2``
    swapped?) unless ``multi_annotator_hyp``. (A tokenisation mismatch is refused on the examples
    as they are read: :mod:`gecscope.io.tokenization`.) Standard input (``-``) and unreadable
    files are left to the readers, which name them."""
    from gecscope.io.swap import check_swap

    text = {"references": references, "hypothesis": hypotheses, "source": [source] if source else []}
    check_swap(text, hyp_m2, multi_annotator_hyp)


def stream(
    *,
    source: PathLike | None = None,
    hypotheses: Sequence[PathLike] = (),
    hyp_m2: Sequence[PathLike] = (),
    references: Sequence[PathLike] = (),
    ref_m2: PathLike | None = None,
    jsonl: PathLike | None = None,
    require_references: bool = True,
    lang: str | Language = "en",
    ref_tsv: PathLike | None = None,
    size: int | None = None,
    overlaps: bool = False,
    check: bool = False,
    multi_annotator_hyp: bool = False,
    past_end: bool = False,
) -> Iterator[Shard]:
    """The examples of each system (in the order given), ``size`` sentences at a time (``None``:
    all at once): each shard holds one list per system, of the same sentences. Files are read a
    line at a time (a language with its own readers, ``lang="zh"``, reads whole files) and a bad
    line raises, when it is met, an
    :class:`InputError` naming the file and the line; files of different lengths are reported
    when the shorter one ends. A shard comes only when everything before it was read cleanly, and
    the last one only after the whole input was, so a caller that reduces after the last shard
    never scores a bad input. ``overlaps``: reference M2 edits may overlap and keep their file order
    (EstGEC's M2, for the ``estgec-m2`` metric: :func:`gecscope.io.m2.iter_m2`). ``check``:
    :func:`check_inputs` first (``multi_annotator_hyp``: its allowance). ``past_end``: a
    reference M2 edit ending past its sentence is dropped, not refused (EstGEC's reading)."""
    if check:  # the Python API's doors (the CLI runs :func:`check_inputs` itself, before any work)
        check_inputs(
            source=source,
            hypotheses=hypotheses,
            hyp_m2=hyp_m2,
            references=references,
            multi_annotator_hyp=multi_annotator_hyp,
        )
    rows: Iterator[tuple[Example, ...]]  # one example per system and sentence, whatever the input
    language = load_language(lang)
    own = language.readers
    if jsonl is not None:
        rows = ((e,) for e in iter_jsonl(jsonl, require_references))
    elif hypotheses and hyp_m2:
        raise InputError("give text hypotheses or hypothesis M2 files, not both", hypotheses[0])
    elif ref_tsv is not None and "ref_tsv" not in language.inputs:
        readers = " or ".join(f"lang={c!r}" for c in languages_reading("ref_tsv"))
        raise InputError(f"ChERRANT TSV references are read with {readers}", ref_tsv)
    elif hyp_m2:
        if ref_m2 is None:
            raise SettingError("a hypothesis M2 needs a reference M2 (ref_m2)", "ref_m2", path=hyp_m2[0])
        if own is not None:
            rows = zip(*(own.m2(path, ref_m2) for path in hyp_m2), strict=True)
        else:
            rows = _checked(m2_rows(hyp_m2, ref_m2, overlaps, past_end), hyp_m2[0], language)
    elif (source is None and (ref_m2 is None or own is not None)) or not hypotheses:
        raise SettingError(
            "give hyp_m2 + ref_m2, hypothesis + ref_m2 (its S lines are the source), "
            "source + hypothesis + references/ref_m2/ref_tsv, or jsonl",
            *INPUT_SETTINGS,
            path=next(iter(hypotheses), None),
        )
    elif require_references and not references and ref_m2 is None and ref_tsv is None:
        raise InputError("no references given (references, ref_m2 or ref_tsv)", hypotheses[0])
    elif own is not None:
        rows = zip(*(own.text(source, h, references, ref_m2, ref_tsv) for h in hypotheses), strict=True)
    else:
        rows = _checked(
            text_rows(source, hypotheses, references, ref_m2, overlaps, past_end), source or ref_m2 or "", language
        )
    for shard in batches(rows, size):
        yield [list(system) for system in zip(*shard, strict=True)]
        del shard  # not held while the next one is read


def read(**inputs: Any) -> list[list[Example]]:
    """The examples of each system, in the order given: :func:`stream` (same settings) collected."""
    [systems] = stream(**inputs)
    return systems
