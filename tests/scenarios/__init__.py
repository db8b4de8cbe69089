"""Whole games written as forum players write them: each scenario is a game set up from a seed (or
moved in from a setup document), then the posts of the factions whose turn it is, step after step,
each with what it must do. `test_scenarios.py` plays them through the pure ruleset API exactly as
the service does (`play.py`), one test per post.

Files
-----
- ``tests/scenarios/<ruleset>.toml``: the scenarios of one ruleset (any registered ruleset id);
- ``tests/scenarios/<ruleset>.failing``: post ids («<scenario id>#<post number>», numbers from 1)
  that do not play right yet, one per line, as strict xfails (a fixed post must leave the list);
  a line starting with «#» is a comment, and so is anything after « #» on a line;
- ``tests/scenarios/<ruleset>.<kind>.toml`` (``dice_roll_party.more.toml``, …): further scenarios of
  the same ruleset written by other hands, each file with its own ``<ruleset>.<kind>.failing``;
  scenario ids are unique across all the files of a ruleset;
- ``tests/scenarios/setups/*.json``: setup documents (`Ruleset.import_setup`) for games moved in
  mid-way.

A scenario (``[[scenario]]``)
-----------------------------
- ``id``: unique in the file (a post is named «<id>#<n>» in test ids and in the ``.failing`` list);
- ``title``, ``style`` (optional, free text): what the game shows and who writes it («терсный
  ветеран», «новичок, ошибается и исправляется»);
- ``factions``: ``[{id, name}, …]`` in seat order;
- ``options`` (optional): the ruleset's `Options` fields; the defaults otherwise;
- ``seed``: the setup seed (64 hex digits), as `setup_game` gets it; or instead
- ``setup``: a file name in ``setups/``: the game starts from that document (``options`` and
  ``seed`` are then the document's business);
- ``secret`` (optional, hex): the game's secret seed in a ruleset with hidden information; by
  default ``sha256("<id>:secret")``.

Step ``n`` (from 1, as the service numbers them) rolls with ``sha256("<id>:step:<n>")`` and, in a
game with hidden information, shuffles with ``step_secret(secret, n)``; so a scenario plays the
same dice every time, and ``python -m tests.scenarios.show <ruleset> <id> [N]`` shows the position
before post N (the poster's view, the turn's title and prompt, the last step's events), which is
how each next post is written against the real position after the dice.

A post (``[[scenario.post]]``)
------------------------------
- ``faction``: who posts; it must be one of the factions the open step waits for;
- ``text``: the whole forum post as its author wrote it (not needed with ``default``);
- exactly one expectation:
  - ``orders``: the canonical ``to_text()`` of every order the post reads to, in order, with no
    error anywhere: the post is accepted and counts for its step;
  - ``error``: a clause ID, with ``line`` (1-based in ``text``, default 1): the post is refused with
    an error of that clause on that line and nothing is applied (``error = true`` accepts any
    clause); the faction posts again later in the same step;
  - ``default = true``: the faction misses its deadline and `default_orders` stand for it;
- optional checks, run once the post's step has resolved (a simultaneous step resolves when its
  last faction has posted):
  - ``events``: event kinds that must be among the step's events; ``no_events``: kinds that must not;
  - ``state``: ``{"dotted.path" = value}`` in the state's JSON after the step (dict keys and list
    indexes: ``"players.p1.slots.0.time" = 2``); ``unset``: paths that must be null or absent
    (TOML has no null: ``unset = ["sectors.gold-1.controller"]``);
  - ``phase``: `TurnInfo.phase` after the step; ``next``: the factions it then waits for;
- ``note`` (optional): a word for the reader of the scenario, not checked.

A step resolves when every faction the open step's `TurnInfo` names has an accepted post or a
``default``; a later accepted post of the same faction in the same step replaces its earlier one
(a new revision). Checks state only what the rules make certain, never what a reader does today.
"""
