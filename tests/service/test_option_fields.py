"""The options form generated from a ruleset's `Options`: rendered, submitted as a browser would
and read back, it gives the options chosen; a field it cannot read is named in Russian."""

from __future__ import annotations

import pytest
from pydantic import ValidationError
from support.html_forms import control_names, submitted

from letopis import service
from letopis.engine.registry import all_rulesets, get_ruleset
from letopis.service.option_fields import CUSTOM, FormProblem, describe_errors, option_fields, read_form
from letopis.web.templating import templates

RULESETS = sorted(all_rulesets())


def render(ruleset_id: str, values: dict | None = None) -> str:
    ruleset = get_ruleset(ruleset_id)
    out = next(r for r in service.list_rulesets() if r.id == ruleset_id)
    return templates.env.get_template("_options_form.html").render(
        ruleset=out, fields=option_fields(ruleset, values), advanced="")


def read_back(ruleset_id: str, html: str, **changes: str | None) -> dict:
    sent = submitted(html, "o.")
    for name, value in changes.items():
        name = "o." + name.replace("__", ".")
        if value is None:
            sent.pop(name, None)
        else:
            sent[name] = value
    return read_form(option_fields(get_ruleset(ruleset_id)), sent.get)


def validated(ruleset_id: str, options: dict) -> dict:
    return get_ruleset(ruleset_id).Options.model_validate(options).model_dump(mode="json")


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_the_untouched_form_gives_the_defaults(ruleset_id):
    defaults = get_ruleset(ruleset_id).default_options().model_dump(mode="json")
    assert validated(ruleset_id, read_back(ruleset_id, render(ruleset_id))) == defaults


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_game_s_options_render_and_read_back_unchanged(ruleset_id):
    """The read-only view and a re-rendered form hold a game's own values, not the defaults."""
    defaults = get_ruleset(ruleset_id).default_options().model_dump(mode="json")
    assert validated(ruleset_id, read_back(ruleset_id, render(ruleset_id, defaults))) == defaults


def test_every_kind_of_control_reads_back_what_was_chosen():
    drp = read_back("dice_roll_party", render("dice_roll_party"), players="4", first_move="auction",
                    first_player="3", swap_cost="2", sealed_builds=None, allow_self_destroy="1", max_rounds="7",
                    bag_reserve="0")
    assert drp["players"] == 4 and drp["first_move"] == "auction" and drp["first_player"] == "3"
    assert drp["swap_cost"] == 2 and drp["sealed_builds"] is False and drp["allow_self_destroy"] is True
    assert drp["max_rounds"] == 7

    dk = read_back("dungeon_keeper", render("dungeon_keeper"), default_mine_contents__gold="250",
                   hero_spawn_chance="15", ranged_retaliation="none")
    assert dk["default_mine_contents"] == {"gold": 250, "iron": 100, "gem": 10}
    assert dk["hero_spawn_chance"] == 15 and dk["ranged_retaliation"] == "none"

    wg = read_back("wargame", render("wargame"), armies__0="horde.toml", armies__1="horde.toml", base_mp__dragon="8", board_width="30")
    assert wg["armies"] == ["horde.toml", "horde.toml"] and wg["base_mp"]["dragon"] == 8 and wg["board_width"] == 30
    assert validated("wargame", wg)["armies"] == ["horde.toml", "horde.toml"]

    tet = read_back("tetranomicon", render("tetranomicon"), players__0="3", players__1="3", first_holder="2",
                    trophy_supply__k0="1", trophy_supply__v0="5", trophy_supply__k1="2", trophy_supply__v1="2",
                    monster_castles="severgrad, kamenets")
    options = validated("tetranomicon", tet)
    assert options["players"] == [3, 3] and options["first_holder"] == 2
    assert options["trophy_supply"] == {"1": 5, "2": 2} and options["monster_castles"] == ["severgrad", "kamenets"]

    kz = read_back("kozyablo", render("kozyablo"), races__1="kozly")
    assert kz["races"] == ["", "kozly"]  # seat 1 keeps the default, seat 2 plays the goats

    chart = read_back("dice_roll_party", render("dice_roll_party"), aspect_chart=CUSTOM,
                      aspect_chart__red__green="1", aspect_chart__blue__red="1")
    assert chart["aspect_chart"] == {"red": ["green"], "blue": ["red"], "green": []}


def test_a_custom_table_is_shown_ticked_again():
    html = render("dice_roll_party", {"aspect_chart": {"red": ["blue"], "blue": [], "green": ["red", "green"]}})
    sent = submitted(html, "o.aspect_chart")
    assert sent["o.aspect_chart"] == CUSTOM
    assert {k for k in sent if k != "o.aspect_chart"} == {"o.aspect_chart.red.blue", "o.aspect_chart.green.red",
                                                          "o.aspect_chart.green.green"}
    assert "o.aspect_chart.red.red" in control_names(html)


def test_an_unreadable_field_is_named_by_its_title():
    html = render("dice_roll_party")
    with pytest.raises(FormProblem, match="«Число игроков»: нужно целое число"):
        read_back("dice_roll_party", html, players="два")
    with pytest.raises(FormProblem, match="«Число игроков»: слишком большое число"):
        read_back("dice_roll_party", html, players="9" * 40)
    with pytest.raises(FormProblem, match="«Число игроков»: впишите число"):
        read_back("dice_roll_party", html, players=" ")
    with pytest.raises(FormProblem, match="«Кто ходит первым»: выберите значение из списка"):
        read_back("dice_roll_party", html, first_move="blitz")
    with pytest.raises(FormProblem, match="в строке 1 не заполнено «уровень»"):
        read_back("tetranomicon", render("tetranomicon"), trophy_supply__v0="3")


def test_what_options_refuse_is_said_in_russian_by_title():
    drp, dk = get_ruleset("dice_roll_party"), get_ruleset("dungeon_keeper")
    with pytest.raises(ValidationError) as exc:
        drp.Options.model_validate({"players": 9, "swap_cost": 5})
    assert describe_errors(drp, exc.value) == ["Число игроков: не больше 6", "Цена обмена токенами: такого значения нет"]
    with pytest.raises(ValidationError) as exc:
        dk.Options.model_validate({"default_mine_contents": {"gem": 0}, "no_such": 1})
    assert describe_errors(dk, exc.value) == ["Запас шахт → Самоцветная шахта: не меньше 1",
                                              "no_such: такого параметра у набора правил нет"]
    with pytest.raises(ValidationError) as exc:
        drp.Options.model_validate({"first_player": "5"})
    assert describe_errors(drp, exc.value) == [
        "«Первый игрок (простой способ)»: места нумеруются от 1 до 2, по числу игроков"]


def test_labels_clauses_and_files_come_from_the_ruleset():
    fields = {f.path[0]: f for f in option_fields(get_ruleset("wargame"))}
    assert fields["map"].choices[0].label == "Поле у башни (default_map.toml)"
    assert {c.value for c in fields["armies"].choices} == {"kingdom.toml", "horde.toml"}  # no map among armies
    assert fields["decision_deadline_hours"].clauses == ["WG-GAP-09", "WG-DEF-DECIDE-01"]
    assert "WG-GAP" not in fields["decision_deadline_hours"].description
    kz = {f.path[0]: f for f in option_fields(get_ruleset("kozyablo"))}
    assert [c.value for c in kz["card_file"].choices] == ["cards.toml"]  # not lexicon.toml
    html = render("kozyablo")
    assert 'href="/rules/kozyablo#KZ-GAP-01"' in html


def test_the_read_only_view_says_each_value_in_words():
    fields = {f.path[0]: f for f in option_fields(get_ruleset("tetranomicon"), {
        **get_ruleset("tetranomicon").default_options().model_dump(mode="json"),
        "first_holder": 3, "setup_face_down": True, "trophy_supply": {"1": 4}})}
    assert fields["first_holder"].shown() == "место 3" and fields["first_holder"].changed
    assert fields["setup_face_down"].shown() == "да"
    assert fields["players"].shown() == "от: 2; до: 4" and not fields["players"].changed
    assert fields["trophy_supply"].shown() == "1: 4"
    assert fields["monster_castles"].shown() == "не задано"
