"""TrueSkill system scores from pairwise rankings (Sakaguchi et al., 2014), as a seeded sanity
check of the published human scores (which are what correlations use).

Procedure of the GJG15/SEEDA scripts: every item gives all pairs of its (expanded) systems with
compressed ranks; the number of updates is the number of pairs + 1; each update takes the system
with the largest sigma, an opponent with probability proportional to exp(-|mu_a - mu_b|), one
stored judgment of that pair drawn at random, and a two-player rating update (equal ranks = a
draw). The published scores are the mean mu over 1,000 runs; one run is noisy (s.d. ~0.01-0.03).
Needs the 'trueskill' extra.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable

from gecscope.errors import MissingExtraError, SettingError
from gecscope.meta.data.judgments import RankingItem, pair_outcomes
from gecscope.meta.protocols.limits import MAX_RUNS


def trueskill_scores(items: Iterable[RankingItem], *, runs: int = 1, seed: int = 0) -> dict[str, float]:
    if not 1 <= runs <= MAX_RUNS:
        raise SettingError(f"runs must be from 1 to {MAX_RUNS:,}; got {runs:,}", "runs")
    try:
        import trueskill
    except ImportError:
        raise MissingExtraError("TrueSkill recomputation", "trueskill") from None
    judgments = pair_outcomes(items)
    systems = sorted({s for pair in judgments for s in pair})
    updates = sum(len(v) for v in judgments.values()) + 1
    rng = random.Random(seed)
    totals = dict.fromkeys(systems, 0.0)
    for _ in range(runs):
        env = trueskill.TrueSkill(mu=0.0, sigma=0.5, beta=0.5 * (updates / 40), tau=0.0, draw_probability=0.25)
        ratings = {s: env.create_rating() for s in systems}
        for _ in range(updates):
            a = max(systems, key=lambda s: (ratings[s].sigma, s))
            others = [s for s in systems if s != a and judgments.get((min(a, s), max(a, s)))]
            b = rng.choices(others, [math.exp(-abs(ratings[a].mu - ratings[s].mu)) for s in others])[0]
            first, second = min(a, b), max(a, b)
            outcome = rng.choice(judgments[(first, second)])
            r1, r2 = ratings[first], ratings[second]
            if outcome == -1:
                r2, r1 = trueskill.rate_1vs1(r2, r1, env=env)
            else:
                r1, r2 = trueskill.rate_1vs1(r1, r2, drawn=outcome == 0, env=env)
            ratings[first], ratings[second] = r1, r2
        for s in systems:
            totals[s] += ratings[s].mu
    return {s: v / runs for s, v in totals.items()}
