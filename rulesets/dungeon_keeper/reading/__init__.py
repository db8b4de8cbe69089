"""The parts of the post reader; `reader.read_post` joins them line by line.

- `words` (a line as items: words with their concept, numbers, cells; the words of the order
  language in ``lexicon.toml``) and `syntax` (what a line says before the state is consulted);
- `view` (the state as the reader sees it at one line: the stored state plus the orders above),
  `bind` (names resolved against it) and `dispatch` (which order a clause is and who carries it
  out), with the builders `unit_orders` and `archdemon_orders`;
- what players write besides the plain form: `frames` (orders without a verb), `groups` (orders
  to several units), `typos`, `notes` (chatter, bookkeeping, lines that cannot be read) and
  `expect` (what a post with no order at all is told);
- `messages`: the reader's Russian messages (``read.*``).

Nothing here imports ``rules/``: whether an order is legal is asked by `reader` itself.
"""
