"""Computer players: they choose an action from their own seat's View, nothing more."""
