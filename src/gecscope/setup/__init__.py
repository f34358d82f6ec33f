"""A run's setup, decided before its input is read: the language, tokeniser, aligner, annotation
source, protocol, named test set and input format, in one frozen :class:`Setup` built in one
place (:func:`build_setup`) for every door, and the front half that turns a setup and the
user's files into the pipeline's inputs (:func:`read_systems`).

- :mod:`gecscope.setup.run`: :class:`Setup`, :class:`InputFiles`, :class:`Annotations`, :func:`build_setup`;
- :mod:`gecscope.setup.front`: :func:`read_systems`, every input kind's checks;
- :mod:`gecscope.setup.essays`: MultiGEC essay files read in memory;
- :mod:`gecscope.setup.protocols`: the shared tasks' protocols, declared once;
- :mod:`gecscope.setup.testsets`, :mod:`gecscope.setup.shared_tasks`: named test sets.
"""

from __future__ import annotations

from gecscope.setup.run import Annotations, InputFiles, Setup, build_setup

# the front half (gecscope.setup.front: read_systems) is imported where a run reads, not at start-up
__all__ = ["Annotations", "InputFiles", "Setup", "build_setup"]
