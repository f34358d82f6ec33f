"""Build the IndicGEC-2025 oracle cases (synthetic text in the five scripts; no task data) and
run the official ``score.py`` on each with Python 3.8 and 3.13 (see README.md).

    python tests/golden/indicgec/make_cases.py SCORE_PY

writes ``<case>/input/ref/test_gold.csv``, ``<case>/input/res/predictions.csv``,
``<case>/scores.txt`` and ``cases.json`` (every case's official text and JSON per Python).
"""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
import tempfile
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
PYTHONS = {"3.8": "~/.pyenv/versions/3.8.18/bin/python", "3.13": "~/.pyenv/versions/3.13.0/bin/python"}
#: code -> (consonant block start, end, vowel signs start, end, virama, anusvara, full stop)
SCRIPTS: dict[str, tuple[int, int, int, int, int, int, str]] = {
    "hi": (0x0915, 0x0939, 0x093E, 0x094C, 0x094D, 0x0902, "\u0964"),
    "bn": (0x0995, 0x09B9, 0x09BE, 0x09CC, 0x09CD, 0x0982, "\u0964"),
    "ml": (0x0D15, 0x0D39, 0x0D3E, 0x0D4C, 0x0D4D, 0x0D02, "."),
    "ta": (0x0B95, 0x0BB9, 0x0BBE, 0x0BCC, 0x0BCD, 0x0B82, "."),
    "te": (0x0C15, 0x0C39, 0x0C3E, 0x0C4C, 0x0C4D, 0x0C02, "."),
}


def assigned(lo: int, hi: int, cats: tuple[str, ...]) -> list[str]:
    return [chr(c) for c in range(lo, hi + 1) if unicodedata.category(chr(c)) in cats]


def sentence(rng: random.Random, code: str) -> str:
    c0, c1, v0, v1, virama_code, anusvara_code, stop = SCRIPTS[code]
    cons, signs = assigned(c0, c1, ("Lo",)), assigned(v0, v1, ("Mn", "Mc"))
    virama, anusvara = chr(virama_code), chr(anusvara_code)
    words = []
    for _ in range(rng.randint(2, 12)):
        w = ""
        for _ in range(rng.randint(1, 4)):
            w += rng.choice(cons)
            r = rng.random()
            if r < 0.5:
                w += rng.choice(signs)
            elif r < 0.6:
                w += virama + rng.choice(cons)
            if rng.random() < 0.1:
                w += anusvara
        words.append(w)
        if rng.random() < 0.08:
            words.append(rng.choice([",", "-", "'", '"', "?"]))
        if rng.random() < 0.05:
            words.append(rng.choice(["10", "3.5", "x_y", "OK", "१२"]))
    return " ".join(words) + rng.choice([" " + stop, stop, "", "?"])


def perturb(rng: random.Random, text: str) -> str:
    words = text.split()
    r = rng.random()
    if r < 0.2 or not words:
        return text
    i = rng.randrange(len(words))
    w = words[i]
    if r < 0.3 and len(w) > 1:  # drop a character (often a vowel sign)
        k = rng.randrange(len(w))
        words[i] = w[:k] + w[k + 1 :]
    elif r < 0.4:  # delete a word
        del words[i]
    elif r < 0.5 and len(words) > 1:  # swap two words
        j = rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
    elif r < 0.6:  # duplicate a word
        words.insert(i, w)
    elif r < 0.7 and i + 1 < len(words):  # join two words
        words[i : i + 2] = [words[i] + words[i + 1]]
    elif r < 0.75:
        return ""
    elif r < 0.8:
        words.append("Latin")
    elif r < 0.85:  # white space inside the cell: an embedded newline, a tab, runs of spaces
        return "  " + "\n".join(words[:2]) + "\t" + "   ".join(words[2:]) + " \r\n"
    elif r < 0.9:
        words[i] = w + '"' + w
    else:
        words.insert(i, words[(i + 3) % len(words)] + ",")
    return " ".join(words)


def write(
    path: Path,
    header: list[str],
    rows: list[list[str]],
    bom: bool = False,
    crlf: bool = True,
    quote_all: bool = False,
    extra: str = "",
) -> None:
    out = io.StringIO(newline="")
    w = csv.writer(
        out, lineterminator="\r\n" if crlf else "\n", quoting=csv.QUOTE_ALL if quote_all else csv.QUOTE_MINIMAL
    )
    w.writerow(header)
    for row in rows:
        w.writerow(row)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes((("\ufeff" if bom else "") + out.getvalue() + extra).encode("utf-8"))


def cases() -> dict[str, tuple[list[str], list[str], list[str], dict[str, object]]]:
    """name -> (sources, gold outputs, predictions, how the predictions file is written)"""
    out = {}
    for code in SCRIPTS:
        rng = random.Random(f"indicgec-{code}")
        gold = [sentence(rng, code) for _ in range(40)]
        src = [perturb(rng, g) or g for g in gold]
        hyp = [perturb(rng, g) for g in gold]
        out[f"{code}-mixed"] = (
            src,
            gold,
            hyp,
            {"bom": code in ("hi", "ta"), "crlf": code != "bn", "order": code in ("ml", "te")},
        )
        out[f"{code}-identical"] = (src, gold, list(gold), {"quote_all": True})
        out[f"{code}-source"] = (src, gold, list(src), {"bom": True, "crlf": False})
    rng = random.Random("indicgec-edge")
    short = [sentence(rng, "hi").split()[0] for _ in range(5)]  # references under 4 tokens? (one word + maybe marks)
    out["hi-empty"] = (short, short, [""] * 5, {})
    out["hi-short"] = (["क"] * 3, ["क", "क ख", "कि"], ["क", "क ख", "कि"], {})
    out["hi-latin"] = (
        ["a b c d e"] * 2,
        ["a b c d e", "x y"],
        ["a b c d", "x_y z"],
        {"short_row": 1, "blank_line": True},
    )
    return out


#: code -> the test set's folder upstream
FOLDERS = {"hi": "Hindi", "bn": "Bangla", "ml": "Malayalam", "ta": "Tamil", "te": "Telugu"}


def real(score_py: str, checkout: Path) -> dict[str, dict[str, str]]:
    """The do-nothing baseline (each prediction is its input sentence) on each real test set."""
    out = {}
    for code, folder in FOLDERS.items():
        with tempfile.TemporaryDirectory() as tmp:
            root = Path(tmp)
            gold = (checkout / folder / "test.csv").read_bytes()
            (root / "input/ref").mkdir(parents=True)
            (root / "input/ref/test_gold.csv").write_bytes(gold)
            with open(gold_path := root / "input/ref/test_gold.csv", encoding="utf-8-sig", newline="") as f:
                rows = [r["Input sentence"] for r in csv.DictReader(f)]
            write(root / "input/res/predictions.csv", ["Input sentence", "Output sentence"], [[r, r] for r in rows])
            python = str(Path(PYTHONS["3.13"]).expanduser())
            subprocess.run([python, score_py, str(gold_path.parent.parent), str(root / "out")], check=True)
            out[code] = {"scores.txt": (root / "out/scores.txt").read_text(encoding="utf-8")}
    return out


def main(score_py: str, checkout: str | None = None) -> None:
    record = {}
    for name, (src, gold, hyp, how) in cases().items():
        root = HERE / name
        write(
            root / "input/ref/test_gold.csv",
            ["Input sentence", "Output sentence"],
            [[s, g] for s, g in zip(src, gold, strict=True)],
        )
        rows = [[s, h] for s, h in zip(src, hyp, strict=True)]
        header = ["Input sentence", "Output sentence"]
        if how.get("order"):
            header, rows = (
                ["id", "Output sentence", "Input sentence"],
                [[str(i), h, s] for i, (s, h) in enumerate(rows)],
            )
        if "short_row" in how:
            rows[int(how["short_row"])] = rows[int(how["short_row"])][:1]
        write(
            root / "input/res/predictions.csv",
            header,
            rows,
            bool(how.get("bom")),
            bool(how.get("crlf", True)),
            bool(how.get("quote_all")),
            "\n" if how.get("blank_line") else "",
        )
        if how.get("blank_line"):  # a blank line inside: csv.DictReader skips it
            p = root / "input/res/predictions.csv"
            lines = p.read_bytes().split(b"\r\n")
            p.write_bytes(b"\r\n".join([*lines[:2], b"", *lines[2:]]))
        texts = {}
        for version, python in PYTHONS.items():
            with tempfile.TemporaryDirectory() as tmp:
                subprocess.run([str(Path(python).expanduser()), score_py, str(root / "input"), tmp], check=True)
                texts[version] = (
                    (Path(tmp) / "scores.txt").read_text(encoding="utf-8"),
                    (Path(tmp) / "scores.json").read_text(encoding="utf-8"),
                )
        assert texts["3.8"][0] == texts["3.13"][0], name
        (root / "scores.txt").write_text(texts["3.13"][0], encoding="utf-8")
        record[name] = {"scores.txt": texts["3.13"][0], "scores.json": {v: t[1] for v, t in texts.items()}}
    command = (
        "python tests/golden/indicgec/make_cases.py IndicGEC2025/score.py IndicGEC2025  "
        "# a checkout of Pramit18142/IndicGEC2025 @ 9511374; Python 3.8.18 and 3.13.0 run score.py"
    )
    found = {"command": command, "cases": record}
    if checkout is not None:
        found["real"] = real(score_py, Path(checkout))
    (HERE / "cases.json").write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(*sys.argv[1:3])
