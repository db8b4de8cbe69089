"""The games lists: the home page (what waits for you, the latest games, the rulesets), ``/games``
(every game, paginated, with whose turn it is and the deadline) and «Мои игры» (``/me/games``),
and «Мои игры» in the JSON API."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from fastapi.responses import Response

from letopis import service
from letopis.service import MyGamesOut
from letopis.service.lobby import MAX_PER_PAGE

from .deps import CurrentUser, MaybeUser, ReadSessionDep, SessionDep, current_user
from .responses import ErrorOut
from .templating import render

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses={401: {"model": ErrorOut}, 422: {"model": ErrorOut}})

HOME_GAMES = 10
PageNo = Annotated[int, Query(ge=1, le=100_000, description="page number, from 1")]
PerPage = Annotated[int, Query(ge=1, le=MAX_PER_PAGE, description="games per page")]


@pages.get("/")
def home(request: Request, db: ReadSessionDep, user: MaybeUser) -> Response:
    return render(request, "index.html", {
        "turns": service.waiting_for(db, user_id=user.id) if user else None,
        "listing": service.list_games_page(db, per_page=HOME_GAMES),
        "rulesets": service.list_rulesets(),
    })


@pages.get("/games")
def games(request: Request, db: ReadSessionDep, user: MaybeUser, page: PageNo = 1) -> Response:
    return render(request, "games.html", {"listing": service.list_games_page(db, page=page)})


@pages.get("/me/games")
def my_games(request: Request, db: SessionDep, user: CurrentUser, page: PageNo = 1) -> Response:
    return render(request, "my_games.html", {"mine": service.my_games(db, user_id=user.id, page=page)})


@api.get("/me/games", response_model=MyGamesOut)
def api_my_games(db: SessionDep, user: CurrentUser, page: PageNo = 1, per_page: PerPage = 20) -> MyGamesOut:
    """Your games: ``your_turn`` — your post is expected now (soonest deadline first); ``review`` —
    as the GM, a draft waits for you; ``others`` — a page of the rest. Times are UTC."""
    return service.my_games(db, user_id=user.id, page=page, per_page=per_page)
