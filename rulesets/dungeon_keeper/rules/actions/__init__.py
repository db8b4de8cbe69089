"""What a legal order does: `perform.perform` dispatches by order kind to `units` (moving, digging,
mining, building…), `abilities`, `archdemon` (summons, upgrades, alchemy, crafting…), `spells` and
`towers`; `combat` is the fighting they all share. The legality checks run these same functions on
their overlay, so a post is carried out as it was checked.
"""
