"""Window-analysis plot (needs the 'plot' extra: matplotlib)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gecscope.errors import MissingExtraError
from gecscope.meta.protocols.correlate import Correlation


def _figure(figsize: tuple[float, float]) -> tuple[Any, Any]:
    """A standalone figure and its axes (the 'plot' extra). The object-oriented API draws and
    saves without pyplot, so the global backend is never switched (inline plots in notebooks
    keep working)."""
    try:
        from matplotlib.figure import Figure
    except ImportError:
        raise MissingExtraError("plotting", "plot") from None
    fig = Figure(figsize=figsize)
    return fig, fig.subplots()


def plot_windows(
    windows: Mapping[str, Mapping[tuple[int, int], Correlation]],
    path: str | Path,
    *,
    title: str = "",
) -> Path:
    """One line per metric: the Pearson correlation inside each window of the human ranking."""
    fig, ax = _figure((7, 4))
    for name, by_window in windows.items():
        keys = sorted(by_window)
        ax.plot([f"{a + 1}-{b + 1}" for a, b in keys], [by_window[k].pearson for k in keys], marker="o", label=name)
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("systems (human rank window)")
    ax.set_ylabel("pearson correlation")
    ax.set_ylim(-1.05, 1.05)
    ax.set_title(title)
    ax.legend()
    return _save(fig, path)


def plot_heatmap(
    values: Sequence[Sequence[float]],
    rows: Sequence[float],
    columns: Sequence[float],
    path: str | Path,
    *,
    row_label: str = "",
    column_label: str = "",
    title: str = "",
) -> Path:
    """A parameter-grid heat map (e.g. correlation over two trade-off parameters)."""
    fig, ax = _figure((6, 5))
    image = ax.imshow(
        values, origin="lower", aspect="auto", cmap="viridis", extent=(min(columns), max(columns), min(rows), max(rows))
    )
    fig.colorbar(image, ax=ax)
    ax.set_xlabel(column_label)
    ax.set_ylabel(row_label)
    ax.set_title(title)
    return _save(fig, path)


def _save(fig: Any, path: str | Path) -> Path:
    fig.tight_layout()
    fig.savefig(Path(path), dpi=120)
    return Path(path)
