"""The pure-Python engine: cards, RNG, the Game protocol, actions, events, views and logs.

Import each name from its module (`from tabletop.engine.game import Game`): the package itself
loads nothing, so the launcher, which needs the errors, texts and games' infos, does not load
the rules' machinery before its first frame.
"""
