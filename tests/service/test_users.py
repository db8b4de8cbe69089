"""Users: registration rules and password checks."""

import pytest

from letopis import service


def test_register_and_authenticate(db):
    user = service.register_user(db, login="Anna", password="пароль-1", display_name=" Анна ")
    assert user.login == "anna" and user.display_name == "Анна" and not user.is_admin
    assert service.authenticate(db, login="ANNA", password="пароль-1").id == user.id
    assert service.authenticate(db, login="anna", password="wrong") is None
    assert service.authenticate(db, login="nobody", password="пароль-1") is None
    assert service.get_user(db, user.id).login == "anna"
    assert service.get_user_by_login(db, "anna").id == user.id


def test_password_is_hashed_with_argon2(db):
    from letopis.db.models import User

    user = service.register_user(db, login="anna", password="пароль-1", display_name="Анна")
    stored = db.get(User, user.id).password_hash
    assert stored.startswith("$argon2") and "пароль-1" not in stored


def test_duplicate_login_is_a_conflict(db):
    service.register_user(db, login="anna", password="secret", display_name="Анна")
    with pytest.raises(service.Conflict) as err:
        service.register_user(db, login="ANNA", password="secret", display_name="Другая")
    assert "занят" in err.value.message and err.value.status == 409


@pytest.mark.parametrize(("login", "password", "name"), [
    ("a", "secret", "Имя"), ("bad login", "secret", "Имя"), ("anna", "abc", "Имя"), ("anna", "secret", "  "),
])
def test_bad_registration_is_invalid(db, login, password, name):
    with pytest.raises(service.Invalid) as err:
        service.register_user(db, login=login, password=password, display_name=name)
    assert err.value.status == 422


def test_get_unknown_user_is_not_found(db):
    with pytest.raises(service.NotFound):
        service.get_user(db, 999)


def test_set_admin(db):
    user = service.register_user(db, login="root", password="secret", display_name="Админ")
    assert service.set_admin(db, user_id=user.id).is_admin
