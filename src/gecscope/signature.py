"""sacreBLEU-style reproducibility signatures: ``metric|key:value|...|version:X``."""

from __future__ import annotations

from collections.abc import Mapping

from gecscope.version import __version__


def make_signature(metric: str, fields: Mapping[str, str]) -> str:
    return "|".join([metric, *(f"{k}:{v}" for k, v in fields.items()), f"version:{__version__}"])


def extend_signature(signature: str, fields: Mapping[str, str]) -> str:
    """Insert input-side fields (tokenisation, edit source) before the version field."""
    head, _, version = signature.rpartition("|")
    return "|".join([head, *(f"{k}:{v}" for k, v in fields.items()), version])


def number(value: float) -> str:
    """A setting's number as signed: exactly, as the shortest text that reads back as the same
    float (``repr``), with the ordinary short form kept where it is exact (``1``, not ``1.0``).

    >>> number(0.5), number(1.0), number(0.4500004), number(1e-7)
    ('0.5', '1', '0.4500004', '1e-07')
    """
    short = f"{value:g}"
    return short if float(short) == value else repr(float(value)).removesuffix(".0")
