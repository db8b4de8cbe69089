"""The receipt of one post revision as its player sees it after sending it (the page a submit
redirects to): what was stored, and what became of it and of its step since.

A GET of stored facts, so reloading it never sends anything again.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from letopis.db.models import Post, Step
from letopis.engine.events import Event

from ._common import active_step, current_resolution, is_gm, load_game, reading_out, seat_for, turn_of
from .errors import Forbidden, NotFound
from .hidden import Sight
from .posted import latest_posts, waiting_for
from .schemas import GameStatus, ReadingOut, StepStatus

Standing = Literal["counts", "replaced", "withdrawn", "annulled"]


class PostReceiptOut(BaseModel):
    """One revision's receipt and where its step stands now."""

    post_id: int
    game_id: int
    step_number: int
    faction: str
    revision: int
    text: str
    sha256: str
    created_at: datetime
    reading: ReadingOut
    standing: Standing = Field(description="counts — считается; replaced — заменён более новой версией; "
                                           "withdrawn — отозван игроком; annulled — аннулирован мастером.")
    latest_revision: int
    withdrawn_at: datetime | None = None
    step_status: StepStatus
    waiting_for: list[str] = Field(default_factory=list)
    resolve_at: datetime | None = None
    can_withdraw: bool = False  # the viewer may withdraw it now
    events: list[Event] = Field(default_factory=list)  # once published: the faction's own and public ones
    next_step: int | None = None
    game_over: bool = False


def post_receipt(db: Session, *, post_id: int, viewer_user_id: int | None) -> PostReceiptOut:
    """The receipt of post ``post_id`` for its faction's player, its author or the GM."""
    post = db.get(Post, post_id)
    if post is None:
        raise NotFound(f"Пост №{post_id} не найден.", code="post_not_found")
    game = load_game(db, post.game_id)
    db.refresh(post)
    seat = seat_for(db, game.id, post.faction_id)
    player = viewer_user_id is not None and viewer_user_id in (seat.user_id, post.author_id)
    if not (player or is_gm(db, game, viewer_user_id)):
        raise Forbidden("Квитанцию поста видят только его автор и мастер.", code="receipt_private")
    step = db.get(Step, post.step_id)
    assert step is not None
    turn = turn_of(step)
    latest = latest_posts(db, step.id, [post.faction_id])[post.faction_id]
    standing: Standing = ("annulled" if post.annulled else "withdrawn" if post.withdrawn_at is not None
                          else "counts" if latest.post_id == post.id else "replaced")
    is_open = step.status == StepStatus.OPEN.value and step.number > 0
    out = PostReceiptOut(
        post_id=post.id, game_id=game.id, step_number=step.number, faction=post.faction_id, revision=post.revision,
        text=post.text, sha256=post.sha256, created_at=post.created_at, reading=reading_out(post.reading),
        standing=standing, latest_revision=latest.revision, withdrawn_at=post.withdrawn_at,
        step_status=StepStatus(step.status),
        waiting_for=waiting_for(latest_posts(db, step.id, turn.factions)) if is_open else [],
        resolve_at=step.resolve_at if is_open else None,
        can_withdraw=is_open and standing == "counts" and game.status != GameStatus.OVER.value
        and seat.user_id is not None and seat.user_id == viewer_user_id,
        game_over=game.status == GameStatus.OVER.value,
    )
    if step.status == StepStatus.PUBLISHED.value:
        res = current_resolution(db, step)
        if res is not None:  # no secret rolls: shuffles stay secret until the reveal
            out.events = Sight(factions=frozenset({post.faction_id}), secret=True).events(
                Event.model_validate(e) for e in res.events)
        nxt = active_step(db, game.id)
        out.next_step = nxt.number if nxt is not None else None
    return out
