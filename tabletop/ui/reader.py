"""What a screen reader is shown of the window: only the page in front of the stack, a panel's
shown children, and invisible stand-ins (`Shadow`) that give table items a place and a name.

Kept apart from the table's words (`tabletop.ui.table.access`) so the launcher can build its
window without loading the table; loaded at start-up, so it leaves the `Qt` namespace to the
table (docs/ui.md, "Start-up").
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QRectF, QSize
from PySide6.QtGui import QAccessible, QAccessibleEvent, QAccessibleInterface
from PySide6.QtWidgets import QAccessibleWidget, QStackedWidget, QWidget


def post(event: QAccessibleEvent) -> None:
    """Hand an event to assistive technology (if any listens)."""
    if QAccessible.isActive():
        QAccessible.updateAccessibility(event)


def announce(widget: QWidget, text: str) -> None:
    """Tell assistive technology that the focus is on `widget`, named `text`."""
    if text and widget.accessibleName() != text:
        widget.setAccessibleName(text)
    post(QAccessibleEvent(widget, QAccessible.Event.Focus))


class Shadow(QWidget):
    """An invisible stand-in over one table item: gives the item a place, a role, a name and a
    description in the accessibility tree (graphics items have none of their own)."""

    def __init__(self, parent: QWidget, role: QAccessible.Role) -> None:
        from PySide6.QtCore import Qt

        super().__init__(parent)
        self.setObjectName("a11y")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.role = role
        """Fixed for the stand-in's life (Qt keeps one interface per object)."""
        self.interface: QAccessibleInterface | None = None

    def set_item(self, rect: QRectF, name: str, description: str) -> None:
        """Cover `rect` (pixels of its parent) and carry these words."""
        self.setGeometry(rect.toAlignedRect())
        if name != self.accessibleName():
            self.setAccessibleName(name)
        if description != self.accessibleDescription():
            self.setAccessibleDescription(description)
        self.show()


class VisiblePages(QAccessibleWidget):
    """A stack of pages (launcher, table, replay) as a reader sees it: only the page shown, so
    nothing hidden is read or reports the focus."""

    def __init__(self, stack: QStackedWidget) -> None:
        super().__init__(stack, QAccessible.Role.LayeredPane)
        self.stack = stack

    def _shown(self) -> list[QWidget]:
        page = self.stack.currentWidget()
        return [page] if page is not None and page.isVisible() else []

    def childCount(self) -> int:
        """One page, or none."""
        return len(self._shown())

    def child(self, index: int) -> QAccessibleInterface:
        """The page shown (index 0)."""
        pages = self._shown()
        if index == 0 and pages:
            return QAccessible.queryAccessibleInterface(pages[0])
        return None  # type: ignore[return-value]  # Qt's null interface: no such child

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        """0 for the page shown, -1 for any other."""
        pages = self._shown()
        return 0 if child is not None and pages and child.object() is pages[0] else -1


class ShownChildren(QAccessibleWidget):
    """A widget as a reader sees it: its hidden child widgets (a summary not open now) left
    out."""

    def __init__(self, widget: QWidget) -> None:
        super().__init__(widget, QAccessible.Role.Grouping)
        self.widget_ = widget

    def _shown(self) -> list[QWidget]:
        if isinstance(self.widget_, Panel):
            self.widget_.reading()
        kids = [w for w in self.widget_.children() if isinstance(w, QWidget)]
        return [w for w in kids if w.isVisible() and not w.isWindow()]

    def childCount(self) -> int:
        """The child widgets shown."""
        return len(self._shown())

    def child(self, index: int) -> QAccessibleInterface:
        """One of the child widgets shown."""
        kids = self._shown()
        if 0 <= index < len(kids):
            return QAccessible.queryAccessibleInterface(kids[index])
        return None  # type: ignore[return-value]  # Qt's null interface: no such child

    def indexOfChild(self, child: QAccessibleInterface) -> int:
        """Where a shown child widget is among them (-1 if hidden or not a child)."""
        kids = self._shown()
        found = child.object() if child is not None else None
        return kids.index(found) if found in kids else -1


class Panel(QWidget):
    """A widget whose hidden children a reader does not see (`ShownChildren`)."""

    def reading(self) -> None:
        """A reader asks for this widget's children now (it may have arrived just now)."""


class Pages(QStackedWidget):
    """The window's stack of pages (launcher, table, replay): read as only the page in front.
    A class of its own, since Qt's own factory answers for a plain QStackedWidget first."""

    def minimumSizeHint(self) -> QSize:
        """The page in front's minimum: a hidden launcher never widens the table's window."""
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()


def _interface(key: str, obj: QObject) -> QAccessibleInterface | None:
    """Qt's accessibility factory: a role for each stand-in, only the shown page of a stack."""
    if isinstance(obj, Shadow):
        obj.interface = QAccessibleWidget(obj, obj.role)
        return obj.interface
    made: QAccessibleInterface | None = None
    if isinstance(obj, Pages):
        made = VisiblePages(obj)
    elif isinstance(obj, Panel):
        made = ShownChildren(obj)
    if made is not None:
        # kept as long as the widget's Python side, so Python never frees what Qt holds
        setattr(obj, "_reader_face", made)  # noqa: B010
    return made


# Installed on import, before any window exists: Qt asks factories only for objects it has
# not made an interface for yet.
QAccessible.installFactory(_interface)
