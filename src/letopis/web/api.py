"""The JSON API: the same operations as the pages, for forum bots and scripts (OpenAPI at /docs).

Authenticate with ``POST /api/token`` and send ``Authorization: Bearer <token>``. Errors are
``{"code", "message", "problems"}`` with the service's status (404, 403, 409 for a stale step,
413, 422 with the post's problems).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from fastapi import APIRouter, Request, Response, status
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from letopis import service
from letopis.engine.contract import Faction
from letopis.engine.registry import get_ruleset
from letopis.service import (
    AuditOut,
    CheckOut,
    GameOut,
    GamePage,
    RulesetOut,
    SeatOut,
    StepChronicle,
    StepHeader,
    SubmitOut,
    UserOut,
    VerifyOut,
)
from letopis.service.inputs import NAME_RULE, Document, Int4, Text
from letopis.service.page_key import PageKey
from letopis.service.posts import check_post_async

from . import pagecache
from .deps import (
    CurrentUser,
    CurrentUserId,
    Identity,
    MaybeUser,
    ReadSessionDep,
    SessionDep,
    SettingsDep,
    read_pool_of,
    touch_token,
)
from .paging import MAX_PER_PAGE, PageQ, PerPageQ, set_paging_headers
from .responses import ErrorOut
from .security import AuthRequired, client_address, make_token, token_max_age

ERRORS = {code: {"model": ErrorOut} for code in (401, 403, 404, 409, 413, 422)}
LOGIN_ERRORS = {code: {"model": ErrorOut, "description": text} for code, text in (
    (429, "Слишком много попыток входа: ждите столько секунд, сколько в заголовке Retry-After."),
    (503, "Сервер занят проверкой паролей: повторите через Retry-After секунд."))}

router = APIRouter(prefix="/api", responses=ERRORS)
# the hottest routes, which the app tries before all others (every route tried costs): the live check
# and a step's JSON
hot = APIRouter(prefix="/api", responses=ERRORS)


# --- request and response models -----------------------------------------------------------------
class TokenIn(BaseModel):
    login: Text = Field(description="Логин.")
    password: Text = Field(description="Пароль.")
    label: Text | None = Field(default=None, max_length=100,
                               description="Название ключа в списке ключей (например, имя бота).")


class TokenOut(BaseModel):
    access_token: str = Field(description="Ключ: передавайте его в заголовке `Authorization: Bearer <ключ>`.")
    token_type: Literal["bearer"] = Field("bearer", description="Всегда bearer.")
    expires_in: int = Field(description="Сколько секунд ключ действует.")
    token_id: int = Field(description="Номер ключа: по нему ключ можно отозвать (DELETE /api/me/tokens/{id}).")
    user: UserOut = Field(description="Чей это ключ.")


class RegisterIn(BaseModel):
    login: Text = Field(description="Логин для входа.")
    password: Text = Field(description="Пароль.")
    display_name: Text = Field(description="Имя, которое видят другие игроки.")


class FactionIn(BaseModel):
    """A side as the GM names it: a code used in posts and states, and a name."""

    id: Text = Field(description="Код стороны в постах и позиции (латиницей, например p1).")
    name: Text = Field(description="Имя стороны, как его видят игроки.")


class GameCreate(BaseModel):
    ruleset_id: Text = Field(description="Набор правил (см. GET /api/rulesets).")
    title: Text = Field(description="Название игры.")
    factions: list[Text | FactionIn] = Field(
        description="Имена сторон по порядку (id будут p1, p2, …) или объекты {id, name}. "
                    f"Имя стороны — {NAME_RULE}.")
    mode: Literal["auto", "review"] = Field("auto", description="«auto» — шаг публикуется сразу после расчёта, "
                                                                "«review» — сначала его проверяет мастер.")
    options: Document | None = Field(None, description="Параметры набора правил; не указаны — по книге правил.")
    setup_document: Document | None = Field(None, description="Документ настройки: начать с позиции, как она "
                                                              "стоит на форуме (схема — GET /api/rulesets/{id}/schema).")
    resolve_delay_minutes: Int4 | None = Field(
        default=None, description="Задержка расчёта, минут (0–1440): шаг, в котором пришёл последний пост, "
                                  "рассчитывается через столько минут, чтобы пост с ошибкой успели исправить или "
                                  "отозвать. Не указана — 0 для двух сторон, 10 для трёх и больше.")

    def faction_list(self) -> list[Faction]:
        return [Faction(id=f.id, name=f.name) if isinstance(f, FactionIn) else Faction(id=f"p{i + 1}", name=f)
                for i, f in enumerate(self.factions)]


class ImportIn(BaseModel):
    document: Document = Field(description="Документ настройки набора правил или экспорт Летописи.")
    title: Text | None = Field(None, description="Название игры; не указано — из документа.")
    mode: Literal["auto", "review"] = Field("auto", description="Как в POST /api/games.")
    resolve_delay_minutes: Int4 | None = Field(default=None, description="Как в POST /api/games.")


class CheckIn(BaseModel):
    faction: Text = Field(description="Код стороны, за которую написан пост.")
    text: Text = Field(description="Текст поста, как он написан на форуме.")


class PostIn(BaseModel):
    step: Int4 = Field(description="Номер открытого шага: пост для другого шага будет отклонён (409).")
    faction: Text = Field(description="Код вашей стороны.")
    text: Text = Field(description="Текст поста; сохраняется байт в байт. Нулевой символ и одиночные "
                                   "суррогаты UTF-16 сохранить нельзя: такой пост отклоняется (422).")


class InviteIn(BaseModel):
    faction: Text = Field(description="Код стороны, на место которой приглашают.")


class InviteOut(BaseModel):
    faction: str
    token: str
    url: str


class JoinIn(BaseModel):
    token: Text = Field(description="Токен из ссылки-приглашения.")


class ReasonIn(BaseModel):
    reason: Text = Field(min_length=1, description="Причина; её увидят все в журнале мастера.")


class OverrideIn(BaseModel):
    value: Int4 = Field(description="Значение, которое мастер ставит броску.")
    reason: Text = Field(min_length=1, description="Почему бросок задан вручную; её увидят все.")


class DefaultIn(BaseModel):
    reason: Text = Field(min_length=1, description="Почему мастер применяет действие по умолчанию; её увидят "
                                                   "все, летопись её приводит")


class DeadlineIn(BaseModel):
    deadline: datetime | None = Field(description="Срок шага с часовым поясом (ISO 8601); null снимает срок.")


# --- the live check: the hottest route, so the first one FastAPI tries ----------------------------
@hot.post("/games/{game_id}/check", response_class=JSONResponse, responses={200: {"model": CheckOut}})
async def check(game_id: Int4, body: CheckIn, request: Request, who: Identity) -> Response:
    """Read a post against the current state, line by line; nothing is stored.

    The live check's hot path, on the event loop: the user's rights are checked in the service's
    one statement, awaited on the app's read pool; a short post is read in place (a long one, or a
    state to parse, in a worker thread); the answer is serialised once (no response-model round trip).
    An API token is checked (not revoked, not expired) inside that same statement.
    """
    user_id, token_id = who
    pool = await read_pool_of(request)
    out = await check_post_async(pool.fetchone, run_in_threadpool, game_id=game_id, faction=body.faction,
                                 text=body.text, user_id=user_id, token_id=token_id)
    if token_id is not None:
        await touch_token(request, token_id)
    return Response(content=out.model_dump_json(), media_type="application/json")


# --- a step: kept until the game changes (web/pagecache.py), so the second route tried ----------
@hot.get("/games/{game_id}/steps/{step_number}", response_model=StepChronicle)
async def step(game_id: Int4, step_number: Int4, request: Request) -> Response:
    """A step as you may see it: its posts, events, rolls, boards and the GM's actions. The answer
    is kept until the game changes (an ``ETag``: send it back in ``If-None-Match`` for a 304)."""
    key = await pagecache.key_of(request, game_id)

    def build(db: Session, key: PageKey) -> bytes:
        viewer = key.viewer.viewer(key.user.id if key.user else None)
        chronicle = service.step_chronicle(db, game_id=game_id, step_number=step_number, viewer_as=viewer)
        return chronicle.model_dump_json().encode()

    return await pagecache.json_page(request, key, ("step", step_number), build)


# --- users ---------------------------------------------------------------------------------------
@router.post("/token", response_model=TokenOut, responses=LOGIN_ERRORS)
def token(body: TokenIn, request: Request, db: SessionDep, settings: SettingsDep) -> TokenOut:
    """Exchange a login and password for a bearer token (valid `expires_in` seconds; listed at
    ``GET /api/me/tokens``, revocable). Too many attempts for the account or from the address:
    429 with ``Retry-After``, the password not checked."""
    user = service.log_in(db, login=body.login.strip(), password=body.password, address=client_address(request),
                          limits=service.LoginLimits.from_settings(settings))
    if user is None:
        raise AuthRequired("Неверный логин или пароль.", code="bad_credentials")
    row = service.issue_token(db, user_id=user.id, days=settings.api_token_days, label=body.label)
    return TokenOut(access_token=make_token(settings, user.id, row.id), expires_in=token_max_age(settings),
                    token_id=row.id, user=user)


@router.get("/me/tokens", response_model=list[service.ApiTokenOut])
def my_tokens(db: SessionDep, user: CurrentUser) -> list[service.ApiTokenOut]:
    """Your API tokens, newest first (revoked and expired ones marked ``active: false``)."""
    return service.list_tokens(db, user_id=user.id)


@router.delete("/me/tokens/{token_id}", response_model=service.ApiTokenOut)
def revoke_my_token(token_id: Int4, db: SessionDep, user: CurrentUser) -> service.ApiTokenOut:
    """Revoke one of your tokens: from now on it is refused (401). Another user's token: 404."""
    return service.revoke_token(db, user_id=user.id, token_id=token_id)


@router.post("/users", response_model=UserOut, status_code=status.HTTP_201_CREATED)
def register(body: RegisterIn, db: SessionDep) -> UserOut:
    return service.register_user(db, login=body.login.strip(), password=body.password,
                                 display_name=body.display_name.strip())


@router.get("/me", response_model=UserOut)
def me(user: CurrentUser) -> UserOut:
    return user


# --- rulesets ------------------------------------------------------------------------------------
@router.get("/rulesets", response_model=list[RulesetOut])
def rulesets() -> list[RulesetOut]:
    return service.list_rulesets()


@router.get("/rulesets/{ruleset_id}/schema")
def ruleset_schema(ruleset_id: Text) -> dict[str, Any]:
    """JSON schema of the ruleset's setup document (to move a running game in mid-way)."""
    return get_ruleset(ruleset_id).setup_schema()


# --- games ---------------------------------------------------------------------------------------
# The list stays a JSON array, as it was before it had pages: a bot written then still reads it, and
# with 100 a page (the most) it still sees every game of a site with up to 100 of them, the newest
# first; past that the ``Link`` header's rel="next" leads on and X-Total-Count says how many there are.
GAMES_PER_PAGE = MAX_PER_PAGE


@router.get("/games", response_model=list[GameOut])
def games(request: Request, response: Response, db: ReadSessionDep, page: PageQ = 1,
          per_page: PerPageQ = GAMES_PER_PAGE) -> list[GameOut]:
    listing = service.archive_games(db, page=page, per_page=per_page)
    set_paging_headers(response, request, total=listing.total, page=listing.page, pages=listing.pages,
                       per_page=listing.per_page)
    return listing.games


@router.post("/games", response_model=GameOut, status_code=status.HTTP_201_CREATED)
def create_game(body: GameCreate, db: SessionDep, user: CurrentUser) -> GameOut:
    return service.create_game(db, ruleset_id=body.ruleset_id, title=body.title.strip(),
                               factions=body.faction_list(), gm_user_id=user.id, options=body.options,
                               mode=body.mode, setup_document=body.setup_document,
                               resolve_delay_minutes=body.resolve_delay_minutes)


@router.post("/games/import", response_model=GameOut, status_code=status.HTTP_201_CREATED)
def import_game(body: ImportIn, db: SessionDep, user: CurrentUser) -> GameOut:
    """A new game from a ruleset setup document or a Letopis export."""
    return service.import_setup(db, document=body.document, gm_user_id=user.id, title=body.title,
                                mode=body.mode, resolve_delay_minutes=body.resolve_delay_minutes)


@router.get("/games/{game_id}", response_model=GamePage)
def game(game_id: Int4, db: ReadSessionDep, user: MaybeUser) -> GamePage:
    return service.game_page(db, game_id, user.id if user else None)


@router.get("/games/{game_id}/seats", response_model=list[SeatOut])
def seats(game_id: Int4, db: ReadSessionDep, user: MaybeUser) -> list[SeatOut]:
    return service.list_seats(db, game_id, user.id if user else None)


@router.post("/games/{game_id}/invites", response_model=InviteOut, status_code=status.HTTP_201_CREATED)
def invite(game_id: Int4, body: InviteIn, request: Request, db: SessionDep, user: CurrentUser) -> InviteOut:
    """A fresh invite link for a seat (GM only); the previous link stops working."""
    token = service.invite_link_token(db, game_id=game_id, faction=body.faction, by_user_id=user.id)
    return InviteOut(faction=body.faction, token=token, url=str(request.url_for("join_form", token=token)))


@router.post("/join", response_model=SeatOut)
def join(body: JoinIn, db: SessionDep, user: CurrentUser) -> SeatOut:
    return service.join_by_invite(db, token=body.token, user_id=user.id)


# --- posts ---------------------------------------------------------------------------------------
@router.post("/games/{game_id}/posts", response_model=SubmitOut, status_code=status.HTTP_201_CREATED)
def submit(game_id: Int4, body: PostIn, db: SessionDep, user_id: CurrentUserId) -> SubmitOut:
    """Submit a post for the open step; the receipt carries the SHA-256 of the exact text.

    A later post for the same step replaces the earlier one (the latest revision counts) until the
    step resolves; `POST /api/posts/{post_id}/withdraw` takes it back. The post that completes the
    step resolves it at once, or — when the game has a resolution delay — sets `resolve_at`, the
    moment it will be resolved if nobody replaces or withdraws a post meanwhile."""
    return service.submit_post(db, game_id=game_id, step_number=body.step, faction=body.faction,
                               text=body.text, user_id=user_id)  # the service checks the seat is his


@router.get("/games/{game_id}/aid", response_model=service.PlayerAid)
def aid(game_id: Int4, faction: Text, db: SessionDep, user: CurrentUser) -> service.PlayerAid:
    """What a player needs to write a post for ``faction`` now: the board (SVG, his pieces standing
    out), his units, characters or hand with what each can do, and example lines built from them
    that read without error (none when the step does not wait for this faction). Only that
    faction's player or the GM may ask: a roster holds the faction's own secrets."""
    return service.player_aid(db, game_id=game_id, faction=faction, user_id=user.id)


# --- chronicle -----------------------------------------------------------------------------------
@router.get("/games/{game_id}/steps", response_model=list[StepHeader])
def steps(game_id: Int4, db: ReadSessionDep) -> list[StepHeader]:
    return service.list_steps(db, game_id)


@router.get("/games/{game_id}/audit", response_model=list[AuditOut])
def audit(game_id: Int4, db: ReadSessionDep, user: MaybeUser) -> list[AuditOut]:
    return service.audit_log(db, game_id, user.id if user else None)


@router.get("/games/{game_id}/export")
def export(game_id: Int4, db: ReadSessionDep, user: MaybeUser) -> dict[str, Any]:
    """The whole game as JSON: setup, every post, seed, override and result.

    It carries whole states, which may hold secrets while the game runs: until it is over only its
    GM (or an admin) may export it whole. A running game with hidden information (a card game)
    gives everyone else its public export: commitments and public data only, no secret seed."""
    return service.export_for(db, game_id, user.id if user else None)


@router.get("/games/{game_id}/verify", response_model=VerifyOut)
def verify(game_id: Int4, db: ReadSessionDep) -> VerifyOut:
    """Recompute the game from its posts and revealed seeds."""
    return service.verify_game(db, game_id)


# --- GM actions ----------------------------------------------------------------------------------
@router.post("/games/{game_id}/steps/{step_number}/publish", response_model=StepHeader)
def publish(game_id: Int4, step_number: Int4, db: SessionDep, user: CurrentUser) -> StepHeader:
    return service.publish_step(db, game_id=game_id, step_number=step_number, gm_user_id=user.id)


@router.post("/posts/{post_id}/annul", response_model=StepHeader)
def annul(post_id: Int4, body: ReasonIn, db: SessionDep, user: CurrentUser) -> StepHeader:
    return service.annul_post(db, post_id=post_id, gm_user_id=user.id, reason=body.reason.strip())


@router.post("/games/{game_id}/steps/{step_number}/rolls/{roll_index}", response_model=StepHeader)
def override(game_id: Int4, step_number: Int4, roll_index: Int4, body: OverrideIn, db: SessionDep,
             user: CurrentUser) -> StepHeader:
    """Set one roll by hand (with a public reason); the step is re-resolved."""
    return service.override_roll(db, game_id=game_id, step_number=step_number, roll_index=roll_index,
                                 value=body.value, gm_user_id=user.id, reason=body.reason.strip())


@router.post("/games/{game_id}/default", response_model=StepHeader)
def default(game_id: Int4, body: DefaultIn, db: SessionDep, user: CurrentUser) -> StepHeader:
    """Factions that have not posted get the ruleset's default, with the GM's reason; the chronicle
    says the GM applied it (before or after the deadline) and quotes the reason."""
    return service.apply_default(db, game_id=game_id, gm_user_id=user.id, reason=body.reason)


@router.post("/games/{game_id}/resolve-now", response_model=StepHeader)
def resolve_now(game_id: Int4, db: SessionDep, user: CurrentUser) -> StepHeader:
    """End the resolution delay early: the waiting step is resolved now, as the worker would."""
    return service.resolve_now(db, game_id=game_id, gm_user_id=user.id)


@router.put("/games/{game_id}/deadline", response_model=StepHeader)
def deadline(game_id: Int4, body: DeadlineIn, db: SessionDep, user: CurrentUser) -> StepHeader:
    return service.set_deadline(db, game_id=game_id, deadline=body.deadline, gm_user_id=user.id)
