"""Hindi (hi): the IndicGEC-2025 language unit."""
