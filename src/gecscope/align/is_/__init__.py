"""Icelandic (is; the folder is is_: is is a Python keyword)."""
