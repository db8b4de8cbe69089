"""The rules, pure: no database, web, clock or global random; chance only through the `Dice`
handed in (secret shuffles and draws through `secrecy`).

- the steps of a game: `decks` (a deck list read and checked), `mulligan` (deck posts and
  mulligans carried out), `turns` (who posts now, the deadline's default), `triggers` (the start
  and end of a turn), `decisions` (reaction posts: checked, and turned into standing instructions);
- `legality` (is an order legal here and now: the checker the reader asks line by line) with its
  `violations`;
- `resolution` (carrying out a post) with `actions` (cards played, draws, moves, abilities),
  ``combat/`` (the fight, damage, whom a strike may hit), `lasting` (magic that stays) and
  `victory` (the end of a game);
- what they share: `world` (control, production, garrisons) and `declension` (card names in a
  sentence);
- `view` — what one viewer may see of a state.
"""
