"""The relations a tagger without a parser gives: each word's relation is the one its UD POS
implies, with three rules the Russian, Ukrainian and Estonian taggers share (an auxiliary, the
pronouns that are determiners, the first finite verb as the root); heads are not given."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from gecscope.io.conllu import Sentence, Word


def implied_words(
    tokens: Sequence[str],
    tagged: Sequence[tuple[str, str, str]],
    relations: Mapping[str, str],
    *,
    auxiliary: str,
    auxiliary_verbs: Collection[str] = (),
    determiners: Collection[str] = (),
    finite: str = "Fin",
) -> Sentence:
    """The words of ``tokens`` from each one's (lemma, UD POS, UD features) in ``tagged``: the
    relation ``relations`` gives its POS (``dep`` otherwise); ``aux`` (as AUX) for a form of
    ``auxiliary`` next to a verb or a verb of ``auxiliary_verbs``; ``det`` (as DET) for a pronoun
    of ``determiners``; ``root`` for the first verb whose features hold ``finite``."""
    words: list[Word] = []
    for i, (form, (lemma, upos, feats)) in enumerate(zip(tokens, tagged, strict=True)):
        relation = relations.get(upos, "dep")
        near = {tagged[j][1] for j in (i - 1, i + 1) if 0 <= j < len(tagged)}
        if (lemma == auxiliary and "VERB" in near) or (upos == "VERB" and lemma in auxiliary_verbs):
            upos, relation = "AUX", "aux"
        elif upos == "PRON" and lemma in determiners:
            upos, relation = "DET", "det"
        elif upos == "VERB" and finite in feats and not any(w.deprel == "root" for w in words):
            relation = "root"
        words.append(Word(form=form, lemma=lemma, upos=upos, feats=feats, deprel=relation))
    return tuple(words)
