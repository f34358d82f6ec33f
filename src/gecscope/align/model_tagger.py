"""The base of an offline tagger backed by one installed model (the Czech spaCy pipeline,
HanTa's German model): loaded on first use and kept, signed with its package's version."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar


@dataclass(frozen=True)
class ModelTagger:
    """A tagger whose ``model`` :meth:`load` reads once (:meth:`loaded`); its signature name is
    :attr:`signed_as` and the installed version of :attr:`package`."""

    #: the distribution whose version the signature names, and the name it is signed under
    package: ClassVar[str]
    signed_as: ClassVar[str]

    model: str
    _loaded: list[Any] = field(default_factory=list, compare=False, repr=False)

    @property
    def name(self) -> str:
        """The tagger and its version, as the signature names it."""
        from importlib.metadata import version

        return f"{self.signed_as}-{version(self.package)}"

    def loaded(self) -> Any:
        """The loaded model (read by :meth:`load` on first use)."""
        if not self._loaded:
            self._loaded.append(self.load())
        return self._loaded[0]

    def load(self) -> Any:
        """Read the model (an error naming the extra when it is missing)."""
        raise NotImplementedError
