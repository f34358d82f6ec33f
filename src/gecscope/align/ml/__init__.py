"""Malayalam (ml): the IndicGEC-2025 language unit."""
