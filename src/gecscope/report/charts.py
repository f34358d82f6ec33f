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


Interval = tuple[float, float]


def _svg(chart_id: str, width: float, height: float, label: str) -> str:
    """The opening tag of a chart."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" id="{chart_id}" width="{width}" '
        f'height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">'
    )


def _whisker(x0: float, x1: float, y: float, h: float) -> str:
    """A confidence interval drawn as a horizontal line with end ticks, centred on the bar."""
    mid = y + h / 2
    return (
        f'<g class="ci" stroke="#111" stroke-width="1.5"><line x1="{x0:.1f}" y1="{mid:.1f}" x2="{x1:.1f}" '
        f'y2="{mid:.1f}"/><line x1="{x0:.1f}" y1="{mid - 5:.1f}" x2="{x0:.1f}" y2="{mid + 5:.1f}"/>'
        f'<line x1="{x1:.1f}" y1="{mid - 5:.1f}" x2="{x1:.1f}" y2="{mid + 5:.1f}"/></g>'
    )


def stacked_bars(
    values: Mapping[str, tuple[float, float, float, float]],
    width: int = 900,
    intervals: Mapping[tuple[str, str], Interval] | None = None,
) -> str:
    """One row per system: Hit + Wrong + Under stacked to 1 (shares of the needed corrections),
    then a separate Over bar (share of the changes that were unnecessary). ``intervals``
    (``(system, aspect) -> (low, high)``) adds whiskers: Hit's at the end of the Hit segment,
    Under's at the start of the Under segment (it ends at 1), Over's on the Over bar; every
    interval is in the segment's tooltip."""
    intervals = intervals or {}
    label_w, gap, row_h = 120, 30, 26
    main_w = int((width - label_w - gap) * 0.72)
    over_w = width - label_w - gap - main_w
    height = 40 + row_h * len(values) + 30
    parts = [
        _svg("hwuo-chart", width, height, "Hit Wrong Under Over per system"),
        _text(label_w, 16, "Hit / Wrong / Under (of TP+FP_ne+FN)"),
        _text(label_w + main_w + gap, 16, "Over (of TP+FP_ne+FP_un)"),
    ]
    for r, (name, (hit, wrong, under, over)) in enumerate(values.items()):
        y = 28 + r * row_h
        parts.append(_text(label_w - 8, y + 15, name, "end"))
        x = float(label_w)

        def tip(key: str, v: float, name: str = name) -> str:
            ci = intervals.get((name, key))
            return f"{escape(name)} {key} {v:.4f}" + (f" [{ci[0]:.4f}, {ci[1]:.4f}]" if ci else "")

        for key, v in (("hit", hit), ("wrong", wrong), ("under", under)):
            w = max(v, 0.0) * main_w
            parts.append(
                f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{row_h - 6}" fill="{COLOURS[key]}">'
                f"<title>{tip(key, v)}</title></rect>"
            )
            if w > 38:
                parts.append(_text(x + w / 2, y + 14, f"{v:.3f}", "middle", ' fill="white"'))
            x += w
        if hit_ci := intervals.get((name, "hit")):
            parts.append(_whisker(label_w + hit_ci[0] * main_w, label_w + hit_ci[1] * main_w, y, row_h - 6))
        if under_ci := intervals.get((name, "under")):
            parts.append(
                _whisker(label_w + (1 - under_ci[1]) * main_w, label_w + (1 - under_ci[0]) * main_w, y, row_h - 6)
            )
        ox = label_w + main_w + gap
        parts.append(f'<rect x="{ox}" y="{y}" width="{over_w}" height="{row_h - 6}" fill="#eee"/>')
        parts.append(
            f'<rect x="{ox}" y="{y}" width="{max(over, 0.0) * over_w:.1f}" height="{row_h - 6}" '
            f'fill="{COLOURS["over"]}"><title>{tip("over", over)}</title></rect>'
        )
        if over_ci := intervals.get((name, "over")):
            parts.append(_whisker(ox + over_ci[0] * over_w, ox + over_ci[1] * over_w, y, row_h - 6))
        parts.append(_text(ox + over_w - 4, y + 14, f"{over:.3f}", "end"))
    ly = height - 12
    for i, key in enumerate(("hit", "wrong", "under", "over")):
        lx = label_w + i * 110
        parts.append(f'<rect x="{lx}" y="{ly - 10}" width="12" height="12" fill="{COLOURS[key]}"/>')
        parts.append(_text(lx + 16, ly, key.capitalize()))
    parts.append("</svg>")
    return "".join(parts)


#: the fill of an empty cell (a rate without a denominator: no proposal, no gold edit)
EMPTY = "#f4f4f4"


def _shade(value: float | None, rgb: tuple[int, int, int]) -> str:
    """White (0) to ``rgb`` (1); :data:`EMPTY` for None (no value)."""
    if value is None:
        return EMPTY
    v = min(max(value, 0.0), 1.0)
    r, g, b = (round(255 + (c - 255) * v) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


def _rate(value: float | None, digits: int) -> str:
    """A cell's value, ``-`` when it has none (e.g. a gold type's Over)."""
    return "-" if value is None else f"{value:.{digits}f}"


def support_of(row: Mapping[str, float]) -> float:
    """The chunks counted for a type: TP + FP_ne + FP_un + FN."""
    return float(sum(row.get(k) or 0.0 for k in ("tp", "fp_ne", "fp_un", "fn")))


def heat_map(
    systems: Sequence[str],
    types: Sequence[str],
    cells: Mapping[tuple[str, str], Mapping[str, float]],
    measures: Sequence[str] = ("hit", "over"),
    marks: Mapping[tuple[str, str, str], str] | None = None,
    baseline: str | None = None,
    chart_id: str = "type-heatmap",
) -> str:
    """Systems (rows) × error types (columns), values 0-1 as in the tables. Every cell carries
    ``data-<measure>`` values, fills and marks; the page's script switches the shown measure
    (the first one by default). Column headings carry the type's chunks summed over the systems;
    ``marks[(system, type, measure)]`` (``▲``/``▼``: significantly higher/lower than ``baseline``,
    whose row is labelled as such) is appended to the cell's value."""
    marks = marks or {}
    rgb = {"hit": (46, 158, 68), "over": (192, 43, 192), "wrong": (214, 39, 40), "under": (31, 119, 180)}
    cw, ch = 40, 24
    label_w = max(150, round(16 + 6.6 * max((len(n) + 11 for n in systems), default=0)))  # " (baseline)"
    # rotated headings reach up to ~head_h to the right of their column: pad so none is clipped
    # (a long gold type, EstGEC's R:WS:NOM:FORM:SPELL, needs more than the classifier's)
    longest = max((len(f"{t} (n=00000)") for t in types), default=0)
    head_h = max(130, round(20 + 4.8 * longest))
    width, height = label_w + cw * len(types) + head_h, head_h + ch * len(systems) + 10
    parts = [_svg(chart_id, width, height, "per-type heat map")]
    for j, t in enumerate(types):
        x = label_w + j * cw + cw / 2
        n = sum(support_of(cells[(name, t)]) for name in systems if (name, t) in cells)
        parts.append(
            f'<text class="type-label" transform="translate({x + 4:.1f},{head_h - 6}) rotate(-55)" {FONT}>'
            f"{escape(t)} (n={n:.0f})<title>{escape(t)}: {n:.1f} chunks over all systems</title></text>"
        )
    for i, name in enumerate(systems):
        y = head_h + i * ch
        parts.append(_text(label_w - 8, y + 16, name + (" (baseline)" if name == baseline else ""), "end"))
        for j, t in enumerate(types):
            row = cells.get((name, t))
            x = label_w + j * cw
            if row is None:
                parts.append(f'<rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="#f4f4f4"/>')
                continue
            data = " ".join(
                f'data-{m}="{_rate(row.get(m, 0.0), 4)}" data-fill-{m}="{_shade(row.get(m, 0.0), rgb[m])}" '
                f'data-mark-{m}="{marks.get((name, t, m), "")}"'
                for m in measures
            )
            counts = ", ".join(f"{k} {row[k]:.4g}" for k in ("tp", "fp_ne", "fp_un", "fn") if row.get(k) is not None)
            sig = "; ".join(
                f"{m} {'higher' if marks[(name, t, m)] == '▲' else 'lower'} than {baseline} (adjusted p < alpha)"
                for m in measures
                if (name, t, m) in marks
            )
            first = measures[0]
            parts.append(
                f'<rect class="cell" x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" '
                f'fill="{_shade(row.get(first, 0.0), rgb[first])}" {data}>'
                f"<title>{escape(name)} · {escape(t)}: {counts} (n={support_of(row):.4g})"
                f"{'; ' + escape(sig) if sig else ''}</title></rect>"
            )
            parts.append(
                f'<text class="cell-label" x="{x + (cw - 2) / 2:.1f}" y="{y + 15}" text-anchor="middle" '
                f'font-family="system-ui, sans-serif" font-size="9">{_rate(row.get(first, 0.0), 2)}'
                f"{marks.get((name, t, first), '')}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)


def versus_matrix(systems: Sequence[str], values: Mapping[str, float], label: str = "CLEME2.0") -> str:
    """Systems × systems: the row system's score minus the column system's (green: row better)."""
    label_w, head_h, cw, ch = 150, 120, 58, 24
    width, height = label_w + cw * len(systems) + head_h, head_h + ch * len(systems) + 10
    scale = max((abs(values[a] - values[b]) for a in systems for b in systems), default=0.0) or 1.0
    parts = [_svg("versus-matrix", width, height, "system versus system")]
    for j, t in enumerate(systems):
        x = label_w + j * cw + cw / 2
        parts.append(f'<text transform="translate({x + 4:.1f},{head_h - 6}) rotate(-55)" {FONT}>{escape(t)}</text>')
    for i, a in enumerate(systems):
        y = head_h + i * ch
        parts.append(_text(label_w - 8, y + 16, a, "end"))
        for j, b in enumerate(systems):
            x = label_w + j * cw
            d = values[a] - values[b]
            fill = _shade(abs(d) / scale, (46, 158, 68) if d >= 0 else (214, 39, 40)) if a != b else "#f4f4f4"
            parts.append(
                f'<rect class="vs" x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="{fill}">'
                f"<title>{escape(a)} − {escape(b)}: {label} {d:+.4f}</title></rect>"
            )
            if a != b:
                parts.append(
                    f'<text x="{x + (cw - 2) / 2:.1f}" y="{y + 15}" text-anchor="middle" '
                    f'font-family="system-ui, sans-serif" font-size="9">{d:+.3f}</text>'
                )
    parts.append("</svg>")
    return "".join(parts)
