"""German (de): the MultiGEC-2025 language unit."""
