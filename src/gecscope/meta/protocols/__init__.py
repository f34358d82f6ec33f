"""Meta-evaluation protocols: correlations, pairwise agreement, windows, TrueSkill, bootstrap, factor search."""
