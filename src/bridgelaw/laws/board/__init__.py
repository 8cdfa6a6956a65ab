"""The board chapter (Laws 13-15, 87): problems with the board itself."""
