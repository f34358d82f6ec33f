"""Swedish (sv): the MultiGEC-2025 language unit."""
