"""English: ERRANT-compatible edit extraction (errant 3.0.2's edits, spans and types; the
alignment and merging compiled, see :mod:`gecscope.align.en.errant_fast`)."""
