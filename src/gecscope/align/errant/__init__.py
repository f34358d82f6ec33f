"""The ERRANT engine English and tag-free ERRANT share: ERRANT 3.0.2's linguistic
Damerau-Levenshtein alignment, compiled over arrays of token attributes
(:mod:`~gecscope.align.errant.kernel`), and its rule merger (:mod:`~gecscope.align.errant.merge`).
English fills the attributes from spaCy (:mod:`gecscope.align.en.errant`), tag-free ERRANT from
the words alone (:mod:`gecscope.align.notag`)."""
