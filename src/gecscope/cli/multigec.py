"""``gecscope multigec``: one or several systems on every MultiGEC-2025 subcorpus of a folder, scored
as the shared task scores (``--protocol multigec-2025``), printed as its published result tables.

The reference folder holds the shared task's files ``LANG-CORPUS-orig-SPLIT.md`` and
``LANG-CORPUS-refN-SPLIT.md``; each system folder holds ``LANG-CORPUS-*-SPLIT.md`` (e.g. the
official ``-hypo-`` files). A subcorpus a system lacks is left out of its rows (said on standard
error); Icelandic is refused (its official ERRANT is tagged by the UDPipe 2 web service, so
tag-free ERRANT is not its metric). With two or more systems, each row also gives the paired
approximate-randomization p-value of its F0.5 against the subcorpus's best system.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from gecscope.align.language import TAG_FREE
from gecscope.align.languages import LANGUAGES as UNITS
from gecscope.align.languages import load_language
from gecscope.errors import InputError

LANGUAGES = {
    "cs": "Czech",
    "de": "German",
    "el": "Greek",
    "en": "English",
    "et": "Estonian",
    "is": "Icelandic",
    "it": "Italian",
    "lv": "Latvian",
    "ru": "Russian",
    "sl": "Slovene",
    "sv": "Swedish",
    "uk": "Ukrainian",
}
ORIG = re.compile(r"^([a-z]{2})-(.+)-orig-([a-z]+)\.md$")
PROTOCOL = "multigec-2025"


def add_parser(sub: Any) -> None:
    p = sub.add_parser(
        "multigec",
        help="score systems on every MultiGEC-2025 subcorpus",
        description="Score one or several systems on every MultiGEC-2025 subcorpus of a folder, as the "
        "shared task does (syntok essays, tag-free ERRANT P/R/F0.5, GLEU as gleu -f), in its results' tables.",
    )
    p.add_argument("--ref-dir", required=True, help="folder of LANG-CORPUS-orig-SPLIT.md and -refN- files")
    p.add_argument("--hyp-dir", required=True, nargs="+", help="system folders (one per system)")
    p.add_argument("--name", nargs="+", help="system names, one per --hyp-dir (default: the folders' names)")
    p.add_argument("--split", default="dev", help="the split in the file names (default dev)")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown", help="markdown (default) or JSON")
    p.add_argument("--trials", type=int, default=10000, help="approximate-randomization trials (two systems or more)")
    p.add_argument("--cleme2", action="store_true", help="add a CLEME2.0 column (on the same tag-free edits)")


def subcorpora(ref_dir: Path, split: str) -> list[tuple[str, str]]:
    """(language, corpus) of every ``*-orig-SPLIT.md`` file, sorted."""
    found = []
    for f in sorted(ref_dir.glob(f"*-orig-{split}.md")):
        m = ORIG.match(f.name)
        if m:
            found.append((m.group(1), m.group(2)))
    if not found:
        raise InputError(f"no LANG-CORPUS-orig-{split}.md file", ref_dir)
    return found


def score_subcorpus(
    ref_dir: Path, lang: str, corpus: str, split: str, systems: dict[str, Path], trials: int, cleme2: bool = False
) -> list[dict[str, Any]]:
    """The rows (one per system that has the subcorpus) of one subcorpus."""
    from gecscope import api
    from gecscope.align.tokenizers import line_maker, tokenizer_signature
    from gecscope.examples import Examples
    from gecscope.io.essays import essay_lines

    orig = ref_dir / f"{lang}-{corpus}-orig-{split}.md"
    refs = sorted(ref_dir.glob(f"{lang}-{corpus}-ref*-{split}.md"))
    if not refs:
        raise InputError(f"no reference file {lang}-{corpus}-refN-{split}.md", ref_dir)
    hyps = {}
    for name, folder in systems.items():
        files = sorted(f for f in folder.glob(f"{lang}-{corpus}-*{split}.md") if "-orig-" not in f.name)
        if files:
            hyps[name] = files[0]
        else:
            print(
                f"gecscope: {folder}: no {lang}-{corpus}-*-{split}.md: {name} left out of {lang}-{corpus}",
                file=sys.stderr,
            )
    if not hyps:
        return []
    source, lines, references, _ = essay_lines(orig, list(hyps.values()), refs, line_maker("syntok"))
    tok = f"tok:{tokenizer_signature('syntok')}"  # the lines are syntok's tokens, read on whitespace
    systems_examples = {
        name: Examples.from_lists(source, hyp, references) for name, hyp in zip(hyps, lines, strict=True)
    }
    rows = []
    for name, examples in systems_examples.items():
        row: dict[str, Any] = {"language": lang, "corpus": corpus, "system": name}
        errant = api.score("errant", examples, aligner="errant-notag")
        gleu = api.score("gleu", examples)
        row.update(precision=errant.details["p"], recall=errant.details["r"], f05=errant.value, gleu=gleu.value)
        row.update(errant_signature=errant.signature.replace("tok:whitespace", tok))
        row.update(gleu_signature=gleu.signature.replace("tok:whitespace", tok))
        if cleme2:
            c2 = api.score("cleme2", examples, aligner="errant-notag")
            row.update(cleme2=c2.value, cleme2_signature=c2.signature.replace("tok:whitespace", tok))
        rows.append(row)
    rows.sort(key=lambda r: -r["f05"])
    if len(rows) > 1:
        from gecscope.comparison import compare

        best = rows[0]["system"]
        result = compare(
            "errant",
            systems_examples,
            baseline=best,
            test="ar",
            trials=trials,
            aligner="errant-notag",
            correction="none",
        )
        for row in rows[1:]:
            row["p_vs_best"] = result.row("errant", row["system"]).p_ar
    return rows


def render_markdown(rows: list[dict[str, Any]], trials: int = 10000) -> str:
    """Tables shaped like the shared task's results pages (scores x 100, two decimals)."""
    out: list[str] = []
    several = len({r["system"] for r in rows}) > 1
    for lang in dict.fromkeys(r["language"] for r in rows):
        out.append(f"## {LANGUAGES.get(lang, lang)}")
        for corpus in dict.fromkeys(r["corpus"] for r in rows if r["language"] == lang):
            mine = [r for r in rows if (r["language"], r["corpus"]) == (lang, corpus)]
            out += ["", f"### {corpus}", ""]
            extra = "cleme2" in mine[0]
            head = "| Rank | Team | GLEU | Precision | Recall | __F0.5__ |" + (" CLEME2.0 |" if extra else "")
            head += " p (AR, vs 1) |" if several else ""
            out += [head, "|" + " ---- |" * (head.count("|") - 1)]
            for rank, r in enumerate(mine, 1):
                keys = ("gleu", "precision", "recall", "f05", *(("cleme2",) if extra else ()))
                cells = [str(rank), r["system"], *(f"{100 * r[k]:.2f}" for k in keys)]
                if several:
                    cells.append("" if rank == 1 else f"{r['p_vs_best']:.4f}")
                out.append("| " + " | ".join(cells) + " |")
        out.append("")
    signatures = dict.fromkeys(
        r[k] for r in rows for k in ("errant_signature", "gleu_signature", "cleme2_signature") if k in r
    )
    out += ["signatures:", *(f"  {s}" for s in signatures)]
    if several:
        out.append(f"p: paired approximate randomization of F0.5 against rank 1 ({trials} trials, gecscope's seed)")
    return "\n".join(out)


def run(args: argparse.Namespace) -> int:
    ref_dir = Path(args.ref_dir)
    if not ref_dir.is_dir():
        raise InputError("not a folder", ref_dir)
    names = args.name or [Path(d).name for d in args.hyp_dir]
    if len(names) != len(args.hyp_dir) or len(set(names)) != len(names):
        raise InputError("--name needs one distinct name per --hyp-dir", "--name")
    systems = {n: Path(d) for n, d in zip(names, args.hyp_dir, strict=True)}
    for folder in systems.values():
        if not folder.is_dir():
            raise InputError("not a folder", folder)
    rows: list[dict[str, Any]] = []
    for lang, corpus in subcorpora(ref_dir, args.split):
        refusal = load_language(lang).refusals.get(TAG_FREE) if lang in UNITS else None
        if refusal is not None:  # Icelandic: its unit refuses tag-free ERRANT
            print(f"gecscope: {lang}-{corpus} left out: {refusal}", file=sys.stderr)
            continue
        rows += score_subcorpus(ref_dir, lang, corpus, args.split, systems, args.trials, args.cleme2)
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        print(render_markdown(rows, args.trials))
    return 0
