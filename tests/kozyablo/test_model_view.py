"""Hidden information in view(), the picture, the summary and the metrics (checklist §5)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from kz_model_factory import new_game, opened, put

from letopis.engine.contract import GM, PUBLIC, Viewer, ViewerRole
from rulesets.kozyablo import RULESET, result_of
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.metrics import CAPITAL, CREATURES, DECK, GOLD, HAND, metrics
from rulesets.kozyablo.picture import draw, summary
from rulesets.kozyablo.rules.view import view
from rulesets.kozyablo.state import Pending

HAND_A = ["pozorny_rytsar", "pozorny_klich"]
HAND_B = ["roenie", "pyltsa", "korolevskoe_zhalo"]
DECK_A = ["storozhevaya_vyshka", "ser_pozorin", "pozorny_shchit"]
DECK_B = ["zhuk_otets", "gnezdo_strazhey"]


def player(f: str) -> Viewer:
    return Viewer(role=ViewerRole.PLAYER, faction=f)


def table():
    """A duel with known hands and decks whose cards appear nowhere else."""
    state, _ = opened("pozorki", "trutni")
    a, b = state.order
    state.players[a].hand, state.players[a].deck = list(HAND_A), list(DECK_A)
    state.players[b].hand, state.players[b].deck = list(HAND_B), list(DECK_B)
    state.players[a].discard = ["pozorny_luchnik"]
    put(state, "pozorny_mechnik", a, "gold-2", damage=1)
    state.phase = "play"
    return state, a, b


def secret_words(cards: list[str]) -> list[str]:
    return [w for c in cards for w in (c, CARDS.card(c).name)]


def test_hands_are_counts_for_others():
    state, a, b = table()
    for viewer in (PUBLIC, player(b)):
        seen = view(state, viewer)["players"][a]
        assert seen["hand"] is None and seen["hand_count"] == 2
    assert view(state, player(a))["players"][a]["hand"] == HAND_A
    assert view(state, GM)["players"][a]["hand"] == HAND_A
    blob = json.dumps(view(state, player(b)), ensure_ascii=False)
    assert not any(w in blob for w in secret_words(HAND_A + DECK_A))
    blob = json.dumps(view(state, PUBLIC), ensure_ascii=False)
    assert not any(w in blob for w in secret_words(HAND_A + DECK_A + HAND_B + DECK_B))


def test_deck_order_only_for_the_gm_owner_sees_it_sorted():
    state, a, _ = table()
    assert view(state, GM)["players"][a]["deck"] == DECK_A
    own = view(state, player(a))["players"][a]
    assert own["deck"] is None and own["deck_remaining"] == sorted(DECK_A) and own["deck_count"] == 3
    assert sorted(DECK_A) != DECK_A  # so the sorted list really hides the order
    other = view(state, PUBLIC)["players"][a]
    assert other["deck"] is None and other["deck_count"] == 3 and "deck_remaining" not in other


def test_deck_lists_for_owner_and_gm_only():
    state, a, b = table()
    assert view(state, player(b))["players"][a]["deck_list"] is None
    assert view(state, PUBLIC)["players"][a]["deck_list"] is None
    assert view(state, player(a))["players"][a]["deck_list"] == state.players[a].deck_list
    assert view(state, GM)["players"][b]["deck_list"] == state.players[b].deck_list


def test_discards_and_table_are_public():
    state, a, _ = table()
    seen = view(state, PUBLIC)
    assert seen["players"][a]["discard"] == ["pozorny_luchnik"]
    assert any(p["card"] == "pozorny_mechnik" and p["damage"] == 1 for p in seen["pieces"].values())
    assert seen["players"][a]["production"] == {"gold": 2, "crystals": 1, "mana": 1}


def test_shadow_pieces_hidden_from_opponents_KZ_DEF_SHADOW_01():
    """KZ-DEF-SHADOW-01: «карта в тени» and its sector only."""
    state, a, b = table()
    ghost = put(state, "kozel_ten", b, "gold-1", shadow=True, damage=1, artifacts=["rog_kozloduya"])
    for viewer in (PUBLIC, player(a)):
        seen = view(state, viewer)["pieces"][ghost.uid]
        assert seen == {"uid": ghost.uid, "owner": b, "sector": "gold-1", "shadow": True, "hidden": True,
                        "name": "карта в тени"}
        blob = json.dumps(view(state, viewer), ensure_ascii=False) + draw(state, viewer)
        assert not any(w in blob for w in ("Козёл-тень", "kozel_ten", "rog_kozloduya", "Рог Козлодуя"))
    for viewer in (player(b), GM):
        assert view(state, viewer)["pieces"][ghost.uid]["card"] == "kozel_ten"
        assert "Козёл-тень" in draw(state, viewer)


def test_pending_answers_of_others_hidden():
    state, a, b = table()
    state.pending = Pending(kind="attack", active=a, waiting=[b],
                            action=[{"kind": "attack", "sector": "gold-2", "picks": []},
                                    {"kind": "evade", "piece": "k1", "discard": "pozorny_klich"}],
                            answers={b: [{"kind": "evade", "piece": "k9", "discard": "roenie"}]})
    public = view(state, PUBLIC)["pending"]
    assert public["answers"] == {b: {"answered": True}}
    assert public["action"][0]["sector"] == "gold-2" and public["action"][1] == {"kind": "evade", "hidden": True}
    assert view(state, player(b))["pending"]["answers"][b][0]["discard"] == "roenie"
    assert view(state, player(a))["pending"]["action"][1]["discard"] == "pozorny_klich"
    assert view(state, player(a))["pending"]["answers"] == {b: {"answered": True}}
    assert view(state, GM)["pending"]["answers"][b][0]["discard"] == "roenie"


def test_picture_shows_backs_to_others_and_faces_to_the_owner():
    state, a, _b = table()
    public_svg = draw(state, PUBLIC)
    ET.fromstring(public_svg)
    assert 'viewBox="0 0 400 ' in public_svg and " width=" not in public_svg.split(">")[0].replace("max-width", "")
    assert not any(CARDS.card(c).name in public_svg for c in HAND_A + HAND_B + DECK_A + DECK_B)
    assert "Позорный мечник" in public_svg and "♥1" in public_svg  # damage shows: 2 lives, 1 taken
    assert "Урон 0/12 · Броня 2" in public_svg and "Гарнизон 0/3 · Постройки 0/2" in public_svg
    assert "сверху «Позорный лучник»" in public_svg
    mine = draw(state, player(a))
    assert all(CARDS.card(c).name in mine for c in HAND_A)
    assert not any(CARDS.card(c).name in mine for c in HAND_B)
    gm = draw(state, GM)
    assert all(CARDS.card(c).name in gm for c in HAND_A + HAND_B)


def test_picture_escapes_names_and_draws_before_the_table():
    state, _ = opened("pozorki", "trutni")
    state.players[state.order[0]].name = "<Аня & Co>"
    svg = draw(state, PUBLIC)
    ET.fromstring(svg)
    assert "&lt;Аня &amp; Co&gt;" in svg
    fresh = new_game("pozorki", "trutni")  # the deck step: no table yet
    svg = draw(fresh, PUBLIC)
    ET.fromstring(svg)
    assert "стол ещё не разложен" in svg and metrics(fresh) == {}


def test_summary_and_metrics_are_public():
    state, a, b = table()
    pub = dict(summary(state, PUBLIC))
    assert not any(CARDS.card(c).name in " ".join(pub.values()) for c in HAND_A + HAND_B)
    assert pub["Анна: карты"] == "в руке 2, в колоде 3, в сбросе 1"
    own = dict(summary(state, player(a)))
    assert own["Анна: рука"] == "«Позорный рыцарь» (золото 3), «Позорный клич» (мана 1)" and "Борис: рука" not in own
    m = metrics(state)
    assert m[a][HAND] == 2 and m[a][DECK] == 3 and m[a][GOLD] == 2 and m[a][CREATURES] == 1
    assert m[b][CAPITAL] == 0 and m[b][CREATURES] == 0
    state.sectors["capital-2"].damage = 5
    assert metrics(state)[b][CAPITAL] == 5


def test_secrets_revealed_and_result():
    state, a, _ = table()
    assert RULESET.hidden_information and RULESET.id == "kozyablo" and RULESET.title == "Козябло"
    assert (RULESET.min_factions, RULESET.max_factions) == (2, 4)
    assert not RULESET.secrets_revealed(state) and result_of(state) is None
    state.phase, state.winners = "over", [a]
    assert RULESET.secrets_revealed(state)
    assert result_of(state).winners == [a] and result_of(state).text == "Победа: Анна."
    state.winners, state.draw = [], True
    assert result_of(state).draw
    at_once, _ = opened("pozorki", "trutni", reveal_seeds="at_once")
    assert RULESET.secrets_revealed(at_once)
