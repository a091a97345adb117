"""Entry point of the frozen app (PyInstaller): the same `tabletop` command the wheel installs."""

import sys

from tabletop.cli import main

if __name__ == "__main__":
    sys.exit(main())
