"""Tabletop: a table for small original Japanese card games."""

__version__ = "0.1.0"
"""The version: the one place it is written (pyproject reads it, `tabletop --version` prints it)."""

APP_ID = "io.github.tabletop.Tabletop"
"""The desktop/AppStream id: names the menu entry (packaging/linux) the windows belong to."""
