"""Tamil (ta): the IndicGEC-2025 language unit."""
