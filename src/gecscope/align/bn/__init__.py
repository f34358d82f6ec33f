"""Bengali (bn): the IndicGEC-2025 language unit."""
