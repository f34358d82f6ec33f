"""The reference-less rows of ``meta table1 --reference-free`` (GJG15 / CoNLL-2014, 13 systems):
Scribendi, the LLM judges, SOME and IMPARA, each named with the model it ran; a row whose model
is not given (no checkpoints, no LLM) or not installed says what it needs instead of a number.
The paper's Table 1 has no reference-less rows (its Table 2, SEEDA, has)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gecscope.api import get_metric
from gecscope.errors import InputError, MissingExtraError, SettingError
from gecscope.extras import check_metric
from gecscope.meta.protocols.correlate import Correlation
from gecscope.meta.protocols.gjg15 import Table1Row
from gecscope.meta.reports.presets import REFERENCE_FREE
from gecscope.meta.reports.report import meta_run
from gecscope.metrics import METRICS


def model_named(metric: Any) -> str:
    """The model a reference-free metric runs: its LM, its LLM or its checkpoint folders."""
    config = metric.config
    if hasattr(config, "perplexity"):
        return str(config.perplexity.model)
    if hasattr(config, "llm"):
        return str(config.llm.model) if config.llm is not None else ""
    return ", ".join(Path(getattr(config, k)).name for k in metric.checkpoints if getattr(config, k))


def check_reference_free(given: list[str], asked: bool) -> None:
    """Settings of the reference-less rows (``given``: their options) need those rows: one line, never a
    Table 1 that silently leaves them out."""
    if given and not asked:
        raise InputError(f"{', '.join(given)}: needs --reference-free (a setting of the reference-less rows only)")


def reference_free_rows(
    data: str | Path, options: dict[str, dict[str, Any]] | None = None
) -> tuple[list[Table1Row], dict[str, str]]:
    """The rows that ran, and ``{row: what it needs}`` for those that could not."""
    rows, missing = [], {}
    for name in REFERENCE_FREE:
        metric = get_metric(name, **(options or {}).get(name, {}))
        model = model_named(metric)
        label = METRICS[name].layout.title + (f" [{model}]" if model else "")
        try:
            check_metric(metric)
        except SettingError:
            missing[label] = "needs weights" if metric.checkpoints else "needs an LLM (--llm-model)"
            continue
        except MissingExtraError as exc:
            missing[label] = str(exc)
            continue
        entry = meta_run(data, "gjg15", [name], "base", "gec-metrics", options=options)["metrics"][name]
        scores = entry["system_scores"]
        ew, ts = (Correlation(**entry["system"][h], systems=len(scores)) for h in ("ew", "ts"))
        rows.append(Table1Row(label, ew, ts, scores))
    return rows, missing


def render_reference_free(rows: list[Table1Row], missing: dict[str, str]) -> str:
    """The reference-less rows under Table 1 (the paper has none to show beside them)."""
    out = ["", "", "reference-less (model in brackets; the paper's Table 1 has no such rows)"]
    out += [f"{r.name:<30}" + "".join(f"{v:>16.3f}" for v in r.values()) for r in rows]
    out += [f"{name:<30}{need}" for name, need in missing.items()]
    return "\n".join(out)
