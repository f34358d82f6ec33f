"""Readers and writers: M2, parallel text, JSONL. Everything returns :class:`Example` lists."""

from gecscope.io.jsonl import read_jsonl, write_jsonl
from gecscope.io.m2 import M2Block, read_m2, write_m2
from gecscope.io.parallel import (
    examples_from_m2,
    examples_from_text,
    read_lines,
)

__all__ = [
    "M2Block",
    "examples_from_m2",
    "examples_from_text",
    "read_jsonl",
    "read_lines",
    "read_m2",
    "write_jsonl",
    "write_m2",
]
