"""What one sentence of a Kozyablo post orders, against the poster's table (checklist §3, §4).

`grammar.Grammar` reads a clause: its order word decides what it is, or, with none, its objects
(`reader_frames`). Each kind of order has its own module, mixed into `Grammar`: `play`, `move`,
`fight` (the attack and its targets, the strikes of a combat), `abilities`, `answers` (Уклонение,
Защитник, shadow), `mulligan`; `compound` splits clauses that hold two orders or borrow from the
clause before, `typos` reads the almost-right words. `base` holds what they share. Imports go one
way: `base` ← the order modules ← `grammar`.
"""
