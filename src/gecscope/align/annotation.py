"""Annotations from the user or a tagger, attached to examples: each example's source and targets
get their UD-annotated words (:attr:`Example.source_words`, :attr:`Target.words`) and the
example the name of where they came from (:attr:`Example.annotation`), which the ``types:``
signature field carries where error types are read (:mod:`gecscope.align.types.classifiers`).

CoNLL-U files annotate the input text, one sentence per example, in order: the source
(``--source-conllu``), each hypothesis (``--hyp-conllu``, one per ``--hyp``) and each reference
(``--ref-conllu``, one per ``--ref`` or per M2 annotator). A sentence's words must be the
example's tokens for that side (one error naming the file and the sentence's first line);
CoNLL-U never re-tokenises the input; a file with another number of sentences is refused at its
first sentence that differs (a segmenter split or joined lines). ``tags`` checks the column the
language's classifier reads: ``upos`` (the 17 UD tags) or ``stts`` (XPOS in Boyd's STTS table),
one error naming the file and the word's line. The annotation's name is ``conllu-`` + the first 12 hex
digits of the SHA-256 of the files' bytes, in order (the source, the hypothesis, the references).

A tagger (one a language unit declares, :attr:`Language.taggers`, e.g. ``cs-core-news-sm``:
the ``cs-tagger`` extra; :func:`tagger_names` lists them) tags the examples' own tokens; its name
and version are the annotation's name. A tagger whose extra is not installed is refused in one
line naming the extra, before any work.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from gecscope.align.components import UPOS, TagSet
from gecscope.align.language import Language
from gecscope.align.languages import load_language, units
from gecscope.errors import InputError, SettingError
from gecscope.io.conllu import Sentence, check_tags, check_tokens, parse_conllu
from gecscope.types import Example, Target, Words

PathLike = str | Path


def tags_of(lang: str | Language) -> TagSet:
    """The tags the annotated classifier of ``lang`` reads (``annotate_conllu(tags=)``): the tag set
    its unit declares, UD's UPOS by default."""
    declared = load_language(lang).error_types
    return UPOS if declared is None else declared.tags


def tag_sets() -> dict[str, TagSet]:
    """Every tag set ``annotate_conllu(tags=)`` checks by name (UPOS and those the units declare)."""
    found = {UPOS.name: UPOS}
    for language in units():
        if language.error_types is not None:
            found.setdefault(language.error_types.tags.name, language.error_types.tags)
    return found


def _tag_set(tags: str | TagSet) -> TagSet | None:
    if isinstance(tags, TagSet) or not tags:
        return tags or None
    known = tag_sets()
    if tags not in known:
        raise SettingError(f"tags must be one of {', '.join(known)}, not {tags!r}", "tags")
    return known[tags]


def taggers() -> dict[str, tuple[str, ...]]:
    """Every offline tagger the units declare (built in or registered in Python): name -> the codes
    of the languages that declare a tagger of that name (``pymorphy3``: Russian and Ukrainian)."""
    found: dict[str, tuple[str, ...]] = {}
    for language in units():
        for spec in language.taggers:
            found[spec.name] = (*found.get(spec.name, ()), language.code)
    return found


def tagger_names() -> list[str]:
    """The names ``--tagger`` takes (sorted)."""
    return sorted(taggers())


def __getattr__(name: str) -> dict[str, tuple[str, ...]]:
    """``TAGGERS``, the name it had before the units declared their taggers: :func:`taggers`."""
    if name == "TAGGERS":
        return taggers()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _punctuation(form: str) -> bool:
    return all(unicodedata.category(c).startswith("P") for c in form)


def _read(path: PathLike) -> tuple[list[Sentence], list[int], bytes]:
    """The sentences of a CoNLL-U file, the line each starts on, and its bytes."""
    sentences, lines, data = _read_lines(path)
    return sentences, [numbers[0] for numbers in lines], data


def _read_lines(path: PathLike) -> tuple[list[Sentence], list[list[int]], bytes]:
    """The sentences of a CoNLL-U file, the line of each of their words, and its bytes."""
    try:
        data = Path(path).read_bytes()
    except OSError as err:
        raise InputError(f"cannot read CoNLL-U file: {err.strerror}", path) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"CoNLL-U file is not UTF-8 ({err.reason})", path) from None
    lines: list[list[int]] = []
    sentences = parse_conllu(text, path, word_lines=lines)  # split on \n only, as CoNLL-U defines
    return sentences, lines, data.removeprefix(b"\xef\xbb\xbf")  # the same annotations, the same name


def _targets(
    targets: Sequence[Target], annotations: Sequence[tuple[list[Sentence], list[int], PathLike]], index: int
) -> tuple[Target, ...]:
    return tuple(
        _annotated(target, sentences, starts, path, index)
        for target, (sentences, starts, path) in zip(targets, annotations, strict=True)
    )


def _annotated(target: Target, sentences: list[Sentence], starts: list[int], path: PathLike, index: int) -> Target:
    words = sentences[index]
    check_tokens(words, target.tokens, path, index + 1, starts[index])
    return replace(target, words=words)


def conllu_label(paths: Sequence[PathLike]) -> str:
    """The annotation's name: ``conllu-`` + 12 hex digits of the SHA-256 of the files' bytes."""
    return _label(_read(path)[2] for path in paths)


def _label(contents: Iterable[bytes]) -> str:
    import hashlib  # ~3 ms (OpenSSL): only annotated runs need it

    digest = hashlib.sha256()
    for data in contents:
        digest.update(data)
        digest.update(b"\0")
    return "conllu-" + digest.hexdigest()[:12]


def annotate_conllu(
    examples: Sequence[Example],
    *,
    source: PathLike | None = None,
    hypothesis: PathLike | None = None,
    references: Sequence[PathLike] = (),
    label: str | None = None,
    tags: str | TagSet = "",
) -> list[Example]:
    """``examples`` with the words of the CoNLL-U files ``source``, ``hypothesis`` and
    ``references`` (one per annotator; see the module docstring). The source file is required.
    ``label``: the annotation's name (default: :func:`conllu_label` of these files; several
    systems scored together share the one of all their files). ``tags``: '' (unchecked), a tag
    set (:func:`tags_of`) or its name (``upos``, ``stts``: :func:`tag_sets`), the tags every word
    must have."""
    if source is None:
        raise InputError("CoNLL-U annotations need the source's (--source-conllu)")
    tag_set = _tag_set(tags)
    given = [p for p in (source, hypothesis, *references) if p is not None]
    read = {str(p): _read_lines(p) for p in given}
    sides: list[tuple[PathLike, Any]] = [(source, lambda ex: ex.source)]
    if hypothesis is not None:
        sides.append((hypothesis, lambda ex: ex.hypothesis.tokens))
    for j, path in enumerate(references):
        sides.append((path, lambda ex, j=j: ex.references[j].tokens if j < len(ex.references) else ()))
    for path, tokens_of in sides:
        sentences, lines, _ = read[str(path)]
        if len(sentences) != len(examples):
            note = (
                f" ({len(sentences)} CoNLL-U sentences for {len(examples)} examples: split by a segmenter? "
                "UDPipe and stanza must run on presegmented input, one sentence per line)"
            )
            for i, (words, example) in enumerate(zip(sentences, examples, strict=False)):
                check_tokens(words, tokens_of(example), path, i + 1, lines[i][0], note)
            raise InputError(f"has {len(sentences)} CoNLL-U sentences for {len(examples)} examples", path)
    if tag_set is not None:
        known = tag_set.tags()
        for path in given:
            sentences, lines, _ = read[str(path)]
            for words, numbers in zip(sentences, lines, strict=True):
                if tag_set.skip_punctuation:
                    kept = [(w, n) for w, n in zip(words, numbers, strict=True) if not _punctuation(w.form)]
                    words, numbers = tuple(w for w, _ in kept), [n for _, n in kept]
                check_tags(words, numbers, path, tag_set.column, known, tag_set.wanted)
    if label is None:
        label = _label(read[str(path)][2] for path in given)
    starts = {name: [numbers[0] for numbers in lines] for name, (_, lines, _) in read.items()}
    refs = [(read[str(p)][0], starts[str(p)], p) for p in references]
    out = []
    for i, example in enumerate(examples):
        sentences = read[str(source)][0]
        check_tokens(sentences[i], example.source, source, i + 1, starts[str(source)][i])
        hyp = example.hypothesis
        if hypothesis is not None:
            hyp = _annotated(hyp, read[str(hypothesis)][0], starts[str(hypothesis)], hypothesis, i)
        references_of = example.references
        if refs:
            if len(refs) != len(references_of):
                raise InputError(
                    f"{len(refs)} reference CoNLL-U files for {len(references_of)} references (sentence {i + 1})",
                    references[0],
                )
            references_of = _targets(references_of, refs, i)
        out.append(
            replace(example, source_words=sentences[i], hypothesis=hyp, references=references_of, annotation=label)
        )
    return out


def tagger_of(name: str, lang: str | Language) -> Any:
    """The tagger ``name`` that ``lang``'s unit declares, built (an error when another language
    declares it, when no language does, or, naming the extra, when it is not installed)."""
    language = load_language(lang)
    spec = language.tagger(name)
    if spec is None:
        owners = taggers().get(name)
        if owners is None:
            raise SettingError(f"tagger must be one of {', '.join(tagger_names())}, not {name!r}", "tagger")
        raise SettingError(f"tagger {name} tags --lang {'/'.join(owners)}, not {language.code}", "tagger")
    return spec.build()


def annotate_tagger(examples: Sequence[Example], name: str, lang: str | Language) -> list[Example]:
    """``examples`` with every side tagged by the tagger ``name`` on its own tokens."""
    tagger = tagger_of(name, lang)
    label = str(tagger.name)
    sides: list[tuple[str, ...]] = []
    for ex in examples:
        sides.append(ex.source)
        sides.append(ex.hypothesis.tokens)
        sides.extend(r.tokens for r in ex.references)
    tagged: list[Words] = list(tagger.tag(sides))
    out, k = [], 0
    for ex in examples:
        n = len(ex.references)
        source, hyp, refs = tagged[k], tagged[k + 1], tagged[k + 2 : k + 2 + n]
        k += 2 + n
        references = tuple(replace(r, words=w) for r, w in zip(ex.references, refs, strict=True))
        hypothesis = replace(ex.hypothesis, words=hyp)
        out.append(replace(ex, source_words=source, hypothesis=hypothesis, references=references, annotation=label))
    return out


def annotation_of(systems: Sequence[Sequence[Example]]) -> str:
    """The one annotation of every example of ``systems`` ('' when none is annotated); examples
    annotated differently, or some annotated and others not, are refused."""
    found = {ex.annotation for system in systems for ex in system}
    if len(found) > 1:
        named = sorted(f or "none" for f in found)
        raise InputError("the examples are annotated differently: " + ", ".join(named))
    return found.pop() if found else ""


__all__ = [
    "annotate_conllu",
    "annotate_tagger",
    "annotation_of",
    "conllu_label",
    "tag_sets",
    "tagger_names",
    "tagger_of",
    "taggers",
    "tags_of",
]
