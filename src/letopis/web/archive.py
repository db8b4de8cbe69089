"""The spectators' archive: games and steps page by page, past states, charts, a round's BBCode,
the site-wide Atom feed, and the same data as JSON for scripts. Everything here is public and
read-only; the service decides what the public may see."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import PlainTextResponse, Response

from letopis import service
from letopis.service.archive import PER_PAGE, GamesPage, PastState, Round, SeriesPoint, StepsPage, When
from letopis.service.inputs import Int4

from .bbcode import render_bbcode
from .deps import MaybeUser, ReadSessionDep, current_user
from .paging import PageQ, PerPageQ
from .templating import render, templates

router = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api_router = APIRouter(prefix="/api")


def base_url(request: Request) -> str:
    """The site's address for links that leave it (a forum post, a feed): ``LETOPIS_BASE_URL`` when
    set (behind a proxy the request's own host may be an inner one), else the request's."""
    configured = getattr(request.app.state, "settings", None)
    if configured is not None and configured.base_url:
        return configured.base_url.rstrip("/")
    return str(request.base_url).rstrip("/")


def round_bbcode(request: Request, rnd: Round, game: service.GameOut) -> str:
    """Every step of the round in one paste: the steps' own BBCode, one after another."""
    names = {f.id: f.name for f in game.factions}
    return render_bbcode("archive_round.bbcode", rnd=rnd, game=game, names=names, base_url=base_url(request))


# --- pages ---------------------------------------------------------------------------------------
@router.get("/archive")
def archive(request: Request, db: ReadSessionDep, page: PageQ = 1) -> Response:
    return render(request, "archive.html", {"p": service.archive_games(db, page=page)})


@router.get("/archive/games/{game_id}")
def archive_game(request: Request, db: ReadSessionDep, user: MaybeUser, game_id: Int4, page: PageQ = 1) -> Response:
    steps = service.archive_steps(db, game_id, page=page)
    return render(request, "archive_game.html",
                  {"p": steps, "game": steps.game, "charts": service.game_charts(db, game_id),
                   "names": {f.id: f.name for f in steps.game.factions},
                   "can_export": service.export_allowed(db, game_id, user.id if user else None)})


@router.get("/archive/games/{game_id}/steps/{step_number}/state")
def past_state(request: Request, db: ReadSessionDep, game_id: Int4, step_number: Int4,
               when: When = "after") -> Response:
    state = service.state_at(db, game_id=game_id, step_number=step_number, when=when)
    return render(request, "archive_state.html", {"s": state})


@router.get("/archive/games/{game_id}/steps/{step_number}/round")
def round_page(request: Request, db: ReadSessionDep, game_id: Int4, step_number: Int4) -> Response:
    rnd = service.round_of(db, game_id=game_id, step_number=step_number)
    game = service.get_game(db, game_id)
    return render(request, "archive_round.html",
                  {"rnd": rnd, "game": game, "bbcode": round_bbcode(request, rnd, game), "step_number": step_number})


@router.get("/archive/games/{game_id}/steps/{step_number}/round.bbcode")
def round_text(request: Request, db: ReadSessionDep, game_id: Int4, step_number: Int4) -> Response:
    rnd = service.round_of(db, game_id=game_id, step_number=step_number)
    return PlainTextResponse(round_bbcode(request, rnd, service.get_game(db, game_id)))


@router.get("/feed.atom")
def site_feed(request: Request, db: ReadSessionDep) -> Response:
    items, updated = service.site_feed(db)
    body = templates.get_template("archive_feed.atom.xml").render(
        items=items, updated=updated, base_url=base_url(request))
    return Response(body, media_type="application/atom+xml; charset=utf-8")


# --- JSON ----------------------------------------------------------------------------------------
@api_router.get("/archive/games", response_model=GamesPage)
def api_games(db: ReadSessionDep, page: PageQ = 1, per_page: PerPageQ = PER_PAGE) -> Any:
    """All games, newest first, a page at a time."""
    return service.archive_games(db, page=page, per_page=per_page)


@api_router.get("/archive/games/{game_id}/steps", response_model=StepsPage)
def api_steps(db: ReadSessionDep, game_id: Int4, page: PageQ = 1,
              per_page: PerPageQ = PER_PAGE) -> Any:
    """A game's steps, oldest first, a page at a time."""
    return service.archive_steps(db, game_id, page=page, per_page=per_page)


@api_router.get("/archive/games/{game_id}/steps/{step_number}/state", response_model=PastState)
def api_state(db: ReadSessionDep, game_id: Int4, step_number: Int4, when: When = "after") -> Any:
    """The board (SVG), summary and metrics before or after a step, as the public sees them."""
    return service.state_at(db, game_id=game_id, step_number=step_number, when=when)


@api_router.get("/archive/games/{game_id}/metrics", response_model=list[SeriesPoint])
def api_metrics(db: ReadSessionDep, game_id: Int4) -> Any:
    """Each faction's resources and forces at the start (step 0) and after each published step."""
    return service.metric_series(db, game_id)
