"""gecscope: fast, faithful evaluation of grammatical error correction."""

from gecscope.version import __version__

__all__ = ["__version__"]
