"""Error types, one package: the ERRANT label frame and the classifier protocol over words
(:mod:`~gecscope.align.types.frame`), the classifiers every language can use beside each other
(:mod:`~gecscope.align.types.surface`: tag-free, from strings; :mod:`~gecscope.align.types.upos`:
UD parts of speech; :mod:`~gecscope.align.types.notag`: ERRANT's English rules on blank tokens, the
types tag-free ERRANT writes), the simplemma lexicon the ports read
(:mod:`~gecscope.align.types.lexicon`), the step that types a run's edits with the classifier its
language declares (:mod:`~gecscope.align.types.classifiers`), typing from CoNLL-U or a tagger
(:mod:`~gecscope.align.types.annotated`) and the agreement of surface types with a corpus' own
labels (:mod:`~gecscope.align.types.agreement`). The ports of a language's own classifier
(errant_czech, Boyd's German, ru-errant) stay in its folder (``align/cs``, ``align/de``,
``align/ru``), declared by its unit."""
