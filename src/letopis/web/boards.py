"""Board pictures at stable addresses, as PNG: the game now and every step before and after it.

They are what a spectator may see (`service.public_board_svg`), whoever asks, so that a forum
post can embed them (`[img]` in the step's BBCode) and a proxy may keep them.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import Response
from starlette.requests import Request

from letopis import service
from letopis.service.archive import When
from letopis.service.inputs import Int4

from .boardpng import png_response
from .deps import SessionDep

router = APIRouter(include_in_schema=False)


@router.api_route("/games/{game_id}/board.png", methods=["GET", "HEAD"])  # HEAD: link checkers
def game_board(request: Request, db: SessionDep, game_id: Int4) -> Response:
    """The board as it stands now (after the latest published step)."""
    svg = service.public_board_svg(db, game_id=game_id)
    return png_response(request, svg, f"letopis-{game_id}.png")


@router.api_route("/games/{game_id}/steps/{step_number}/board.png", methods=["GET", "HEAD"])
def step_board(request: Request, db: SessionDep, game_id: Int4, step_number: Int4,
               when: When = "after") -> Response:
    """The board after a published step, or before any step (``?when=before``)."""
    svg = service.public_board_svg(db, game_id=game_id, step_number=step_number, when=when)
    suffix = "" if when == "after" else "-before"
    return png_response(request, svg, f"letopis-{game_id}-step-{step_number}{suffix}.png")
