"""Turn the I-measure scorer's ``-per-sent`` outputs into one golden JSON file.

python record.py NAME COMMAND GOLD LINES OUT1 [OUT2 ...] > NAME.json
(each OUT is ``<system>.out``: ieval.py's standard output; LINES: a JSON list of the CoNLL-14
line indices the gold holds, or ``all``)."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path


def parse(text: str) -> dict[str, object]:
    sentences: dict[int, list[int]] = {}
    overall: dict[str, list[str]] = {}
    for line in text.splitlines():
        p = line.split()
        if len(p) >= 15 and p[0].isdigit() and p[1] in ("Det", "Cor"):
            sentences.setdefault(int(p[0]), []).extend(int(x) for x in p[2:7])
        elif len(p) >= 14 and p[0] in ("Detection", "Correction"):
            overall[p[0].lower()] = p[1:]
    columns = ("tp", "tn", "fp", "fn", "fpn", "p", "r", "f", "acc", "acc_b", "wacc", "wacc_b", "i")

    def row(values: list[str]) -> dict[str, float]:
        return {c: int(x) if k < 5 else float(x) for k, (c, x) in enumerate(zip(columns, values, strict=False))}

    return {
        "overall": {a: row(v) for a, v in overall.items()},
        "sentences": [sentences[k] for k in sorted(sentences)],
    }


def main() -> None:
    name, command, gold, lines, *outs = sys.argv[1:]
    digest = hashlib.sha256(Path(gold).read_bytes()).hexdigest()
    out = {
        "name": name,
        "tool": "mfelice/imeasure fc79fdfd36d338299274b8a357c3cd09cc19d8a5 (Python 2.7.18, numpy 1.16.6, nltk 3.4.5)",
        "command": command,
        "gold_sha256": digest,
        "lines": "all" if lines == "all" else json.loads(Path(lines).read_text()),
        "sentence_counts": "per sentence: detection tp tn fp fn fpn, correction tp tn fp fn fpn",
        "systems": {Path(o).name.split(".")[0]: parse(Path(o).read_text()) for o in outs},
    }
    json.dump(out, sys.stdout, separators=(",", ":"))


if __name__ == "__main__":
    main()
