"""Orders printed back as their canonical text, the way the phrasing corpora and the game scenarios
compare readings: Kozyablo and the wargame name cards and figures through the poster's view of the
table, the other rulesets print orders on their own."""

from __future__ import annotations

from typing import Any


def order_texts(ruleset: str, orders: list[Any], state: Any, faction: str) -> list[str]:
    """Each order's canonical ``to_text()``, read against ``state`` as ``faction`` sees it."""
    if ruleset == "kozyablo":
        from rulesets.kozyablo.refs import TableNamer

        namer = TableNamer(state, faction)
        return [o.to_text(namer) for o in orders]
    if ruleset == "wargame":
        from rulesets.wargame.naming import Namer

        namer = Namer(state, faction)
        return [o.to_text(namer) for o in orders]
    return [o.to_text() for o in orders]
