"""Czech (cs): the MultiGEC-2025 language unit."""
