"""Input options shared by the subcommands, and loading one or several systems from them."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from gecscope import pipeline
from gecscope.align import Aligner
from gecscope.align.aligners import aligns_pairwise
from gecscope.align.language import Language
from gecscope.align.languages import LANGUAGES
from gecscope.align.settings import DEFAULT_MAX_TOKENS, AlignSettings, Origin, cell_limit, default_jobs
from gecscope.cli import add_choice
from gecscope.cli.annotations import add_annotation_args
from gecscope.cli.preparation import add_tokenize_args, setup_of

__all__ = ["add_input_args", "aligner_from_args", "language_of", "load_examples", "setup_of"]
from gecscope.errors import STDIN_PREFIX, InputError
from gecscope.pipeline import Shard
from gecscope.result import Score
from gecscope.types import Example


def add_input_args(p: argparse.ArgumentParser, *, several: bool = False, echo: bool = True) -> None:
    """Input options; ``several`` lets ``--hyp``/``--hyp-m2`` take several systems (with ``--name``);
    ``echo``: ``--echo`` (printing a test set is for the commands that score one)."""
    g = p.add_argument_group("input (M2, parallel text, or JSONL)")
    nargs = "+" if several else None
    many = " (several: one per system)" if several else ""
    extend = "extend" if several else "store"  # a repeated option adds its files (it replaced them)
    g.add_argument("--hyp-m2", nargs=nargs, action=extend, help=f"system hypothesis as M2 (annotator 0){many}")
    g.add_argument("--ref-m2", help="references as M2 (one target per annotator)")
    g.add_argument("--source", help="source sentences, one per line, space-tokenised ('-': standard input)")
    g.add_argument(
        "--hyp", nargs=nargs, action=extend, help=f"system output, one sentence per line ('-': standard input){many}"
    )
    if several:
        g.add_argument("--name", nargs="+", help="system names, one per --hyp/--hyp-m2 (default: file stems)")
    g.add_argument(
        "--ref", nargs="+", action="extend", default=[], metavar="REF", help="reference files, one per annotator"
    )
    g.add_argument("--jsonl", help="records {id, source, hypothesis, references}")
    g.add_argument("--example", action="store_true", help="use the small example shipped with gecscope")
    g.add_argument(
        "--aligner",
        help="edit extraction for text input: errant (ERRANT 3.0.2-compatible, English), errant-notag "
        "(MultiGEC-2025's tag-free ERRANT, any language), levenshtein "
        "(language-agnostic), cherrant (Chinese) or a registered one, as --lang allows; default: the one --lang picks",
    )
    g.add_argument(
        "--lang",
        help="language (default en: whitespace tokens, ERRANT): "
        + ", ".join(LANGUAGES)
        + " or a plug-in; zh reads as ChERRANT (char tokens, t2s targets, ChERRANT alignment, M2 annotators "
        "per sentence); und: any language (whitespace tokens, Levenshtein). See docs/languages.md",
    )
    g.add_argument("--ref-tsv", help="references in ChERRANT's format id<TAB>source<TAB>ref1<TAB>... (--lang zh)")
    add_tokenize_args(g, echo=echo)
    g.add_argument(
        "--zh-resources",
        metavar="DIR",
        help="folder of ChERRANT's alignment tables (cilin.txt, confusion_dict.txt); default "
        "$GECSCOPE_ZH_RESOURCES, else $GECSCOPE_DATA/zh/resources, else the download directory",
    )
    add_alignment_args(g)
    add_choice(
        g,
        "--executor",
        ("processes", "dask"),
        "where ERRANT batches run: local processes (--jobs), or a Dask cluster (extra 'dask')",
    )
    g.add_argument(
        "--scheduler", help="Dask scheduler address (default with --executor dask: a local cluster of --jobs)"
    )
    add_annotation_args(p)


def add_alignment_args(g: Any) -> None:
    """ERRANT's parser processes and longest aligned run, of every command that aligns."""
    g.add_argument(
        "--jobs",
        type=int,
        default=default_jobs(),
        help=f"ERRANT parser processes (default: the cores, at most 8; here {default_jobs()})",
    )
    g.add_argument(
        "--max-align-tokens",
        type=int,
        default=DEFAULT_MAX_TOKENS,
        help=f"the alignment guard: a changed region may cost ERRANT's merger no more than a run of this many "
        f"substitutions (default {DEFAULT_MAX_TOKENS}, 0: no limit; see docs/performance.md)",
    )


def align_settings(args: argparse.Namespace) -> AlignSettings:
    """Alignment settings from the options (``--cache-dir``/``--no-cache`` where the command has them)."""
    return AlignSettings(
        cache=getattr(args, "cache", True),
        cache_dir=getattr(args, "cache_dir", None),
        jobs=getattr(args, "jobs", 1),
        max_tokens=getattr(args, "max_align_tokens", DEFAULT_MAX_TOKENS),
        executor=getattr(args, "executor", "processes"),
        scheduler=getattr(args, "scheduler", None),
    )


def aligner_from_args(args: argparse.Namespace, period: int = 0) -> Aligner | str:
    """The aligner of the run's setup (ERRANT and ChERRANT behind the alignment cache, ChERRANT
    with the tables of ``--zh-resources``; loads nothing yet); ERRANT's errors name the file and
    line, with several systems aligned in one pass (``period`` sentences each) each system's file."""
    from gecscope.align import get_aligner

    setup = setup_of(args)
    name = setup.aligner
    if name not in ("errant", "cherrant", "errant-notag"):
        return name
    settings = align_settings(args)
    if name == "cherrant" and getattr(args, "zh_resources", None):
        from gecscope.align.store import cached
        from gecscope.align.zh.cherrant import CherrantAligner

        made = CherrantAligner(args.zh_resources, max_cells=cell_limit(settings.max_tokens))
        aligner = get_aligner(cached(made, settings.cache_dir, settings.cache))
    else:
        aligner = get_aligner(name, settings)
    files = setup.files
    hyps = list(files.hypotheses)
    essays = files.source if files.format == "essays" else None  # errors name the essay's block
    aligner.origin = Origin(
        hyps[0] if len(hyps) == 1 else None, files.references, files.jsonl, files.systems, period, essays=essays
    )
    return aligner


def load_examples(args: argparse.Namespace, *, require_references: bool = True, types: bool = True) -> list[Example]:
    """The (first) system's examples (``types``: error types are read, so annotations are attached)."""
    with _stdin_kept(args):
        [systems] = _shards(args, require_references, types=types)
    return systems[0]


def _overlaps(metrics: Sequence[Any]) -> bool:
    """Whether the reference M2 is read with overlapping edits in file order (EstGEC's M2, for a
    metric that declares ``reads_overlapping_edits``); such a metric is scored alone."""
    readers = [m for m in metrics if m.reads_overlapping_edits]
    if readers and len(readers) < len(metrics):
        raise InputError(f"{readers[0].name} reads overlapping M2 edits as EstGEC writes them: score it alone")
    return bool(readers)


def _shards(
    args: argparse.Namespace,
    require_references: bool = True,
    size: int | None = None,
    overlaps: bool = False,
    *,
    types: bool = True,
) -> Iterator[Shard]:
    """The systems of the run's setup, ``size`` sentences at a time, through the front half every
    door shares (:func:`gecscope.setup.front.read_systems`)."""
    from gecscope.setup.front import read_systems

    return read_systems(
        setup_of(args),
        require_references=require_references,
        size=size,
        overlaps=overlaps,
        types=types,
        cache_dir=getattr(args, "cache_dir", None),  # the swap check's verdict, beside the alignments
        cache=getattr(args, "cache", True),
    )


def language_of(args: argparse.Namespace) -> Language:
    """The language of the run's setup."""
    return setup_of(args).language


def _many(value: str | list[str] | None) -> list[str]:
    return value if isinstance(value, list) else [] if value is None else [value]


def system_names(args: argparse.Namespace) -> list[str]:
    """Names of the systems given with ``--hyp``/``--hyp-m2`` (``--name`` or the file stems)."""
    from gecscope.systems import system_names as names_of

    setup = setup_of(args)
    files = list(setup.files.hypotheses) + list(setup.files.hyp_m2)
    if setup.files.hypotheses and setup.files.hyp_m2:
        raise InputError("give the systems either as --hyp text files or as --hyp-m2 files, not both")
    names = list(getattr(args, "name", None) or [])
    if not files:
        return names[:1] or ["example" if setup.format == "example" else "system"]
    if names and len(names) != len(files):
        raise InputError(f"--name has {len(names)} names for {len(files)} systems")
    return names_of(files, names)  # standard input is a kept file by now, named "stdin" (_stdin_kept)


@contextlib.contextmanager
def _stdin_kept(args: argparse.Namespace) -> Iterator[None]:
    """Standard input can be read once: when an input is ``-``, it is kept in a temporary file
    for the duration of the block."""
    names = ("source", "hyp", "hyp_m2", "ref_m2", "jsonl", "ref")
    uses = [name for name in names for v in _many(getattr(args, name, None)) if v == "-"]
    if len(uses) > 1:
        raise InputError("only one input can be read from standard input ('-')")
    if not uses:
        yield
        return
    import tempfile

    [name] = uses
    try:
        if sys.stdin is None:  # started with standard input closed (<&-)
            raise OSError("it is closed")
        data = sys.stdin.buffer.read()
    except OSError as exc:
        option = "--" + name.replace("_", "-")
        raise InputError(f"{option} -: cannot read standard input: {exc.strerror or exc}") from None
    with tempfile.NamedTemporaryFile(prefix=STDIN_PREFIX, delete=False) as handle:
        handle.write(data)
    value = getattr(args, name)
    kept = [handle.name if v == "-" else v for v in _many(value)]
    setattr(args, name, kept if isinstance(value, list) else kept[0])
    if name in ("hyp", "hyp_m2") and not getattr(args, "name", None):
        args.name = ["stdin" if v == handle.name else Path(v).stem for v in kept]
    import dataclasses

    setup = setup_of(args)
    field = {"hyp": "hypotheses", "ref": "references"}.get(name, name)
    given: dict[str, Any] = {field: tuple(kept) if field in ("hypotheses", "hyp_m2", "references") else kept[0]}
    args.setup = dataclasses.replace(setup, files=dataclasses.replace(setup.files, **given))
    try:
        yield
    finally:
        args.setup = setup
        Path(handle.name).unlink(missing_ok=True)


def _aligner_maker(metrics: Sequence[Any], args: argparse.Namespace, period: int = 0) -> Callable[[], Aligner]:
    """The aligner the options ask for, made when something needs aligning; with several systems
    aligned in one pass (``period`` sentences each), its errors name each system's file."""

    def make_aligner() -> Aligner:
        from gecscope.align import get_aligner
        from gecscope.extras import check_metric

        for m in metrics:
            check_metric(m, aligner=setup_of(args).aligner)
        return get_aligner(aligner_from_args(args, period))

    return make_aligner


def _references_needed(metrics: Sequence[Any]) -> bool:
    """Whether ``--ref`` is required: not for reference-free metrics only (Scribendi, LLM judges, SOME, IMPARA)."""
    return not all(m.reference_free for m in metrics)


def score_inputs(
    metrics: Sequence[Any], args: argparse.Namespace, *, keep: bool = False
) -> tuple[list[Score], dict[str, list[Example]]]:
    """Every metric on every system the options give, through :func:`gecscope.pipeline.score_shards`:
    shard by shard (``GECSCOPE_SHARD_SIZE`` sentences, default 20,000) where every metric streams,
    the aligner is pair by pair (or the input is M2) and no texts are kept (``keep``: the aligned
    examples of each system are returned too); else in one shard."""
    with _stdin_kept(args):
        names = system_names(args)
        setup = setup_of(args)
        value = os.environ.get("GECSCOPE_SHARD_SIZE", "")
        size = int(value) if value.isdigit() and int(value) > 0 else pipeline.SHARD_SIZE
        pairwise = setup.format in ("m2", "example") or aligns_pairwise(setup.aligner)
        plain = setup.language.readers is None and not setup.tokenised_here and not keep
        plain = plain and setup.format != "essays"
        types = any(m.uses_types for m in metrics)
        sharded = plain and pairwise and all(pipeline.streams(m) for m in metrics)
        kept: dict[str, list[Example]] = {}
        scores = pipeline.score_shards(
            metrics,
            names,
            _shards(args, _references_needed(metrics), size if sharded else None, _overlaps(metrics), types=types),
            make_aligner=_aligner_maker(metrics, args),
            sign=setup.fields(),
            protocol=setup.protocol_fields(),
            kept=kept if keep else None,
            lang=setup.language,
        )
    return scores, kept


def load_for_metrics(
    metrics: Sequence[Any], args: argparse.Namespace, timings: dict[str, float] | None = None, *, types: bool = False
) -> tuple[dict[str, list[Example]], pipeline.Inputs]:
    """Every system, read once; every distinct sentence pair the metrics need aligned is aligned
    once, in one pass over all systems. Returns the systems and the run's inputs, which sign
    each metric (:func:`gecscope.pipeline.prepare`). ``timings`` receives the seconds of reading and
    aligning; ``types``: error types are read (``compare --cat``, the report's heat map)."""
    import time

    timings = {} if timings is None else timings
    t0 = time.perf_counter()
    with _stdin_kept(args):
        names = system_names(args)
        [read] = _shards(args, _references_needed(metrics), overlaps=_overlaps(metrics), types=types)
    timings["read"] = time.perf_counter() - t0
    t0, c0 = time.perf_counter(), time.process_time()
    make_aligner = _aligner_maker(metrics, args, len(read[0]))
    setup = setup_of(args)
    aligned, inputs = pipeline.prepare(
        read,
        metrics,
        make_aligner=make_aligner,
        extra=setup.fields(),
        protocol=setup.protocol_fields(),
        lang=setup.language,
        types=types,
    )
    timings["align"] = time.perf_counter() - t0
    timings["align_cpu"] = time.process_time() - c0
    return dict(zip(names, aligned, strict=True)), inputs
