"""Meta-evaluation data sets: GJG15 and SEEDA layouts, downloads, human judgments and scores."""
