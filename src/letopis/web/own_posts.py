"""A player's own posts after sending them: the receipt page a submit redirects to (so reloading it
never sends the post again) and withdrawing a post while its step is open — as pages and as JSON."""

from __future__ import annotations

from fastapi import APIRouter, Depends, Request
from fastapi.responses import RedirectResponse, Response

from letopis import service
from letopis.service import PostReceiptOut, WithdrawOut
from letopis.service.inputs import Int4

from .deps import CurrentUser, SessionDep, current_user
from .forms import FormStr
from .pages import faction_names
from .responses import ErrorOut
from .templating import flash, render

pages = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
api = APIRouter(prefix="/api", responses={code: {"model": ErrorOut} for code in (401, 403, 404, 409)})


def receipt_path(game_id: int, post_id: int) -> str:
    return f"/games/{game_id}/posts/{post_id}"


def _receipt(db, game_id: int, post_id: int, user_id: int | None) -> PostReceiptOut:
    receipt = service.post_receipt(db, post_id=post_id, viewer_user_id=user_id)
    if receipt.game_id != game_id:  # people edit addresses: a post of another game is not here
        raise service.NotFound(f"В игре №{game_id} нет поста №{post_id}.", code="post_not_found")
    return receipt


@pages.get("/games/{game_id}/posts/{post_id}")
def receipt_page(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, post_id: Int4) -> Response:
    """The receipt of a sent post and what became of its step (the page after «Отправить пост»)."""
    receipt = _receipt(db, game_id, post_id, user.id)
    page = service.game_page(db, game_id, user.id)
    return render(request, "post_done.html", {"r": receipt, "page": page, "game": page.game,
                                              "names": faction_names(page.game)})


@pages.post("/games/{game_id}/posts/{post_id}/withdraw")
def withdraw_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, post_id: Int4,
                  back: FormStr = "") -> Response:
    """Withdraw after the confirmation; the answer is a redirect with a message either way."""
    try:
        out = service.withdraw_post(db, post_id=post_id, user_id=user.id, game_id=game_id)
    except service.ServiceError as exc:
        flash(request, exc.message, "err")
    else:
        flash(request, out.message)
    targets = {"post": f"/games/{game_id}/post", "receipt": receipt_path(game_id, post_id)}
    return RedirectResponse(targets.get(back, f"/games/{game_id}"), status_code=303)


@api.post("/posts/{post_id}/withdraw", response_model=WithdrawOut)
def api_withdraw(post_id: Int4, db: SessionDep, user: CurrentUser) -> WithdrawOut:
    """Withdraw your post while its step is open: it stops counting and the step waits for your
    faction again (a delayed resolution is cancelled). Nothing is deleted: the revision stays in
    the history marked as withdrawn. Only the revision that counts now can be withdrawn (409
    otherwise, as once the step is resolved); another player's post: 403."""
    return service.withdraw_post(db, post_id=post_id, user_id=user.id)


@api.get("/posts/{post_id}", response_model=PostReceiptOut)
def api_receipt(post_id: Int4, db: SessionDep, user: CurrentUser) -> PostReceiptOut:
    """The receipt of one of your posts and where it stands now: counts, replaced, withdrawn or
    annulled; the step's status, whom it waits for, when a delayed resolution is due, and once
    published the events your faction may see. Only its author, its faction's player and the GM."""
    return service.post_receipt(db, post_id=post_id, viewer_user_id=user.id)
