"""Whole games and the ruleset's public API: a hand-played game to victory, random legal play,
purity of `apply`, JSON round trips, deadlines, round limits, views, pictures and speed."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from drp_factory import SEED, dice, factions, game, kinds, run

from letopis.engine.contract import GM, PUBLIC, PostKind, StepMode, Viewer, ViewerRole
from letopis.engine.dice import Dice
from rulesets.dice_roll_party import RULESET, effects
from rulesets.dice_roll_party.legality import simulate
from rulesets.dice_roll_party.messages import MESSAGES, msg
from rulesets.dice_roll_party.options import Options
from rulesets.dice_roll_party.orders import Attack, Build, Defence, Skip, Soak
from rulesets.dice_roll_party.propose import CHATTER, propose, propose_orders
from rulesets.dice_roll_party.resolution import apply
from rulesets.dice_roll_party.setup import setup
from rulesets.dice_roll_party.state import State
from rulesets.dice_roll_party.turns import default_build, default_orders, turn

PACKAGE = Path(RULESET.package_dir)


def seed(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()


def tokens_everywhere(s: State) -> int:
    """Bag + storages + characters (sealed builds are still counted in storage)."""
    total = s.bag.total
    for p in s.players.values():
        total += p.storage.total + sum(c.total for _, c in p.living())
    return total


def test_hand_played_game_to_victory_DRP_GEN_04_DRP_WIN_01():
    """DRP-GEN-04 / DRP-WIN-01: from the deal, builds and first move, players alternate attacking
    until one has no characters; the other wins and the result says so."""
    opts = Options(bag_red=120, bag_blue=120, bag_green=120, first_player="p1")
    s = setup(opts, factions(), Dice(SEED))
    s = apply(s, "p1", [Build(slot=i, time=6, attack=6, defence=0, form=0, name="Рыцарь" if i == 1 else None)
                        for i in range(1, 5)], dice()).state
    out = apply(s, "p2", [Build(slot=i, time=4, attack=0, defence=0, form=8) for i in range(1, 5)], dice())
    s = out.state
    assert kinds(out)[-2:] == ["first_player", "turn"] and s.active == "p1"
    attacks = 0
    for _ in range(40):
        if s.over:
            break
        p1_slot = next(i for i, c in s.player("p1").living() if c.time)
        target = s.player("p2").living()[0][0]
        s = run(s, "p1", Attack(attacker=p1_slot, target=target), rolls=(15,)).state
        attacks += 1
        s = run(s, "p2", Defence()).state
        if s.phase == "soak":
            s = run(s, "p2", Soak(amount=0)).state
        if s.over:
            break
        assert s.active == "p2"
        s = run(s, "p2", Attack(attacker=s.player("p2").living()[0][0], target=1)).state
        s = run(s, "p1", Defence()).state  # 1 vs 1: the defence holds
        assert s.active == "p1"
    assert s.over and s.winner == "p1" and attacks == 8
    result = RULESET.result(s)
    assert result.winners == ["p1"] and result.text == "Победа: Анна." and result.scores["p2"] == 0
    assert turn(s).over


def test_apply_never_changes_its_input():
    """Every kind of post leaves the state it was given untouched."""
    s = setup(Options(), factions(), Dice(SEED))
    for step in range(400):
        info = turn(s)
        if info.over:
            break
        for f in info.factions:
            before = s.model_dump(mode="json")
            orders = propose_orders(s, f, Dice(seed("mut", step, f)))
            out = apply(s, f, orders, Dice(seed("mut", step)))
            assert s.model_dump(mode="json") == before
            s = out.state


def test_state_json_round_trip_exactly():
    """State → JSON → State gives the same state, at every step of a game, with every option set."""
    opts = Options(first_move="auction", turn_order="cyclic", aspects=True, aspect_gated_boosts=True,
                   aspect_chart={"red": ["red"], "green": ["blue"], "blue": ["green", "red"]}, max_rounds=50)
    s = setup(opts, factions(), Dice(SEED))
    for step in range(200):
        text = json.dumps(s.model_dump(mode="json"))
        assert RULESET.state_from_json(text) == s
        info = turn(s)
        if info.over:
            break
        for f in info.factions:
            s = apply(s, f, propose_orders(s, f, Dice(seed("rt", step, f))), Dice(seed("rt", step))).state


OPTION_SETS = [
    Options(),
    Options(first_move="auction"),
    Options(turn_order="cyclic", aspects=True, aspect_gated_boosts=True),
    Options(turn_order="initiative", allow_return_to_storage=True, stack_class_up=True, swap_cost=2),
    Options(players=3, bag_red=50, bag_blue=50, bag_green=50, sealed_builds=False, turn_order="initiative",
            initiative_check="before_phase1", max_rounds=40),
    Options(allow_self_destroy=True, allow_voluntary_skip=True, counter_damage="potential", aspects=True,
            aspect_on_counter=True, emergency_uses_limit=True, first_player="2"),
]


@pytest.mark.parametrize("opts", OPTION_SETS, ids=range(len(OPTION_SETS)))
def test_random_legal_play_DRP_TOK_05_DRP_TOK_08(opts):
    """Hundreds of steps of proposed orders: each is legal where it stands (`simulate`), the game
    keeps moving, tokens are only ever moved between bag, storages and characters (DRP-TOK-05,
    DRP-TOK-08), and the same seeds replay the same game."""
    def play():
        s = setup(opts, factions(opts.players), Dice(seed("rp", opts)))
        total = tokens_everywhere(s)
        trace = []
        for step in range(600):
            info = turn(s)
            if info.over:
                assert RULESET.result(s) is not None
                break
            assert info.factions
            for f in info.factions:
                orders = propose_orders(s, f, Dice(seed("rp", step, f)))
                assert orders, (step, f, s.phase)
                probe = s
                for o in orders:
                    probe, v = simulate(probe, f, o)
                    assert v == [], (o, v)
                out = apply(s, f, orders, Dice(seed("rp", step)))
                assert "stopped" not in kinds(out) or any(k in ("reroll", "emergency") for k in kinds(out))
                s = out.state
                trace.append([e.text for e in out.events])
                assert tokens_everywhere(s) == total
                for p in s.players.values():
                    assert all(c.total <= 18 for _, c in p.living())
        return trace
    first = play()
    assert len(first) > 100
    assert play() == first


def test_propose_writes_a_player_post_DRP_GEN_05():
    """DRP-GEN-05: proposed posts mix canonical order lines with role-play chatter and BBCode; the
    chatter never carries an order."""
    s = setup(Options(), factions(), Dice(SEED))
    posts = [propose(s, "p1", Dice(seed("post", i))) for i in range(60)]
    assert any(line in CHATTER for p in posts for line in p.splitlines())
    assert any("[b]" in p for p in posts)
    for p in posts:
        lines = [re.sub(r"\[/?b\]", "", x) for x in p.splitlines() if x not in CHATTER]
        assert len(lines) == 4 and all(re.match(r"П\d: \d+/\d+/\d+/\d+", x) for x in lines)
    assert propose(s, "p1", Dice(SEED)) == propose(s, "p1", Dice(SEED))


def test_turn_info_modes_and_defaults_DRP_GEN_03_DRP_GAP_29():
    """DRP-GEN-03 / DRP-GAP-29: build is simultaneous, a turn is single, defence and soak are
    reactions; every step names its deadline default; a missed turn is skipped."""
    s = setup(Options(first_player="p2"), factions(), Dice(SEED))
    info = turn(s)
    assert (info.mode, info.post_kind) == (StepMode.SIMULTANEOUS, PostKind.SETUP) and info.default
    for f in s.seats:
        s = apply(s, f, default_orders(s, f), dice()).state
    info = turn(s)
    assert info.title == "Ходит Борис: ресурсы и атака" and info.mode is StepMode.SINGLE
    assert info.post_kind is PostKind.ORDERS and "пропускается" in info.default
    assert default_orders(s, "p2") == [Skip()] and default_orders(s, "p1") == []
    out = apply(s, "p2", default_orders(s, "p2"), dice())
    assert out.state.active == "p1" and kinds(out)[0] == "skip"
    s = apply(out.state, "p1", [Attack(attacker=1, target=1)], dice(1)).state
    info = turn(s)
    assert (info.mode, info.post_kind, info.factions) == (StepMode.REACTION, PostKind.REACTION, ["p2"])
    assert "без усилений" in info.default


def test_default_build_is_legal_and_documented_DRP_GAP_29():
    """DRP-GAP-29: the deadline build deals the storage round-robin blue, red, green, 12 a slot."""
    s = setup(Options(), factions(), Dice(SEED))
    builds = default_build(s, "p1")
    assert [b.slot for b in builds] == [1, 2, 3, 4]
    assert all(b.time + b.attack + b.defence + b.form == 12 for b in builds)
    probe = s
    for b in builds:
        probe, v = simulate(probe, "p1", b)
        assert v == []
    assert builds[0].attack >= builds[0].defence


def test_round_limit_decides_by_tokens_and_gm_draw_DRP_GAP_28():
    """DRP-GAP-28: no automatic end; `max_rounds` full rounds → most tokens on characters wins,
    equal → draw; a GM may end the game as a draw."""
    s = game(("0/1/1/1",) * 4, ("0/1/1/2",) * 4, options=Options(max_rounds=2))
    for _ in range(3):
        s = run(s, s.active, Skip()).state
        assert not s.over
    out = run(s, s.active, Skip())
    assert out.state.over and out.state.winner == "p2" and kinds(out)[-2:] == ["rounds_over", "win"]
    tie = game(("0/1/1/1",) * 4, ("0/1/1/1",) * 4, options=Options(max_rounds=1))
    tie = run(tie, "p1", Skip()).state
    out = run(tie, "p2", Skip())
    assert out.state.draw and RULESET.result(out.state).draw
    endless = game(("0/1/1/1",) * 4, ("0/1/1/1",) * 4)
    for _ in range(50):
        endless = run(endless, endless.active, Skip()).state
    assert not endless.over and endless.round == 26
    events = []
    effects.end_as_draw(endless, events)
    assert endless.over and endless.draw and events[0].kind == "gm_draw"


def test_view_hides_nothing_after_builds():
    """Checklist §5: once builds are revealed everything is open to everyone."""
    s = game()
    assert RULESET.view(s, PUBLIC) == RULESET.view(s, GM) == s.model_dump(mode="json")


def test_sheet_display_is_time_attack_defence_form_DRP_TOK_06_DRP_GAP_31():
    """DRP-TOK-06 / DRP-GAP-31: the canonical display is В/А/З/Ф, «З» being защита."""
    s = game(("1/2/3/4",) * 4, ("3/4/2/3",) * 4)
    c = s.char("p1", 1)
    assert c.sheet() == "1/2/3/4" and (c.time, c.attack, c.defence, c.form) == (1, 2, 3, 4)
    assert Build(slot=1, time=1, attack=2, defence=3, form=4).to_text().startswith("П1: 1/2/3/4")
    assert "П1 1/2/3/4" in dict(RULESET.summary(s))["Анна: персонажи (В/А/З/Ф)"]


def test_picture_is_safe_svg_with_closed_slots_and_sealed_builds():
    """The SVG parses, escapes player text, crosses closed slots and hides sealed builds."""
    s = game(("3/4/2/3", None, "3/4/2/3", "3/4/2/3"), ("3/4/2/3",) * 4,
             names=['<script>alert(1)</script>', None, 'Лучница & Ко', None])
    s.players["p2"].name = 'Борис "<b>"'
    svg = RULESET.draw(s, PUBLIC)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and "<script>" not in svg and "&lt;script&gt;" in svg
    assert "закрыто" in svg and svg.count("<line") == 2
    assert 'stroke="#5c0f0a"' in svg  # defence tokens carry their ring
    fresh = setup(Options(), factions(), Dice(SEED))
    fresh = apply(fresh, "p1", default_build(fresh, "p1"), dice()).state
    assert RULESET.draw(fresh, Viewer(role=ViewerRole.PLAYER, faction="p2")).count("сдано, скрыто") == 4
    ET.fromstring(RULESET.draw(fresh, GM))


def test_summary_pairs():
    s = game()
    pairs = dict(RULESET.summary(s))
    assert pairs["Сейчас"] == "Ходит Анна: ресурсы и атака"
    assert pairs["Лимит фазы ресурсов"] == "3 из 3"
    assert pairs["Анна: хранилище"] == "красных 10, синих 10, зелёных 10"


def test_describe_for_the_live_check():
    """`describe` gives a Russian summary and what is spent or left, for every order kind."""
    from rulesets.dice_roll_party.legality import describe
    s = game()
    assert describe(s, "p1", Attack(attacker=2, target=3, class_up=1, damage=1)) == (
        "П2 атакует П3 соперника: d10, класс+ → d12, урон +1", "время П2: 3 → 0")
    assert describe(s, "p1", Skip())[0].startswith("пропуск атаки")
    three = game(("3/4/2/3",) * 4, ("3/4/2/3",) * 4, ("3/4/2/3",) * 4)
    assert describe(three, "p1", Attack(attacker=1, target=2, target_faction="p3"))[0].startswith("П1 атакует П2 Вера")
    assert describe(three, "p1", Attack(attacker=1, target=2, target_faction="x"))[0].startswith("П1 атакует П2 «x»")
    assert describe(s, "p1", Defence()) == (Defence().to_text(), None)  # not the defence step: just the text
    fresh = setup(Options(), factions(), Dice(SEED))
    text, left = describe(fresh, "p1", Build(slot=1, time=3, attack=4, defence=2, form=3, name="Рыцарь"))
    assert text.startswith("П1 «Рыцарь»: 3/4/2/3 (В/А/З/Ф), 12 ток., атака d10, защита d6")
    assert left.startswith("в хранилище останется")


def test_ruleset_wiring():
    """Id, title, aliases, options and the lazily imported reader."""
    assert RULESET.id == "dice_roll_party" and RULESET.title == "Dice Roll Party — Дуэль"
    assert RULESET.aliases == ("drp", "дуэль")
    assert RULESET.default_options() == Options()
    assert RULESET.load_orders([Attack(attacker=1, target=2).model_dump(mode="json")]) == [Attack(attacker=1, target=2)]
    assert "DRP-ATK-09" in RULESET.rules_markdown()
    for name, field in Options.model_fields.items():
        assert field.description and re.search("[а-я]", field.description), name


def test_every_message_code_used_exists_and_formats():
    """Every code named in the rules code is in the catalogue (datasette-style meta test)."""
    used = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r'_v\("([a-z0-9_.]+)"', text))
        used |= set(re.findall(r'msg\("([a-z0-9_.]+)"', text))
        used |= {f"event.{k}" for k in re.findall(r'event\("([a-z_]+)"', text)}
    missing = sorted(c for c in used if c not in MESSAGES)
    assert not missing
    assert msg("limit.exceeded", cost=3, left=1) == "Это стоит 3 лимита, а осталось 1."


def test_every_contract_call_works_on_a_long_game():
    """turn/apply/default_orders/view/result/propose/draw on 300 states of one game (their speed is
    a `make bench` figure, not a timed test)."""
    s = setup(Options(), factions(), Dice(SEED))
    samples = []
    for step in range(300):
        info = turn(s)
        if info.over:
            break
        f = info.factions[0]
        orders = propose_orders(s, f, Dice(seed("fast", step)))
        samples.append((s, f, orders))
        s = apply(s, f, orders, Dice(seed("fast", step, 1))).state
    calls = {
        "turn": lambda s, f, o: RULESET.turn(s),
        "apply": lambda s, f, o: RULESET.apply(s, f, o, Dice(SEED)),
        "default_orders": lambda s, f, o: RULESET.default_orders(s, f),
        "view": lambda s, f, o: RULESET.view(s, PUBLIC),
        "result": lambda s, f, o: RULESET.result(s),
        "propose": lambda s, f, o: RULESET.propose(s, f, Dice(SEED)),
        "draw": lambda s, f, o: RULESET.draw(s),
    }
    for name, call in calls.items():
        for s, f, o in samples:
            assert call(s, f, o) is not None or name == "result", name


def test_three_player_attack_names_the_opponent_in_genitive_DRP_GAP_27():
    """DRP-GAP-27: with several opponents a proposed attack says whose character, as players write."""
    from rulesets.dice_roll_party.propose import genitive, order_text
    s = game(("3/4/2/3",) * 4, ("3/4/2/3",) * 4, ("3/4/2/3",) * 4)
    assert [genitive(n) for n in ("Борис", "Вера Павловна", "Дина", "Player2")] == [
        "Бориса", "Веры Павловны", "Дины", "Player2"]
    assert order_text(s, Attack(attacker=2, target=3, target_faction="p3", class_up=1)) == "П2 атакует П3 Веры: класс+."
    assert order_text(game(), Attack(attacker=2, target=3)) == "П2 атакует П3 соперника без усилений."
    assert "например: «П1 атакует П1 Бориса без усилений»." in turn(s).prompt
