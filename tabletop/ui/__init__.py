"""The Qt table: launcher, table scene, cards you can handle, hot-seat curtain and results."""
