"""Name-keyed tables of the setup's declarations (protocols, named test sets)."""

from __future__ import annotations

from typing import Protocol, TypeVar


class Named(Protocol):
    @property
    def name(self) -> str: ...


NamedT = TypeVar("NamedT", bound=Named)


def by_name(*entries: NamedT) -> dict[str, NamedT]:
    """``entries`` keyed by their names, in their order."""
    return {entry.name: entry for entry in entries}
