"""The Dice Roll Party reader's pieces built on the engine's reading core (`letopis.engine`
clauses, answers, names, frames): everyday answers to a decision, the verbless order frames,
compound lines, names and words as players write them, and the posts with no order at all.
The line grammar and the order parsers stay in `rulesets/dice_roll_party/reader_*.py`.
"""
