"""Annotated Russian words from what can be installed: the offline tagger is ``pymorphy3`` with
its Russian dictionary (``pymorphy3-dicts-ru``, the ``ru-tagger`` extra), each word's most
probable parse out of context, its OpenCorpora tag mapped to a UD POS and UD features; it has no
parser, so each word's relation is the one its POS implies (``punct``, ``amod``, ``advmod``,
``aux`` for a form of быть next to a verb, ``case``, ``cc``, ``det``, ``dep`` otherwise) and
heads are not given. Also the way back: a spaCy ``Doc`` from the words (the one ru-errant's
classifier reads: its fine tag is the UD POS, the root's relation spaCy's ``ROOT``).

ru-errant's own tagger is spaCy's ``ru_core_news_lg``, which no registry carries: labels from
this tagger are its own, signed as ``tags:pymorphy3-<version>``. A user with spaCy or UDPipe
output gives it as CoNLL-U (:func:`gecscope.io.conllu.read_conllu`) or a ``Doc``
(:func:`gecscope.align.cs.tagger.words_from_doc`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from gecscope.align.cs.tagger import spacy_doc
from gecscope.align.pos_relations import implied_words
from gecscope.errors import MissingExtraError, SettingError
from gecscope.io.conllu import Sentence, Word

#: OpenCorpora parts of speech → UD POS
POS = {
    "NOUN": "NOUN", "ADJF": "ADJ", "ADJS": "ADJ", "COMP": "ADJ", "VERB": "VERB", "INFN": "VERB",
    "PRTF": "VERB", "PRTS": "VERB", "GRND": "VERB", "NUMR": "NUM", "ADVB": "ADV", "NPRO": "PRON",
    "PRED": "ADV", "PREP": "ADP", "CONJ": "CCONJ", "PRCL": "PART", "INTJ": "INTJ",
    "PNCT": "PUNCT", "NUMB": "NUM", "LATN": "X", "ROMN": "NUM", "UNKN": "X",
}  # fmt: skip
#: OpenCorpora grammemes → UD feature and value
FEATURES = {
    "nomn": ("Case", "Nom"), "gent": ("Case", "Gen"), "gen2": ("Case", "Gen"), "datv": ("Case", "Dat"),
    "accs": ("Case", "Acc"), "acc2": ("Case", "Acc"), "ablt": ("Case", "Ins"), "loct": ("Case", "Loc"),
    "loc2": ("Case", "Loc"), "voct": ("Case", "Voc"), "sing": ("Number", "Sing"), "plur": ("Number", "Plur"),
    "masc": ("Gender", "Masc"), "femn": ("Gender", "Fem"), "neut": ("Gender", "Neut"),
    "anim": ("Animacy", "Anim"), "inan": ("Animacy", "Inan"), "perf": ("Aspect", "Perf"),
    "impf": ("Aspect", "Imp"), "past": ("Tense", "Past"), "pres": ("Tense", "Pres"), "futr": ("Tense", "Fut"),
    "1per": ("Person", "1"), "2per": ("Person", "2"), "3per": ("Person", "3"), "indc": ("Mood", "Ind"),
    "impr": ("Mood", "Imp"), "actv": ("Voice", "Act"), "pssv": ("Voice", "Pass"),
}  # fmt: skip
#: OpenCorpora parts of speech that carry a UD feature of their own
OWN_FEATURES = {
    "ADJS": ("StyleVariant", "Short"), "COMP": ("Degree", "Cmp"), "INFN": ("VerbForm", "Inf"),
    "PRTF": ("VerbForm", "Part"), "PRTS": ("VerbForm", "Part"), "GRND": ("VerbForm", "Conv"),
    "VERB": ("VerbForm", "Fin"),
}  # fmt: skip
RELATIONS = {"PUNCT": "punct", "ADJ": "amod", "ADV": "advmod", "ADP": "case", "CCONJ": "cc", "PART": "advmod"}
PACKAGE = "pymorphy3"
#: OpenCorpora grammemes of a proper noun
NAMES = frozenset({"Name", "Surn", "Patr", "Geox"})
#: pronouns UD tags DET in Russian (possessive, demonstrative)
DETERMINERS = frozenset({"мой", "твой", "наш", "ваш", "свой", "этот", "тот"})


@cache
def analyser() -> Any:
    """pymorphy3's Russian analyser (loaded once; an error naming the extra when it is missing)."""
    try:
        import pymorphy3
    except ImportError:
        raise MissingExtraError("the Russian tagger (pymorphy3)", "ru-tagger") from None
    return pymorphy3.MorphAnalyzer(lang="ru")


def best_parse(morph: Any, form: str) -> tuple[Any, str, str]:
    """(parse, OpenCorpora POS, UD features) of ``form``'s most probable parse by the pymorphy3
    analyser ``morph`` (the Russian or the Ukrainian dictionary: both tag as OpenCorpora)."""
    parse = morph.parse(form)[0]
    tag = parse.tag
    pos = str(tag.POS or str(tag).split(",")[0].split()[0])
    found = dict(FEATURES[g] for g in tag.grammemes if g in FEATURES)
    if pos in OWN_FEATURES:
        key, value = OWN_FEATURES[pos]
        found[key] = value
    return parse, pos, "|".join(f"{k}={v}" for k, v in sorted(found.items()))


def tag_word(form: str) -> tuple[str, str, str, str]:
    """(lemma, UD POS, UD features, OpenCorpora POS) of ``form``'s most probable parse."""
    parse, pos, feats = best_parse(analyser(), form)
    proper = pos == "NOUN" and NAMES & set(parse.tag.grammemes)
    upos = "PROPN" if proper else POS.get(pos, "X")
    return parse.normal_form, upos, feats, pos


def tag_sentence(tokens: Sequence[str]) -> Sentence:
    """The annotated words of one pre-tokenised sentence (see the module docstring)."""
    tagged = [tag_word(form)[:3] for form in tokens]
    return implied_words(tokens, tagged, RELATIONS, auxiliary="быть", determiners=DETERMINERS)


BACKENDS = ("pymorphy3", "natasha")


@dataclass(frozen=True)
class RussianTagger:
    """The offline tagger: ``backend="pymorphy3"`` (each word's most probable parse, relations
    from the POS) or ``"natasha"`` (slovnet's news morphology tagger and syntax parser, with
    their navec embeddings, all inside the ``natasha`` wheel: UD POS, features, relations and
    heads in context; lemmas from pymorphy3, the first parse whose UD POS is slovnet's)."""

    backend: str = "pymorphy3"
    _models: list[Any] = field(default_factory=list, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.backend not in BACKENDS:
            raise SettingError(f"backend must be one of {', '.join(BACKENDS)}, not {self.backend!r}", "backend")

    @property
    def name(self) -> str:
        """The tagger and its versions, as the signature names it (``pymorphy3-2.0.6+dicts-...``)."""
        from importlib.metadata import version

        name = f"{PACKAGE}-{version(PACKAGE)}+dicts-{version('pymorphy3-dicts-ru')}"
        return name if self.backend == "pymorphy3" else f"natasha-{version('natasha')}+{name}"

    def models(self) -> tuple[Any, Any]:
        """slovnet's morphology tagger and syntax parser (loaded once)."""
        if not self._models:
            try:
                from natasha import NewsEmbedding, NewsMorphTagger, NewsSyntaxParser
            except ImportError:
                raise MissingExtraError("the Russian tagger backend natasha", "ru-tagger") from None
            embedding = NewsEmbedding()
            self._models.extend((NewsMorphTagger(embedding), NewsSyntaxParser(embedding)))
        return self._models[0], self._models[1]

    def tag(self, sentences: Iterable[Sequence[str]]) -> list[Sentence]:
        """The annotated words of pre-tokenised ``sentences`` (their tokens kept as they are)."""
        if self.backend == "pymorphy3":
            return [tag_sentence(tokens) for tokens in sentences]
        listed = [list(tokens) for tokens in sentences]
        tagger, parser = self.models()
        tagged = list(tagger.map(listed)) if listed else []
        parsed = list(parser.map(listed)) if listed else []
        return [
            tuple(
                Word(
                    form=m.text,
                    lemma=lemma_of(m.text, m.pos),
                    upos=m.pos,
                    feats="|".join(f"{k}={v}" for k, v in sorted(m.feats.items())),
                    deprel=p.rel,
                    head=int(p.head_id),
                )
                for m, p in zip(morph.tokens, syntax.tokens, strict=True)
            )
            for morph, syntax in zip(tagged, parsed, strict=True)
        ]


@dataclass(frozen=True)
class NatashaTagger(RussianTagger):
    """:class:`RussianTagger` with the natasha backend (``--tagger natasha``)."""

    backend: str = "natasha"


def lemma_of(form: str, upos: str) -> str:
    """The lemma of the first pymorphy3 parse of ``form`` whose UD POS is ``upos`` (else the first)."""
    parses = analyser().parse(form)
    for parse in parses:
        pos = str(parse.tag.POS or "")
        if (
            POS.get(pos) == upos
            or (upos == "PROPN" and pos == "NOUN")
            or (upos in ("AUX", "DET") and pos in ("VERB", "NPRO"))
        ):
            return str(parse.normal_form)
    return str(parses[0].normal_form)


def doc_from_words(vocab: Any, words: Sequence[Word]) -> Any:
    """A spaCy ``Doc`` of ``words`` as ru-errant reads it: the UD POS as both coarse and fine tag,
    the features, lemmas, relations (``root`` as spaCy's ``ROOT``), forms separated by one space."""
    return spacy_doc(
        vocab,
        words,
        tags=[w.upos or "X" for w in words],
        deps=["ROOT" if w.deprel == "root" else (w.deprel or "dep") for w in words],
    )
