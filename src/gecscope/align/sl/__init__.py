"""Slovene (sl): the MultiGEC-2025 language unit."""
