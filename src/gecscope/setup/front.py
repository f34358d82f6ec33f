"""The front half of every door: a :class:`~gecscope.setup.run.Setup` and the user's files in,
the pipeline's inputs out (one list of examples per system, shard by shard). Every door (the
command line's score, compare, report, explain, convert and multigec; ``gecscope.load``;
``score_files``; the Hugging Face module through ``gecscope.score``) reads through
:func:`read_systems`, so each input kind gets the same checks:

- essays (MultiGEC ``.md``) read in memory under the user's file names (:mod:`gecscope.setup.essays`);
- the reader (:func:`gecscope.reader.stream`): text, M2, JSONL, ChERRANT TSV, a language's own readers;
- the tokenisation guard (a hypothesis or reference tokenised otherwise than the source is
  refused), unless the setup tokenises, reads essays or allows the mismatch;
- the tokeniser of the setup, applied to text input;
- the swap check of text references (said through ``say``);
- the annotations (CoNLL-U or a tagger) where error types are read.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from gecscope.errors import InputError
from gecscope.reader import Shard, stream
from gecscope.setup.run import Annotations, Setup
from gecscope.types import Example

Say = Callable[[str], None]


def say_on_stderr(line: str) -> None:
    """The command line's notices: one line on standard error."""
    print(f"gecscope: {line}", file=sys.stderr)


def example_dir() -> Path:
    """Folder of the small example shipped inside the package."""
    from importlib import resources

    return Path(str(resources.files("gecscope") / "data" / "example"))


def read_systems(
    setup: Setup,
    *,
    require_references: bool = True,
    size: int | None = None,
    overlaps: bool = False,
    types: bool = False,
    say: Say = say_on_stderr,
    hint: str | None = None,
    cache_dir: str | None = None,
    cache: bool = True,
) -> Iterator[Shard]:
    """The systems of ``setup`` (one list of examples per system file, in the order given),
    ``size`` sentences at a time; the last shard comes once the whole input was read and checked.
    ``types``: error types are read, so the annotations are attached (to the whole input: one
    shard). ``hint``: the tokenisation refusal's advice (default: the language's tokenisers,
    as the command line names them). ``cache_dir``/``cache``: where the swap check's verdict is
    kept (:mod:`gecscope.setup.swap_verdicts`; as the alignment cache: None is
    ``$GECSCOPE_CACHE`` or ``~/.cache/gecscope``, ``cache=False`` memory only)."""
    files, language = setup.files, setup.language
    if setup.format == "example":
        d = example_dir()
        yield from stream(hyp_m2=[d / "hypothesis.m2"], ref_m2=d / "references.m2", size=size)
        return
    if setup.format == "essays":
        yield _annotated(setup, _essays(setup, say), types)
        return
    shards: Iterator[Shard] = _explained(
        stream(
            **files.reader_settings(),
            require_references=require_references,
            lang=language,
            size=None if types and setup.annotations else size,
            overlaps=overlaps,
            past_end=setup.past_end,
        )
    )
    if setup.check_tokenisation:
        from gecscope.io.tokenization import guarded

        refs = [*files.references, *([files.ref_m2] if files.ref_m2 else [])] or [files.jsonl or "references"]
        names = [[s, *refs] for s in files.systems] or [[files.jsonl or "hypothesis", *refs]]
        advice = hint or language.tokenisation_hint()
        shards = guarded(shards, names, advice, files.source or files.jsonl or files.ref_m2 or "")  # type: ignore[assignment]
    warn = bool(files.references and files.ref_m2 is None and files.hypotheses)
    if warn:  # the swap check (and its modules) only where it can warn: text references
        from gecscope.setup.swap_verdicts import LINES, swap_warning

        reading = repr((language.code, setup.format, setup.fields().get("tok", "none")))  # lines -> tokens
    read: list[list[Example]] = []  # the first LINES lines of the first system, held until all are read
    last, said, tallied, warning = None, False, 0, None
    for shard in shards:
        if last is not None:
            yield last
        last = [_tokenised(setup, examples, i, say, said) for i, examples in enumerate(shard)]
        said = True
        del shard  # not held while the next one is read
        if warn and tallied < LINES:  # the first LINES lines
            read.append(last[0][: LINES - tallied])
            tallied += len(last[0])
            if tallied >= LINES:
                warning, read = swap_warning(read, cache_dir, cache, reading), []
    if warn and tallied < LINES:
        warning = swap_warning(read, cache_dir, cache, reading)
    if warning:
        say(f"warning: {warning}")
    if last is not None:
        yield _annotated(setup, last, types)


def _essays(setup: Setup, say: Say) -> list[list[Example]]:
    from gecscope.align.tokenizers import line_maker
    from gecscope.setup.essays import essay_examples

    files = setup.files
    texts = [files.source, *files.hypotheses, *files.references]
    if files.source is None or not files.hypotheses or not files.references:
        raise InputError("essay files (.md) need --source, --hyp and --ref all as .md files", "--source")
    if not all(str(f).endswith(".md") for f in texts):
        odd = next(str(f) for f in texts if not str(f).endswith(".md"))
        raise InputError("essay files (.md) need --source, --hyp and --ref all as .md files", odd)
    return essay_examples(files.source, files.hypotheses, files.references, line_maker(setup.tokenize), say)


def _tokenised(setup: Setup, examples: list[Example], index: int, say: Say, said: bool) -> list[Example]:
    """``examples`` tokenised by the setup's tokeniser; with M2 references, says once per system
    how much of the M2's source tokens the tokenised hypothesis reproduces."""
    if not setup.tokenised_here:
        return examples
    from gecscope.align.tokenizers import source_reproduced, tokenize_examples

    out = tokenize_examples(examples, setup.tokenize, setup.language.code)
    if setup.files.ref_m2 and not said:
        systems = setup.files.hypotheses
        name = Path(systems[index]).stem + " " if len(systems) > 1 else ""
        before, after = source_reproduced(examples), source_reproduced(out)
        say(
            f"--tokenize {setup.tokenize}: {name}reproduces {after:.1%} of the M2 source tokens "
            f"(whitespace tokens: {before:.1%})"
        )
    return out


def _annotated(setup: Setup, systems: list[list[Example]], types: bool) -> list[list[Example]]:
    """``systems`` with the setup's annotations, where error types are read."""
    if not (types and setup.annotations):
        return systems
    return annotate(systems, setup.annotations, setup.language.code)


def annotate(systems: Sequence[Sequence[Example]], notes: Annotations, code: str) -> list[list[Example]]:
    """``systems`` (the whole input, one list per system) with the annotations ``notes`` gives
    (CoNLL-U files or a tagger) for language ``code``'s classifier."""
    from gecscope.align.annotation import annotate_conllu, annotate_tagger, conllu_label, tags_of

    if notes.tagger is not None:
        return [annotate_tagger(system, notes.tagger, code) for system in systems]
    if notes.source_conllu is None:
        return [list(system) for system in systems]
    hyps: list[str | None] = list(notes.hyp_conllu) or [None] * len(systems)
    if len(hyps) != len(systems):
        raise InputError(f"--hyp-conllu has {len(hyps)} files for {len(systems)} systems", "--hyp-conllu")
    label = conllu_label([notes.source_conllu, *[h for h in hyps if h], *notes.ref_conllu])
    return [
        annotate_conllu(
            system,
            source=notes.source_conllu,
            hypothesis=hyp,
            references=notes.ref_conllu,
            label=label,
            tags=tags_of(code),
        )
        for system, hyp in zip(systems, hyps, strict=True)
    ]


def _explained(shards: Iterator[Shard]) -> Iterator[Shard]:
    """``shards``; a reference M2 refused for overlapping edits says which metric reads them."""
    try:
        yield from shards
    except InputError as exc:
        if "has overlapping edits" not in exc.message:
            raise
        hint = "EstGEC's M2 has overlapping edits that only estgec-m2 reads (its by-type table: --format official)"
        raise InputError(f"{exc.message}: {hint}", exc.path, exc.line) from None
