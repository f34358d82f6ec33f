"""Telugu (te): the IndicGEC-2025 language unit."""
