"""Readers and writers: M2, parallel text, JSONL. Everything returns :class:`Example` lists."""

from gecscope.io.jsonl import write_jsonl
from gecscope.io.m2 import M2Block, read_m2, write_m2
from gecscope.io.parallel import examples_from_m2, read_lines

__all__ = [
    "M2Block",
    "examples_from_m2",
    "read_lines",
    "read_m2",
    "write_jsonl",
    "write_m2",
]
