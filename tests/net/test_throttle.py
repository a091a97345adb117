"""The room-password throttle on a made-up clock, and the open-file limit."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from tabletop.i18n import render
from tabletop.net.throttle import Guesses, Limits, raise_file_limit

LIMITS = Limits(password_free=3, password_delay=1.0, password_global=30, password_gate=5.0)


def checked(guesses: Guesses, address: str, now: float) -> bool:
    """Try a wrong password from `address` at `now`; True when it was looked at."""
    if guesses.refusal(address, now) is not None:
        return False
    guesses.wrong(address, now)
    return True


def test_many_addresses_get_few_guesses_in_all() -> None:
    """900 addresses guessing over 20 s, the attack the review ran: the budget of the window
    and then one guess per gate, where each address alone would have had three."""
    guesses = Guesses(LIMITS)
    tried = sum(checked(guesses, f"10.0.{n // 250}.{n % 250}", n / 45) for n in range(900))
    assert tried <= LIMITS.password_global + 1 + 20 / LIMITS.password_gate


def test_the_gate_opens_for_one_guess_at_a_time() -> None:
    """Under attack a new address is looked at once the gate is open, and its wrong guess
    shuts the gate again for everyone new, for twice as long each time (up to the longest
    delay)."""
    guesses = Guesses(LIMITS)
    for n in range(31):
        assert checked(guesses, f"10.1.0.{n}", 0.0)
    assert guesses.under_attack(0.0)
    told = guesses.refusal("10.2.0.1", 1.0)
    assert told is not None and "4 s" in render(told, "en")
    now, opened = 0.0, []
    for n in range(200):
        now += 0.5
        if checked(guesses, f"10.2.{n // 250}.{n % 250}", now):
            opened.append(now)
    assert opened == [5.0, 15.0, 35.0, 65.0, 95.0]


def test_an_address_let_in_before_is_never_held_at_the_gate() -> None:
    """An address that gave the right password is checked at once during an attack, until it
    guesses wrong itself."""
    guesses = Guesses(LIMITS)
    guesses.right("10.9.9.9")
    for n in range(40):
        checked(guesses, f"10.1.0.{n}", 0.0)
    assert guesses.refusal("10.9.9.9", 1.0) is None
    assert guesses.refusal("10.9.9.8", 1.0) is not None
    guesses.wrong("10.9.9.9", 1.0)
    assert guesses.refusal("10.9.9.9", 2.0) is not None


def test_the_attack_ends_with_its_window() -> None:
    """Once the wrong guesses are older than the window a new address is checked again at
    once, and old addresses are forgotten."""
    guesses = Guesses(LIMITS)
    for n in range(40):
        checked(guesses, f"10.1.0.{n}", 0.0)
    later = LIMITS.password_window + 1
    assert not guesses.under_attack(later)
    assert guesses.refusal("10.2.0.1", later) is None
    guesses.forget_old(later)
    assert guesses.refusal("10.1.0.0", later) is None


@pytest.fixture
def file_limit() -> Iterator[tuple[int, int]]:
    """The open-file limits now (restored at teardown)."""
    import resource

    old = resource.getrlimit(resource.RLIMIT_NOFILE)
    yield old
    resource.setrlimit(resource.RLIMIT_NOFILE, old)


@pytest.mark.skipif(sys.platform == "win32", reason="no open-file limit to raise")
def test_the_open_file_limit_is_raised_toward_the_hard_limit(file_limit: tuple[int, int]) -> None:
    """A low soft limit is raised as far as the hard limit (or a generous goal if unlimited)."""
    import resource

    hard = file_limit[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    soft = raise_file_limit()
    assert soft == resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    assert soft is not None and soft > 256
    if hard != resource.RLIM_INFINITY:
        assert soft == hard
