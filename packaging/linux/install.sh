#!/bin/sh
# Install Tabletop from this unpacked folder.
#   ./install.sh                 for you alone: ~/.local/{lib/tabletop,bin,share} (no root needed)
#   sudo ./install.sh            for everyone: /usr/local/{lib/tabletop,bin,share}
#   PREFIX=/opt/tabletop ./install.sh    everything under PREFIX (lib, bin, share)
#   DESTDIR=/tmp/stage PREFIX=/usr ./install.sh   stage for a distribution package: files go
#                                under DESTDIR, the menu entry names PREFIX; nothing is refreshed
#   ./install.sh --uninstall     removes it again (same PREFIX); saved matches are never touched.
# The program is started once (--version) before anything is replaced: on a system it cannot run
# on (too old a glibc), nothing is installed and the previous installation stays.
set -eu
APP_ID=io.github.tabletop.Tabletop
GLIBC_NEEDED="@GLIBC_NEEDED@"
HERE=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
DESTDIR="${DESTDIR:-}"
if [ -n "${PREFIX:-}" ]; then
    SHARE="$PREFIX/share"
elif [ "$(id -u)" = 0 ]; then
    PREFIX=/usr/local
    SHARE="$PREFIX/share"
else
    PREFIX="$HOME/.local"
    SHARE="${XDG_DATA_HOME:-$HOME/.local/share}"
fi
LIB="$PREFIX/lib/tabletop"
BIN="$PREFIX/bin"
ICONS="$SHARE/icons/hicolor"
SIZES="16x16 24x24 32x32 48x48 64x64 128x128 256x256 512x512"

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

# The folder that will hold `path`, or the nearest one that exists, must be writable.
writable() {
    dir=$1
    while [ ! -e "$dir" ]; do dir=$(dirname -- "$dir"); done
    [ -w "$dir" ]
}

remove() {
    rm -rf "$DESTDIR$LIB"
    rm -f "$DESTDIR$BIN/tabletop" "$DESTDIR$SHARE/applications/$APP_ID.desktop" \
        "$DESTDIR$SHARE/metainfo/$APP_ID.metainfo.xml" "$DESTDIR$SHARE/man/man1/tabletop.1"
    for size in $SIZES; do
        rm -f "$DESTDIR$ICONS/$size/apps/$APP_ID.png"
        # Only folders left empty go; rmdir leaves any other application's icons alone.
        rmdir "$DESTDIR$ICONS/$size/apps" "$DESTDIR$ICONS/$size" 2>/dev/null || true
    done
    # The shared folders of a system prefix stay (others may expect them); under a prefix of
    # its own (~/.local, /opt/...) Tabletop leaves no empty folder behind.
    case "$PREFIX" in
        /usr | /usr/local) return 0 ;;
    esac
    for dir in "$ICONS" "$SHARE/icons" "$SHARE/applications" "$SHARE/metainfo" \
        "$SHARE/man/man1" "$SHARE/man" "$SHARE" "$BIN" "$PREFIX/lib" "$PREFIX"; do
        rmdir "$DESTDIR$dir" 2>/dev/null || true
    done
}

refresh() {
    [ -z "$DESTDIR" ] || return 0
    if command -v update-desktop-database >/dev/null 2>&1 && [ -d "$SHARE/applications" ]; then
        update-desktop-database -q "$SHARE/applications" || true
    fi
    if [ -d "$ICONS" ]; then
        # Desktops re-read an icon folder when its time stamp changes.
        touch "$ICONS"
        if [ -f "$ICONS/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
            gtk-update-icon-cache -q -t "$ICONS" || true
        fi
    fi
}

if ! writable "$DESTDIR$PREFIX" || ! writable "$DESTDIR$SHARE"; then
    fail "cannot write to $DESTDIR$PREFIX: run it as root (sudo ./install.sh) for everyone, or with a PREFIX you own (default for you alone: ~/.local)"
fi

if [ "${1:-}" = "--uninstall" ]; then
    remove
    refresh
    say "Tabletop is removed from $DESTDIR$PREFIX. Saved matches (~/.local/share/Tabletop) are kept."
    exit 0
fi
if [ "$HERE" = "$DESTDIR$LIB" ]; then
    fail "run me from the unpacked archive, not from $LIB"
fi

# 1. Try the program where it will live, before replacing anything.
mkdir -p "$DESTDIR$PREFIX/lib"
STAGE=$(mktemp -d "$DESTDIR$PREFIX/lib/.tabletop-new.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
cp -R "$HERE/tabletop" "$HERE/_internal" "$STAGE/"
if ! tried=$("$STAGE/tabletop" --version 2>&1); then
    printf '%s\n' "$tried" >&2
    glibc=$(ldd --version 2>/dev/null | sed -n '1s/.* \([0-9][0-9.]*\)$/\1/p')
    fail "Tabletop cannot run on this system, so nothing was installed (it needs glibc $GLIBC_NEEDED or newer; this system has ${glibc:-an unknown version}). Install it with the wheel instead: see the README."
fi

# 2. Replace the previous installation; if a step fails, remove what was half installed.
remove
trap 'status=$?; rm -rf "$STAGE"; if [ $status -ne 0 ]; then remove; say "install.sh: failed; nothing is left installed" >&2; fi' EXIT
mv "$STAGE" "$DESTDIR$LIB"
mkdir -p "$DESTDIR$BIN" "$DESTDIR$SHARE/applications" "$DESTDIR$SHARE/metainfo"
ln -s "$LIB/tabletop" "$DESTDIR$BIN/tabletop"
cp "$HERE/LICENSE" "$HERE/THIRD-PARTY-NOTICES.txt" "$DESTDIR$LIB/"
# The menu entry starts the program by its full path: $BIN is not on every session's PATH.
sed "s|^Exec=tabletop\$|Exec=\"$LIB/tabletop\"|" "$HERE/share/applications/$APP_ID.desktop" \
    > "$DESTDIR$SHARE/applications/$APP_ID.desktop"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DESTDIR$SHARE/metainfo/"
if [ -f "$HERE/share/man/man1/tabletop.1" ]; then
    mkdir -p "$DESTDIR$SHARE/man/man1"
    cp "$HERE/share/man/man1/tabletop.1" "$DESTDIR$SHARE/man/man1/"
fi
for size in $SIZES; do
    mkdir -p "$DESTDIR$ICONS/$size/apps"
    cp "$HERE/share/icons/hicolor/$size/apps/$APP_ID.png" "$DESTDIR$ICONS/$size/apps/"
done
refresh
version=$("$DESTDIR$LIB/tabletop" --version | head -n 1)
trap - EXIT

say "Installed $version: find Tabletop among your games, or run $BIN/tabletop"
case ":$PATH:" in
    *":$BIN:"*) ;;
    *) [ -n "$DESTDIR" ] || say "($BIN is not on your PATH; the menu entry works without it.)" ;;
esac
