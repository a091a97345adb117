"""Motion: the cards in flight, at most one animation per card, and when they have all landed."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractAnimation,
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    Signal,
)
from PySide6.QtWidgets import QGraphicsObject
from shiboken6 import isValid

from tabletop.ui.table import zorder

_STOPPED = QAbstractAnimation.State.Stopped


class Motion(QObject):
    """Every card movement and fade on the table.

    Each item has at most one animation: a new move or fade of an item replaces the one it
    had, starting from where the item is. An animation that ends, however it ends, leaves the
    set; when the set runs empty after `start`, `finished` is emitted once. Animations are
    never restarted, so an item removed from the scene is never animated again.
    """

    finished = Signal()
    """Everything started has landed (or was taken over by a drag)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        # id(item) -> (item, its animation, its resting depth; None for an item fading away)
        self._live: dict[int, tuple[QGraphicsObject, QAbstractAnimation, float | None]] = {}
        self._waiting = False

    @property
    def running(self) -> bool:
        """True while some item moves or fades."""
        return bool(self._live)

    def move(
        self,
        item: QGraphicsObject,
        pos: QPointF,
        tilt: float,
        z: float,
        duration: int,
        delay: int = 0,
        start_scale: float = 1.0,
    ) -> None:
        """Fly `item` to `pos`/`tilt` (growing from `start_scale`), resting at depth `z`.

        With no duration the item is put there at once; either way its earlier animation ends.
        """
        self._halt(item)
        same = (item.pos() - pos).manhattanLength() < 0.5
        if duration <= 0 or (
            same and abs(item.property("tilt") - tilt) < 0.1 and start_scale == 1.0
        ):
            item.setPos(pos)
            item.setProperty("tilt", tilt)
            item.setScale(1.0)
            item.setZValue(z)
            self._check()
            return
        parallel = QParallelAnimationGroup(self)
        for prop, end, start in (
            (b"pos", pos, None),
            (b"tilt", tilt, None),
            (b"scale", 1.0, start_scale if start_scale != 1.0 else None),
        ):
            anim = QPropertyAnimation(item, prop, parallel)
            anim.setDuration(duration)
            anim.setEndValue(end)
            if start is not None:
                anim.setStartValue(start)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
        whole: QAbstractAnimation = parallel
        if delay > 0:
            if start_scale != 1.0:
                item.setScale(start_scale)
            whole = QSequentialAnimationGroup(self)
            whole.addPause(delay)
            whole.addAnimation(parallel)
        item.setZValue(zorder.MOVING + len(self._live) * 0.01)
        self._add(item, whole, z)

    def fade(self, item: QGraphicsObject, duration: int) -> None:
        """Fade `item` out and remove it from its scene (at once with no duration)."""
        self._halt(item)
        if duration <= 0:
            _remove(item)
            self._check()
            return
        anim = QPropertyAnimation(item, b"opacity", self)
        anim.setDuration(duration)
        anim.setEndValue(0.0)
        self._add(item, anim, None)

    def release(self, item: QGraphicsObject) -> None:
        """Stop moving `item` where it is (the player took hold of it)."""
        if self._halt(item):
            self._check()

    def start(self) -> None:
        """Start what was added since the last start; `finished` once all has landed (at
        once if nothing moves)."""
        self._waiting = True
        for _, anim, _ in list(self._live.values()):
            if anim.state() == _STOPPED:
                anim.start()
        self._check()

    def stop(self) -> None:
        """Cut everything short without `finished`: cards stay where they are, fading cards go."""
        self._waiting = False
        live, self._live = self._live, {}
        for item, anim, z in live.values():
            self._end(item, anim, z)

    def _add(self, item: QGraphicsObject, anim: QAbstractAnimation, z: float | None) -> None:
        key = id(item)
        self._live[key] = (item, anim, z)
        anim.stateChanged.connect(
            lambda new, _old, k=key, a=anim: self._stopped(k, a) if new == _STOPPED else None
        )

    def _stopped(self, key: int, anim: QAbstractAnimation) -> None:
        if not isValid(anim):  # stopped by its own destruction: the table is going away
            return
        entry = self._live.get(key)
        if entry is None or entry[1] is not anim:
            return
        del self._live[key]
        self._end(*entry)
        self._check()

    def _halt(self, item: QGraphicsObject) -> bool:
        """End `item`'s animation where it is; True if it had one."""
        entry = self._live.pop(id(item), None)
        if entry is None:
            return False
        self._end(item, entry[1], None if entry[2] is None else item.zValue())
        return True

    @staticmethod
    def _end(item: QGraphicsObject, anim: QAbstractAnimation, z: float | None) -> None:
        if anim.state() != _STOPPED:
            anim.stop()
        anim.deleteLater()
        if z is None:
            _remove(item)
        else:
            item.setZValue(z)

    def _check(self) -> None:
        if self._waiting and not self._live:
            self._waiting = False
            self.finished.emit()


def _remove(item: QGraphicsObject) -> None:
    scene = item.scene()
    if scene is not None:
        scene.removeItem(item)
