"""«Новая игра» with house rules chosen in the form generated from the ruleset's `Options`: the
fields follow the chosen ruleset, a game is created with what was chosen, and a field that cannot
be read comes back named, with everything else as it was typed."""

from __future__ import annotations

from api.webclient import csrf_of, log_in
from support.html_forms import control_names, submitted

from letopis import service


def _form(client, ruleset_id: str) -> dict[str, str]:
    page = client.get(f"/games/new?ruleset_id={ruleset_id}")
    assert page.status_code == 200
    return submitted(page.text)


def test_the_form_shows_the_chosen_ruleset_s_options(client, make_user):
    make_user("gm", "Мастер")
    log_in(client, "gm")
    page = client.get("/games/new?ruleset_id=dungeon_keeper").text
    assert "Правила партии: Хранитель Подземелий" in page
    assert "Шанс появления Героя, %" in page and "Ходы Героя" in page
    assert 'name="o.default_mine_contents.gold"' in page
    assert 'href="/rules/dungeon_keeper#DK-GAP-74"' in page
    assert "o.players" not in page  # Dice Roll Party's own option is not offered for Dungeon Keeper

    partial = client.get("/games/new/options?ruleset_id=dice_roll_party")
    assert partial.status_code == 200 and "<html" not in partial.text  # the fieldset alone, for htmx
    assert 'name="options_ruleset" value="dice_roll_party"' in partial.text
    assert {"o.players", "o.sealed_builds", "o.aspect_chart"} <= control_names(partial.text, "o.")


def test_a_game_is_created_with_the_options_chosen_in_the_form(client, db, make_user):
    make_user("gm", "Мастер")
    log_in(client, "gm")
    data = _form(client, "dice_roll_party")
    data.update({"title": "Дуэль с домашними правилами", "factions": "Анна\nБорис", "o.first_move": "auction",
                 "o.max_rounds": "9", "o.allow_self_destroy": "1"})
    data.pop("o.sealed_builds")  # untick «Расстановка втёмную»
    created = client.post("/games/new", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    game_id = int(created.headers["location"].rsplit("/", 1)[1])
    options = service.get_game(db, game_id).options
    assert options["first_move"] == "auction" and options["max_rounds"] == 9
    assert options["allow_self_destroy"] is True and options["sealed_builds"] is False
    assert options["players"] == 2 and options["turn_order"] == "simple"  # the rest as by default


def test_the_json_for_experienced_gms_overrides_the_fields_it_names(client, db, make_user):
    make_user("gm")
    log_in(client, "gm")
    data = _form(client, "race")
    data.update({"title": "Гонка", "factions": "Аня\nБоря", "o.goal": "30", "options": '{"sides": 8}'})
    created = client.post("/games/new", data=data, follow_redirects=False)
    assert created.status_code == 303, created.text
    game_id = int(created.headers["location"].rsplit("/", 1)[1])
    assert service.get_game(db, game_id).options == {"goal": 30, "sides": 8}


def test_a_refused_field_is_named_and_the_form_keeps_what_was_typed(client, db, make_user):
    make_user("gm")
    log_in(client, "gm")
    data = _form(client, "dice_roll_party")
    data.update({"title": "Партия", "factions": "Анна\nБорис", "o.players": "семь", "o.max_rounds": "4"})
    refused = client.post("/games/new", data=data)
    assert refused.status_code == 422
    assert "«Число игроков»: нужно целое число" in refused.text
    again = submitted(refused.text)
    assert again["o.players"] == "семь" and again["o.max_rounds"] == "4" and again["title"] == "Партия"

    data["o.players"] = "9"
    out_of_bounds = client.post("/games/new", data=data)
    assert out_of_bounds.status_code == 422 and "Число игроков: не больше 6" in out_of_bounds.text
    assert submitted(out_of_bounds.text)["o.players"] == "9"
    assert service.list_games(db) == []  # nothing created by refused forms


def test_fields_of_another_ruleset_are_not_taken_for_this_one(client, db, make_user):
    """Without JavaScript the fields do not follow the ruleset select: the server notices."""
    make_user("gm")
    log_in(client, "gm")
    data = _form(client, "dice_roll_party")
    data.update({"ruleset_id": "race", "title": "Гонка", "factions": "Аня\nБоря"})
    refused = client.post("/games/new", data=data)
    assert refused.status_code == 422 and "теперь для «Гонка (тестовая)»" in refused.text
    assert 'name="options_ruleset" value="race"' in refused.text and 'name="o.goal"' in refused.text
    assert service.list_games(db) == []


def test_a_form_without_the_generated_fields_takes_the_defaults(client, db, make_user):
    """A script posting only the old fields gets the defaults, not every checkbox unticked."""
    make_user("gm")
    log_in(client, "gm")
    token = csrf_of(client, "/games/new")
    created = client.post("/games/new", data={"csrftoken": token, "ruleset_id": "dice_roll_party",
                                              "title": "Дуэль", "factions": "Анна\nБорис"},
                          follow_redirects=False)
    assert created.status_code == 303, created.text
    game_id = int(created.headers["location"].rsplit("/", 1)[1])
    assert service.get_game(db, game_id).options["sealed_builds"] is True
