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
from gecscope.cli import command_parser
from gecscope.errors import InputError

ORIG = re.compile(r"^([a-z]{2})-(.+)-orig-([a-z]+)\.md$")
PROTOCOL = "multigec-2025"


def add_parser(sub: Any) -> None:
    p = command_parser(sub, "multigec")
    p.add_argument("--ref-dir", required=True, help="folder of LANG-CORPUS-orig-SPLIT.md and -refN- files")
    p.add_argument("--hyp-dir", required=True, nargs="+", help="system folders (one per system)")
    p.add_argument("--name", nargs="+", help="system names, one per --hyp-dir (default: the folders' names)")
    p.add_argument("--split", default="dev", help="the split in the file names (default dev)")
    p.add_argument("--format", choices=["markdown", "json"], default="markdown", help="markdown (default) or JSON")
    p.add_argument("--trials", type=int, default=10000, help="approximate-randomization trials (two systems or more)")
    p.add_argument("--cleme2", action="store_true", help="add a CLEME2.0 column (on the same tag-free edits)")
    p.add_argument(
        "--max-align-tokens",
        type=int,
        default=None,
        help="the alignment guard, as gecscope score's --max-align-tokens (0: no limit)",
    )


def subcorpora(ref_dir: Path, split: str) -> list[tuple[str, str]]:
    """(language, corpus) of every ``*-orig-SPLIT.md`` file, sorted."""
    found = []
    for f in sorted(ref_dir.glob("*.md")):
        m = ORIG.match(f.name)
        if m and m.group(3) == split:
            found.append((m.group(1), m.group(2)))
    if not found:
        raise InputError(f"no LANG-CORPUS-orig-{split}.md file", ref_dir)
    return found


def system_files(folder: Path, corpora: list[tuple[str, str]], split: str) -> dict[tuple[str, str], Path]:
    """The file of each subcorpus in a system folder: a ``LANG-CORPUS-*-SPLIT.md`` file belongs to the
    subcorpus with the longest matching ``LANG-CORPUS-`` prefix (so ``cs-x-y-hypo-dev.md`` is
    ``cs-x-y``'s, never ``cs-x``'s); two files for one subcorpus are refused."""
    out: dict[tuple[str, str], Path] = {}
    suffix = f"-{split}.md"
    for f in sorted(folder.iterdir()):
        if not f.name.endswith(suffix) or "-orig-" in f.name or not f.is_file():
            continue
        owners = [(lang, corpus) for lang, corpus in corpora if f.name.startswith(f"{lang}-{corpus}-")]
        owners = [o for o in owners if len(f.name) > len(f"{o[0]}-{o[1]}-{suffix}")]  # a part between them
        if not owners:
            continue
        key = max(owners, key=lambda o: len(o[1]))
        if key in out:
            raise InputError(f"two files for {key[0]}-{key[1]}: {out[key].name} and {f.name}", folder)
        out[key] = f
    return out


def score_subcorpus(
    ref_dir: Path,
    lang: str,
    corpus: str,
    split: str,
    hyps: dict[str, Path],
    trials: int,
    cleme2: bool = False,
    max_align_tokens: int | None = None,
) -> list[dict[str, Any]]:
    """The rows (one per system that has the subcorpus) of one subcorpus, each system read and
    scored as ``gecscope score --protocol multigec-2025`` reads and scores it (one setup per
    subcorpus: :func:`gecscope.setup.build_setup`, the front half every door shares)."""
    from gecscope import pipeline
    from gecscope.align.settings import DEFAULT_MAX_TOKENS, AlignSettings, Origin
    from gecscope.examples import Examples
    from gecscope.metrics import METRICS
    from gecscope.setup import InputFiles, build_setup
    from gecscope.setup.front import read_systems

    orig = ref_dir / f"{lang}-{corpus}-orig-{split}.md"
    refs = sorted(ref_dir.glob(f"{lang}-{corpus}-ref*-{split}.md"))
    refs = [r for r in refs if re.fullmatch(rf"{re.escape(lang)}-{re.escape(corpus)}-ref\d+-{split}\.md", r.name)]
    if not refs:
        raise InputError(f"no reference file {lang}-{corpus}-refN-{split}.md", ref_dir)
    setup = build_setup(
        files=InputFiles(source=str(orig), hypotheses=tuple(map(str, hyps.values())), references=tuple(map(str, refs))),
        lang=lang,
        protocol=PROTOCOL,
    )
    [systems] = read_systems(setup, say=lambda line: print(f"gecscope: {line}", file=sys.stderr))
    limit = DEFAULT_MAX_TOKENS if max_align_tokens is None else max_align_tokens
    from gecscope.align import get_aligner

    def aligner() -> Any:  # its errors name the essay's block in its file
        made = get_aligner(setup.aligner, AlignSettings(max_tokens=limit))
        files = setup.files
        hint = "raise the limit with --max-align-tokens N (0: none)"
        made.origin = Origin(references=files.references, hypotheses=files.hypotheses, essays=files.source, hint=hint)
        return made

    metrics = [METRICS["errant"].build(), METRICS["gleu"].build(), *([METRICS["cleme2"].build()] if cleme2 else [])]
    scores = pipeline.score_shards(
        metrics,
        list(hyps),
        [systems],
        make_aligner=aligner,
        sign=setup.fields(),
        protocol=setup.protocol_fields(),
        lang=setup.language,
    )
    by = {(s.metric, s.system): s for s in scores}
    rows = []
    for name in hyps:
        errant, gleu = by["errant", name], by["gleu", name]
        row: dict[str, Any] = {"language": lang, "corpus": corpus, "system": name}
        row.update(precision=errant.details["p"], recall=errant.details["r"], f05=errant.value, gleu=gleu.value)
        row.update(errant_signature=errant.signature, gleu_signature=gleu.signature)
        if cleme2:
            row.update(cleme2=by["cleme2", name].value, cleme2_signature=by["cleme2", name].signature)
        rows.append(row)
    rows.sort(key=lambda r: -r["f05"])
    if len(rows) > 1:
        from gecscope.comparison import compare

        fields = setup.fields()
        systems_examples = {
            name: Examples(examples, tokenize="none", lang=setup.language.code, setup_fields=fields)
            for name, examples in zip(hyps, systems, strict=True)
        }
        result = compare(
            "errant",
            systems_examples,
            baseline=rows[0]["system"],
            test="ar",
            trials=trials,
            aligner=setup.aligner,
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
        out.append(f"## {load_language(lang).name if lang in UNITS else lang}")
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
    if not re.fullmatch(r"[A-Za-z0-9_]+", args.split):
        raise InputError(f"--split {args.split!r}: a split is a name of letters, digits and _ (dev, test)", "--split")
    if args.trials < 1:
        raise InputError(f"--trials {args.trials}: approximate randomization needs at least 1 trial", "--trials")
    names = args.name or [Path(d).name for d in args.hyp_dir]
    if len(names) != len(args.hyp_dir) or len(set(names)) != len(names):
        raise InputError("--name needs one distinct name per --hyp-dir", "--name")
    folders = {n: Path(d) for n, d in zip(names, args.hyp_dir, strict=True)}
    for folder in folders.values():
        if not folder.is_dir():
            raise InputError("not a folder", folder)
    corpora = subcorpora(ref_dir, args.split)
    files = {name: system_files(folder, corpora, args.split) for name, folder in folders.items()}
    for name, found in files.items():
        if not found:
            raise InputError(f"no LANG-CORPUS-*-{args.split}.md file of a subcorpus of {ref_dir}", folders[name])
    rows: list[dict[str, Any]] = []
    for lang, corpus in corpora:
        refusal = load_language(lang).refusals.get(TAG_FREE) if lang in UNITS else None
        if refusal is not None:  # Icelandic: its unit refuses tag-free ERRANT
            print(f"gecscope: {lang}-{corpus} left out: {refusal}", file=sys.stderr)
            continue
        hyps = {}
        for name, found in files.items():
            if (lang, corpus) in found:
                hyps[name] = found[lang, corpus]
            else:
                wanted = f"{lang}-{corpus}-*-{args.split}.md"
                print(f"gecscope: {folders[name]}: no {wanted}: {name} left out of {lang}-{corpus}", file=sys.stderr)
        if hyps:
            rows += score_subcorpus(
                ref_dir, lang, corpus, args.split, hyps, args.trials, args.cleme2, args.max_align_tokens
            )
    if args.format == "json":
        print(json.dumps(rows, indent=2))
    else:
        print(render_markdown(rows, args.trials))
    return 0
