"""Tag-free ERRANT (``--aligner errant-notag``): ERRANT 3.0.2's alignment and rule merging with
blank token attributes, as the MultiGEC-2025 shared task's ERRANT fork (cainesap/errant @ 16d835e)
runs for every language but Icelandic.

The facts (measured on the fork; the code is ours): the fork replaces spacy-udpipe's tokenizer,
the only component that tags, by a whitespace tokenizer, so every token's POS, fine tag, lemma and
dependency label is empty. ERRANT's algorithm then sees equal lemmas and equal POS everywhere: a
substitution costs only the normalised Indel distance of the two texts (0 for a case change), and
the merger's rules reduce to the ones on texts (case, punctuation, whitespace/hyphen) plus "a
window of unequal lengths is merged" (all its tokens share one POS). The edits' types come from
ERRANT's English classifier on blank tokens (:mod:`gecscope.align.types.notag`).

Spaces inside a line (U+00A0, U+2009, U+202F and the other Unicode spaces): the fork's
``errant_parallel`` splits a line on U+0020 alone (:func:`fork_tokens`), so ``Ma\xa0lähen koju .``
-> ``Ma\xa0läksin koju .`` is one token changed (``A 0 1|||R:OTHER|||Ma\xa0läksin``). gecscope's
line path tokenises with ``tok:whitespace`` (``str.split``: every Unicode space splits), the
tokenisation every signature names, and gives ``A 1 2|||R:MORPH|||läksin``. The two agree once a
line is pre-tokenised as MultiGEC-2025 does (``--tokenize syntok``: syntok turns those spaces into
token boundaries); they differ on raw lines with such spaces (Tartu L1's raw sentences: 3 blocks
per file). tests/test_notag_spaces.py pins both readings.

This module reuses gecscope's compiled ERRANT kernel and merger on attribute arrays built from
the words alone (no spaCy, no model): any language, essays of thousands of tokens in
milliseconds. Its edits are not ERRANT 3.0.2's: it is a different metric setting, signed
``errant-notag`` in every signature.

>>> from gecscope.types import Edit
>>> NotagAligner().edits_batch([(("He", "go", "home", "."), ("He", "goes", "home", "."))])
[(Edit(start=1, end=2, correction=('goes',), type='R:OTHER'),)]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from gecscope.align.aligner import Aligner
from gecscope.align.errant.kernel import KEY_MODULUS, Kernel, TokenFeatures
from gecscope.align.errant.merge import rule_edits
from gecscope.align.settings import AlignSettings, Origin
from gecscope.align.types.notag import classify, word_list_signature
from gecscope.progress import bar
from gecscope.types import Edit, Tokens

#: bump when a change here changes an edit (part of the signature)
NOTAG_VERSION = "1"
#: POS ids no token carries (every token's POS is blank, id 0): the merger's POS rules never fire
BLANK_SYMBOLS = {name: -(i + 1) for i, name in enumerate(("ADJ", "ADV", "AUX", "DET", "NOUN", "PART", "PUNCT", "VERB"))}
#: runs of fewer alignment cells use the plain-Python kernel (numba costs ~0.5 s to load)
SMALL_RUN_CELLS = 300_000
#: pairs aligned between two progress updates
PROGRESS_STEP = 200


def blank_features(words: Tokens, ids: dict[str, int]) -> TokenFeatures:
    """The kernel's and merger's view of ``words`` with blank attributes: texts (interned in
    ``ids``, shared by the two sides of a pair), lower-cased texts, lemma and POS 0."""
    n = len(words)
    lower_ = tuple(w.lower() for w in words)
    attrs = np.zeros((6, n), dtype=np.int64)
    attrs[0] = [ids.setdefault(w, len(ids) + 1) for w in words]
    lower = [ids.setdefault(w, len(ids) + 1) for w in lower_]
    attrs[1] = lower
    attrs[2] = attrs[1] % KEY_MODULUS
    chars = np.frombuffer("".join(words).encode("utf-32-le", "surrogatepass"), dtype=np.uint32).astype(np.int64)
    offsets = np.zeros(n + 1, dtype=np.int64)
    np.cumsum([len(w) for w in words], out=offsets[1:])
    return TokenFeatures(
        words=tuple(words),
        lower=tuple(lower),
        lower_=lower_,
        pos=(0,) * n,
        possessive=(False,) * n,
        arrays=(attrs, chars, offsets),
        symbols=BLANK_SYMBOLS,
    )


class NotagAligner(Aligner):
    """Tag-free ERRANT edits of token pairs (any language); ``compiled``: None: numba when
    installed and the run is large, True: numba, False: plain Python (the same edits)."""

    name = "errant-notag"

    def __init__(self, settings: AlignSettings | None = None, compiled: bool | None = None) -> None:
        self.settings = settings or AlignSettings()
        self.origin: Origin | None = None
        self._compiled = compiled
        self._kernels: dict[bool, Kernel] = {}

    @property
    def signature(self) -> str:
        return f"errant-notag+{word_list_signature()}+gecscope-notag-{NOTAG_VERSION}"

    @property
    def max_tokens(self) -> int:
        return self.settings.max_tokens

    def kernel(self, cells: int) -> Kernel:
        """The plain kernel for a small run (unless ``compiled``), else the compiled one."""
        large = cells >= SMALL_RUN_CELLS if self._compiled is None else self._compiled
        if large not in self._kernels:  # large: numba when installed (self._compiled True: required)
            self._kernels[large] = Kernel(self._compiled if large else False)
        return self._kernels[large]

    def edits(self, source: Tokens, target: Tokens, kernel: Kernel | None = None) -> tuple[Edit, ...]:
        """The typed edits of one pair."""
        if source == target:
            return ()
        ids: dict[str, int] = {}
        of, cf = blank_features(source, ids), blank_features(target, ids)
        kernel = kernel or self.kernel(len(source) * len(target))
        out = []
        for o0, o1, c0, c1 in rule_edits(kernel.align(of, cf), of, cf):
            out.append(Edit(o0, o1, tuple(target[c0:c1]), classify(source[o0:o1], target[c0:c1])))
        return tuple(out)

    def edits_batch(self, pairs: Sequence[tuple[Tokens, Tokens]]) -> list[tuple[Edit, ...]]:
        """The edits of every pair, in order, in this process."""
        kernel = self.kernel(sum(len(s) * len(t) for s, t in pairs))
        out: list[tuple[Edit, ...]] = []
        with bar(len(pairs), "aligning (tag-free ERRANT)", unit="pair") as b:
            for i, (source, target) in enumerate(pairs):
                out.append(self.edits(source, target, kernel))
                if (i + 1) % PROGRESS_STEP == 0:
                    b.update(PROGRESS_STEP)
            b.update(len(pairs) % PROGRESS_STEP)
        return out


def fork_tokens(line: str) -> Tokens:
    """The tokens the fork's ``errant_parallel`` makes of a line: stripped, split on single spaces,
    an empty piece (a run of spaces) kept as a one-space token, a final one dropped.

    >>> fork_tokens(" a  b ")
    ('a', ' ', 'b')
    """
    words = line.strip().split(" ")
    words = [w if w else " " for w in words]
    if words[-1] == " ":
        words.pop()
    return tuple(words)
