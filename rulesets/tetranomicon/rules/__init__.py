"""The rules, pure: no database, web, clock or global random; randomness only through the `Dice`
handed in, secret draws through its secret stream (`secrecy.py`).

One job per module: `network` (graph searches: supply tree, campaign path), `costs` (prices,
discounts, strengths), `conditions` (artifact conditions), `quotes` (the arithmetic of an action),
`legality` (the checks: typed violations with clause IDs, and the quote), `explain` (a quote as
Russian lines), `actions` (carrying out a checked action), `phases` (initiative, income, creature
phase, scoring), `flow` (turns, `apply`, end of the action phase), `setup`, `view`.
"""
