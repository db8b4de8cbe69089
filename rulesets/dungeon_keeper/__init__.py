"""Dungeon Keeper — Хранитель Подземелий, as a Letopis ruleset (being assembled)."""
