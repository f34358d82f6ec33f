"""Window-analysis plot (needs the 'plot' extra: matplotlib)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from gecscope.errors import MissingExtraError
from gecscope.meta.correlate import Correlation


def plot_windows(
    windows: Mapping[str, Mapping[tuple[int, int], Correlation]],
    path: str | Path,
    *,
    kind: str = "pearson",
    title: str = "",
) -> Path:
    """One line per metric: the correlation inside each window of the human ranking."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise MissingExtraError("plotting", "plot") from None
    fig, ax = plt.subplots(figsize=(7, 4))
    for name, by_window in windows.items():
        keys = sorted(by_window)
        ax.plot(
            [f"{a + 1}-{b + 1}" for a, b in keys], [getattr(by_window[k], kind) for k in keys], marker="o", label=name
        )
    ax.axhline(0.0, color="grey", linewidth=0.8)
    ax.set_xlabel("systems (human rank window)")
    ax.set_ylabel(f"{kind} correlation")
    ax.set_ylim(-1.05, 1.05)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out
