"""Stacking order of everything on the table, defined in one place."""

from __future__ import annotations

FELT = -100.0
"""Seat boxes and zone outlines lie on the felt."""
ZONE = -50.0
"""Zone outlines and labels."""
PLATE = -40.0
"""Seat name plates and counters."""
CARD = 0.0
"""Resting cards: CARD + their index within the zone."""
STATUS = 400.0
"""The status line and the info corner."""
MOVING = 500.0
"""Cards in flight during an animation."""
BADGE = 600.0
"""Card-count badges on hidden hands, above their cards, also those flying in or out."""
DRAGGED = 1000.0
"""Cards being dragged by the player."""
FLOAT = 1500.0
"""Score changes floating up from a seat."""
TOAST = 1800.0
"""Refusal reasons and short notices."""
PEEK = 2000.0
"""The last trick, shown while the pointer rests on its button."""
CURTAIN = 10000.0
"""The hot-seat curtain covers everything."""
