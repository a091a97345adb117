"""LAN play: length-prefixed JSON frames, the host that runs the only engine, clients, discovery.

See docs/protocol.md for the wire protocol and how a UI drives `Host` and `Client`.
"""
