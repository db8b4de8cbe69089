"""Тетраномикон: an economic race over four epochs, as a Letopis ruleset (not yet registered).

Layout: ``data/`` (the material: board, decks, trophy supply as TOML, validated on load),
`options` (the GM's switches, checklist §2), `state` (the whole game as one pydantic model),
`orders` (one value object per action with canonical Russian text).
"""
