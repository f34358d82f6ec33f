"""The command-line names of the library's settings, for error messages raised below the CLI.

The library names its settings as Python does (``hyp_m2``, ``cat``) in a
:class:`~gecscope.errors.SettingError`; the CLI shows its options instead: the metric settings the
registry declares as options (their flags), and this table for the rest.
"""

from __future__ import annotations

from gecscope.errors import SettingError

#: Python setting name -> command-line option, for settings that are not a metric's declared option
OPTIONS = {
    "hyp_m2": "--hyp-m2",
    "ref_m2": "--ref-m2",
    "source": "--source",
    "hypothesis": "--hyp",
    "references": "--ref",
    "jsonl": "--jsonl",
    "ref_tsv": "--ref-tsv",
    "lang": "--lang",
    "test_set": "-t",
    "bootstrap": "--bootstrap",
    "trials": "--trials",
    "timeout": "--llm-timeout",
    "retries": "--llm-retries",
    "run_timeout": "--llm-run-timeout",
    "concurrency": "--llm-concurrency",
    "endpoint": "--llm-endpoint",
    "tokenize": "--tokenize",
    "allow_tokenization_mismatch": "--allow-tokenization-mismatch",
    "multi_annotator_hyp": "--multi-annotator-hyp",
    "source_conllu": "--source-conllu",
    "hyp_conllu": "--hyp-conllu",
    "ref_conllu": "--ref-conllu",
    "tagger": "--tagger",
}


def declared_options() -> dict[str, str]:
    """Every metric setting the registry declares as an option -> its flag (``max_unchanged_words``
    -> ``--max-unchanged-words``); a negated switch keeps its setting's name."""
    from gecscope.metrics import METRICS

    return {o.name: o.flag for spec in METRICS.values() for o in spec.options if o.kind != "negated"}


def message(exc: ValueError | ImportError) -> str:
    """The one-line message of ``exc`` (bad input, a bad setting, a missing extra) as the command
    line shows it (settings named as options)."""
    if isinstance(exc, SettingError):
        return exc.renamed(declared_options() | OPTIONS)
    return str(exc)


def metric_arg(text: str) -> str:
    """``--metric`` values: a registry name, or a paper's name for it (any case); else a "did
    you mean"."""
    import argparse

    from gecscope.metrics import canonical

    try:
        return canonical(text)
    except SettingError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def retire(p: object, old: str, new: str, why: str) -> None:
    """``old`` is no longer an option of parser ``p``: giving it stops with one line naming ``new``."""
    import argparse

    class Retired(argparse.Action):
        def __call__(self, parser: argparse.ArgumentParser, *args: object, **kwargs: object) -> None:
            parser.error(f"{old} is now {new} ({why})")

    assert isinstance(p, argparse.ArgumentParser)
    p.add_argument(old, nargs="?", action=Retired, help=argparse.SUPPRESS)
