"""The board as the public sees it, for pictures that leave the site (the PNG a forum post embeds).

Only what a spectator may see is drawn here, whoever asks: the game as it stands (the state after
its latest published step), the state after a published step, or the state before any listed step,
each through the ruleset's `draw` for the public viewer. A hand, a deck order or a draft result
never reaches a picture that anyone can fetch and a forum or a proxy can keep.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from letopis.engine.contract import PUBLIC

from ._common import load_game, load_state, ruleset_by_id
from .archive import When, public_state_json
from .errors import NotFound


def public_board_svg(db: Session, *, game_id: int, step_number: int | None = None, when: When = "after") -> str:
    """The public picture of the game now (no ``step_number``) or before or after one step."""
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    data = game.state if step_number is None else public_state_json(db, game, step_number, when)[1]
    svg = ruleset.draw(load_state(ruleset, data), PUBLIC)
    if not svg:
        raise NotFound(f"Правила «{ruleset.title}» не рисуют поле.", code="no_picture")
    return svg
