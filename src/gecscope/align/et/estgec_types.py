"""EstGEC's error categories from the UD-POS classifier's labels (Estonian words tagged by
EstNLTK's Vabamorf, ``--tagger estnltk``): the inventory of EstGEC-L2's and Tartu L1's gold M2
(their README's table 1), so that a system's edits can be named as the gold names its own.

===========================================  ===========================================
UD-POS label (:mod:`gecscope.align.types.upos`)  EstGEC category
===========================================  ===========================================
``PUNCT``, ``QUOTATION``                     ``PUNCT``
``WO``                                       ``WO``
``SPELL``, ``DIACR``                         ``SPELL``
``ORTH``: spaces / a hyphen / case changed    ``WS`` / ``SPELL`` / ``CASE`` (joined: ``WS:CASE``)
``NOUN``/``PROPN``/``ADJ``/``PRON``/``NUM``/``DET`` ``:INFL``  ``NOM:FORM`` (nominal form)
``VERB``/``AUX`` ``:INFL``                   ``VERB:FORM``
anything else (another word, ``MORPH``: another part of speech, ``OTHER``)  ``LEX``
===========================================  ===========================================

The operation is kept (``R:``, ``M:``, ``U:``; ``UNK`` stays), so a missing or unnecessary word is
``M:LEX`` / ``U:LEX`` as in the gold. EstGEC's combined categories (``R:NOM:FORM:SPELL``,
``R:LEX:WO``, ...) are not produced: one category per edit. Agreement with the gold categories:
``python benchmarks/estgec_types_agreement.py`` (docs/types-estonian.md)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gecscope.align.types.upos import UposTypes
from gecscope.types import Word

#: parts of speech whose inflection EstGEC calls a nominal form
NOMINAL = frozenset({"NOUN", "PROPN", "ADJ", "PRON", "NUM", "DET"})
VERBAL = frozenset({"VERB", "AUX"})
#: labels kept as they are
KEPT = {"PUNCT": "PUNCT", "QUOTATION": "PUNCT", "WO": "WO", "SPELL": "SPELL", "DIACR": "SPELL"}
#: the categories this mapping can give (with an operation prefix)
CATEGORIES = ("PUNCT", "WO", "SPELL", "CASE", "WS", "WS:CASE", "NOM:FORM", "VERB:FORM", "LEX")


def orthography(source: Sequence[str], target: Sequence[str]) -> str:
    """ERRANT's ``ORTH`` (the same letters, case, spaces and hyphens aside) in EstGEC's words:
    ``WS`` where the spacing changes, ``SPELL`` where a hyphen does, ``CASE`` where the case does,
    joined in EstGEC's order when several do (``WS:SPELL``, ``WS:CASE``, ``SPELL:CASE``).

    >>> orthography(["Juuli"], ["juuli"]), orthography(["igalpool"], ["igal", "pool"])
    ('CASE', 'WS')
    >>> orthography(["Kontserdi", "majas"], ["kontserdimajas"]), orthography(["Võibolla"], ["Võib-olla"])
    ('WS:CASE', 'SPELL')
    >>> orthography(["Kaval-Ants"], ["Kaval", "Ants"])
    'WS:SPELL'
    """
    a, b = " ".join(source), " ".join(target)

    def differs(space: bool = False, hyphen: bool = False, case: bool = False) -> bool:
        def norm(text: str) -> str:
            text = text if case else text.lower()
            text = text if space else text.replace(" ", "")
            return text if hyphen else text.replace("-", "")

        return norm(a) != norm(b)

    parts = [
        name
        for name, on in (("WS", differs(space=True)), ("SPELL", differs(hyphen=True)), ("CASE", differs(case=True)))
        if on
    ]
    return ":".join(parts) or "SPELL"


def estgec_body(body: str, source: Sequence[str], target: Sequence[str]) -> str:
    """The EstGEC category of a label's body (the part after ``R:``/``M:``/``U:``).

    >>> estgec_body("NOUN:INFL", ["kallis"], ["kallid"]), estgec_body("AUX:INFL", ["on"], ["oli"])
    ('NOM:FORM', 'VERB:FORM')
    >>> estgec_body("MORPH", ["ilusasti"], ["ilus"]), estgec_body("VERB", ["tegi"], ["läks"])
    ('LEX', 'LEX')
    """
    if body in KEPT:
        return KEPT[body]
    if body == "ORTH":
        return orthography(source, target)
    pos, _, rest = body.partition(":")
    if rest == "INFL":
        return "NOM:FORM" if pos in NOMINAL else "VERB:FORM" if pos in VERBAL else "LEX"
    return "LEX"


def estgec_label(label: str, source: Sequence[str], target: Sequence[str]) -> str:
    """A UD-POS classifier's label of ``source`` → ``target`` (word forms) in EstGEC's categories.

    >>> estgec_label("R:VERB:INFL", ["lähen"], ["läksin"]), estgec_label("M:NOUN", [], ["maja"])
    ('R:VERB:FORM', 'M:LEX')
    >>> estgec_label("U:PUNCT", [","], []), estgec_label("UNK", [], [])
    ('U:PUNCT', 'UNK')
    """
    op, sep, body = label.partition(":")
    if not sep:
        return label
    return f"{op}:{estgec_body(body, source, target)}"


def reordered(source: Sequence[Word], target: Sequence[Word]) -> bool:
    """Whether both sides have two or more words, the same lemmas (case aside; a word without a
    lemma by its form) and not in the same order.

    >>> reordered([Word("olnud", "olema"), Word("kassi", "kass")], [Word("kassi", "kass"), Word("ole", "olema")])
    True
    >>> reordered([Word("ei", "ei"), Word("olnud", "olema")], [Word("ei", "ei"), Word("ole", "olema")])
    False
    """
    if len(source) < 2 or len(target) < 2:
        return False
    a = [(w.lemma or w.form).lower() for w in source]
    b = [(w.lemma or w.form).lower() for w in target]
    return set(a) == set(b) and list(dict.fromkeys(a)) != list(dict.fromkeys(b))


#: the version of these rules (in the classifier's signature)
RULES = "1"


@dataclass(frozen=True)
class EstgecTypes(UposTypes):
    """Estonian's classifier over annotated words (its unit's port): the UD-POS classifier's
    label (:class:`~gecscope.align.types.upos.UposTypes`) in EstGEC's categories
    (:func:`estgec_label`); ``lexicon``: the tag-free rules' lemmas (``auto``: simplemma's
    Estonian when installed), as the other ports take it."""

    lang: str = "et"
    lexicon: str = "auto"

    def __post_init__(self) -> None:
        if self.lexicon != "auto":
            object.__setattr__(self, "lemmas", self.lexicon)

    @property
    def signature(self) -> str:
        """``estgec:1,`` before the UD-POS classifier's settings."""
        return f"estgec:{RULES},{super().signature}"

    def classify(self, source: Sequence[Word], target: Sequence[Word]) -> str:
        """The EstGEC category (``"R:NOM:FORM"``, ``"M:LEX"``, ...) of ``source`` → ``target``;
        a word-order change that also changes words (EstGEC's ``R:WO`` holds the corrections
        inside it) is ``R:WO`` where the two sides have the same lemmas in another order."""
        label = estgec_label(super().classify(source, target), [w.form for w in source], [w.form for w in target])
        return "R:WO" if label == "R:LEX" and reordered(source, target) else label


__all__ = ["CATEGORIES", "NOMINAL", "VERBAL", "EstgecTypes", "estgec_body", "estgec_label", "orthography"]
