"""`tabletop doctor`, and the check made before the first window: can Qt's X11 plugin load?

Qt loads its X11 ("xcb") platform plugin only when the first QApplication is made; if one of
the plugin's libraries is missing it prints a misleading hint (it names xcb-cursor0 whatever
is missing) and aborts. `xcb_check` loads the plugin and, if that fails, asks the dynamic
linker (`ldd`) which of its libraries cannot be found, so `tabletop` can name them and the
command that installs them. `window_problem` adds whether a display answers at all
(tabletop.displays). Nothing here imports Qt at module level, and what only the slow paths
need (running `ldd` or a dialog) is imported there: every start of the app passes through here.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import tabletop
from tabletop.displays import UNCHECKED, platform_problem, qt_platforms
from tabletop.engine.text import Msg
from tabletop.folders import CACHE_ENV, cache_dir
from tabletop.i18n import _, render

LDD = "ldd"
"""The program that lists a shared object's libraries (tests point it at a fake)."""

# Every library of the xcb plugin (and of QtGui under it) a desktop machine may lack, with the
# Debian/Ubuntu and the Fedora package that provides it. Found with `ldd libqxcb.so`.
PACKAGES: dict[str, tuple[str, str]] = {
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
    "libGLX.so.0": ("libglx0", "libglvnd-glx"),
    "libGLdispatch.so.0": ("libglvnd0", "libglvnd"),
    "libfontconfig.so.1": ("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": ("libfreetype6", "freetype"),
    "libglib-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": ("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": ("libdbus-1-3", "dbus-libs"),
    "libX11.so.6": ("libx11-6", "libX11"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
}

_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$", re.MULTILINE)
# A library that is there but cannot be loaded stops ldd with the dynamic linker's error.
_BROKEN = re.compile(r"error while loading shared libraries: (\S+): (.+)$", re.MULTILINE)


@dataclass(frozen=True, slots=True)
class XcbCheck:
    """What the X11 plugin check found: the plugin, the missing libraries, or why it could not."""

    plugin: Path | None
    missing: tuple[str, ...] = ()
    problem: str = ""
    damaged: tuple[tuple[str, str], ...] = ()
    """Libraries found but not loadable: (name, the dynamic linker's reason)."""

    @property
    def ok(self) -> bool:
        """True when the plugin is there and every library it needs was found and loads."""
        return self.plugin is not None and not (self.missing or self.damaged or self.problem)

    @property
    def blocking(self) -> bool:
        """True when Qt will certainly fail to load the plugin (a library missing or damaged)."""
        return bool(self.missing or self.damaged)


def pyside_dir() -> Path | None:
    """The installed PySide6 package folder (without importing it), or None."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def xcb_plugin() -> Path | None:
    """Qt's X11 platform plugin (libqxcb.so) in the installed PySide6, or None."""
    base = pyside_dir()
    plugin = base / "Qt" / "plugins" / "platforms" / "libqxcb.so" if base else None
    return plugin if plugin is not None and plugin.is_file() else None


def missing_from_ldd(output: str) -> tuple[str, ...]:
    """The libraries `ldd` reports as `not found`, each once, in its order."""
    return tuple(dict.fromkeys(_NOT_FOUND.findall(output)))


def damaged_from_ldd(output: str) -> tuple[tuple[str, str], ...]:
    """The libraries `ldd` found but could not load: (file name, reason), each once."""
    found = {Path(path).name: reason.strip() for path, reason in _BROKEN.findall(output)}
    return tuple(found.items())


def xcb_check(plugin: Path | None = None) -> XcbCheck:
    """Ask `ldd` which libraries of the xcb plugin (default: PySide6's) cannot be found."""
    plugin = plugin or xcb_plugin()
    if plugin is None:
        return XcbCheck(None, problem=_("Qt's X11 plugin (libqxcb.so) is not in PySide6"))
    try:
        # The quick way (Qt loads these very libraries next); ldd only to name what is missing.
        ctypes.CDLL(str(plugin))
    except OSError:
        pass
    else:
        return XcbCheck(plugin)
    import shutil
    import subprocess

    ldd = shutil.which(LDD)
    if ldd is None:
        problem = render(Msg("cannot check its libraries: no {program} program", program=LDD))
        return XcbCheck(plugin, problem=problem)
    try:
        run = subprocess.run(
            [ldd, str(plugin)], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as err:
        problem = render(Msg("cannot check its libraries: {reason}", reason=str(err)))
        return XcbCheck(plugin, problem=problem)
    output = run.stdout + run.stderr
    return XcbCheck(plugin, missing_from_ldd(output), damaged=damaged_from_ldd(output))


def install_commands(missing: Sequence[str], reinstall: bool = False) -> tuple[str, str]:
    """The apt-get (Debian, Ubuntu) and dnf (Fedora) commands that (re)install these libraries.

    dnf installs a library we have no package name for by its soname; for apt-get such a
    library is left to `apt-file search` (see `explain`).
    """
    debian = dict.fromkeys(PACKAGES[lib][0] for lib in missing if lib in PACKAGES)
    fedora = [PACKAGES[lib][1] if lib in PACKAGES else f"'{lib}()(64bit)'" for lib in missing]
    apt_verb, dnf_verb = (
        ("install --reinstall", "reinstall") if reinstall else ("install", "install")
    )
    apt = f"sudo apt-get {apt_verb} " + " ".join(debian) if debian else ""
    return apt, f"sudo dnf {dnf_verb} " + " ".join(dict.fromkeys(fedora))


def explain(check: XcbCheck, doctor_hint: bool = True, building: bool = False) -> str:
    """One paragraph for a person: what is missing or damaged and the command that fixes it
    (`building`: for packaging/build.py, which copies these libraries into the bundle)."""
    if not check.blocking:
        return render(
            Msg(
                "tabletop cannot check that a window can open: {problem}. "
                "Reinstalling Tabletop may help; `tabletop doctor` shows the details.",
                problem=check.problem,
            )
        )
    lines: list[str] = []
    separator = _(", ", ctx="list separator")
    if check.missing:
        libraries = separator.join(check.missing)
        if len(check.missing) > 1:
            lines.append(
                render(
                    Msg(
                        "tabletop cannot open a window: Qt's X11 plugin needs these libraries, "
                        "which are not installed: {libraries}.",
                        libraries=libraries,
                    )
                )
            )
            lines.append(
                _("Install them and run packaging/build.py again:")
                if building
                else _("Install them and start tabletop again:")
            )
        else:
            lines.append(
                render(
                    Msg(
                        "tabletop cannot open a window: Qt's X11 plugin needs this library, "
                        "which is not installed: {libraries}.",
                        libraries=libraries,
                    )
                )
            )
            lines.append(
                _("Install it and run packaging/build.py again:")
                if building
                else _("Install it and start tabletop again:")
            )
        lines.extend(_command_lines(check.missing, reinstall=False))
    if check.damaged:
        names = [name for name, _reason in check.damaged]
        damaged = _("; ", ctx="list separator").join(
            render(Msg("{library} ({reason})", library=name, reason=reason))
            for name, reason in check.damaged
        )
        if check.missing:
            text = Msg("And Qt's X11 plugin cannot load {libraries}.", libraries=damaged)
        else:
            text = Msg(
                "tabletop cannot open a window: Qt's X11 plugin cannot load {libraries}.",
                libraries=damaged,
            )
        lines.append(render(text))
        lines.append(
            _("Reinstall and run packaging/build.py again:")
            if building
            else _("Reinstall and start tabletop again:")
        )
        lines.extend(_command_lines(names, reinstall=True))
    if doctor_hint:
        lines.append(_("`tabletop doctor` shows this check and more, for a bug report."))
    return "\n".join(lines)


def _command_lines(libraries: Sequence[str], reinstall: bool) -> list[str]:
    """The indented apt-get and dnf lines, and where to look up a library we cannot name."""
    apt, dnf = install_commands(libraries, reinstall)
    lines = [f"    {apt}    " + _("(Debian, Ubuntu)")] if apt else []
    lines.append(f"    {dnf}    " + _("(Fedora)"))
    unknown = [lib for lib in libraries if lib not in PACKAGES]
    if unknown:
        lines.append(
            render(
                Msg(
                    "(On Debian and Ubuntu, `apt-file search {library}` names its package.)",
                    library=unknown[0],
                )
            )
        )
    return lines


def uses_xcb(env: Mapping[str, str] | None = None, system: str | None = None) -> bool:
    """True when Qt may load its X11 plugin here: Linux, and xcb among the plugins it tries."""
    env = os.environ if env is None else env
    system = sys.platform if system is None else system
    return system.startswith("linux") and "xcb" in qt_platforms(env)


def window_problem(
    env: Mapping[str, str] | None = None, system: str | None = None, libraries: bool = True
) -> str | None:
    """Why no window can open in this session (what is wrong and what to do), or None.

    Follows Qt: each platform plugin it would try, in its order, until one has a display that
    answers and (for X11) every library it needs; only when none does is there a problem.
    `libraries=False` leaves the missing libraries' paragraph out (the doctor prints it apart).
    """
    env = os.environ if env is None else env
    system = sys.platform if system is None else system
    if not system.startswith("linux"):
        return None
    reasons: list[Msg] = []
    missing: XcbCheck | None = None
    for name in qt_platforms(env):
        if name in UNCHECKED:
            return None
        reason = platform_problem(name, env)
        if reason is None and name == "xcb":
            check = xcb_check()
            if check.blocking:
                missing = check
                continue
        if reason is None:
            return None
        reasons.append(reason)
    lines = _display_lines(reasons, env) if reasons else []
    if missing is not None and libraries:
        lines.append(explain(missing, doctor_hint=False))
    lines.append(_("`tabletop doctor` shows this check and more, for a bug report."))
    return "\n".join(lines)


def _display_lines(reasons: Sequence[Msg], env: Mapping[str, str]) -> list[str]:
    """What is wrong with the displays tried, and what to do."""
    if not any(key in env for key in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")):
        first = _(
            "tabletop cannot open a window: no display is set (neither DISPLAY nor "
            "WAYLAND_DISPLAY)."
        )
    else:
        because = _("; ", ctx="list separator").join(render(r) for r in reasons)
        first = render(Msg("tabletop cannot open a window: {reasons}.", reasons=because))
    advice = _(
        "Start tabletop from a desktop session (over SSH: `ssh -X`), or make DISPLAY or "
        "WAYLAND_DISPLAY name the running one. Commands such as `tabletop simulate` and "
        "`tabletop sheet` need no window."
    )
    return [first, advice]


DIALOGS: tuple[tuple[str, ...], ...] = (
    ("zenity", "--error", "--no-wrap", "--title=Tabletop", "--text={markup}"),
    ("kdialog", "--title", "Tabletop", "--error", "{text}"),
    ("notify-send", "--app-name=Tabletop", "--urgency=critical", "Tabletop", "{markup}"),
    ("xmessage", "-center", "{wrapped}"),
)
"""Ways to show a start-up failure without a terminal, tried in order: a dialog needs the
display, a notification only the desktop's message bus (so it works when the display does not
answer)."""


def tell_desktop(text: str) -> str | None:
    """Show `text` in a dialog or a desktop notification; the program that showed it, or None.

    For a program started from the menu, whose stderr nobody reads. A dialog still open after a
    second is left to the person (tabletop exits meanwhile); one that ended at once with an
    error could not be shown, and the next way is tried.
    """
    import html
    import shutil
    import subprocess
    import textwrap

    for program, *args in DIALOGS:
        found = shutil.which(program)
        if found is None:
            continue
        wrapped = "\n".join(textwrap.fill(line, 90) for line in text.splitlines())
        markup = html.escape(text, quote=False)
        filled = [a.format(text=text, markup=markup, wrapped=wrapped) for a in args]
        try:
            shown = subprocess.Popen(
                [found, *filled],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                start_new_session=True,
            )
        except OSError:
            continue
        try:
            if shown.wait(timeout=1.0) == 0:
                return program
        except subprocess.TimeoutExpired:
            return program
    return None


def preflight() -> str | None:
    """Before the first window: the paragraph to print if no window can open, else None."""
    return window_problem()


def _fonts() -> list[str]:
    """The bundled font and which of the table's fallback families the system has."""
    # Listing fonts needs no window: offscreen works even when the X11 plugin cannot load.
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from PySide6.QtGui import QFontDatabase, QGuiApplication

    from tabletop.fonts import FALLBACK_FAMILIES, FONT_DIRS, FONT_FILE, bundled_family

    _app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    found = [folder / FONT_FILE for folder in FONT_DIRS if (folder / FONT_FILE).is_file()]
    family = bundled_family()
    if found:
        lines = [
            render(
                Msg(
                    "bundled font: {file} ({family})",
                    file=str(found[0]),
                    family=family or _("could not be loaded"),
                )
            )
        ]
    else:
        where = _(", ", ctx="list separator").join(map(str, FONT_DIRS))
        lines = [
            render(
                Msg(
                    "bundled font: {file} NOT FOUND (looked in {where})",
                    file=FONT_FILE,
                    where=where,
                )
            )
        ]
    families = set(QFontDatabase.families())
    lines.append(render(Msg("fonts: {count} families", count=len(families))))
    for name in FALLBACK_FAMILIES[:-1]:
        state = _("found", ctx="font") if name in families else _("not installed", ctx="font")
        lines.append(f"  {name}: {state}")
    return lines


def report() -> tuple[str, bool]:
    """The text of `tabletop doctor` and whether everything needed to open a window is there."""
    import platform

    from tabletop.store import DATA_ENV, data_dir

    lines = [f"Tabletop {tabletop.__version__}"]
    python = f"Python {platform.python_version()} ({platform.python_implementation()})"
    if getattr(sys, "frozen", False):
        bundle = str(Path(sys.executable).parent)
        python = render(Msg("{python}, frozen bundle in {folder}", python=python, folder=bundle))
    lines.append(python)
    try:
        import PySide6
        from PySide6.QtCore import qVersion

        lines.append(f"PySide6 {PySide6.__version__}, Qt {qVersion()}")
    except ImportError as err:
        lines.append(render(Msg("PySide6: cannot be imported ({reason})", reason=str(err))))
    lines.append(
        render(
            Msg("platform: {platform} ({system})", platform=platform.platform(), system=_os_name())
        )
    )
    if os.environ.get(DATA_ENV):
        folder = Msg(
            "data folder: {folder} (set by ${variable})", folder=str(data_dir()), variable=DATA_ENV
        )
    else:
        folder = Msg("data folder: {folder}", folder=str(data_dir()))
    lines.append(render(folder))
    if os.environ.get(CACHE_ENV):
        cache = Msg(
            "cache folder: {folder} (set by ${variable})",
            folder=str(cache_dir()),
            variable=CACHE_ENV,
        )
    else:
        cache = Msg("cache folder: {folder}", folder=str(cache_dir()))
    lines.append(render(cache))
    shown = ("QT_QPA_PLATFORM", "DISPLAY", "WAYLAND_DISPLAY", "XDG_SESSION_TYPE")
    unset = _("(unset)")
    settings = ", ".join(f"{k}={os.environ.get(k, unset)}" for k in shown)
    lines.append(render(Msg("display: {settings}", settings=settings)))
    ok = True
    if sys.platform.startswith("linux"):
        check = xcb_check()
        if check.ok:
            lines.append(
                render(Msg("X11 plugin: {plugin}: every library found", plugin=str(check.plugin)))
            )
        else:
            plugin = str(check.plugin) if check.plugin else _("not found", ctx="plugin")
            lines.append(render(Msg("X11 plugin: {plugin}: PROBLEM", plugin=plugin)))
            lines.append(explain(check, doctor_hint=False))
        if not uses_xcb():
            lines.append(_("(the X11 plugin is not what this session uses to open windows)"))
        tried = " ".join(qt_platforms(os.environ))
        problem = window_problem(libraries=False)
        if problem is None:
            lines.append(render(Msg("window: a display answers ({platforms})", platforms=tried)))
        else:
            lines.append(render(Msg("window ({platforms}): PROBLEM", platforms=tried)))
            lines.extend(problem.splitlines()[:-1])
            ok = False
    try:
        lines.extend(_fonts())
    except ImportError as err:
        lines.append(render(Msg("fonts: cannot be listed ({reason})", reason=str(err))))
    return "\n".join(lines), ok


def _os_name() -> str:
    """The distribution's PRETTY_NAME on Linux, else the system's name."""
    import platform

    try:
        release = platform.freedesktop_os_release()
    except OSError:
        return platform.system()
    return release.get("PRETTY_NAME", platform.system())


def doctor() -> int:
    """Print the report; 1 when a window could not be opened, else 0."""
    text, ok = report()
    print(text)
    return 0 if ok else 1
