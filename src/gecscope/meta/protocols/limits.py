"""The documented ranges of the meta-evaluation's counts, read by the protocols and the CLI
(kept apart so that the command line reads them without importing the protocols)."""

from __future__ import annotations

#: the most bootstrap samples (each re-scores every run; 10,000 is the usual count)
MAX_SAMPLES = 100_000
#: the most TrueSkill runs averaged (each replays every judgment; the papers average 100 or fewer)
MAX_RUNS = 10_000
#: the most systems in a window analysis
MAX_WINDOW = 10_000
#: the most synthetic systems per seed (GMEG-Data's Table 8 used 674), and seeds per run
MAX_SYNTHETIC = 100_000
MAX_SEEDS = 1_000
