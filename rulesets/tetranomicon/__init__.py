"""Тетраномикон: an economic race over four epochs, as a Letopis ruleset.

NOT YET REGISTERED: the reader (`read`) and `propose` are still to be written, so there is no
`Ruleset` subclass yet and pyproject.toml does not name this package; tests import the modules.

The model, for whoever builds on it:

- ``data/`` — the material as TOML, validated on load (`data.load_material`, `data.material_for`;
  `MaterialError` in Russian naming the entry): ``board.toml`` («Малый Тетраномикон»: castles with
  ids, codes К1…, names, genitive, short forms, towers by number with terrain, monsters at set-up;
  segments У1… with their two castles and kind road | river), ``decks.toml`` (creatures: cost,
  swords, discount codes; artifacts: cost, conditions), ``trophies.toml`` (the supply). A GM names
  other files through `Options.board` / `decks` / `trophies` (a name in ``data/`` or an absolute path).
- `options.Options` — every per-game switch of the checklist's gaps, with its default.
- `state.State` — the whole game (JSON round-trips): seats, players (coins, artifacts, creatures,
  trophies, passed), epoch, holder of the first-player token, whose turn, buildings (owner, kind,
  castle, tower), routes (segment → owner), trophies on the board, freed castles, and the secrets:
  the eight decks' orders and the trophy supply.
- `orders` — `Build`, `LayRoute`, `CreateArtifact`, `Summon`, `Campaign`, `Pass`, each with
  canonical Russian `to_text()` (``Строить: ферма, Северград, башня 1``, ``Маршрут: Северград —
  Речной Брод (водный)``, ``Артефакт: «Печать Гильдии»``, ``Существо: «Речной Змей»``, ``Поход:
  Чернолесье из Дубравы``, ``Пас``).
- `messages` — the one catalogue of Russian violation messages and hints.
- ``rules/`` — the pure rules: `rules.legality.check(state, faction, order)` → violations with
  clause IDs plus a quote with all the arithmetic (`rules.explain.explain` writes it out);
  `rules.flow.turn` / `apply` / `default_orders` / `check_post`; `rules.setup.setup`;
  `rules.view.view`; `rules.transfer.import_setup` / `export_setup`; `rules.phases` for the
  automatic phases and the scoring; `rules.network` for the graph searches.
"""
