"""Reopening a published step for one player's corrected post.

A player finds a slip in a post after its step was published (or sends the GM a post that did
not get through); the GM annuls the post that counted, takes the corrected one — written by
the GM on the player's behalf, or the text the player sent — and the step is resolved again from
there, later steps after it, exactly as a roll-back does (`gm_desk._replay`). Everything old is
kept: the annulled post struck out with the reason, the superseded resolutions, the reason in the
public audit log and a note in the step's chronicle.

The step's seed was published with it, so the corrected post could be chosen knowing the dice:
the step gets a fresh seed (the old one stays in the audit entry, so the superseded resolution can
still be checked), and its old roll overrides are dropped.
"""

from __future__ import annotations

from typing import Literal

from sqlalchemy.orm import Session

from letopis.db.models import Post
from letopis.engine.dice import commitment, new_seed

from ._common import (
    audit,
    current_resolution,
    faction_names,
    get_step,
    load_game,
    require_gm,
    require_reason,
    ruleset_by_id,
    transactional,
    turn_of,
)
from .errors import Conflict, Invalid
from .gm import mark_annulled
from .gm_desk import RollbackOut, _is_correction, _published_from, _replay, gm_post
from .schemas import StepStatus

Source = Literal["gm", "player"]
SOURCE_TEXT = {"gm": "пост написал мастер за игрока", "player": "текст прислал игрок"}


@transactional
def reopen_for_post(db: Session, *, game_id: int, step_number: int, faction: str, text: str,
                    gm_user_id: int, reason: str, source: Source = "player") -> RollbackOut:
    """Resolve published step ``step_number`` again with ``text`` as ``faction``'s post (its old
    post annulled), then every later step from its stored posts; see the module docstring.

    Nothing changes if the text does not read, if the step is not a published step with that
    faction in it, or if the step itself does not resolve with the new post.
    """
    game = load_game(db, game_id, lock=True)
    require_gm(db, game, gm_user_id)
    reason = require_reason(reason)
    if source not in SOURCE_TEXT:
        raise Invalid("Кто написал новый пост: «gm» (мастер за игрока) или «player» (прислал игрок).",
                      code="bad_source")
    if not text.strip():
        raise Invalid("Новый пост пустой: вставьте исправленный текст.", code="empty_post")
    ruleset = ruleset_by_id(game.ruleset_id)
    step = get_step(db, game_id, step_number)
    if step.status != StepStatus.PUBLISHED.value:
        raise Conflict(f"Шаг {step_number} ещё не опубликован: отмените пост и напишите новый за фракцию "
                       "на вкладке «Посты».", code="not_published")
    res = current_resolution(db, step)
    assert res is not None
    name = faction_names(game).get(faction, faction)
    if _is_correction(res.submissions) or faction not in turn_of(step).factions:
        raise Invalid(f"В шаге {step_number} фракция «{name}» не ходила: заменять нечего.",
                      code="faction_not_in_step")
    old_item = next(item for item in res.submissions if item["faction"] == faction)
    post = gm_post(db, game, ruleset, step, faction, text, gm_user_id)
    old_post_id = old_item.get("post_id")
    if old_post_id is not None:
        old = db.get(Post, old_post_id)
        assert old is not None
        mark_annulled(old, gm_user_id, reason)
    record = [{"faction": faction, "post_id": post.id, "default": False} if item is old_item else item
              for item in res.submissions]
    seed_was = step.seed
    step.seed = new_seed()
    step.commitment = commitment(step.seed)
    out = _replay(db, game, ruleset, _published_from(db, game_id, step_number), gm_user_id, {step.id: record})
    if out.stopped_at == step_number:
        why = out.problems[0].message if out.problems else "шаг не решается"
        raise Invalid(f"С новым постом шаг {step_number} не решается: {why} Ничего не изменено.",
                      code="refused_at_resolution", problems=out.problems)
    out.message = _message(step_number, name, source, bool(res.overrides), out)
    audit(db, game, "reopen_step", actor_id=gm_user_id, reason=reason, step_number=step_number,
          data={"faction": faction, "faction_name": name, "source": source, "post_id": post.id,
                "annulled_post_id": old_post_id, "seed_was": seed_was, "commitment": step.commitment,
                **out.model_dump(mode="json", exclude={"message", "from_step"}), "text": out.message})
    db.flush()
    return out


def _message(number: int, name: str, source: Source, had_overrides: bool, out: RollbackOut) -> str:
    parts = [(f"Мастер пересчитал шаг {number} с исправленным постом фракции «{name}» ({SOURCE_TEXT[source]}); "
              "прежний пост отменён, у шага новое зерно кубиков.")]
    if had_overrides:
        parts.append(f"Броски шага {number}, заданные мастером, сброшены.")
    later = [n for n in out.redone if n != number]
    if later:
        parts.append("Следом пересчитаны шаги: " + ", ".join(map(str, later)) + ".")
    parts.append("Итог изменился в шагах: " + ", ".join(map(str, out.changed)) + "." if out.changed
                 else "Итоги не изменились.")
    if out.stopped_at is not None:
        why = out.problems[0].message if out.problems else ""
        parts.append(f"Шаг {out.stopped_at} больше не читается ({why.rstrip('.')}); он открыт заново, посты сохранены.")
    return " ".join(parts)
