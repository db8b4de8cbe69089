"""Test support: tiny pure rulesets so service tests do not depend on any real ruleset.

«Тайные карты» (`support.cards`) registers here, so it is known to every test (and the
conformance suite plays it like any ruleset); «Гонка» is registered by tests/conftest.py.
"""

from letopis.engine.registry import register

from .cards import CARDS

register(CARDS)
