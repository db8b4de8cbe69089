"""A player takes back his post while its step is open: the step waits for him again.

Nothing is deleted. The revision is marked withdrawn (when, by whom) and stops counting; a new
post is simply the next revision. A withdrawal is the player's own act on his own secret orders,
so it is not in the GM's public audit log and is never shown as an annulment: the receipt page and,
once the step is published, the chronicle say «отозван автором».
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field
from sqlalchemy.orm import Session

from letopis.db.models import Post, Step

from ._common import faction_names, load_game, names_in, now, seat_for, transactional, turn_of
from .errors import Conflict, Forbidden, NotFound
from .posted import latest_posts, waiting_for
from .schemas import GameStatus, StepStatus


class WithdrawOut(BaseModel):
    """What a withdrawal did."""

    post_id: int
    game_id: int
    step_number: int
    faction: str
    revision: int
    withdrawn_at: datetime
    waiting_for: list[str] = Field(default_factory=list)  # factions the step waits for now
    resolution_cancelled: bool = Field(
        default=False, description="Шаг ждал конца задержки расчёта; теперь расчёт отменён до нового поста.")
    message: str = ""


@transactional
def withdraw_post(db: Session, *, post_id: int, user_id: int, game_id: int | None = None) -> WithdrawOut:
    """Withdraw the post ``post_id`` for its faction's player (the seat's holder now); with
    ``game_id`` the post must belong to that game (a page's address names both).

    Refused with nothing changed: NotFound; Forbidden (not that faction's player — a GM annuls
    instead); Conflict when the step is no longer open (resolved, in review, published) or the post
    is not the one that counts now (a later revision was sent, it was already withdrawn, or the GM
    annulled it).
    """
    post = db.get(Post, post_id)
    if post is None or (game_id is not None and post.game_id != game_id):
        raise NotFound(f"Пост №{post_id} не найден.", code="post_not_found")
    game = load_game(db, post.game_id, lock=True)
    db.refresh(post)
    names = faction_names(game)
    seat = seat_for(db, game.id, post.faction_id)
    if seat.user_id is None or seat.user_id != user_id:
        raise Forbidden(f"Отозвать пост может только тот, кто играет за «{names.get(post.faction_id)}».",
                        code="not_your_seat")
    step = db.get(Step, post.step_id)
    assert step is not None
    _require_open(game.status, step)
    turn = turn_of(step)
    latest = latest_posts(db, step.id, turn.factions).get(post.faction_id)
    if latest is not None and latest.post_id != post.id:
        raise Conflict(f"Это версия {post.revision} поста, а после неё отправлена версия {latest.revision}: "
                       "отозвать можно только ту, что считается сейчас. Обновите страницу.", code="not_current")
    if post.withdrawn_at is not None:
        raise Conflict(f"Пост (версия {post.revision}) уже отозван; шаг ждёт новый.", code="already_withdrawn")
    if post.annulled:
        raise Conflict(f"Пост (версия {post.revision}) аннулирован мастером и так не считается.",
                       code="already_annulled")
    moment = now()
    post.withdrawn_at, post.withdrawn_by = moment, user_id
    cancelled = step.resolve_at is not None
    step.resolve_at = None
    db.flush()
    waiting = waiting_for(latest_posts(db, step.id, turn.factions))
    message = f"Пост отозван (версия {post.revision}): он больше не считается."
    if cancelled:
        message += " Расчёт шага отменён."
    posts = "пост" if len(waiting) == 1 else "посты"
    message += f" Шаг {step.number} снова ждёт {posts} от {names_in(game, waiting, 'gen')}."
    return WithdrawOut(post_id=post.id, game_id=game.id, step_number=step.number, faction=post.faction_id,
                       revision=post.revision, withdrawn_at=moment, waiting_for=waiting,
                       resolution_cancelled=cancelled, message=message)


def _require_open(game_status: str, step: Step) -> None:
    if game_status == GameStatus.OVER.value:
        raise Conflict("Игра окончена: посты больше не отзываются.", code="game_over")
    if step.number < 1:  # set aside by a GM's roll-back
        raise Conflict("Этот шаг мастер убрал при откате игры: пост к нему отозвать нельзя.", code="step_closed")
    if step.status == StepStatus.PUBLISHED.value:
        raise Conflict(f"Шаг {step.number} уже рассчитан и опубликован: пост к нему отозвать нельзя.",
                       code="step_published")
    if step.status == StepStatus.DRAFT.value:
        raise Conflict(f"Шаг {step.number} уже рассчитан и ждёт проверки мастера: отозвать пост нельзя. "
                       "Если в посте ошибка, напишите мастеру — он может его аннулировать.", code="step_in_review")
