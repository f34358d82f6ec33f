"""English: ERRANT-compatible edit extraction (errant 3.0.2's edits, spans and types; the
alignment and merging compiled, the engine it shares with tag-free ERRANT: :mod:`gecscope.align.errant`)."""
