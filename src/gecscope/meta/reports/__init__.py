"""Meta-evaluation reports: the metric presets, markdown reports and plots."""
