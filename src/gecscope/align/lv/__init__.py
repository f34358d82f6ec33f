"""Latvian (lv): the MultiGEC-2025 language unit."""
