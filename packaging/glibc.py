"""The newest glibc a Linux bundle needs: the highest GLIBC_x.y symbol version any of its ELF
files asks for (read with `objdump -T`, which PyInstaller needs on Linux anyway)."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterable
from pathlib import Path

MAX_GLIBC = (2, 35)
"""The newest glibc the bundle may need: Ubuntu 22.04 and RHEL 9 (2.34) and newer run it."""

_NEEDED = re.compile(r"\bGLIBC_(\d+)\.(\d+)(?:\.(\d+))?\b")
_ELF = b"\x7fELF"


def versions_in(objdump_output: str) -> set[tuple[int, ...]]:
    """The GLIBC_x.y[.z] versions named in `objdump -T` output."""
    return {tuple(int(part) for part in found if part) for found in _NEEDED.findall(objdump_output)}


def needed(path: Path) -> tuple[int, ...] | None:
    """The highest glibc version `path` needs, or None if it names none (or is not ELF)."""
    with path.open("rb") as f:
        if f.read(4) != _ELF:
            return None
    done = subprocess.run(["objdump", "-T", str(path)], capture_output=True, text=True, check=False)
    found = versions_in(done.stdout)
    return max(found) if found else None


def highest(files: Iterable[Path]) -> tuple[tuple[int, ...], list[Path]]:
    """The highest glibc version any of `files` needs, and the files that need exactly it."""
    top: tuple[int, ...] = (0,)
    who: list[Path] = []
    for path in files:
        if not path.is_file() or path.is_symlink():
            continue
        version = needed(path)
        if version is None:
            continue
        if version > top:
            top, who = version, [path]
        elif version == top:
            who.append(path)
    return top, who


def text(version: tuple[int, ...]) -> str:
    """A version as people write it: 2.35."""
    return ".".join(map(str, version))
