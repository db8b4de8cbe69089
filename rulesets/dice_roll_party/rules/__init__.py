"""The rules, pure: no database, web, clock or global random; chance only through the `Dice`
handed in.

`legality` checks an order against the state as it stands at that point of the post and runs its
effect (`simulate`, the reader's interface); `effects` is what each order does, and the turn flow
around it; `resolution` carries out a post with the same checks and effects, adding the dice;
`turns` says who posts now and what the deadline writes; `mechanics` holds the small formulas they
share (classes and dice, aspects, the Phase 1 limit, damage priority).
"""
