"""Write (or with --check, verify) the generated header of every metric page docs/metrics/NAME.md
from the metric's registry entry: summary, names, official tool, settings and BibTeX.

Usage: python scripts/metric_docs.py [--check]
"""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

from gecscope.metrics import METRICS
from gecscope.metrics.base import official_convention

DOCS = Path(__file__).resolve().parent.parent / "docs" / "metrics"
START, END = (
    "<!-- registry: generated from gecscope.metrics.METRICS; edit the entry, not this -->",
    "<!-- /registry -->",
)


def header(name: str) -> str:
    spec = METRICS[name]
    defaults = {f.name: f.default for f in dataclasses.fields(spec.config)}
    defaults["missing_annotators"] = official_convention(spec.metric)
    names = ", ".join(f"`{n}`" for n in (name, *spec.aliases))
    lines = [START, f"> {spec.summary}.", ">", f"> Names (any case): {names}. Official tool: {spec.tool or 'none'}."]
    if spec.options:
        lines += [">", "> | option | default | meaning |", "> |---|---|---|"]
        for o in spec.options:
            default = "" if o.kind != "value" else f"`{defaults[o.name]}`"
            choices = f" ({', '.join(map(str, o.choices))})" if o.choices else ""
            where = f"; {o.range}" if o.range else ""
            lines.append(f"> | `{o.flag}` | {default} | {o.help}{choices}{where} |")
    if spec.citation:
        lines += ["", "```bibtex", spec.citation, "```"]
    return "\n".join([*lines, END])


def updated(text: str, name: str) -> str:
    if START in text:
        before, rest = text.split(START, 1)
        return before + header(name) + rest.split(END, 1)[1]
    title, _, body = text.partition("\n")
    return f"{title}\n\n{header(name)}\n{body}"


def main(check: bool) -> int:
    stale = []
    for name in METRICS:
        page = DOCS / f"{name}.md"
        if not page.exists():
            continue
        text = page.read_text(encoding="utf-8")
        new = updated(text, name)
        if new != text:
            stale.append(str(page))
            if not check:
                page.write_text(new, encoding="utf-8")
    if check and stale:
        print("stale generated headers (run python scripts/metric_docs.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
