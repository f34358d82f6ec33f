"""The Williams test: does metric A correlate with the human scores better than metric B?

Williams (1959) test for the difference of two dependent correlations that share a variable, as
Graham and Baldwin (2014) apply it to MT metrics and Napoles et al. (2019, Figure 3) to GEC
metrics: with r12 = corr(A, human), r13 = corr(B, human), r23 = corr(A, B) over n systems,

    t = (r12 - r13) sqrt((n - 1)(1 + r23)) / sqrt(2 K (n - 1)/(n - 3) + (r12 + r13)^2 / 4 (1 - r23)^3),
    K = 1 - r12^2 - r13^2 - r23^2 + 2 r12 r13 r23,

with n - 3 degrees of freedom; the one-sided p-value is P(T >= t) (small: A is significantly
better). Pearson correlations, as the papers use.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Williams:
    t: float
    p: float
    systems: int


def williams_test(r12: float, r13: float, r23: float, n: int) -> Williams:
    """One-sided Williams test that r12 > r13 (see the module).

    >>> w = williams_test(0.9, 0.6, 0.7, 20)
    >>> round(w.t, 4), round(w.p, 6)
    (3.5569, 0.001213)
    """
    from scipy.stats import t as student

    if n < 4:
        raise ValueError(f"the Williams test needs at least 4 systems, got {n}")
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    denominator = 2 * k * (n - 1) / (n - 3) + ((r12 + r13) ** 2 / 4) * (1 - r23) ** 3
    if denominator <= 0:  # identical or perfectly collinear metrics: no evidence either way
        return Williams(0.0, 0.5, n)
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23)) / math.sqrt(denominator)
    return Williams(float(t), float(student.sf(t, n - 3)), n)


def williams_matrix(
    scores: Mapping[str, Mapping[str, float]], human: Mapping[str, float], systems: Sequence[str]
) -> dict[str, dict[str, float]]:
    """``p[a][b]``: the p-value that metric ``a`` correlates with ``human`` better than ``b`` does
    (Pearson over ``systems``), for every ordered pair of metrics."""
    from scipy.stats import pearsonr

    vectors = {m: [float(s[x]) for x in systems] for m, s in scores.items()}
    people = [float(human[x]) for x in systems]
    with_human = {m: float(pearsonr(v, people)[0]) for m, v in vectors.items()}
    out: dict[str, dict[str, float]] = {}
    for a in vectors:
        out[a] = {}
        for b in vectors:
            if a != b:
                r23 = float(pearsonr(vectors[a], vectors[b])[0])
                out[a][b] = williams_test(with_human[a], with_human[b], r23, len(systems)).p
    return out
