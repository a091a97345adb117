"""tabletop.1 is written from the argument parsers: the committed page is what they give now."""

from __future__ import annotations

import argparse
import shutil
import subprocess
from pathlib import Path

import pytest

from tabletop import cli

from .test_notices import load

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "packaging" / "linux" / "tabletop.1"


def test_the_committed_page_is_what_the_parsers_give() -> None:
    manpage = load("manpage")
    assert PAGE.read_text(encoding="utf-8") == manpage.manpage(), (
        "run: uv run python packaging/manpage.py > packaging/linux/tabletop.1"
    )


def test_every_option_and_command_is_on_the_page() -> None:
    page = PAGE.read_text(encoding="utf-8").replace("\\-", "-")
    parsers = [cli._app_parser(), cli._tools_parser(), cli._doctor_parser()]
    for parser in parsers:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    assert f".SS {name}\n" in page
                    parsers.append(sub)
            for option in action.option_strings:
                assert f"\\fB{option}\\fR" in page, option


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_the_page_formats_without_warnings() -> None:
    done = subprocess.run(
        ["groff", "-man", "-ww", "-z", str(PAGE)], capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stderr) == (0, "")
