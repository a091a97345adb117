"""LAN play: the host lobby, the Join dialog, and the sessions and bar of a LAN table."""
