"""python record.py OUT_DIR > conll14.json: the script's printed means (``SYSTEM.txt 0.843575``),
from ``OUT_DIR/{drop,keep}/SYSTEM.gleu``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

scores = {}
for path in sorted(Path(sys.argv[1]).glob("*/*.gleu")):
    words = path.read_text(encoding="utf-8").split()
    if len(words) == 2:
        scores[f"{path.parent.name}/{path.stem}"] = words[1]
out = {
    "tool": "cnap/gec-ranking 50b5032a4ef2444b9381fb47a55b3bac0654a6d7 scripts/compute_gleu, Python 2.7.18",
    "command": "python chars.py MODE X.txt MODE/X.txt (sources, REF0, REF1, SYSTEM); cd MODE && "
    "python2.7 compute_gleu -s sources.txt -r REF0.txt REF1.txt -o SYSTEM.txt -n 5 (computes n = 4: see README.md)",
    "scores": scores,
}
print(json.dumps(out, indent=1))
