"""Plain result types the service returns: pydantic models the web layer renders or sends as JSON."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from letopis.engine.contract import Faction, LineReading, Result, RosterGroup, TurnInfo
from letopis.engine.events import Event, Roll
from letopis.engine.problems import Problem
from letopis.timezones import DEFAULT_ZONE


class GameMode(StrEnum):
    AUTO = "auto"  # a resolved step is published at once
    REVIEW = "review"  # a resolved step waits as a draft until the GM publishes it


class GameStatus(StrEnum):
    ACTIVE = "active"
    OVER = "over"


class StepStatus(StrEnum):
    OPEN = "open"  # accepting posts
    DRAFT = "draft"  # resolved, waiting for the GM (review mode)
    PUBLISHED = "published"


class Role(StrEnum):
    PUBLIC = "public"
    PLAYER = "player"
    GM = "gm"


# --- users ---------------------------------------------------------------------------------------
class UserOut(BaseModel):
    id: int = Field(description="Номер пользователя.")
    login: str = Field(description="Логин.")
    display_name: str = Field(description="Имя, которое видят другие игроки.")
    is_admin: bool = Field(False, description="Администратор сайта.")
    created_at: datetime = Field(description="Когда зарегистрирован (UTC).")
    time_zone: str = Field(default=DEFAULT_ZONE, description="Часовой пояс (имя IANA), в котором страницы "
                                                            "показывают время.")


# --- rulesets and games --------------------------------------------------------------------------
class RulesetOut(BaseModel):
    id: str
    title: str
    aliases: list[str] = Field(default_factory=list)
    min_factions: int
    max_factions: int
    default_options: dict[str, Any] = Field(default_factory=dict)
    options_schema: dict[str, Any] = Field(default_factory=dict)


class GameOut(BaseModel):
    id: int = Field(description="Номер игры.")
    title: str = Field(description="Название игры.")
    ruleset_id: str = Field(description="Набор правил.")
    ruleset_title: str = Field(description="Название набора правил.")
    mode: GameMode = Field(description="auto — шаг публикуется сразу, review — после проверки мастером.")
    status: GameStatus = Field(description="active — игра идёт, over — окончена.")
    gm_user_id: int = Field(description="Номер пользователя-мастера.")
    gm_name: str = Field(description="Имя мастера.")
    factions: list[Faction] = Field(description="Стороны по порядку: код и имя.")
    options: dict[str, Any] = Field(default_factory=dict, description="Параметры набора правил в этой игре.")
    open_step: int | None = Field(None, description="Номер шага, который принимает посты, если он есть.")
    draft_step: int | None = Field(None, description="Номер шага, ждущего проверки мастера, если он есть.")
    steps_published: int = Field(0, description="Сколько шагов опубликовано.")
    imported: bool = Field(False, description="Игра перенесена с форума документом настройки.")
    created_at: datetime = Field(description="Когда игра создана (UTC).")
    # hidden information: the SHA-256 of the game's one secret seed (shuffles, hidden draws) is
    # public from the start; the seed itself once the ruleset reveals the game's secrets
    hidden_information: bool = Field(False, description="В игре есть скрытая информация (руки, колоды).")
    secret_commitment: str | None = Field(None, description="SHA-256 тайного зерна игры (тасовки, скрытые "
                                                            "взятия), открытый с начала.")
    secret_seed: str | None = Field(None, description="Само тайное зерно — когда правила раскрывают тайны игры.")
    secrets_revealed: bool = Field(False, description="Тайны игры раскрыты.")


class SeatOut(BaseModel):
    faction: str
    faction_name: str
    user_id: int | None = None
    player_name: str | None = None
    invite_token: str | None = None  # shown to the GM only


class ViewerOut(BaseModel):
    user_id: int | None = None
    role: Role = Role.PUBLIC
    faction: str | None = None  # the viewer's seat in this game, if any
    factions: list[str] = Field(default_factory=list)  # every seat the viewer holds


# --- readings and posts --------------------------------------------------------------------------
class ReadingOut(BaseModel):
    """A post as the ruleset read it: line by line, with every problem."""

    ok: bool = Field(description="Пост читается без ошибок.")
    lines: list[LineReading] = Field(default_factory=list, description="Каждая строка поста и как она понята.")
    problems: list[Problem] = Field(default_factory=list, description="Все замечания к строкам.")
    orders: list[dict[str, Any]] = Field(default_factory=list, description="Прочитанные приказы в виде данных "
                                                                           "набора правил.")


class CheckOut(ReadingOut):
    """The live check of a post against the current state; nothing is stored."""

    game_id: int | None = Field(None, description="Номер игры.")
    step_number: int | None = Field(None, description="Номер шага, против которого проверен пост.")
    faction: str = Field(description="Код стороны.")
    turn_title: str = Field("", description="Что сейчас за ход (например, «Расстановка персонажей»).")
    expected: bool = Field(True, description="Ждут ли сейчас пост этой стороны.")
    message: str = Field("", description="Итог проверки по-русски, для человека.")


class PostOut(BaseModel):
    id: int
    step_number: int
    faction: str
    faction_name: str
    revision: int
    text: str
    sha256: str
    author_id: int | None = None
    author_name: str | None = None
    created_at: datetime
    annulled: bool = False
    annul_reason: str | None = None
    withdrawn_at: datetime | None = None  # when its player withdrew it (not the GM's annulment)
    counted: bool = False  # the revision that counts (the latest one, neither annulled nor withdrawn)
    reading: ReadingOut


class ResolutionOut(BaseModel):
    id: int
    events: list[Event] = Field(default_factory=list)
    rolls: list[Roll] = Field(default_factory=list)
    overrides: dict[int, tuple[int, str]] = Field(default_factory=dict)
    defaults: list[str] = Field(default_factory=list)  # factions that got the deadline default
    secret_rolls: list[Roll] = Field(default_factory=list)  # Dice.secret: the GM's, or everyone's once revealed
    superseded: bool = False
    created_at: datetime
    created_by: str | None = None


class SubmitOut(BaseModel):
    """The receipt of an accepted post and what it caused."""

    post_id: int = Field(description="Номер поста (для квитанции и отзыва).")
    game_id: int = Field(description="Номер игры.")
    step_number: int = Field(description="Номер шага.")
    faction: str = Field(description="Код стороны.")
    revision: int = Field(description="Версия поста в этом шаге, с 1.")
    sha256: str = Field(description="SHA-256 (hex) точного текста в UTF-8, как он сохранён.")
    created_at: datetime = Field(description="Когда пост принят (UTC).")
    reading: ReadingOut = Field(description="Как сервер прочитал пост, строка за строкой.")
    resolved: bool = Field(False, description="Этот пост завершил шаг, и шаг рассчитан.")
    published: bool = Field(False, description="…и опубликован (режим auto).")
    waiting_for: list[str] = Field(default_factory=list, description="Стороны, чьих постов шаг ещё ждёт.")
    resolve_at: datetime | None = Field(
        default=None, description="Пост был последним, но у игры задержка расчёта: шаг будет рассчитан в этот "
                                  "момент, если никто не исправит и не отзовёт свой пост.")
    events: list[Event] = Field(default_factory=list, description="Что произошло, если шаг опубликован.")
    next_step: int | None = Field(None, description="Номер открывшегося следующего шага.")
    game_over: bool = Field(False, description="Игра окончена.")
    message: str = Field("", description="Итог по-русски, для человека.")


# --- steps and chronicle ------------------------------------------------------------------------
class StepHeader(BaseModel):
    number: int = Field(description="Номер шага.")
    status: StepStatus = Field(description="open — принимает посты, draft — рассчитан и ждёт проверки мастера, "
                                           "published — опубликован.")
    turn: TurnInfo = Field(description="Какой это ход и чьих постов он ждёт.")
    commitment: str = Field(description="SHA-256 зерна кубиков шага, опубликованный до постов.")
    seed: str | None = Field(None, description="Само зерно — после публикации шага: по нему кубики проверяемы.")
    deadline: datetime | None = Field(None, description="Срок шага (UTC), если назначен.")
    opened_at: datetime = Field(description="Когда шаг открылся (UTC).")
    published_at: datetime | None = Field(None, description="Когда шаг опубликован (UTC).")
    posted: list[str] = Field(default_factory=list, description="Стороны, чей пост засчитан.")
    waiting_for: list[str] = Field(default_factory=list, description="Стороны, чьих постов шаг ещё ждёт.")
    resolve_at: datetime | None = Field(
        default=None, description="Все посты собраны, но задержка расчёта держит шаг открытым до этого "
                                  "момента: до него пост можно исправить или отозвать.")
    headlines: list[str] = Field(default_factory=list, description="Главные события шага для всех — после "
                                                                   "публикации.")


class StepLink(BaseModel):
    """A step as a link in the game page's list of steps."""

    number: int
    status: StepStatus
    title: str


class AuditOut(BaseModel):
    id: int
    created_at: datetime
    actor_id: int | None = None
    actor_name: str  # "система" for automatic actions
    action: str
    action_title: str  # Russian
    step_number: int | None = None
    reason: str | None = None
    data: dict[str, Any] = Field(default_factory=dict)


class StepChronicle(BaseModel):
    game_id: int
    game_title: str
    ruleset_id: str
    number: int
    status: StepStatus
    turn: TurnInfo
    commitment: str
    seed: str | None = None
    deadline: datetime | None = None
    opened_at: datetime
    published_at: datetime | None = None
    posts: list[PostOut] = Field(default_factory=list)
    resolution: ResolutionOut | None = None
    events: list[Event] = Field(default_factory=list)  # as this viewer may see them
    rolls: list[Roll] = Field(default_factory=list)
    secret_rolls: list[Roll] = Field(default_factory=list)  # shuffles, hidden draws: GM, or after the reveal
    secret_seed: str | None = None  # this step's Dice.secret seed, once the game's secrets are revealed
    defaults: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)  # Russian sentences: defaults applied, GM changes
    svg_before: str | None = None
    svg_after: str | None = None
    summary_before: list[tuple[str, str]] = Field(default_factory=list)
    summary_after: list[tuple[str, str]] = Field(default_factory=list)
    gm_actions: list[AuditOut] = Field(default_factory=list)
    superseded: list[ResolutionOut] = Field(default_factory=list)  # GM view only
    prev_step: int | None = None
    next_step: int | None = None


class OwnPostOut(BaseModel):
    """The viewer's latest revision for one of his factions in the open step: what he may replace
    (a new post) or withdraw while the step is open."""

    post_id: int
    faction: str
    revision: int
    text: str
    sha256: str
    created_at: datetime
    counts: bool  # it counts now: neither withdrawn by him nor annulled by the GM
    withdrawn_at: datetime | None = None
    annulled: bool = False


class GamePage(BaseModel):
    game: GameOut
    turn: TurnInfo | None = None  # the open (or draft) step's turn
    step: StepHeader | None = None  # the open or draft step
    seats: list[SeatOut] = Field(default_factory=list)
    viewer: ViewerOut
    can_post: list[str] = Field(default_factory=list)  # factions the viewer may post for now
    own_posts: list[OwnPostOut] = Field(default_factory=list)  # his latest revisions in the open step
    resolve_delay_minutes: int = 0  # «задержка расчёта» of the game
    view: dict[str, Any] = Field(default_factory=dict)
    svg: str | None = None
    summary: list[tuple[str, str]] = Field(default_factory=list)
    roster: list[RosterGroup] = Field(default_factory=list)  # a player's own forces (his first seat)
    result: Result | None = None
    recent: list[StepHeader] = Field(default_factory=list)  # latest published steps, newest first


# --- export and verification ---------------------------------------------------------------------
class MismatchOut(BaseModel):
    step: int  # 0 for the setup
    what: str


class VerifyOut(BaseModel):
    ok: bool
    game_id: int | None = None
    steps_checked: int = 0
    setup_checked: bool = False
    mismatches: list[MismatchOut] = Field(default_factory=list)
    message: str = ""
    complete: bool = True  # False: a running hidden game's public export, only partly checkable
    notes: list[str] = Field(default_factory=list)  # Russian: what could and could not be checked
