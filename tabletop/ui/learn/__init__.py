"""Learning a game: the lesson at the table, the coach beside it, the quick reference."""
