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
from letopis.engine.contract import PUBLIC, Faction
from letopis.engine.dice import commitment, step_secret
from letopis.engine.registry import UnknownRuleset, get_ruleset
from letopis.engine.resolution import RecordedStep, Submission, replay, setup_game

from ._common import (
    audit,
    counted_posts,
    game_out,
    is_gm,
    listed,
    load_game,
    now,
    ruleset_by_id,
    step_posts,
    transactional,
    validation_message,
)
from ._resolve import overrides_from_json
from .errors import Forbidden, Invalid
from .games import _create_game
from .hidden import Sight, event_dicts, has_secrets, in_secret, is_revealed, roll_dicts
from .inputs import require_document, require_storable
from .schemas import GameOut, GameStatus, MismatchOut, StepStatus, VerifyOut

FORMAT = "letopis-game/1"


def export_game(db: Session, game_id: int, *, public: bool = False) -> dict[str, Any]:
    """The whole game as JSON: setup, options, factions, every step's posts, seeds, overrides, results.

    Seeds of steps not yet published stay secret (only their commitments are exported), and so do
    posts and draft resolutions of such steps. A game with hidden information carries ``secret``:
    the commitment of its one secret seed and (in this complete export, the GM's) the seed itself.

    ``public`` makes the spectators' export of a game whose secrets are not revealed: commitments
    and public data only — states as `view(state, PUBLIC)`, events meant for everyone without secret
    rolls, the texts of private steps' posts, earlier revisions and GM corrections replaced by their
    SHA-256, no secret seed, no setup document. For any other game ``public`` changes nothing.
    """
    game = load_game(db, game_id)
    ruleset = ruleset_by_id(game.ruleset_id)
    hide = public and in_secret(game, ruleset)
    sight = Sight.public(game, ruleset) if hide else Sight(gm=True)

    def shown(data: dict[str, Any]) -> dict[str, Any]:
        return ruleset.view(ruleset.state_from_json(data), PUBLIC) if hide else data

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
            counted = {p.id for p in counted_posts(posts).values()}
            private = bool(step.turn.get("private"))
            texts = {p.id: p.text if sight.sees_post(p.faction_id, published=True, counted=p.id in counted,
                                                     private_step=private) else None for p in posts}
            item["state_before"] = shown(step.state_before)
            item["posts"] = [
                {"id": p.id, "faction": p.faction_id, "revision": p.revision, "text": texts[p.id], "sha256": p.sha256,
                 "author": p.author.login if p.author else None, "created_at": p.created_at.isoformat(),
                 "annulled": p.annulled, "annul_reason": p.annul_reason,
                 "withdrawn_at": p.withdrawn_at.isoformat() if p.withdrawn_at else None}
                for p in posts
            ]
            resolutions = db.scalars(select(Resolution).where(Resolution.step_id == step.id)
                                     .order_by(Resolution.id)).all()
            item["resolutions"] = [_resolution_json(r, texts, sight, shown) for r in resolutions]
        steps_out.append(item)
    document = None if hide else {**ruleset.export_setup(ruleset.state_from_json(game.state)),
                                  "factions": game.factions, "options": game.options}
    out: dict[str, Any] = {
        "format": FORMAT,
        "exported_at": now().isoformat(),
        "game": {"id": game.id, "title": game.title, "ruleset": game.ruleset_id, "mode": game.mode,
                 "status": game.status, "options": game.options, "factions": game.factions,
                 "gm": game.gm.login, "created_at": game.created_at.isoformat()},
        "setup": {"seed": game.setup_seed, "commitment": commitment(game.setup_seed) if game.setup_seed else None,
                  "document": None if hide else game.setup_document, "initial_state": shown(game.initial_state)},
        "steps": steps_out,
        "state": shown(game.state),
        "result": game.result,
        "document": document,
    }
    if game.secret_commitment:
        out["secret"] = {"commitment": game.secret_commitment, "seed": None if hide else game.secret_seed,
                         "revealed": is_revealed(game)}
    if hide:
        out["public"] = True
    return out


def _resolution_json(r: Resolution, texts: dict[int, str | None], sight: Sight, shown) -> dict[str, Any]:
    events = event_dicts(sight, r.events)
    return {"id": r.id, "superseded": r.superseded, "created_at": r.created_at.isoformat(),
            "submissions": [{**s, "text": texts.get(s.get("post_id"))} for s in r.submissions],
            "overrides": r.overrides, "events": events, "rolls": roll_dicts(sight, r.rolls, events),
            "secret_rolls": [dict(x) for x in sight.secret_rolls(r.secret_rolls or [])],
            "state_after": shown(r.state_after)}


def export_allowed(db: Session, game_id: int, viewer_user_id: int | None = None) -> bool:
    """Whether `export_for` gives this viewer an export (pages link to it only then)."""
    game = load_game(db, game_id)
    return (is_gm(db, game, viewer_user_id) or has_secrets(ruleset_by_id(game.ruleset_id))
            or game.status == GameStatus.OVER.value)


def export_for(db: Session, game_id: int, viewer_user_id: int | None = None) -> dict[str, Any]:
    """The export this viewer may download: complete for the GM (or an admin) and for everyone once
    the game is over with its secrets revealed; the public export of a running game with hidden
    information; for other running games, Forbidden (their states may hold secrets too)."""
    game = load_game(db, game_id)
    if is_gm(db, game, viewer_user_id):
        return export_game(db, game_id)
    if export_allowed(db, game_id, viewer_user_id):
        return export_game(db, game_id, public=True)  # complete unless secrets are still kept
    raise Forbidden(f"Пока игра идёт, выгрузить её целиком может только мастер; проверить кубики может любой: "
                    f"/api/games/{game_id}/verify.", code="export_forbidden")


@transactional
def import_setup(
    db: Session, *, document: dict[str, Any], gm_user_id: int, title: str | None = None,
    mode: str = "auto", resolve_delay_minutes: int | None = None,
) -> GameOut:
    """A new game from a ruleset setup document, or from a Letopis export (continues mid-way).

    A setup document is ``{"ruleset", "state", "factions": [{"id", "name"}], "options"?}``.
    ``resolve_delay_minutes`` as in `create_game` (None: the default for the number of sides).
    """
    if not isinstance(document, dict):
        raise Invalid("Документ настройки должен быть объектом JSON.", code="bad_setup_document")
    require_document(document, "Документ настройки")
    if title is not None:
        require_storable(title, "Название игры")
    source = None
    if document.get("format") == FORMAT:
        game_part, steps_part = document.get("game"), document.get("steps", [])
        if not isinstance(game_part, dict) or not isinstance(steps_part, list) or not isinstance(
                game_part.get("title", ""), str) or not isinstance(document.get("document") or {}, dict):
            raise Invalid("Выгрузка Летописи повреждена: нужны объекты «game» (с «title») и «document» "
                          "и список «steps».", code="bad_setup_document")
        if document.get("public"):
            raise Invalid("Это открытая выгрузка идущей игры со скрытой информацией: в ней нет тайных "
                          "данных, и продолжить игру из неё нельзя. Нужна полная выгрузка мастера.",
                          code="public_export")
        source = document
        document = document.get("document") or {}
        title = title or f"{source['game'].get('title') or 'Игра'} (продолжение)"
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
                       setup_document=document, resolve_delay_minutes=resolve_delay_minutes)
    game = load_game(db, out.id)
    audit(db, game, "import_game", actor_id=gm_user_id,
          data={"from_game": source["game"]["id"] if source else None,
                "from_title": source["game"]["title"] if source else None,
                "steps_before": len(source.get("steps", [])) if source else 0})
    db.flush()
    return game_out(db, game)


def _json(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json")


def verify_export(document: dict[str, Any]) -> VerifyOut:
    """Recompute a whole exported game from its seeds and posts; no database needed.

    A game with hidden information is recomputed with its revealed secret seed (every shuffle and
    hidden draw included), after checking it against its commitment. Without the seed (the public
    export of a running game) only the step seeds and post receipts can be checked: the answer says
    so (``complete`` false, ``notes`` in Russian) instead of failing.
    """
    mismatches: list[MismatchOut] = []
    try:
        game = document["game"]
        ruleset = get_ruleset(game["ruleset"])
    except (KeyError, TypeError, UnknownRuleset) as exc:
        return VerifyOut(ok=False, mismatches=[MismatchOut(step=0, what=f"документ не читается: {exc}")],
                         message="Проверить нельзя: документ экспорта не читается.")
    game_id = game.get("id")
    secret = document.get("secret") or {}
    secret_seed = secret.get("seed")
    if has_secrets(ruleset) and not secret_seed:
        return _verify_public(document, game_id, secret.get("commitment"))
    if secret_seed and commitment(secret_seed) != secret.get("commitment"):
        mismatches.append(MismatchOut(step=0, what="секретное зерно не совпадает со своим опубликованным хешем"))

    def secret_of(number: int) -> str | None:
        return step_secret(secret_seed, number) if secret_seed else None

    setup = document.get("setup") or {}
    initial = ruleset.state_from_json(setup["initial_state"])
    setup_checked = False
    if setup.get("seed"):
        options = ruleset.Options.model_validate(game.get("options") or {})
        factions = [Faction.model_validate(f) for f in game["factions"]]
        recomputed = setup_game(ruleset, options, factions, setup["seed"], secret_of(0))
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
        mismatches.extend(_receipt_mismatches(step))
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
            state_after=res["state_after"], events=res["events"], secret_seed=secret_of(number),
            secret_rolls=res.get("secret_rolls") if secret_seed else None,
        ))
        last_state = res["state_after"]
    replayed = replay(ruleset, initial, recorded)
    mismatches.extend(MismatchOut(step=m.step, what=m.what) for m in replayed if not m.wording)
    reworded = [m.step for m in replayed if m.wording]
    if document.get("state") is not None and document["state"] != last_state:
        mismatches.append(MismatchOut(step=recorded[-1].number if recorded else 0,
                                      what="текущее состояние игры не совпадает с последним опубликованным"))
    ok = not mismatches
    notes = ["Секретное зерно игры открыто и совпадает со своим хешем: все тасовки и взятые карты пересчитаны."
             ] if secret_seed and ok else []
    if reworded:
        notes.append(f"{'Шаг' if len(reworded) == 1 else 'Шаги'} {', '.join(map(str, reworded))}: описания "
                     "событий в летописи написаны иначе, чем их пишет эта версия Летописи (текст правили "
                     "вручную или его писала другая версия программы); броски, данные событий и состояния "
                     "сходятся.")
    if ok:
        message = f"Проверено шагов: {len(recorded)}. Все броски и результаты сходятся."
    else:
        message = f"Найдено расхождений: {len(mismatches)}."
    return VerifyOut(ok=ok, game_id=game_id, steps_checked=len(recorded), setup_checked=setup_checked,
                     mismatches=mismatches, message=message, notes=notes)


def _receipt_mismatches(step: dict[str, Any]) -> list[MismatchOut]:
    return [MismatchOut(step=step["number"], what=f"текст поста №{post['id']} не совпадает с квитанцией")
            for post in step.get("posts", [])
            if post.get("text") is not None
            and hashlib.sha256(post["text"].encode("utf-8")).hexdigest() != post["sha256"]]


def _verify_public(document: dict[str, Any], game_id: int | None, secret_commitment: str | None) -> VerifyOut:
    """What the public export of a running hidden-information game lets anyone check: each
    published step's seed against its commitment, and the receipts of the posts it shows."""
    mismatches: list[MismatchOut] = []
    steps = [s for s in document.get("steps", []) if s.get("status") == StepStatus.PUBLISHED.value]
    posts = hidden_posts = 0
    for step in steps:
        seed = step.get("seed") or ""
        if not seed or commitment(seed) != step.get("commitment"):
            mismatches.append(MismatchOut(step=step["number"], what="семя не совпадает с опубликованным обязательством"))
        mismatches.extend(_receipt_mismatches(step))
        posts += sum(1 for p in step.get("posts", []) if p.get("text") is not None)
        hidden_posts += sum(1 for p in step.get("posts", []) if p.get("text") is None)
    checked = (f"Проверено: семена {len(steps)} опубликованных шагов совпадают со своими хешами, "
               f"тексты {posts} открытых постов — со своими квитанциями.")
    unchecked = ("Не проверено: тасовки, взятые карты и ходы — это игра со скрытой информацией, её секретное "
                 "зерно откроется, когда игра закончится"
                 + (f" (его хеш: {secret_commitment})" if secret_commitment else "") + ".")
    notes = [checked, unchecked]
    if hidden_posts:
        notes.append(f"Тайных постов (колоды, прежние редакции): {hidden_posts} — видны только их хеши.")
    notes.append("После конца игры скачайте выгрузку заново и проверьте её: тогда пересчитается всё.")
    ok = not mismatches
    message = ("Частичная проверка: всё, что можно проверить до конца игры, сходится." if ok
               else f"Найдено расхождений: {len(mismatches)}.")
    return VerifyOut(ok=ok, game_id=game_id, steps_checked=0, setup_checked=False, mismatches=mismatches,
                     message=message, complete=False, notes=notes)


def verify_game(db: Session, game_id: int) -> VerifyOut:
    """Recompute the setup and every published step from stored posts and revealed seeds. The
    server holds a running game's secret seed, so it recomputes the shuffles too, and says that
    nobody else can yet."""
    game = load_game(db, game_id)
    out = verify_export(export_game(db, game_id))
    if in_secret(game, ruleset_by_id(game.ruleset_id)):
        out.notes = [("Сервер пересчитал и тасовки с взятыми картами — по тайному зерну игры, которое пока "
                      "не открыто; после конца игры это сможет повторить любой.")]
    return out
