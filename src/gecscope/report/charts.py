"""Charts as inline SVG strings (no plotting library, no network): the Hit/Wrong/Under/Over
bars and the systems × error types heat map of ``gecscope report``.

>>> svg = stacked_bars({"A": (0.2, 0.1, 0.7, 0.3)})
>>> svg.startswith("<svg") and "<title>A over 0.3000</title>" in svg and svg.endswith("</svg>")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

#: colours of the four CLEME2.0 indicators (TP green, FP_ne red, FN blue, FP_un magenta)
COLOURS = {"hit": "#2e9e44", "wrong": "#d62728", "under": "#1f77b4", "over": "#c02bc0"}
FONT = 'font-family="system-ui, sans-serif" font-size="12"'


def _text(x: float, y: float, s: str, anchor: str = "start", extra: str = "") -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT}{extra}>{escape(s)}</text>'


def stacked_bars(values: Mapping[str, tuple[float, float, float, float]], width: int = 900) -> str:
    """One row per system: Hit + Wrong + Under stacked to 1 (shares of the needed corrections),
    then a separate Over bar (share of the changes that were unnecessary)."""
    label_w, gap, row_h = 120, 30, 26
    main_w = int((width - label_w - gap) * 0.72)
    over_w = width - label_w - gap - main_w
    height = 40 + row_h * len(values) + 30
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="hwuo-chart" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="Hit Wrong Under Over per system">',
        _text(label_w, 16, "Hit / Wrong / Under (of TP+FP_ne+FN)"),
        _text(label_w + main_w + gap, 16, "Over (of TP+FP_ne+FP_un)"),
    ]
    for r, (name, (hit, wrong, under, over)) in enumerate(values.items()):
        y = 28 + r * row_h
        parts.append(_text(label_w - 8, y + 15, name, "end"))
        x = float(label_w)
        for key, v in (("hit", hit), ("wrong", wrong), ("under", under)):
            w = max(v, 0.0) * main_w
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row_h - 6}" fill="{COLOURS[key]}">'
                f"<title>{escape(name)} {key} {v:.4f}</title></rect>"
            )
            if w > 38:
                parts.append(_text(x + w / 2, y + 14, f"{v:.3f}", "middle", ' fill="white"'))
            x += w
        ox = label_w + main_w + gap
        parts.append(f'<rect x="{ox}" y="{y}" width="{over_w}" height="{row_h - 6}" fill="#eee"/>')
        parts.append(
            f'<rect x="{ox}" y="{y}" width="{max(over, 0.0) * over_w:.1f}" height="{row_h - 6}" '
            f'fill="{COLOURS["over"]}"><title>{escape(name)} over {over:.4f}</title></rect>'
        )
        parts.append(_text(ox + over_w - 4, y + 14, f"{over:.3f}", "end"))
    ly = height - 12
    for i, key in enumerate(("hit", "wrong", "under", "over")):
        lx = label_w + i * 110
        parts.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{COLOURS[key]}"/>')
        parts.append(_text(lx + 16, ly, key.capitalize()))
    parts.append("</svg>")
    return "".join(parts)


def _shade(value: float, rgb: tuple[int, int, int]) -> str:
    """White (0) to ``rgb`` (1)."""
    v = min(max(value, 0.0), 1.0)
    r, g, b = (round(255 + (c - 255) * v) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def heat_map(
    systems: Sequence[str],
    types: Sequence[str],
    cells: Mapping[tuple[str, str], Mapping[str, float]],
    measures: Sequence[str] = ("hit", "over"),
) -> str:
    """Systems (rows) × error types (columns). Every cell carries ``data-<measure>`` values and
    fills; the page's script switches the shown measure (the first one by default)."""
    rgb = {"hit": (46, 158, 68), "over": (192, 43, 192), "wrong": (214, 39, 40), "under": (31, 119, 180)}
    label_w, head_h, cw, ch = 120, 110, 34, 24
    width, height = label_w + cw * len(types) + 10, head_h + ch * len(systems) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="type-heatmap" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="per-type heat map">'
    ]
    for j, t in enumerate(types):
        x = label_w + j * cw + cw / 2
        parts.append(f'<text transform="translate({x + 4:.1f},{head_h - 6}) rotate(-55)" {FONT}>{escape(t)}</text>')
    for i, name in enumerate(systems):
        y = head_h + i * ch
        parts.append(_text(label_w - 8, y + 16, name, "end"))
        for j, t in enumerate(types):
            row = cells.get((name, t))
            x = label_w + j * cw
            if row is None:
                parts.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="#f4f4f4"/>')
                continue
            data = " ".join(
                f'data-{m}="{row.get(m, 0.0):.4f}" data-fill-{m}="{_shade(row.get(m, 0.0), rgb[m])}"' for m in measures
            )
            counts = ", ".join(f"{k} {row[k]:.4g}" for k in ("tp", "fp_ne", "fp_un", "fn") if k in row)
            first = measures[0]
            parts.append(
                f'<rect class="cell" x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" '
                f'fill="{_shade(row.get(first, 0.0), rgb[first])}" {data}>'
                f"<title>{escape(name)} · {escape(t)}: {counts}</title></rect>"
            )
            parts.append(
                f'<text class="cell-label" x="{x + (cw - 2) / 2:.1f}" y="{y + 15}" text-anchor="middle" '
                f'font-family="system-ui, sans-serif" font-size="9">{row.get(first, 0.0) * 100:.0f}</text>'
            )
    parts.append("</svg>")
    return "".join(parts)
