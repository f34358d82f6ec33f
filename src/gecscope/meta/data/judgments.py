"""Human pairwise rankings (Appraise XML, as in GJG15 and SEEDA): items, pairs, Expected Wins."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from gecscope.errors import InputError


@dataclass(frozen=True, slots=True)
class RankingItem:
    """One annotator's ranking of the outputs for one source sentence (1 = best)."""

    src_id: int
    user: str
    ranks: tuple[tuple[str, int], ...]  # (system, rank), collapsed outputs expanded


def read_judgments(path: str | Path) -> list[RankingItem]:
    try:
        root = ET.parse(path).getroot()
    except FileNotFoundError:
        raise InputError("file not found", path) from None
    except ET.ParseError as exc:
        raise InputError(f"not valid XML ({exc})", path, exc.position[0]) from None
    items = []
    for node in root.iter("ranking-item"):
        ranks = tuple(
            (system, int(t.get("rank", "0")))
            for t in node.iter("translation")
            for system in (t.get("system") or "").split()
        )
        items.append(RankingItem(int(node.get("src-id", "-1")), node.get("user", ""), ranks))
    return items


@dataclass(frozen=True, slots=True)
class HumanPair:
    """A human preference between two systems on one sentence (``better`` ranked higher)."""

    src_id: int
    first: str
    second: str
    label: int  # +1: first better, -1: second better


def human_pairs(items: Iterable[RankingItem], systems: Sequence[str]) -> list[HumanPair]:
    """Non-tied pairs among ``systems`` (ordered as given: ``first`` precedes ``second``)."""
    order = {s: i for i, s in enumerate(systems)}
    out = []
    for item in items:
        ranks = dict(item.ranks)
        present = sorted((s for s in ranks if s in order), key=order.__getitem__)
        for a, b in combinations(present, 2):
            if ranks[a] != ranks[b]:
                out.append(HumanPair(item.src_id, a, b, 1 if ranks[a] < ranks[b] else -1))
    return out


def pair_outcomes(items: Iterable[RankingItem]) -> dict[tuple[str, str], list[int]]:
    """Per unordered pair (a < b) ranked together: +1 (a better), -1 (b better), 0 (tie) per item
    (the ``admin`` user's test rankings left out)."""
    pairs: dict[tuple[str, str], list[int]] = defaultdict(list)
    for item in items:
        if item.user == "admin":
            continue
        ranks = dict(item.ranks)
        for a, b in combinations(sorted(ranks), 2):
            pairs[(a, b)].append(0 if ranks[a] == ranks[b] else (1 if ranks[a] < ranks[b] else -1))
    return pairs


def expected_wins(items: Iterable[RankingItem]) -> dict[str, float]:
    """Expected Wins point estimate (Bojar et al., 2013), ties ignored:
    EW(i) = mean over opponents j of wins(i, j) / (wins(i, j) + wins(j, i))."""
    outcomes = pair_outcomes(items)
    systems = sorted({s for pair in outcomes for s in pair})

    def share(s: str, o: str) -> float:
        found = outcomes.get((min(s, o), max(s, o)), [])
        won, lost = (found.count(1), found.count(-1)) if s < o else (found.count(-1), found.count(1))
        return won / (won + lost) if won + lost else 0.0

    return {s: sum(share(s, o) for o in systems if o != s) / max(len(systems) - 1, 1) for s in systems}
