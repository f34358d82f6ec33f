"""``gecscope download``: fetch the public meta-evaluation data from its original homes and
derive the files gecscope reads (layout of ``shared/data``).

Downloaded: SEEDA (tmu-nlp/SEEDA: outputs, judgments, human scores), GJG15 judgments
(grammatical/evaluation), the ERRANT-annotated CoNLL-2014 references and system M2s used by the
official CLEME code (THUKElab/CLEME demo data) and the original CoNLL-2014 gold (pygongnlp/PT-M2).
Derived: sources and REF0/REF1 (from the references M2, insertions at one offset applied in
file order), system outputs as text (from the system M2s), SEEDA's subset references and line
ids, and GJG15's human scores (Table 3 of Grundkiewicz et al., 2015).
"""

from __future__ import annotations

import urllib.request
from collections.abc import Callable
from pathlib import Path

from gecscope.errors import InputError
from gecscope.io import read_lines, read_m2
from gecscope.meta.datasets import SEEDA_SYSTEMS

DEFAULT_BASE = "https://raw.githubusercontent.com/"
CLEME_DEMO = ("AMU", "CAMB", "IITB", "NTHU", "PKU", "POST", "UFC", "UMC")  # systems the CLEME demo ships

#: destination (under the data directory) -> path under the base URL
MANIFEST: dict[str, str] = {
    "gjg15/judgments.xml": "grammatical/evaluation/HEAD/data/judgments.xml",
    "conll14/references.m2": "THUKElab/CLEME/HEAD/demo/examples/conll14.errant",
    "conll14/official-2014.combined.m2": "pygongnlp/PT-M2/HEAD/data/reference.m2",
    **{f"conll14/systems_m2/{s}.m2": f"THUKElab/CLEME/HEAD/demo/examples/conll14-{s}.errant" for s in CLEME_DEMO},
    **{
        f"seeda/outputs/{part}/{s}.txt": f"tmu-nlp/SEEDA/HEAD/outputs/{part}/{s}.txt"
        for part in ("all", "subset")
        for s in SEEDA_SYSTEMS
    },
    **{f"seeda/data/judgments_{g}.xml": f"tmu-nlp/SEEDA/HEAD/data/all/judgments_{g}.xml" for g in ("edit", "sent")},
    **{
        f"seeda/scores/human/{k}_{g}.txt": f"tmu-nlp/SEEDA/HEAD/scores/human/{k}_{g}.txt"
        for k in ("EW", "TS")
        for g in ("edit", "sent")
    },
}

#: GJG15 Table 3: Expected Wins and TrueSkill
GJG15_HUMAN = {
    "AMU": (0.628, 0.273),
    "RAC": (0.566, 0.114),
    "CAMB": (0.561, 0.182),
    "CUUI": (0.550, 0.105),
    "POST": (0.539, 0.080),
    "UFC": (0.513, -0.041),
    "PKU": (0.506, -0.001),
    "UMC": (0.495, -0.022),
    "IITB": (0.485, -0.055),
    "SJTU": (0.463, -0.074),
    "INPUT": (0.456, -0.062),
    "NTHU": (0.437, -0.142),
    "IPN": (0.300, -0.358),
}

Fetch = Callable[[str], bytes]


def http_fetch(url: str, timeout: float = 60.0) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            data: bytes = response.read()
            return data
    except OSError as exc:
        raise InputError(f"download failed ({exc})", url) from None


def write_lines(path: Path, lines: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def derive(data: Path) -> list[str]:
    """Build the derived files from the downloaded ones; returns their relative paths."""
    made = []
    conll = data / "conll14"
    blocks = read_m2(conll / "references.m2")
    write_lines(conll / "sources.txt", [" ".join(b.source) for b in blocks])
    for k in range(len(blocks[0].targets)):
        write_lines(conll / f"REF{k}.txt", [b.targets[k].text for b in blocks])
        made.append(f"conll14/REF{k}.txt")
    for m2 in sorted((conll / "systems_m2").glob("*.m2")):
        write_lines(conll / "systems" / f"{m2.stem}.txt", [b.targets[0].text for b in read_m2(m2)])
        made.append(f"conll14/systems/{m2.stem}.txt")
    write_lines(conll / "systems" / "INPUT.txt", [" ".join(b.source) for b in blocks])
    (data / "gjg15").mkdir(parents=True, exist_ok=True)
    rows = ["system\tew\tts"] + [f"{s}\t{ew:.3f}\t{ts:.3f}" for s, (ew, ts) in GJG15_HUMAN.items()]
    write_lines(data / "gjg15" / "human_scores.tsv", rows)
    sub = data / "seeda" / "outputs" / "subset"
    full_input = read_lines(data / "seeda" / "outputs" / "all" / "INPUT.txt")
    line_ids = subset_line_ids(full_input, read_lines(sub / "INPUT.txt"))
    write_lines(sub / "line_ids.txt", [str(i) for i in line_ids])
    for k in range(len(blocks[0].targets)):
        refs = read_lines(conll / f"REF{k}.txt")
        write_lines(sub / f"REF{k}.txt", [refs[i] for i in line_ids])
    made += [
        "conll14/sources.txt",
        "conll14/systems/INPUT.txt",
        "gjg15/human_scores.tsv",
        "seeda/outputs/subset/line_ids.txt",
        "seeda/outputs/subset/REF0.txt",
        "seeda/outputs/subset/REF1.txt",
    ]
    return made


def subset_line_ids(full: list[str], subset: list[str]) -> list[int]:
    """Position of each subset line in the full file (in order; repeated lines matched forward)."""
    positions: dict[str, list[int]] = {}
    for i, line in enumerate(full):
        positions.setdefault(line.strip(), []).append(i)
    out, last = [], -1
    for line in subset:
        candidates = [i for i in positions.get(line.strip(), []) if i > last]
        if not candidates:
            raise InputError(f"subset line not found in the full set: {line[:60]!r}")
        last = candidates[0]
        out.append(last)
    return out


def download(data: str | Path, base_url: str = DEFAULT_BASE, fetch: Fetch = http_fetch) -> dict[str, list[str]]:
    """Download every manifest file under ``data`` (skipping those present) and derive the rest."""
    data = Path(data)
    fetched = []
    for dest, remote in MANIFEST.items():
        target = data / dest
        if target.exists():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(fetch(base_url.rstrip("/") + "/" + remote))
        fetched.append(dest)
    return {"downloaded": fetched, "derived": derive(data)}
