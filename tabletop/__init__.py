"""Tabletop: a table for small original Japanese card games."""

__version__ = "0.1.0"
