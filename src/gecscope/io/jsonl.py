"""JSONL records ``{"id", "source", "hypothesis", "references": [...]}`` (strings, space-tokenised)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io.text import numbered_lines
from gecscope.types import Example, Target


def _field(record: dict[str, object], key: str, path: str | Path, lineno: int) -> str:
    value = record.get(key)
    if not isinstance(value, str):
        raise InputError(f"field '{key}' must be a string", path, lineno)
    return value


def _target(text: str) -> Target:
    return Target(tuple(text.split()))


def iter_jsonl(path: str | Path, require_references: bool = True) -> Iterator[Example]:
    """The JSONL records, one at a time (errors name the file and the line); with
    ``require_references`` a record without references is refused."""
    n = 0
    for lineno, line in numbered_lines(path):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"invalid JSON ({exc.msg})", path, lineno) from None
        except RecursionError:
            raise InputError("invalid JSON (nested too deeply)", path, lineno) from None
        if not isinstance(record, dict):
            raise InputError("each line must be a JSON object", path, lineno)
        source = tuple(_field(record, "source", path, lineno).split())
        if not source:
            raise InputError("empty source sentence", path, lineno)
        hypothesis = _field(record, "hypothesis", path, lineno)
        refs = record.get("references", [])
        if not isinstance(refs, list) or not all(isinstance(r, str) for r in refs):
            raise InputError("field 'references' must be a list of strings", path, lineno)
        if require_references and not refs:
            raise InputError("no references: field 'references' must list at least one", path, lineno)
        yield Example(source, _target(hypothesis), tuple(map(_target, refs)), str(record.get("id", n)))
        n += 1
    if not n:
        raise InputError("no records", path)


def write_jsonl(path: str | Path, examples: Iterable[Example]) -> None:
    with Path(path).open("w", encoding="utf-8") as fh:
        for ex in examples:
            record = {
                "id": ex.id,
                "source": " ".join(ex.source),
                "hypothesis": ex.hypothesis.text,
                "references": [r.text for r in ex.references],
            }
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
