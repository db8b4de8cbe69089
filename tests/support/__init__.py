"""Test support: a tiny pure ruleset so service tests do not depend on any real ruleset."""
