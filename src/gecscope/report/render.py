"""Text and JSON rendering of scores."""

from __future__ import annotations

import json
from collections.abc import Sequence

from gecscope.result import Score

TITLES = {"cleme": "CLEME", "cleme2": "CLEME2.0", "green": "GREEN", "gleu": "GLEU", "errant": "ERRANT", "m2": "M2"}


def _num(v: float) -> str:
    return f"{v:.0f}" if float(v).is_integer() else f"{v:.2f}"


def render_table(score: Score, label: str = "") -> str:
    """A short human-readable block; the last line is always the signature."""
    d = score.details
    title = TITLES.get(score.metric, score.metric)
    level = "Sent" if "|level:sentence|" in score.signature else ""
    lines = [f"{label + ': ' if label else ''}{level}{title} = {score.value:.4f}"]
    if score.metric == "cleme2":
        lines.append("  " + "  ".join(f"{k} {d[k]:.4f}" for k in ("hit", "wrong", "under", "over")))
        lines.append(
            f"  TP {_num(d['tp'])}  FP {_num(d['fp'])} (FP_ne {_num(d['fp_ne'])}, FP_un {_num(d['fp_un'])})"
            f"  FN {_num(d['fn'])}  TN {_num(d['tn'])}"
        )
    elif score.metric == "cleme":
        lines.append("  " + "  ".join(f"{k.upper()} {d[k]:.4f}" for k in ("p", "r", "f", "acc")))
        lines.append(f"  TP {_num(d['tp'])}  FP {_num(d['fp'])}  FN {_num(d['fn'])}  TN {_num(d['tn'])}")
    elif score.metric == "green":
        lines.append(f"  P {d['p']:.4f}  R {d['r']:.4f}  corpus F {d['corpus_f']:.4f}")
        lines.append(f"  sentence-mean F {d['sentence_mean_f']:.4f}")
        lines.append(
            "  TP/FP/FN per n: "
            + "  ".join(f"{a:.0f}/{b:.0f}/{c:.0f}" for a, b, c in zip(d["tp"], d["fp"], d["fn"], strict=True))
        )
    else:
        lines.append("  " + "  ".join(f"{k} {v:.4f}" for k, v in d.items() if isinstance(v, float)))
    lines.append(f"  signature: {score.signature}")
    return "\n".join(lines)


def render_json(scores: Sequence[tuple[str, Score]], *, with_sentences: bool = False) -> str:
    """One object for one score; ``{label: object}`` for several."""
    if len(scores) == 1:
        return json.dumps(scores[0][1].as_dict(with_sentences=with_sentences), indent=2)
    return json.dumps({lab: s.as_dict(with_sentences=with_sentences) for lab, s in scores}, indent=2)
