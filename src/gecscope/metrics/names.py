"""Metric names: one registry name per metric (``cleme2``), the papers' names accepted as
aliases (``CLEME2.0``), any case, and a "did you mean" for near misses.

The lookup is one function over an alias table: the metrics' aliases declared on their registry
entries (:func:`gecscope.metrics.aliases`), or meta-evaluation's preset names.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gecscope.errors import SettingError


def metric_name(name: str, names: Iterable[str], aliases: Mapping[str, str]) -> str:
    """The registry name (one of ``names``) that ``name`` means: itself, in any case, or an alias.

    >>> metric_name("CLEME2.0", ["cleme2", "errant"], {"cleme2.0": "cleme2"})
    'cleme2'
    >>> metric_name("ERANT", ["cleme2", "errant"], {})
    Traceback (most recent call last):
    gecscope.errors.SettingError: unknown metric 'ERANT' (did you mean 'errant'?)
    """
    known = {n.lower(): n for n in names}
    table = {a: known[target.lower()] for a, target in aliases.items() if target.lower() in known} | known
    key = " ".join(name.split()).lower()
    if key in table:
        return table[key]
    import difflib  # only for a misspelt name

    close = difflib.get_close_matches(key, table, n=1, cutoff=0.6)
    if close:
        raise SettingError(f"unknown metric {name!r} (did you mean {table[close[0]]!r}?)", "metric")
    raise SettingError(f"unknown metric {name!r}; available: {', '.join(known.values())}", "metric")
