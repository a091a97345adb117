#!/bin/sh
# Install Tabletop for this user (no root needed):
#   the program in ~/.local/lib/tabletop, the `tabletop` command in ~/.local/bin,
#   its menu entry, icons and software-centre metadata in ~/.local/share.
# `./install.sh --uninstall` removes them again. Saved matches (~/.local/share/Tabletop)
# are never touched. PREFIX (default ~/.local) and XDG_DATA_HOME move the targets.
set -eu
APP_ID=io.github.tabletop.Tabletop
PREFIX="${PREFIX:-$HOME/.local}"
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
HERE=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
LIB="$PREFIX/lib/tabletop"

remove() {
    rm -rf "$LIB"
    rm -f "$PREFIX/bin/tabletop" "$DATA/applications/$APP_ID.desktop" \
        "$DATA/metainfo/$APP_ID.metainfo.xml"
    for icon in "$DATA"/icons/hicolor/*/apps/"$APP_ID".png; do
        rm -f "$icon"
    done
}

refresh() {
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database -q "$DATA/applications" || true
    fi
    # Desktops re-read the user's icon folder when its time stamp changes.
    if [ -d "$DATA/icons/hicolor" ]; then touch "$DATA/icons/hicolor"; fi
}

if [ "${1:-}" = "--uninstall" ]; then
    remove
    refresh
    echo "Tabletop is removed. Your saved matches in $DATA/Tabletop are kept."
    exit 0
fi
if [ "$HERE" = "$LIB" ]; then
    echo "install.sh: run me from the unpacked archive, not from $LIB" >&2
    exit 2
fi

remove
mkdir -p "$LIB" "$PREFIX/bin" "$DATA/applications" "$DATA/metainfo"
cp -R "$HERE/tabletop" "$HERE/_internal" "$LIB/"
ln -s "$LIB/tabletop" "$PREFIX/bin/tabletop"
# The menu entry starts the installed program by its full path: ~/.local/bin is not on the
# PATH of every desktop session.
sed "s|^Exec=tabletop\$|Exec=\"$LIB/tabletop\"|" "$HERE/share/applications/$APP_ID.desktop" \
    > "$DATA/applications/$APP_ID.desktop"
cp "$HERE/share/metainfo/$APP_ID.metainfo.xml" "$DATA/metainfo/"
for dir in "$HERE"/share/icons/hicolor/*/apps; do
    size=$(basename "$(dirname "$dir")")
    mkdir -p "$DATA/icons/hicolor/$size/apps"
    cp "$dir/$APP_ID.png" "$DATA/icons/hicolor/$size/apps/"
done
refresh

version=$("$LIB/tabletop" --version)
echo "Installed $version: find Tabletop among your games, or run $PREFIX/bin/tabletop"
case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "($PREFIX/bin is not on your PATH; the menu entry works without it.)" ;;
esac
