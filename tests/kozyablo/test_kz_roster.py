"""The post page's roster for Kozyablo: each card in hand with its cost (level in its resource,
KZ-SECT-05) and its text; the player's cards on the table; his production and capital. Another
player's hand, deck and deck list never reach it, nor the examples (checklist §5)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from kz_model_factory import opened, put

from letopis.engine.contract import PUBLIC, Viewer, ViewerRole
from rulesets.kozyablo import RULESET
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.picture import draw, summary
from rulesets.kozyablo.roster import card_text, cost_text, roster

HAND_A = ["pozorny_rytsar", "pozorny_klich"]
HAND_B = ["roenie", "pyltsa", "korolevskoe_zhalo"]
DECK_B = ["zhuk_otets", "gnezdo_strazhey"]


def table():
    state, _ = opened("pozorki", "trutni")
    a, b = state.order
    state.players[a].hand, state.players[a].deck = list(HAND_A), ["storozhevaya_vyshka"]
    state.players[b].hand, state.players[b].deck = list(HAND_B), list(DECK_B)
    put(state, "pozorny_mechnik", a, "gold-2", damage=1)
    state.phase = "play"
    return state, a, b


def group(state, faction, title):
    return next(g for g in roster(state, faction) if g.title == title)


def words(groups) -> str:
    return " ".join(g.model_dump_json() for g in groups)


def test_each_card_in_hand_has_its_cost_and_its_text():
    state, a, _ = table()
    hand = group(state, a, "Рука")
    assert [e.name for e in hand.entries] == ["Позорный рыцарь", "Позорный клич"]
    knight, cry = hand.entries
    assert ("уровень", "3, золото") in knight.facts and ("", "существо") in knight.facts
    assert knight.text == "атака 3, жизнь 4, скорость 3. Защита от стрел, Броня 1."
    assert ("уровень", "1, мана") in cry.facts
    assert cry.text == "На свой отряд: его существа получают +1 к атаке. Время-2."  # «Время-2» once
    assert cry.note == "играется на свой отряд"
    assert ("В колоде", "1 карта") in hand.facts


def test_a_card_above_the_production_is_marked_with_what_is_missing():
    state, a, _ = table()
    knight = group(state, a, "Рука").entries[0]  # level 3 in gold; Позорище alone gives gold 2
    assert knight.spent and knight.note == "добыча золота 2 — нужно 3"
    assert not group(state, a, "Рука").entries[1].spent


def test_the_table_and_the_economy():
    state, a, _ = table()
    (swordsman,) = group(state, a, "Ваши карты на столе").entries
    assert swordsman.name == "Позорный мечник" and swordsman.where == "Золотая шахта-2"
    assert ("жизнь", "1/2") in swordsman.facts and swordsman.text == "Две атаки."
    economy = dict(group(state, a, "Добыча и столица").facts)
    assert economy["Добыча"] == "золото 2, кристаллы 1, мана 1"
    assert economy["Столица"] == "Позорище, урон 0/12"


def test_another_players_secrets_never_reach_the_roster_or_the_examples():
    state, a, b = table()
    mine = roster(state, a)
    text = words(mine)
    assert not any(CARDS.card(c).name in text or c in text for c in HAND_B + DECK_B)
    examples = RULESET.examples(state, a)
    assert examples and not any(CARDS.card(c).name in x for c in HAND_B + DECK_B for x in examples)
    # whatever the rival holds, the roster and examples are the same
    other = state.model_copy(deep=True)
    other.players[b].hand = ["zhuk_otets", "zhuk_otets"]
    other.players[b].deck = list(reversed(HAND_B))
    other.players[b].deck_list = {"shmel": 3}
    assert roster(other, a) == mine and RULESET.examples(other, a) == examples


def test_the_hand_shows_its_levels_on_the_board_and_in_the_summary():
    state, a, _ = table()
    svg = draw(state, Viewer(role=ViewerRole.PLAYER, faction=a))
    ET.fromstring(svg)
    assert ">3з<" in svg and ">1м<" in svg
    assert f"<title>Позорный клич — уровень {cost_text(CARDS.card('pozorny_klich'))}. {card_text(CARDS.card('pozorny_klich'))}</title>" in svg
    assert dict(summary(state, Viewer(role=ViewerRole.PLAYER, faction=a)))["Анна: рука"] == (
        "«Позорный рыцарь» (золото 3), «Позорный клич» (мана 1)")
    public = draw(state, PUBLIC)
    assert ">3з<" not in public and "Позорный клич" not in public


def test_the_players_block_and_his_cards_stand_out_in_his_picture():
    state, a, b = table()
    mine = draw(state, Viewer(role=ViewerRole.PLAYER, faction=a))
    assert mine.count('class="own"') == 2  # his block, and his one card on the table
    assert "Анна — Позорки (вы)" in mine
    theirs = draw(state, Viewer(role=ViewerRole.PLAYER, faction=b))
    assert theirs.count('class="own"') == 1 and "(вы)" in theirs and "Анна — Позорки (вы)" not in theirs
    assert 'class="own"' not in draw(state, PUBLIC)
