"""Resampling from cached statistics, shared by ``compare`` and ``meta``.

:func:`stat_table` reads a metric's analysis into a compact table; a table scores many
resampled corpora at once, exactly as the metric would score each of them.
"""

from gecscope.resample.adapters import stat_table
from gecscope.resample.tables import GreedyTable, MeanTable, ReplayTable, SumTable, Table

__all__ = ["GreedyTable", "MeanTable", "ReplayTable", "SumTable", "Table", "stat_table"]
