"""Rendering results: signatures, tables, JSON, chunk views."""
