"""The parts of the Kozyablo post reader; `reader.read_post` joins them (checklist §3, §4).

`words` turns a line into items (card names in any case, sectors, order words; the words in
``lexicon.toml``) and `table` binds them on the poster's table (which card in the hand, which
piece, which sector). `steps` says what each step expects (the everyday answers of a decision
step, the example for a post with no order); `messages` holds the reader's Russian messages.

What one sentence orders: `grammar.Grammar` reads a clause: its order word decides what it is, or,
with none, its objects (`frames`). Each kind of order has its own module, mixed into `Grammar`:
`play`, `move`, `fight` (the attack and its targets, the strikes of a combat), `abilities`,
`answers` (Уклонение, Защитник, shadow), `mulligan`; `compound` splits clauses that hold two
orders or borrow from the clause before, `typos` reads the almost-right words. `base` holds what
they share. Imports go one way: `base` ← the order modules ← `grammar`.
"""
