"""chars.py drop|keep IN OUT: each line as its characters separated by spaces (drop: white space
left out; keep: runs of white space as one U+2581 between words)."""

import sys
from pathlib import Path

mode, src, dst = sys.argv[1:4]
lines = Path(src).read_text(encoding="utf-8").splitlines()
with open(dst, "w", encoding="utf-8") as out:
    for line in lines:
        words = line.split()
        text = "".join(words) if mode == "drop" else "\u2581".join(words)
        out.write(" ".join(text) + "\n")
