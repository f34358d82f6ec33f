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
