"""Can this session show a window: the Qt platform plugins it will try, and does their display
answer? Checked before Qt starts, because Qt aborts (exit 134) with a misleading hint when none
of them can connect.

Stdlib only (libxcb through ctypes when it is there); nothing here imports Qt.
"""

from __future__ import annotations

import ctypes
import os
import re
import socket
import time
from collections.abc import Mapping
from pathlib import Path

from tabletop.engine.text import Msg

TIMEOUT = 2.0
"""Seconds a display over TCP may take to accept a connection."""

UNCHECKED = ("offscreen", "minimal", "minimalegl", "eglfs", "linuxfb", "vnc", "vkkhrdisplay")
"""Platform plugins that need no display server: nothing to check."""

_DISPLAY = re.compile(r"^(?:(?P<proto>[a-z]+)/)?(?P<host>[^:]*):(?P<number>\d+)(?:\.\d+)?$")


def qt_platforms(env: Mapping[str, str]) -> list[str]:
    """The platform plugins Qt 6 on Linux tries, in its order (its createPlatformIntegration).

    QT_QPA_PLATFORM wins ("a;b" tries a then b); otherwise Wayland first when WAYLAND_DISPLAY is
    set or the session says wayland, then X11 (xcb), which is also the default.
    """
    chosen = env.get("QT_QPA_PLATFORM", "")
    if chosen:
        names = chosen.split(";")
    else:
        names = []
        if "WAYLAND_DISPLAY" in env or env.get("XDG_SESSION_TYPE") == "wayland":
            names.append("wayland")
        names.append("xcb")
    return [name.split(":")[0].strip() for name in names if name.strip()]


def x11_problem(display: str | None, timeout: float = TIMEOUT) -> Msg | None:
    """Why the X server named by `display` (the DISPLAY value) cannot be used, or None."""
    if not display:
        return Msg("DISPLAY is not set")
    found = _DISPLAY.match(display)
    if found is None:
        return Msg("DISPLAY={display} does not name an X display", display=display)
    host, number = found["host"], int(found["number"])
    local = host in ("", "unix") and found["proto"] in (None, "unix")
    nearby = local or host in ("localhost", "127.0.0.1", "::1")
    if nearby:
        # libxcb first: a bare probe connection just before can make an X server (Xvfb, seen
        # one time in five) turn the real client away.
        accepted = _xcb_accepts(display)
        if accepted:
            return None
    else:
        # A far host is probed with a time limit first: libxcb would wait minutes for it.
        accepted = None
    reason = _reach_local(number) if local else _reach_tcp(host or "localhost", number, timeout)
    if reason is not None:
        return Msg(
            "the X display {display} does not answer ({reason})", display=display, reason=reason
        )
    if accepted is None and not nearby:
        accepted = _xcb_accepts(display)
    if accepted is False:
        return Msg(
            "the X display {display} refused the connection (not authorised: "
            "check XAUTHORITY or run `xhost` there)",
            display=display,
        )
    return None


def _reach_local(number: int) -> Msg | None:
    """None if X server `number` listens on this machine (abstract or file socket)."""
    path = f"/tmp/.X11-unix/X{number}"
    reason: Msg | None = None
    for address in ("\0" + path, path):
        reason = _connect_unix(address)
        if reason is None:
            return None
    return reason


def _reach_tcp(host: str, number: int, timeout: float) -> Msg | None:
    """None if an X server listens on `host`, port 6000 + `number`."""
    try:
        with socket.create_connection((host, 6000 + number), timeout=timeout):
            return None
    except TimeoutError:
        return Msg("no answer within {seconds} s", seconds=timeout)
    except OSError as err:
        return _os_reason(err)


def _connect_unix(address: str) -> Msg | None:
    """None if something accepts a connection on this Unix socket, else why not."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(TIMEOUT)
        try:
            sock.connect(address)
        except OSError as err:
            return _os_reason(err)
    return None


def _os_reason(err: OSError) -> Msg:
    """A connection failure in words a translator can translate."""
    if isinstance(err, FileNotFoundError | ConnectionRefusedError):
        return Msg("nothing is listening there")
    if isinstance(err, TimeoutError):
        return Msg("no answer within {seconds} s", seconds=TIMEOUT)
    if isinstance(err, PermissionError):
        return Msg("permission denied")
    return Msg("{reason}", reason=err.strerror or str(err))


def _xcb_accepts(display: str, tries: int = 3) -> bool | None:
    """Whether libxcb can open `display` (the server accepts us); None when libxcb cannot be
    loaded (the library check then reports it).

    A refusal is asked again after a moment: a server may turn away a client that comes just
    as another one leaves (Xvfb did, for starts following each other closely).
    """
    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None
    for attempt in range(tries):
        if attempt:
            time.sleep(0.1)
        if _xcb_connects(xcb, display):
            return True
    return False


def _xcb_connects(xcb: ctypes.CDLL, display: str) -> bool:
    """One connection through libxcb, closed again: True if the server accepted it."""
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        return bool(connection) and xcb.xcb_connection_has_error(connection) == 0
    finally:
        if connection:
            xcb.xcb_disconnect(connection)


def wayland_socket(env: Mapping[str, str]) -> Path | None:
    """Where the Wayland client library connects: WAYLAND_DISPLAY (default wayland-0) under
    XDG_RUNTIME_DIR, or WAYLAND_DISPLAY itself when absolute; None without a runtime folder."""
    name = env.get("WAYLAND_DISPLAY") or "wayland-0"
    if os.path.isabs(name):
        return Path(name)
    runtime = env.get("XDG_RUNTIME_DIR")
    return Path(runtime) / name if runtime else None


def wayland_problem(env: Mapping[str, str]) -> Msg | None:
    """Why the Wayland compositor cannot be reached, or None."""
    if env.get("WAYLAND_SOCKET"):
        return None  # an already-open connection handed down by the compositor
    path = wayland_socket(env)
    if path is None:
        return Msg("the Wayland display cannot be found (XDG_RUNTIME_DIR is not set)")
    reason = _connect_unix(str(path))
    if reason is None:
        return None
    return Msg(
        "the Wayland display {socket} does not answer ({reason})", socket=str(path), reason=reason
    )


def platform_problem(name: str, env: Mapping[str, str]) -> Msg | None:
    """Why the platform plugin `name` cannot connect to its display, or None if it can (or if
    it needs no display)."""
    if name == "xcb":
        return x11_problem(env.get("DISPLAY"))
    if name.startswith("wayland"):
        return wayland_problem(env)
    return None
