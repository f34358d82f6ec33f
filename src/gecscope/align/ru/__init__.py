"""Russian (ru): the MultiGEC-2025 language unit."""
