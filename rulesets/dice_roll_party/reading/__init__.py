"""The Dice Roll Party reader's pieces built on the engine's reading core (`letopis.engine`
clauses, answers, names, frames): everyday answers to a decision, the verbless order frames and
the verbs decided by their objects, compound lines, group actors, unit headers, names and words as
players write them, and the posts with no order at all.
The line grammar and the order parsers stay in `rulesets/dice_roll_party/reader_*.py`.
"""
