"""Ukrainian (uk): the MultiGEC-2025 language unit."""
