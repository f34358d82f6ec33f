"""Estonian (et): the MultiGEC-2025 language unit."""
