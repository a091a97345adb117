"""Each game's `GameInfo` in a module of its own (named as the game's module), which the game
module imports: the launcher lists the games from these without loading any game's rules."""
