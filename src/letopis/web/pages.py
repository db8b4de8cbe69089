"""The public and player pages: games, the game page, the post form with its live check, the
chronicle of a step, the rules, invitations. Every decision is the service's; this module reads
forms, calls it, and renders the answer."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from fastapi.responses import PlainTextResponse, RedirectResponse, Response
from sqlalchemy.orm import Session
from starlette.datastructures import FormData

from letopis import service
from letopis.engine.declension import decline
from letopis.engine.registry import get_ruleset
from letopis.engine.resolution import GM_CORRECTION
from letopis.service import CheckOut, GameOut, GamePage
from letopis.service._common import GM_FACTION_NAME
from letopis.service.inputs import Int4, Text
from letopis.service.option_fields import FormProblem, OptionField, keep_typed, option_fields, read_form
from letopis.service.page_key import PageKey

from . import pagecache
from .archive import PageQ, base_url
from .bbcode import render_bbcode
from .deps import CurrentUser, CurrentUserId, MaybeUser, ReadSessionDep, SessionDep, current_user
from .forms import FormError, FormStr, parse_factions, parse_int, parse_json_object
from .rulesdoc import render_rules
from .templating import flash, render, templates

router = APIRouter(include_in_schema=False, dependencies=[Depends(current_user)])
# Pages kept per game version and viewer (`pagecache`): the key's one statement also loads the user,
# so they do without `current_user`. The app tries these routes first (every route tried costs).
cached = APIRouter(include_in_schema=False)
STEP_LINKS = 100  # the game page links its latest steps; the archive pages through all of them
FEED_SIZE = 50  # a game's Atom feed: its latest published steps (as the site feed)
STEPS_PER_PAGE = 50  # /games/N/steps


def typed_text(text: str) -> str:
    """The post as the player typed it: browsers send a textarea's line breaks as CRLF (the HTML
    form encoding), while the textarea itself — and the player's copy — has LF. The receipt is
    computed on this text."""
    return text.replace("\r\n", "\n")


def faction_names(game: GameOut) -> dict[str, str]:
    """Faction id → name; the GM's corrections (faction «мастер») read as «Мастер игры»."""
    return {GM_CORRECTION: GM_FACTION_NAME} | {f.id: f.name for f in game.factions}


def problems_by_line(check: CheckOut | service.ReadingOut | None) -> dict[int, list]:
    grouped: dict[int, list] = {}
    for problem in check.problems if check else []:
        grouped.setdefault(problem.line, []).append(problem)
    return grouped


def check_context(check: CheckOut | service.ReadingOut | None) -> dict:
    """What the `_check.html` partial needs: the reading, its problems by line, and the problems
    whose line has no reading (general ones)."""
    grouped = problems_by_line(check)
    known = {line.line for line in check.lines} if check else set()
    general = [p for line, items in sorted(grouped.items()) if line not in known for p in items]
    return {"check": check, "by_line": grouped, "general": general}


# --- games (the lists are in lobby.py) --------------------------------------------------------------
@cached.get("/games/new")  # before «/games/{game_id}», which would take «new» for a number
def new_game_form(request: Request, user: CurrentUser, ruleset_id: Text = "") -> Response:
    return _new_game_page(request, {"mode": "auto", "ruleset_id": ruleset_id})


@router.get("/games/new/options")
def new_game_options(request: Request, user: CurrentUser, ruleset_id: Text = "") -> Response:
    """The house-rules fields of another ruleset (htmx swaps them in when the ruleset changes)."""
    ruleset = _chosen_ruleset(ruleset_id)
    return templates.TemplateResponse(request, "_options_form.html", {
        "ruleset": ruleset, "fields": option_fields(get_ruleset(ruleset.id)), "advanced": ""})


def _chosen_ruleset(ruleset_id: str) -> service.RulesetOut:
    rulesets = service.list_rulesets()
    return next((r for r in rulesets if r.id == ruleset_id), rulesets[0])


def _new_game_page(request: Request, form: dict, error: str | None = None, problems=(),
                   status: int = 200, fields: list[OptionField] | None = None) -> Response:
    chosen = _chosen_ruleset(form.get("ruleset_id") or "")
    form["ruleset_id"] = chosen.id
    return render(request, "game_new.html",
                  {"rulesets": service.list_rulesets(), "ruleset": chosen, "form": form, "error": error,
                   "problems": list(problems), "advanced": form.get("options", ""),
                   "fields": fields if fields is not None else option_fields(get_ruleset(chosen.id))},
                  status=status)


async def form_data(request: Request) -> FormData:
    """The whole submitted form (the options' fields are named by the ruleset, «o.players»…)."""
    return await request.form()


@router.post("/games/new")
def create_game(request: Request, db: SessionDep, user: CurrentUser, data: Annotated[FormData, Depends(form_data)],
                ruleset_id: FormStr = "", title: FormStr = "", mode: FormStr = "auto", factions: FormStr = "",
                options: FormStr = "", setup_document: FormStr = "", options_ruleset: FormStr = "",
                resolve_delay: FormStr = "") -> Response:
    form = {"ruleset_id": ruleset_id, "title": title, "mode": mode, "factions": factions,
            "options": options, "setup_document": setup_document, "resolve_delay": resolve_delay}
    try:
        ruleset = get_ruleset(ruleset_id)
    except LookupError:
        return _new_game_page(request, form, f"Нет набора правил «{ruleset_id}».", status=422)
    fields = option_fields(ruleset)
    if options_ruleset and options_ruleset != ruleset.id:  # the fields on the page were another ruleset's
        return _new_game_page(request, form, f"Правила партии ниже — теперь для «{ruleset.title}»: "
                                             "проверьте их и нажмите «Создать игру» ещё раз.", status=422)
    try:
        # a form without the generated fields (a script's) means the defaults and its JSON
        chosen = read_form(fields, lambda name: _text(data, name)) if options_ruleset else {}
        fields = option_fields(ruleset, chosen or None)
        delay = parse_int(resolve_delay, "Задержка расчёта") if resolve_delay.strip() else None
        parsed_factions = parse_factions(factions)
        advanced = parse_json_object(options, "Параметры")
        document = parse_json_object(setup_document, "Документ настройки")
    except (FormError, FormProblem) as exc:
        keep_typed(fields, lambda name: _text(data, name))
        return _new_game_page(request, form, str(exc), status=422, fields=fields)
    if mode not in ("auto", "review"):
        return _new_game_page(request, form, "Режим: выберите «сразу» или «с проверкой мастера».",
                              status=422, fields=fields)
    try:
        game = service.create_game(db, ruleset_id=ruleset.id, title=title.strip(),
                                   factions=parsed_factions, gm_user_id=user.id,
                                   options=chosen | (advanced or {}), mode=mode, setup_document=document,
                                   resolve_delay_minutes=delay)
    except service.ServiceError as exc:
        return _new_game_page(request, form, exc.message, exc.problems, status=exc.status, fields=fields)
    flash(request, "Игра создана. Раздайте игрокам ссылки-приглашения — они ниже, в списке мест.")
    return RedirectResponse(f"/games/{game.id}", status_code=303)


def _text(data: FormData, name: str) -> str | None:
    """A form field as text (None when absent); a file where text belongs reads as empty."""
    value = data.get(name)
    return value if isinstance(value, str) or value is None else ""


@cached.get("/games/{game_id}")
async def game(request: Request, game_id: Int4) -> Response:
    """The game page, kept per game version and viewer class (`pagecache`)."""
    key = await pagecache.key_of(request, game_id)
    site = str(request.base_url).rstrip("/")

    def build(db: Session, key: PageKey) -> dict:
        page = service.game_page(db, game_id, viewer_as=key.viewer.viewer(key.user.id if key.user else None))
        steps, earlier = service.step_links(db, game_id, STEP_LINKS)
        return {"page": page, "game": page.game, "names": faction_names(page.game),
                "steps": steps, "earlier_steps": earlier, "base_url": site}

    return await pagecache.html_page(request, key, ("game",), "game.html", build)


@router.get("/games/{game_id}/steps")
def game_steps(request: Request, db: SessionDep, game_id: Int4, page: PageQ = 1) -> Response:
    """Every step of the game with its title, state and dates, a page at a time."""
    steps = service.archive_steps(db, game_id, page=page, per_page=STEPS_PER_PAGE)
    return render(request, "game_steps.html", {"p": steps, "game": steps.game})


@router.post("/games/{game_id}/invite")
def invite(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
           faction: FormStr = "", back: FormStr = "") -> Response:
    service.invite_link_token(db, game_id=game_id, faction=faction, by_user_id=user.id)
    flash(request, "Новая ссылка-приглашение готова; прежняя больше не действует.")
    target = f"/games/{game_id}/gm" if back == "gm" else f"/games/{game_id}"
    return RedirectResponse(target + "#seats", status_code=303)


# --- posting -------------------------------------------------------------------------------------
def faction_choices(page: GamePage) -> list[str]:
    """Whom the viewer may write for: the seats expected now, else their seats; the GM may check
    a post for any faction (a post copied from the forum, say)."""
    if page.can_post:
        return list(page.can_post)
    if page.viewer.factions:
        return list(page.viewer.factions)
    if page.viewer.role == service.Role.GM:
        return [f.id for f in page.game.factions]
    return []


def _choose_faction(page: GamePage, wanted: str | None) -> str | None:
    choices = faction_choices(page)
    if wanted and wanted in choices:
        return wanted
    return choices[0] if choices else None


def _post_page(request: Request, page: GamePage, *, faction: str | None, text: str = "",
               check: CheckOut | service.ReadingOut | None = None, error: str | None = None,
               stale: bool = False, status: int = 200, aid: service.PlayerAid | None = None) -> Response:
    """The post form; ``aid`` (the board, roster and examples) is rendered in place when given,
    else the page fetches it (`aid_partial`) once loaded."""
    ctx = {"page": page, "game": page.game, "names": faction_names(page.game), "faction": faction,
           "choices": faction_choices(page),
           "text": text, "error": error, "stale": stale, "aid": aid,
           "step_number": page.step.number if page.step else None}
    ctx.update(check_context(check))
    return render(request, "post.html", ctx, status=status)


@router.get("/games/{game_id}/post")
def post_form(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4,
              faction: Text | None = None) -> Response:
    page = service.game_page(db, game_id, user.id)
    chosen = _choose_faction(page, faction)
    aid = None
    if chosen is not None and not page.result:
        aid = service.player_aid(db, game_id=game_id, faction=chosen, user_id=user.id)
    own = next((p for p in page.own_posts if p.faction == chosen), None)
    # his post in this open step (sent, or withdrawn) is in the field to correct: nothing he wrote is lost
    return _post_page(request, page, faction=chosen, aid=aid, text=own.text if own is not None else "")


@router.get("/games/{game_id}/aid")
def aid_partial(request: Request, db: SessionDep, user_id: CurrentUserId, game_id: Int4,
                faction: Text = "") -> Response:
    """The post page's reference panel for one faction (htmx): when the GM picks another side, or
    after a post was refused and the page was rendered without it."""
    aid = service.player_aid(db, game_id=game_id, faction=faction, user_id=user_id)
    game = service.get_game(db, game_id)
    return templates.TemplateResponse(request, "_aid.html", {"aid": aid, "game": game})


@router.post("/games/{game_id}/check")
def check_partial(request: Request, db: SessionDep, user_id: CurrentUserId, game_id: Int4,
                  faction: FormStr = "", text: FormStr = "") -> Response:
    """The live check beside the textarea (htmx): a partial, never a whole page."""
    text = typed_text(text)
    if not text.strip():  # nothing typed yet: the neutral hint, not a red verdict
        return templates.TemplateResponse(request, "_check.html",
                                          {"check": None, "by_line": {}, "general": [], "game": None})
    try:
        check = service.check_post(db, game_id=game_id, faction=faction, text=text, user_id=user_id)
    except service.ServiceError as exc:
        return templates.TemplateResponse(
            request, "_check.html", {"check": None, "refusal": exc.message, "problems": exc.problems,
                                      "by_line": {}, "general": list(exc.problems),
                                      "game": None}, status_code=200)
    game = service.get_game(db, game_id)
    return templates.TemplateResponse(request, "_check.html", {"game": game, **check_context(check)})


@router.post("/games/{game_id}/post")
def submit(request: Request, db: SessionDep, user: CurrentUser, game_id: Int4, faction: FormStr = "",
           text: FormStr = "", step: FormStr = "", intent: FormStr = "submit") -> Response:
    text = typed_text(text)
    page = service.game_page(db, game_id, user.id)
    if intent == "check":
        try:
            check = service.check_post(db, game_id=game_id, faction=faction, text=text, user_id=user.id)
        except service.ServiceError as exc:
            return _post_page(request, page, faction=faction, text=text, error=exc.message,
                              status=exc.status)
        return _post_page(request, page, faction=faction, text=text, check=check)
    try:
        step_number = int(step)
    except ValueError:
        return _post_page(request, page, faction=faction, text=text, status=422,
                          error="В форме нет номера шага. Обновите страницу; текст ниже сохранён.")
    try:
        receipt = service.submit_post(db, game_id=game_id, step_number=step_number, faction=faction,
                                      text=text, user_id=user.id)
    except service.ServiceError as exc:
        check = None
        if exc.problems:
            try:
                check = service.check_post(db, game_id=game_id, faction=faction, text=text)
            except service.ServiceError:
                check = service.ReadingOut(ok=False, problems=exc.problems)
        fresh = service.game_page(db, game_id, user.id)
        return _post_page(request, fresh, faction=faction, text=text, check=check, error=exc.message,
                          stale=isinstance(exc, service.Conflict), status=exc.status)
    # POST → redirect → GET: reloading the receipt never sends the post again
    flash(request, receipt.message)
    return RedirectResponse(f"/games/{game_id}/posts/{receipt.post_id}", status_code=303)


# --- the chronicle -------------------------------------------------------------------------------
def forum_bbcode(request: Request, db, game: GameOut, chronicle: service.StepChronicle, *, public: bool) -> str:
    """The step for the forum thread, which everyone reads: a published step always as the public
    chronicle, whoever copies it (a GM's or a player's own view may hold secrets — a hand, a
    private event). ``public`` says the given chronicle already is the public one."""
    if not public and chronicle.status == service.StepStatus.PUBLISHED and chronicle.number > 0:
        chronicle = service.step_chronicle(db, game_id=game.id, step_number=chronicle.number)
    return render_bbcode("step.bbcode", c=chronicle, game=game, names=faction_names(game),
                         base_url=base_url(request))


@cached.get("/games/{game_id}/steps/{step_number}")
async def step(request: Request, game_id: Int4, step_number: Int4) -> Response:
    """A step's chronicle, kept per game version and viewer class (`pagecache`)."""
    key = await pagecache.key_of(request, game_id)

    def build(db: Session, key: PageKey) -> dict:
        viewer = key.viewer.viewer(key.user.id if key.user else None)
        chronicle = service.step_chronicle(db, game_id=game_id, step_number=step_number, viewer_as=viewer)
        game = service.get_game(db, game_id)
        bbcode = ""
        if chronicle.status == service.StepStatus.PUBLISHED:
            bbcode = forum_bbcode(request, db, game, chronicle, public=key.user is None)
        return {"c": chronicle, "game": game, "names": faction_names(game), "bbcode": bbcode,
                "by_post": {p.id: problems_by_line(p.reading) for p in chronicle.posts}}

    return await pagecache.html_page(request, key, ("step", step_number), "step.html", build)


@router.get("/games/{game_id}/steps/{step_number}/bbcode")
def step_bbcode(request: Request, db: ReadSessionDep, user: MaybeUser, game_id: Int4,
                step_number: Int4) -> Response:
    chronicle = service.step_chronicle(db, game_id=game_id, step_number=step_number,
                                       viewer_user_id=user.id if user else None)  # 404 as the viewer sees it
    game = service.get_game(db, game_id)
    return PlainTextResponse(forum_bbcode(request, db, game, chronicle, public=user is None))


@router.get("/games/{game_id}/feed.atom")
def feed(request: Request, db: ReadSessionDep, game_id: Int4) -> Response:
    game = service.get_game(db, game_id)
    steps = service.latest_published(db, game_id, FEED_SIZE)
    body = templates.get_template("feed.atom.xml").render(
        game=game, steps=steps, base_url=base_url(request))
    return Response(body, media_type="application/atom+xml; charset=utf-8")


# --- rules and invitations -----------------------------------------------------------------------
@router.get("/rules/{ruleset_id}")
def rules(request: Request, ruleset_id: Text) -> Response:
    ruleset = get_ruleset(ruleset_id)
    doc = render_rules(ruleset.rules_markdown())
    return render(request, "rules.html", {"ruleset": ruleset, "doc": doc})


@router.get("/join/{token}")
def join_form(request: Request, user: CurrentUser, token: Text) -> Response:
    return render(request, "join.html", {"token": token})


@router.post("/join/{token}")
def join(request: Request, db: SessionDep, user: CurrentUser, token: Text) -> Response:
    seat = service.join_by_invite(db, token=token, user_id=user.id)
    flash(request, f"Вы заняли место {decline(seat.faction_name, 'gen')}.")
    game_id = getattr(seat, "game_id", None)
    return RedirectResponse(f"/games/{game_id}" if game_id else "/", status_code=303)
