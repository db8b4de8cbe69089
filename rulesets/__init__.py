"""Built-in rulesets, each a pure package registered through the letopis.rulesets entry points."""
