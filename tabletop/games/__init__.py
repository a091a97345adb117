"""One module per game, each registering a Game under its id."""
