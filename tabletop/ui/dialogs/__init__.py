"""The dialogs around a match: a new game, its results and score chart, printed score sheets."""
