"""The results dialog's line of fairness codes reads right for one code and for two."""

from __future__ import annotations

from tabletop.ui.dialogs.results import codes_line


def test_one_code_is_read_aloud_as_it_and_two_as_them() -> None:
    assert codes_line("1234 5678", None) == (
        "Table code 1234 5678 — read it aloud: every player should see the same."
    )
    assert codes_line("1234 5678", "8765 4321") == (
        "Table code 1234 5678 · Record code 8765 4321 — read them aloud: every player should "
        "see the same."
    )
    assert codes_line(None, None) == ""
