"""The table: its widget, scene, cards and items, its session, keys, screen-reader words, hints
and computer players' turns."""
