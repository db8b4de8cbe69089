"""The parts of the Dice Roll Party post reader; `reader.read_post` joins them.

- The line grammar and the order parsers: `items` (a line as items: character references, numbers,
  colours, zones, concepts; the words in ``lexicon.toml``), `grammar` (which kind of order a
  sentence is, and whose parser reads it), the parsers `setup` (builds, bids, the handicap),
  `resources` (Phase 1) and `fight` (boosts, the attack, the defence, soaking), and `base` (what
  the parsers share: results, look-ups over items, token specs).
- The pieces built on the engine's reading core (`letopis.engine` clauses, answers, names,
  frames): everyday answers to a decision (`answers`, `asked`), the verbless order frames and the
  verbs decided by their objects (`frames`), compound lines (`clauses`, `ellipsis`), group actors
  (`groups`), unit headers (`headers`), names and words as players write them (`names`, `words`),
  order lines never dropped silently (`drops`) and the posts with no order at all (`expect`).
"""
