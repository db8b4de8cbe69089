"""Export, import and verification of whole games.

An export holds everything needed to recompute the game offline: the setup seed (or the imported
setup), the options and factions, and for every published step its posts, revealed seed, GM
overrides and stored results. `verify_export` replays it through `engine.replay`, the very code
the server resolved it with; `verify_game` verifies the export of a stored game.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, ValidationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from letopis.db.models import Resolution, Step
from letopis.engine.contract import Faction
from letopis.engine.dice import commitment
from letopis.engine.registry import UnknownRuleset, get_ruleset
from letopis.engine.resolution import RecordedStep, Submission, replay, setup_game

from ._common import (
    audit,
    game_out,
    listed,
    load_game,
    now,
    ruleset_by_id,
    step_posts,
    transactional,
    validation_message,
)
from ._resolve import overrides_from_json
from .errors import Invalid
from .games import _create_game
from .schemas import GameOut, MismatchOut, StepStatus, VerifyOut

FORMAT = "letopis-game/1"


def export_game(db: Session, game_id: int) -> dict[str, Any]:
    """The whole game as JSON: setup, options, factions, every step's posts, seeds, overrides, results.

    Seeds of steps not yet published stay secret (only their commitments are exported), and so do
    posts and draft resolutions of such steps.
    """
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    steps_out = []
    for step in db.scalars(select(Step).where(Step.game_id == game_id, listed()).order_by(Step.number)).all():
        published = step.status == StepStatus.PUBLISHED.value
        item: dict[str, Any] = {
            "number": step.number, "status": step.status, "turn": step.turn, "commitment": step.commitment,
            "seed": step.seed if published else None,
            "opened_at": step.opened_at.isoformat(),
            "published_at": step.published_at.isoformat() if step.published_at else None,
            "deadline": step.deadline.isoformat() if step.deadline else None,
        }
        if published:
            posts = step_posts(db, step)
            texts = {p.id: p.text for p in posts}
            item["state_before"] = step.state_before
            item["posts"] = [
                {"id": p.id, "faction": p.faction_id, "revision": p.revision, "text": p.text, "sha256": p.sha256,
                 "author": p.author.login if p.author else None, "created_at": p.created_at.isoformat(),
                 "annulled": p.annulled, "annul_reason": p.annul_reason}
                for p in posts
            ]
            resolutions = db.scalars(select(Resolution).where(Resolution.step_id == step.id)
                                     .order_by(Resolution.id)).all()
            item["resolutions"] = [
                {"id": r.id, "superseded": r.superseded, "created_at": r.created_at.isoformat(),
                 "submissions": [{**s, "text": texts.get(s.get("post_id"))} for s in r.submissions],
                 "overrides": r.overrides, "events": r.events, "rolls": r.rolls, "state_after": r.state_after}
                for r in resolutions
            ]
        steps_out.append(item)
    document = {**ruleset.export_setup(ruleset.state_from_json(game.state)),
                "factions": game.factions, "options": game.options}
    return {
        "format": FORMAT,
        "exported_at": now().isoformat(),
        "game": {"id": game.id, "title": game.title, "ruleset": game.ruleset_id, "mode": game.mode,
                 "status": game.status, "options": game.options, "factions": game.factions,
                 "gm": game.gm.login, "created_at": game.created_at.isoformat()},
        "setup": {"seed": game.setup_seed, "commitment": commitment(game.setup_seed) if game.setup_seed else None,
                  "document": game.setup_document, "initial_state": game.initial_state},
        "steps": steps_out,
        "state": game.state,
        "result": game.result,
        "document": document,
    }


@transactional
def import_setup(
    db: Session, *, document: dict[str, Any], gm_user_id: int, title: str | None = None,
    mode: str = "auto",
) -> GameOut:
    """A new game from a ruleset setup document, or from a Letopis export (continues mid-way).

    A setup document is ``{"ruleset", "state", "factions": [{"id", "name"}], "options"?}``.
    """
    if not isinstance(document, dict):
        raise Invalid("Документ настройки должен быть объектом JSON.", code="bad_setup_document")
    source = None
    if document.get("format") == FORMAT:
        source = document
        document = document.get("document") or {}
        title = title or f"{source['game']['title']} (продолжение)"
        mode = source["game"].get("mode", mode)
    ruleset_id = document.get("ruleset")
    if not ruleset_id:
        raise Invalid("В документе нет поля «ruleset» (набор правил).", code="bad_setup_document")
    factions_raw = document.get("factions")
    if not isinstance(factions_raw, list) or not factions_raw:
        raise Invalid("В документе нет списка фракций: «factions»: [{\"id\": …, \"name\": …}].",
                      code="bad_setup_document")
    try:
        factions = [Faction.model_validate(f) for f in factions_raw]
    except ValidationError as exc:
        raise Invalid(f"Неверный список фракций: {validation_message(exc)}", code="bad_setup_document") from exc
    out = _create_game(db, ruleset_id=str(ruleset_id), title=title or "Импортированная игра", factions=factions,
                       gm_user_id=gm_user_id, options=document.get("options"), mode=mode,
                       setup_document=document)
    game = load_game(db, out.id)
    audit(db, game, "import_game", actor_id=gm_user_id,
          data={"from_game": source["game"]["id"] if source else None,
                "from_title": source["game"]["title"] if source else None,
                "steps_before": len(source["steps"]) if source else 0})
    db.flush()
    return game_out(db, game)


def _json(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json")


def verify_export(document: dict[str, Any]) -> VerifyOut:
    """Recompute a whole exported game from its seeds and posts; no database needed."""
    mismatches: list[MismatchOut] = []
    try:
        game = document["game"]
        ruleset = get_ruleset(game["ruleset"])
    except (KeyError, TypeError, UnknownRuleset) as exc:
        return VerifyOut(ok=False, mismatches=[MismatchOut(step=0, what=f"документ не читается: {exc}")],
                         message="Проверить нельзя: документ экспорта не читается.")
    game_id = game.get("id")
    setup = document.get("setup") or {}
    initial = ruleset.state_from_json(setup["initial_state"])
    setup_checked = False
    if setup.get("seed"):
        options = ruleset.Options.model_validate(game.get("options") or {})
        factions = [Faction.model_validate(f) for f in game["factions"]]
        recomputed = setup_game(ruleset, options, factions, setup["seed"])
        setup_checked = True
        if _json(recomputed) != setup["initial_state"]:
            mismatches.append(MismatchOut(step=0, what="начальное состояние не получается из семени настройки"))
    recorded: list[RecordedStep] = []
    last_state = setup["initial_state"]
    for step in document.get("steps", []):
        if step.get("status") != StepStatus.PUBLISHED.value:
            continue
        number, seed = step["number"], step.get("seed") or ""
        if not seed or commitment(seed) != step.get("commitment"):
            mismatches.append(MismatchOut(step=number, what="семя не совпадает с опубликованным обязательством"))
            continue
        for post in step.get("posts", []):
            if hashlib.sha256(post["text"].encode("utf-8")).hexdigest() != post["sha256"]:
                mismatches.append(MismatchOut(step=number, what=f"текст поста №{post['id']} не совпадает с квитанцией"))
        current = [r for r in step.get("resolutions", []) if not r.get("superseded")]
        if len(current) != 1:
            mismatches.append(MismatchOut(step=number, what="у шага нет единственного действующего решения"))
            continue
        res = current[0]
        recorded.append(RecordedStep(
            number=number, seed=seed,
            submissions=[Submission(s["faction"], None if s.get("default") else s.get("text"))
                         for s in res["submissions"]],
            overrides=overrides_from_json(res.get("overrides") or {}),
            state_after=res["state_after"], events=res["events"],
        ))
        last_state = res["state_after"]
    mismatches.extend(MismatchOut(step=m.step, what=m.what) for m in replay(ruleset, initial, recorded))
    if document.get("state") is not None and document["state"] != last_state:
        mismatches.append(MismatchOut(step=recorded[-1].number if recorded else 0,
                                      what="текущее состояние игры не совпадает с последним опубликованным"))
    ok = not mismatches
    if ok:
        message = f"Проверено шагов: {len(recorded)}. Все броски и результаты сходятся."
    else:
        message = f"Найдено расхождений: {len(mismatches)}."
    return VerifyOut(ok=ok, game_id=game_id, steps_checked=len(recorded), setup_checked=setup_checked,
                     mismatches=mismatches, message=message)


def verify_game(db: Session, game_id: int) -> VerifyOut:
    """Recompute the setup and every published step from stored posts and revealed seeds."""
    return verify_export(export_game(db, game_id))
