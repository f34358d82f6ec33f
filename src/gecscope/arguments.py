"""The Python API's arguments checked at the door, so that it fails like the command line: a
wrong type or shape raises a :class:`~gecscope.errors.SettingError` naming the argument and what
it should be (never an ``AttributeError`` from deep inside, never a silent score), and a file that
is missing or a directory an :class:`~gecscope.errors.InputError` naming the file and the argument.

>>> path("source", 3)
Traceback (most recent call last):
...
gecscope.errors.SettingError: source: must be a path to a file (str or pathlib.Path), not int 3
>>> paths("references", "ref.txt")
Traceback (most recent call last):
...
gecscope.errors.SettingError: references: must be a list of paths (one per annotator), not a single string 'ref.txt'
"""

from __future__ import annotations

import dataclasses
import math
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from gecscope.align.language import Language
from gecscope.align.languages import aligner_known, aligner_names
from gecscope.align.tokenizer_specs import ALIASES, TOKENIZERS
from gecscope.errors import InputError, SettingError
from gecscope.metrics import METRICS, Option
from gecscope.types import Edit, Example, Target, apply_edits

PATH = "a path to a file (str or pathlib.Path)"


def shown(value: Any) -> str:
    """A value in a message: its type, and its ``repr`` when short."""
    text = repr(value)
    kind = type(value).__name__
    return f"{kind} {text}" if len(text) <= 40 and not text.startswith("<") else kind


def refused(name: str, message: str) -> SettingError:
    """The error for argument ``name``: ``name: message``."""
    return SettingError(f"{name}: {message}", name.split("[")[0].split(".")[0])


def path(name: str, value: Any, *, optional: bool = False) -> None:
    """``value`` is a path to an existing file (``None`` when ``optional``)."""
    if value is None and optional:
        return
    if value == "-":  # standard input
        return
    if isinstance(value, bool) or not isinstance(value, (str, os.PathLike)) or isinstance(value, bytes):
        raise refused(name, f"must be {PATH}, not {shown(value)}")
    text = os.fspath(value)
    if not isinstance(text, str) or not text:
        raise refused(name, f"must be {PATH}, not {shown(value)}")
    p = Path(text)
    if p.is_dir():
        raise InputError(f"is a directory, not a file (given as {name})", p)
    if not p.exists():
        raise InputError(f"file not found (given as {name})", p)


def listing(name: str, value: Any, what: str) -> Sequence[Any]:
    """``value`` is a list (a sequence with a length, read more than once: not a generator, a
    string, bytes or a mapping); ``what`` says what its items are."""
    if isinstance(value, (str, bytes, os.PathLike)):
        single = shown(value).replace("str ", "string ", 1) if isinstance(value, str) else shown(value)
        raise refused(name, f"must be a list of {what}, not a single {single}")
    if isinstance(value, (Mapping, Iterator)) or not (hasattr(value, "__len__") and hasattr(value, "__getitem__")):
        raise refused(name, f"must be a list of {what}, not {shown(value)}")
    return value  # type: ignore[no-any-return]


def paths(name: str, value: Any) -> None:
    """``value`` is a list of paths to existing files."""
    for k, item in enumerate(listing(name, value, "paths (one per annotator)")):
        path(f"{name}[{k}]", item)


def choice(name: str, value: Any, kind: type | tuple[type, ...], what: str, *, optional: bool = False) -> None:
    """``value`` is an instance of ``kind`` (never a bool for an int), described as ``what``."""
    if value is None and optional:
        return
    if not isinstance(value, kind) or (
        isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,))
    ):
        raise refused(name, f"must be {what}, not {shown(value)}")


def strings(name: str, value: Any, *, optional: bool = False) -> None:
    """``value`` is a list of strings, one per sentence (an error names the sentence as a line)."""
    if value is None and optional:
        return
    for k, item in enumerate(listing(name, value, "strings")):
        if not isinstance(item, str):
            raise SettingError(f"must be a string, got {shown(item)}", name, path=name, line=k + 1)


def metric(name: str, value: Any) -> None:
    """``value`` is a metric name or a metric object."""
    if isinstance(value, str):
        return
    if not (hasattr(value, "analyse") and hasattr(value, "score")):
        raise refused(name, f"must be a metric name (str) or a metric (gecscope.get_metric), not {shown(value)}")


def metrics(name: str, value: Any) -> list[Any]:
    """``value`` is one metric or a non-empty list of them; the list."""
    if isinstance(value, str) or hasattr(value, "analyse"):
        return [value]
    items = list(listing(name, value, "metric names or metrics"))
    if not items:
        raise refused(name, "must name at least one metric, not an empty list")
    for k, item in enumerate(items):
        metric(f"{name}[{k}]", item)
    return items


def _tokens(name: str, value: Any) -> None:
    if not isinstance(value, tuple) or not all(isinstance(t, str) for t in value):
        raise refused(name, f"must be a tuple of str tokens, not {shown(value)}")


def _target(name: str, target: Any, source: tuple[str, ...], overlaps: bool = False) -> None:
    if not isinstance(target, Target):
        raise refused(name, f"must be a gecscope.Target, not {shown(target)}")
    _tokens(f"{name}.tokens", target.tokens)
    if target.edits is None:
        return
    if not isinstance(target.edits, tuple) or not all(isinstance(e, Edit) for e in target.edits):
        raise refused(f"{name}.edits", f"must be a tuple of gecscope.Edit or None, not {shown(target.edits)}")
    if overlaps:  # EstGEC's M2 read with overlaps=True: edits in file order, overlapping
        bad = next((e for e in target.edits if not 0 <= e.start <= e.end <= len(source)), None)
        if bad is not None:
            raise InputError(
                f"{name}.edits: edit [{bad.start}, {bad.end}) is out of range (the source has {len(source)} tokens)"
            )
        return
    try:
        rebuilt = apply_edits(source, target.edits)
    except ValueError as exc:  # overlapping, unsorted or beyond the source
        raise InputError(f"{name}.edits: {exc} (the source has {len(source)} tokens)") from None
    if rebuilt != target.tokens:
        raise InputError(
            f"{name}.edits disagree with its tokens: applied to the source they give {' '.join(rebuilt)!r}"
        )


def examples(name: str, value: Any, overlaps: bool = False) -> None:
    """``value`` is a non-empty list of :class:`gecscope.Example`, each well formed: tokens as
    tuples of strings, targets as :class:`gecscope.Target`, edits inside the source and giving
    the target's tokens (``overlaps``: reference edits may overlap, for a metric that reads them)."""
    items = listing(name, value, "gecscope.Example (from gecscope.load or gecscope.Examples)")
    if not len(items):
        raise InputError(f"{name} is empty: no sentences to score")
    for i, ex in enumerate(items):
        where = f"{name}[{i}]"
        if not isinstance(ex, Example):
            raise refused(where, f"must be a gecscope.Example, not {shown(ex)}")
        _tokens(f"{where}.source", ex.source)
        _target(f"{where}.hypothesis", ex.hypothesis, ex.source)
        if not isinstance(ex.references, tuple):
            raise refused(f"{where}.references", f"must be a tuple of gecscope.Target, not {shown(ex.references)}")
        for k, ref in enumerate(ex.references):
            _target(f"{where}.references[{k}]", ref, ex.source, overlaps)


def systems(name: str, value: Any) -> None:
    """``value`` maps system names to their examples, every system on the same sentences (same
    sources and references, in the same order) as the first."""
    if not isinstance(value, Mapping):
        raise refused(name, f"must be a mapping of system name to examples, not {shown(value)}")
    if not value:
        raise InputError(f"{name} is empty: no systems to compare")
    first_name, first = None, None
    for key, ex in value.items():
        if not isinstance(key, str):
            raise refused(name, f"keys must be system names (str), not {shown(key)}")
        examples(f"{name}[{key!r}]", ex)
        if first is None:
            first_name, first = key, ex
            continue
        if len(ex) != len(first):
            sizes = ", ".join(f"{k}: {len(v)}" for k, v in value.items())
            raise InputError(f"systems have different numbers of sentences ({sizes})", name)
        for i, (a, b) in enumerate(zip(first, ex, strict=True)):
            if a.source != b.source or [r.tokens for r in a.references] != [r.tokens for r in b.references]:
                what = "source" if a.source != b.source else "references"
                raise InputError(
                    f"{name}: sentence {i + 1} of {key!r} has another {what} than in {first_name!r}: "
                    "every system must be on the same sentences, in the same order"
                )


def flag(name: str, value: Any) -> None:
    """``value`` is True or False."""
    if not isinstance(value, bool):
        raise refused(name, f"must be True or False, not {shown(value)}")


def load_arguments(given: Mapping[str, Any]) -> None:
    """The arguments of :func:`gecscope.load` (its ``locals()``)."""
    for name in ("source", "hypothesis", "ref_m2", "hyp_m2", "jsonl", "ref_tsv", "source_conllu", "hyp_conllu"):
        path(name, given.get(name), optional=True)
    paths("references", given["references"])
    paths("ref_conllu", given.get("ref_conllu", ()))
    choice("tagger", given.get("tagger"), str, "a tagger name (str) or None", optional=True)
    flag("require_references", given["require_references"])
    flag("allow_tokenization_mismatch", given["allow_tokenization_mismatch"])
    flag("overlaps", given.get("overlaps", False))
    language("lang", given["lang"], optional=True)
    tokenizer("tokenize", given["tokenize"])


def language(name: str, value: Any, *, optional: bool = False) -> None:
    """``value`` is a language code (str, not empty) or a :class:`gecscope.align.language.Language`."""
    choice(name, value, (str, Language), "a language code (str, e.g. 'en') or a gecscope Language", optional=optional)
    if value == "":
        raise refused(name, "is empty: give a language code (e.g. 'en'; 'und': any language)")


def aligner(name: str, value: Any) -> None:
    """``value`` is None (the language's default), a known aligner's name, or an aligner object
    (with ``edits_batch``)."""
    if value is None or (not isinstance(value, (str, bytes)) and hasattr(value, "edits_batch")):
        return
    if not isinstance(value, str):
        raise refused(name, f"must be an aligner name (str), an aligner object or None, not {shown(value)}")
    if not aligner_known(value):
        known = ", ".join(dict.fromkeys(["errant", "errant-notag", "levenshtein", "cherrant", *aligner_names()]))
        raise refused(name, f"unknown aligner {value!r}; known: {known}")


def tokenizer(name: str, value: Any) -> None:
    """``value`` is None (the language's default) or a registered tokeniser's name (as ``--tokenize``)."""
    if value is None:
        return
    if not isinstance(value, str) or ALIASES.get(value, value) not in TOKENIZERS:
        raise refused(name, f"must be one of {', '.join(TOKENIZERS)} or None, not {shown(value)}")


def number(name: str, value: Any, kind: type, low: float, high: float, *, excluded: bool = False) -> None:
    """``value`` is a finite number (``kind`` int: a whole one, never a bool) from ``low`` to
    ``high`` (``excluded``: both ends excluded), as the command line's option accepts."""
    whole = kind is int
    ok = isinstance(value, int if whole else (int, float)) and not isinstance(value, bool)
    if ok and not whole:
        ok = math.isfinite(value)
    if ok:
        ok = low < value < high if excluded else low <= value <= high
    if not ok:
        what = "a whole number (int)" if whole else "a finite number"
        if excluded:
            span = f"between {low:g} and {high:g} (both excluded)"
        else:
            span = f"of at least {low:g}" if high == math.inf else f"from {low:g} to {high:g}"
        raise refused(name, f"must be {what} {span}, not {shown(value)}")


def setting(name: str, option: Option, value: Any, default: Any) -> None:
    """``value`` of a metric setting declared by ``option`` (the command line's declaration: its
    kind, choices and range); None only where the config's ``default`` is None."""
    if value is None and default is None:
        return
    if option.kind != "value":
        flag(name, value)
    elif option.choices:
        if (
            isinstance(value, bool)
            or value not in option.choices
            or type(value) not in {type(c) for c in option.choices}
        ):
            raise refused(name, f"must be one of {', '.join(map(str, option.choices))}, not {shown(value)}")
    elif option.type in (int, float):
        number(name, value, option.type, -math.inf if option.low is None else option.low,
               math.inf if option.high is None else option.high)  # fmt: skip


def metric_settings(metric: str, options: Mapping[str, Any]) -> None:
    """The settings given to registry metric ``metric``: each a field of its config (an unknown
    name is refused naming it and the metric's settings), a declared option's value as the
    command line would accept it (:func:`setting`)."""
    spec = METRICS[metric]
    fields = {f.name: f for f in dataclasses.fields(spec.config)}
    declared = {o.name: o for o in spec.options}
    for key, value in options.items():
        if key not in fields:
            known = ", ".join(sorted(declared) or ["none"])
            raise refused(key, f"is not a setting of {metric} (its settings: {known})")
        if key in declared:
            default = fields[key].default if fields[key].default is not dataclasses.MISSING else ...
            setting(key, declared[key], value, default)


def example(name: str, value: Any) -> None:
    """``value`` is one aligned :class:`gecscope.Example` (its edits extracted)."""
    if (isinstance(value, Sequence) and not isinstance(value, (str, Example))) or hasattr(value, "tokenize"):
        raise refused(name, f"must be one gecscope.Example (one sentence: examples[i]), not {shown(value)}")
    if not isinstance(value, Example):
        raise refused(name, f"must be a gecscope.Example, not {shown(value)}")
    examples(name, [value])
    if value.hypothesis.edits is None or any(r.edits is None for r in value.references):
        raise refused(name, "has no edits: align it first (gecscope.prepare, or gecscope.load of M2 files)")


def compare_arguments(given: Mapping[str, Any]) -> None:
    """The arguments of :func:`gecscope.compare` (its ``locals()``)."""
    metrics("metric", given["metric"])
    systems("systems", given["systems"])
    choice("baseline", given["baseline"], str, "a system name (str) or None", optional=True)
    for name in ("bootstrap", "trials", "seed"):
        choice(name, given[name], int, "a whole number (int)")
    for name in ("confidence", "alpha", "min_support"):
        choice(name, given[name], (int, float), "a number")
    for name in ("test", "correction", "family"):
        choice(name, given[name], str, "a name (str)")
    aligner("aligner", given["aligner"])
    language("lang", given["lang"], optional=True)
    flag("hide_baseline", given.get("hide_baseline", False))
    for name in ("bootstrap", "trials"):
        number(name, given[name], int, 1, math.inf)
    number("seed", given["seed"], int, 0, math.inf)
    number("confidence", given["confidence"], float, 0, 1, excluded=True)
    number("alpha", given["alpha"], float, 0, 1, excluded=True)
    number("min_support", given["min_support"], float, 0, math.inf)
    cat = given["cat"]
    if isinstance(cat, bool) or not isinstance(cat, int | str) or cat not in (0, 1, 2, 3, "gold"):
        raise refused("cat", f"must be 0, 1, 2, 3 or 'gold', not {shown(cat)}")


def score_files_arguments(metrics: Any, names: Any, count: Any, inputs: Mapping[str, Any]) -> None:
    """The arguments of :func:`gecscope.pipeline.score_files`."""
    for k, item in enumerate(listing("metrics", metrics, "metrics (gecscope.get_metric)")):
        if not hasattr(item, "analyse"):
            raise refused(f"metrics[{k}]", f"must be a metric (gecscope.get_metric), not {shown(item)}")
    if not len(metrics):
        raise refused("metrics", "must name at least one metric, not an empty list")
    strings("names", names)
    size("size", count)
    for name in ("source", "ref_m2", "jsonl", "ref_tsv"):
        path(name, inputs.get(name), optional=True)
    for name in ("hypotheses", "hyp_m2", "references"):
        paths(name, inputs.get(name, ()))
    for name in ("require_references",):
        if name in inputs:
            flag(name, inputs[name])


def size(name: str, value: Any) -> None:
    """``value`` is a whole number of sentences, at least 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise refused(name, f"must be a whole number of sentences (int >= 1), not {shown(value)}")


__all__ = [
    "aligner",
    "choice",
    "example",
    "examples",
    "flag",
    "listing",
    "load_arguments",
    "metric",
    "metric_settings",
    "metrics",
    "number",
    "path",
    "paths",
    "setting",
    "shown",
    "size",
    "strings",
    "systems",
    "tokenizer",
]
