"""The rules, pure: no database, web, clock or global random; chance only through the `Dice`
handed in (`fate`).

- `legality/` — is an order legal here and now (the checker the reader and the resolution share);
- `actions/` — what a legal order does (`actions.perform.perform` dispatches by order kind);
- `neutral/` — the light Hero and his gnome, by their seeded behaviour or written by the GM;
- `turns` (who posts now, the deadline's default), `turnflow` (the start and end of a turn, the
  neutral phase, a new round) and `resolution` (carrying out a post);
- what they share: `world` (the copy-on-write view of a state they read and change), `fate`,
  `mechanics` (small formulas), `chronicle` (events with their Russian sentences);
- `midgame` — mid-game positions played by these rules, for tests and benchmarks.
"""
