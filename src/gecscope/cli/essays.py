"""Essay input and protocols on the command line.

* ``--protocol multigec-2025`` on Icelandic is refused (:func:`refuse_icelandic`);
* MultiGEC-2025 Markdown essay files (``--source``/``--hyp``/``--ref`` ending in ``.md``,
  :mod:`gecscope.io.essays`) are read as the official evaluation reads them: one essay per line,
  tokenised by ``--tokenize`` from each essay's raw text, missing essays as ``!``. The lines go to
  a temporary folder (removed at exit) that the ordinary text path reads; the signature's ``tok``
  field names the tokeniser that made them.
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import sys
import tempfile
from pathlib import Path

from gecscope.cli.language import language_of
from gecscope.errors import InputError, SettingError


def refuse_icelandic(args: argparse.Namespace) -> None:
    """``--protocol multigec-2025`` on a language whose unit refuses tag-free ERRANT (Icelandic),
    named by ``--lang`` or by the MultiGEC file name (``is-...``): one line saying why not."""
    from gecscope.align.language import TAG_FREE
    from gecscope.align.languages import LANGUAGES, load_language

    prefix = Path(str(getattr(args, "source", None) or "")).name.split("-")[0]
    language = load_language(getattr(args, "lang", None) or (prefix if prefix in LANGUAGES else "en"))
    if TAG_FREE in language.refusals:
        raise SettingError(f"--protocol multigec-2025 with {language.label}: {language.refusals[TAG_FREE]}")


def use_essays(args: argparse.Namespace) -> None:
    """Replace Markdown essay files by one-essay-per-line text files (see the module's docstring)."""
    from gecscope.align.tokenizers import canonical, line_maker
    from gecscope.io.essays import essay_lines, read_essays

    hyp = args.hyp if isinstance(args.hyp, list) else [args.hyp] if args.hyp else []
    files = [args.source, *hyp, *args.ref]
    if not args.source or not all(str(f).endswith(".md") for f in files):
        raise InputError("essay files (.md) need --source, --hyp and --ref all as .md files", "--source")
    code = language_of(args).code  # resolves --tokenize (its default: the language's)
    tokenize = canonical(args.tokenize, code)
    source, hyps, refs, ids = essay_lines(args.source, hyp, args.ref, line_maker(tokenize))
    known = set(ids)
    for path, lines in zip(hyp, hyps, strict=True):
        extra = [i for i in read_essays(path) if i not in known]
        if extra:
            print(
                f"gecscope: {path}: essay {', '.join(extra[:5])}{' ...' if len(extra) > 5 else ''} not in "
                f"{args.source}: not scored (as MultiGEC does)",
                file=sys.stderr,
            )
        missing = sum(1 for line in lines if line == "!")
        if missing:
            print(
                f"gecscope: {path}: {missing} of {len(ids)} essays missing, scored as '!' (as MultiGEC does)",
                file=sys.stderr,
            )
    folder = Path(tempfile.mkdtemp(prefix="gecscope-essays-"))
    atexit.register(shutil.rmtree, folder, True)

    def write(name: str, lines: list[str]) -> str:
        path = folder / name
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        return str(path)

    args.source = write("source.txt", source)
    written = [write(f"{Path(h).stem}.txt", lines) for h, lines in zip(hyp, hyps, strict=True)]
    args.hyp = written if isinstance(args.hyp, list) else (written[0] if written else None)
    args.ref = [write(f"ref{k + 1}.txt", lines) for k, lines in enumerate(refs)]
    args.essays_tokenized = tokenize if tokenize != "none" else None
    args.tokenize = "none"
    args.allow_tokenization_mismatch = True  # every text was tokenised here, the same way
