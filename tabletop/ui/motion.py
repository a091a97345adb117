"""Motion: one batch of card movements run as a parallel animation group."""

from __future__ import annotations

from PySide6.QtCore import (
    QEasingCurve,
    QObject,
    QParallelAnimationGroup,
    QPointF,
    QPropertyAnimation,
    QSequentialAnimationGroup,
    Signal,
)
from PySide6.QtWidgets import QGraphicsObject

from tabletop.ui import zorder


class Motion(QObject):
    """Collects moves and fades, runs them together, and tidies up when done or cut short."""

    finished = Signal()
    """Every movement of the batch has ended (or was cut short by the next batch)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.group = QParallelAnimationGroup(self)
        self.flying: list[tuple[QGraphicsObject, float]] = []
        self.dying: list[QGraphicsObject] = []
        self.group.finished.connect(self._done)

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
        """Fly `item` to `pos`/`tilt` (growing from `start_scale`), resting at depth `z`."""
        if duration <= 0:
            item.setPos(pos)
            item.setProperty("tilt", tilt)
            item.setScale(1.0)
            item.setZValue(z)
            return
        same = (item.pos() - pos).manhattanLength() < 0.5
        if same and abs(item.property("tilt") - tilt) < 0.1 and start_scale == 1.0:
            item.setZValue(z)
            return
        parallel = QParallelAnimationGroup()
        for prop, end, start in (
            (b"pos", pos, None),
            (b"tilt", tilt, None),
            (b"scale", 1.0, start_scale if start_scale != 1.0 else None),
        ):
            anim = QPropertyAnimation(item, prop)
            anim.setDuration(duration)
            anim.setEndValue(end)
            if start is not None:
                anim.setStartValue(start)
            anim.setEasingCurve(QEasingCurve.Type.OutCubic)
            parallel.addAnimation(anim)
        if delay > 0:
            if start_scale != 1.0:
                item.setScale(start_scale)
            seq = QSequentialAnimationGroup()
            seq.addPause(delay)
            seq.addAnimation(parallel)
            self.group.addAnimation(seq)
        else:
            self.group.addAnimation(parallel)
        item.setZValue(zorder.MOVING + len(self.flying) * 0.01)
        self.flying.append((item, z))

    def fade(self, item: QGraphicsObject, duration: int) -> None:
        """Fade `item` out and remove it from its scene."""
        self.dying.append(item)
        if duration > 0:
            anim = QPropertyAnimation(item, b"opacity")
            anim.setDuration(duration)
            anim.setEndValue(0.0)
            self.group.addAnimation(anim)

    @property
    def running(self) -> bool:
        """True while animations are playing."""
        return self.group.state() == QParallelAnimationGroup.State.Running

    def start(self) -> None:
        """Run the batch (or finish at once if there is nothing to animate)."""
        if self.group.animationCount() == 0:
            self._done()
        else:
            self.group.start()

    def stop(self) -> None:
        """Cut the batch short: cards stay where they are, fading cards go."""
        if self.running:
            self.group.stop()
        self._tidy()

    def _tidy(self) -> None:
        for item, z in self.flying:
            item.setZValue(z)
        for item in self.dying:
            scene = item.scene()
            if scene is not None:
                scene.removeItem(item)
        self.flying, self.dying = [], []

    def _done(self) -> None:
        self._tidy()
        self.finished.emit()
