"""The 45×45 dungeon map: `geometry` (cells, distances, the corner rule, line of sight,
passability, paths) and `generator` (the seeded map of a new game, DK-MAP-01, DK-GAP-04).

Both read only the state's rows and the numbers in ``data/``, so the model (`orders`, `state`)
and the rules can build on them.
"""
