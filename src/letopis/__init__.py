"""Letopis: a game-master server for play-by-post games."""
