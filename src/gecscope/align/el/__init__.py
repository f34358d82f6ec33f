"""Greek (el): the MultiGEC-2025 language unit."""
