"""The step that types a run's edits, under its former name: it is
:mod:`gecscope.align.types.classifiers` (this module only re-exports it)."""

from gecscope.align.types.classifiers import *  # noqa: F403
from gecscope.align.types.classifiers import __all__ as __all__
