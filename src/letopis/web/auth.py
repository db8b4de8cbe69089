"""Registration, log-in and log-out pages (the session cookie); API tokens are in api.py."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from letopis import service
from letopis.service.inputs import Text

from .deps import SESSION_USER_KEY, MaybeUser, SessionDep, SettingsDep
from .forms import FormStr
from .security import client_address, safe_next
from .templating import flash, render

router = APIRouter(include_in_schema=False)


def _log_in(request: Request, user: service.UserOut) -> None:
    request.session.clear()
    request.session[SESSION_USER_KEY] = user.id
    request.state.user = user


@router.get("/login")
def login_form(request: Request, user: MaybeUser, next: Text = "/") -> Response:
    return render(request, "login.html", {"next": safe_next(next), "login": ""})


@router.post("/login")
def login(request: Request, db: SessionDep, settings: SettingsDep, login: FormStr = "", password: FormStr = "",
          next: FormStr = "/") -> Response:
    try:
        user = service.log_in(db, login=login.strip(), password=password, address=client_address(request),
                              limits=service.LoginLimits.from_settings(settings))
    except (service.TooManyAttempts, service.Busy) as exc:  # 429 / 503, the password not checked
        return render(request, "login.html", {"next": safe_next(next), "login": login, "error": exc.message},
                      status=exc.status, headers={"Retry-After": str(exc.retry_after)})
    if user is None:
        return render(request, "login.html",
                      {"next": safe_next(next), "login": login,
                       "error": "Неверный логин или пароль."}, status=400)
    _log_in(request, user)
    flash(request, f"Здравствуйте, {user.display_name}!")
    return RedirectResponse(safe_next(next), status_code=303)


@router.get("/register")
def register_form(request: Request, user: MaybeUser, next: Text = "/") -> Response:
    return render(request, "register.html", {"next": safe_next(next), "form": {}})


@router.post("/register")
def register(request: Request, db: SessionDep, login: FormStr = "", display_name: FormStr = "",
             password: FormStr = "", password2: FormStr = "", next: FormStr = "/") -> Response:
    form = {"login": login, "display_name": display_name}
    if password != password2:
        return render(request, "register.html",
                      {"next": safe_next(next), "form": form,
                       "error": "Пароли не совпадают. Введите один и тот же пароль дважды."}, status=422)
    try:
        user = service.register_user(db, login=login.strip(), password=password,
                                     display_name=display_name.strip())
    except service.ServiceError as exc:
        return render(request, "register.html",
                      {"next": safe_next(next), "form": form, "error": exc.message,
                       "problems": exc.problems}, status=exc.status)
    _log_in(request, user)
    flash(request, f"Готово: вы зарегистрированы как «{user.display_name}».")
    return RedirectResponse(safe_next(next), status_code=303)


@router.get("/logout")
def logout_form(request: Request, user: MaybeUser) -> Response:
    return render(request, "logout.html")


@router.post("/logout")
def logout(request: Request) -> Response:
    request.session.clear()
    flash(request, "Вы вышли.")
    return RedirectResponse("/", status_code=303)
