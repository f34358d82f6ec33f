"""Italian (it): the MultiGEC-2025 language unit."""
