"""The flow of a game: deck posts, mulligans, turn phases and triggers, who posts in each step, the
deadline defaults, capture, elimination, the round limit."""

from __future__ import annotations

import pytest
from combat_table import game, put, run

from letopis.engine.contract import Faction, PostKind, StepMode
from letopis.engine.dice import Dice
from rulesets.kozyablo.data import CARDS
from rulesets.kozyablo.options import Options
from rulesets.kozyablo.orders import (
    DeckList,
    Decline,
    DrawCard,
    Move,
    Mulligan,
    PlayCard,
    Skip,
    TriggerChoice,
)
from rulesets.kozyablo.propose import proposal
from rulesets.kozyablo.rules.legality import Checker
from rulesets.kozyablo.rules.resolution import apply
from rulesets.kozyablo.rules.turns import default_orders, turn
from rulesets.kozyablo.setup import setup


def deck_of(race: str) -> DeckList:
    deck = CARDS.decks[race]
    return DeckList(capital=deck.capital, sectors=tuple(deck.sectors), cards=tuple(deck.cards.items()))


def fresh(n: int = 2, **options):
    names = ["Анна", "Борис", "Вера"]
    return setup(Options(**options), [Faction(id=f"p{i + 1}", name=names[i]) for i in range(n)], Dice("11" * 32))


# --- steps ------------------------------------------------------------------------------------------
def test_steps_of_a_game_KZ_DEF_TURN_01_KZ_DEF_MULL_01_KZ_DEF_REACT_01():
    """The deck step is simultaneous and private; mulligans are single private steps in turn
    order (KZ-DEF-MULL-01); the play step is the active player's (KZ-DEF-TURN-01); a pending
    decision opens one reaction step for the waiting players (KZ-DEF-REACT-01)."""
    s = fresh()
    info = turn(s)
    assert (info.mode, info.post_kind, info.private, info.factions) == (StepMode.SIMULTANEOUS, PostKind.SETUP, True,
                                                                        ["p1", "p2"])
    s, _ = run(s, "p1", deck_of("trutni"))
    assert turn(s).factions == ["p2"]
    s, events = run(s, "p2", deck_of("pozorki"))
    assert s.phase == "mulligan" and s.order == ["p2", "p1"]  # Позорки first (KZ-ORDER-01)
    info = turn(s)
    assert (info.mode, info.private, info.factions) == (StepMode.SINGLE, True, ["p2"])
    s, _ = run(s, "p2", Mulligan())
    s, events = run(s, "p1", Mulligan())
    assert s.phase == "play" and s.round == 1
    info = turn(s)
    assert (info.mode, info.post_kind, info.factions, info.private) == (StepMode.SINGLE, PostKind.ORDERS, ["p2"], False)
    assert any(e.kind == "battle_begins" for e in events)
    t = game()
    t.players["p2"].hand = ["shmel"]
    archer = put(t, "p1", "pozorny_luchnik", "gold-1")
    put(t, "p1", "pozorny_mechnik", "gold-1")  # two targets for the гилен: a real choice
    put(t, "p2", "dikiy_gilen", "gold-1")
    from rulesets.kozyablo.orders import Attack
    t, _ = run(t, "p1", Attack(sector="gold-1"))
    info = turn(t)
    assert (info.mode, info.post_kind, info.factions) == (StepMode.REACTION, PostKind.DECISION, ["p2"])
    assert info.title and info.prompt and info.default and archer in t.pieces


def test_deck_posts_are_private_and_default_to_the_starter_deck_KZ_DEF_SETUP_01():
    """KZ-DEF-SETUP-01: a deck post's event is public only as «колода принята»; the list is in a private event; a
    missing post gets the seat's starter deck (KZ-DATA-07)."""
    s = fresh()
    s, events = run(s, "p1", deck_of("kozly"))
    public = [e for e in events if e.public]
    assert all("kozel" not in str(e.data) and "Козлиная" not in e.text for e in public)
    assert any(not e.public and e.faction == "p1" for e in events)
    (default,) = default_orders(s, "p2")
    assert isinstance(default, DeckList) and default.capital == "uley"  # seat 2: Трутни


@pytest.mark.parametrize(("extra", "said"), [(1, "21 карта"), (2, "22 карты"), (5, "25 карт")])
def test_deck_events_agree_the_card_count_KZ_DEF_SETUP_01(extra, said):
    """The private «колода принята» event and the public shuffle say the deck's size alike, with
    the noun agreeing with the number («21 карта», «22 карты», «25 карт»)."""
    base = deck_of("pozorki")  # 20 cards, two of each
    cards = tuple((c, k + 1 if i < extra else k) for i, (c, k) in enumerate(base.cards))
    s = fresh()
    s, events = run(s, "p1", DeckList(capital=base.capital, sectors=base.sectors, cards=cards))
    (private,) = [e for e in events if e.kind == "deck_private"]
    assert private.text.endswith(f", {said}.")
    s, events = run(s, "p2", deck_of("kozly"))
    (shuffle,) = [e for e in events if e.kind == "deck_shuffled" and e.faction == "p1"]
    assert f"({said})" in shuffle.text


# --- mulligans ----------------------------------------------------------------------------------------
def test_mulligan_procedure_KZ_MULL_01_KZ_MULL_02_KZ_DEF_MULL_01_KZ_GAP_14_KZ_DEC_01():
    """KZ-MULL-01 / KZ-DEF-MULL-01 / KZ-GAP-14: the named cards go back, the deck is shuffled with the
    secret dice, its top 3 go to the discard pile (KZ-MULL-02, named publicly), as many are drawn
    (privately); the player decides again until he keeps (KZ-DEC-01)."""
    s = fresh()
    s, _ = run(s, "p1", deck_of("pozorki"))
    s, _ = run(s, "p2", deck_of("trutni"))
    first = s.order[0]
    hand = list(s.players[first].hand)
    deck_before = len(s.players[first].deck)
    s, events = run(s, first, Mulligan(cards=tuple(hand[:2])), seed="42")
    p = s.players[first]
    assert len(p.hand) == 6 and len(p.discard) == 3 and len(p.deck) == deck_before - 3 and p.mulligans == 1
    public = [e for e in events if e.public]
    assert public[0].kind == "mulligan" and public[0].data["milled"] == p.discard
    assert "returned" not in public[0].data or isinstance(public[0].data["returned"], int)
    drawn_cards = [c for e in events if not e.public for c in e.data.get("drawn", [])]
    assert all(c not in str([e.data for e in public if e.kind != "mulligan"]) for c in drawn_cards)
    assert turn(s).factions == [first] and s.phase == "mulligan"
    s, events = run(s, first, Mulligan())
    assert turn(s).factions == [s.order[1]] and any(e.kind == "keep" for e in events)


def test_at_most_three_mulligans_KZ_MULL_03():
    """KZ-MULL-03: after the third redraw the player's mulligan is over."""
    s = fresh()
    s, _ = run(s, "p1", deck_of("pozorki"))
    s, _ = run(s, "p2", deck_of("trutni"))
    first = s.order[0]
    for i in range(3):
        s, events = run(s, first, Mulligan(cards=(s.players[first].hand[0],)), seed=f"{i}a")
    assert s.players[first].mulligans == 3 and s.players[first].mulligan_done
    assert turn(s).factions == [s.order[1]] and any(e.kind == "keep_forced" for e in events)


# --- the turn and its triggers --------------------------------------------------------------------------
def test_start_of_turn_trigger_with_choice_KZ_TURN_01_KZ_TURN_02_KZ_DEF_TRIG_01_KZ_DEC_10():
    """KZ-TURN-01 / KZ-TURN-02: «Гнездо стражей» acts at the start of its owner's turn; KZ-DEC-10: the choice
    at the top of the post, default the most damaged creature; KZ-DEF-TRIG-01: not in another
    player's turn."""
    s = game("trutni", "pozorki")
    nest = put(s, "p1", "gnezdo_strazhey", "capital-1")
    light = put(s, "p1", "shmel", "capital-1")
    heavy = put(s, "p1", "dikiy_gilen", "capital-1", damage=3)
    s.pieces[light].damage = 0
    d, events = run(s, "p1", Skip())
    assert d.pieces[heavy].damage == 2 and next(e.kind for e in events) == "trigger_heal"
    s.pieces[light].damage = 0
    gilen2 = put(s, "p1", "dikiy_gilen", "capital-1", damage=1)
    c, _ = run(s, "p1", TriggerChoice(piece=nest, target=gilen2), Skip())
    assert c.pieces[gilen2].damage == 0 and c.pieces[heavy].damage == 3
    c, events = run(c, "p2", Skip())
    assert c.pieces[heavy].damage == 3 and not any(e.kind == "trigger_heal" for e in events)


def test_no_automatic_draw_unless_the_option_KZ_DEF_TURN_02_KZ_GAP_15():
    """KZ-DEF-TURN-02 / KZ-GAP-15: no card at the start of a turn, unless draw_per_turn is set."""
    s = game()
    s.players["p2"].deck = ["shmel", "roy"]
    after, _ = run(s, "p1", Skip())
    assert after.players["p2"].hand == []
    g = game(draw_per_turn=1)
    g.players["p2"].deck = ["shmel", "roy"]
    after, events = run(g, "p1", Skip())
    assert after.players["p2"].hand == ["shmel"]
    assert any(e.kind == "draw" and e.public for e in events) and all("shmel" not in str(e.data) for e in events
                                                                     if e.public)


def test_no_hand_limit_KZ_GAP_41():
    """KZ-GAP-41: a hand may grow without limit; drawing is still legal."""
    s = game()
    s.players["p1"].hand = ["shmel"] * 30
    s.players["p1"].deck = ["roy"]
    assert Checker(s, "p1").check(DrawCard()) == []
    after, _ = run(s, "p1", DrawCard())
    assert len(after.players["p1"].hand) == 31


def test_missed_deadlines_KZ_GAP_45():
    """KZ-GAP-45: a missed turn is skipped; a pending decision falls to its default."""
    s = game()
    assert default_orders(s, "p1") == [Skip()]
    assert default_orders(s, "p2") == []
    s.players["p2"].hand = ["shmel"]
    put(s, "p1", "pozorny_shchitonosets", "mana-2")
    bee = put(s, "p2", "shmel", "gold-2")
    s.active = 1
    s, _ = run(s, "p2", Move(pieces=(bee,), origin="gold-2", dest="mana-2"))
    assert s.pending is not None and default_orders(s, "p1") == [Decline(what="react")]
    s, _ = run(s, "p1", *default_orders(s, "p1"))
    assert s.pending is None and s.pieces[bee].sector == "mana-2"


def test_garrison_default_move_KZ_MOVE_06_KZ_DEC_12():
    """KZ-MOVE-06 / KZ-DEC-12: over the garrison limit, the deadline moves the most recently entered
    creatures to the first sector without enemy cards."""
    s = game()  # Позорище: garrison 3
    inside = [put(s, "p1", "pozorny_luchnik", "capital-1") for _ in range(5)]
    put(s, "p2", "shmel", "gold-1")
    (move,) = default_orders(s, "p1")
    assert isinstance(move, Move) and move.pieces == tuple(inside[3:]) and move.dest == "crystal-1"
    assert Checker(s, "p1").check(move) == []
    after, _ = run(s, "p1", move)
    assert sum(1 for p in after.pieces.values() if p.sector == "capital-1") == 3


# --- victory ----------------------------------------------------------------------------------------------
def test_capture_at_the_moment_of_the_action_KZ_WIN_01_KZ_WIN_02_KZ_DEF_WIN_01_KZ_GAP_34():
    """KZ-GAP-34: the move into the enemy capital does not capture by itself; KZ-DEF-WIN-01 /
    KZ-WIN-02: at the next declared action (even a skip or a draw, which is not carried out) a
    creature in an enemy capital without his creatures or defensive buildings captures it (KZ-WIN-01)."""
    s = game()
    s.players["p1"].deck = ["shmel"]
    raider = put(s, "p1", "pozorny_mechnik", "gold-2")
    s, _ = run(s, "p1", Move(pieces=(raider,), origin="gold-2", dest="capital-2"))
    assert s.phase == "play"
    s, _ = run(s, "p2", Skip())
    s, events = run(s, "p1", DrawCard())
    assert s.phase == "over" and s.winners == ["p1"] and s.players["p1"].hand == []
    assert any(e.kind == "capture" for e in events)


def test_no_capture_with_defenders_KZ_DEF_WIN_01():
    """KZ-DEF-WIN-01: a defensive building or a creature of the owner (even in shadow) prevents it."""
    s = game("pozorki", "kozly")
    put(s, "p1", "pozorny_mechnik", "capital-2")
    ghost = put(s, "p2", "kozel_ten", "capital-2", shadow=True)
    after, _ = run(s, "p1", Skip())
    assert after.phase == "play"
    del s.pieces[ghost]
    put(s, "p2", "kozliny_altar", "capital-2")
    after, _ = run(s, "p1", Skip())
    assert after.phase == "play"


def test_elimination_with_three_players_KZ_DEF_WIN_03_KZ_GAP_35():
    """KZ-DEF-WIN-03 / KZ-GAP-35: with three players the captured one is eliminated (his cards leave,
    his turns are skipped) and the game goes on; with first_capture_wins the capture ends it."""
    s = game("pozorki", "trutni", "kozly")
    put(s, "p1", "pozorny_mechnik", "capital-2")
    bee = put(s, "p2", "shmel", "gold-3")
    s, events = run(s, "p1", Skip())
    assert s.phase == "play" and s.players["p2"].eliminated and bee not in s.pieces
    assert "shmel" in s.players["p2"].discard and s.order[s.active] == "p3"
    assert any(e.kind == "eliminated" for e in events)
    quick = game("pozorki", "trutni", "kozly", first_capture_wins=True)
    put(quick, "p1", "pozorny_mechnik", "capital-2")
    quick, _ = run(quick, "p1", Skip())
    assert quick.phase == "over" and quick.winners == ["p1"]


def test_destroyed_capital_KZ_DEF_WIN_02_KZ_WIN_01():
    """KZ-WIN-01 via destruction, KZ-DEF-WIN-02: «Подрыв» brings a capital's damage to 12 — the game
    ends at once."""
    s = game("zhloby", "trutni")
    s.players["p1"].hand = ["podryv"]
    s.sectors["gold-1"].controller = "p1"
    s.sectors["capital-2"].damage = 10
    s, _events = run(s, "p1", PlayCard(card="podryv", on="capital:capital-2"))
    assert s.phase == "over" and s.winners == ["p1"]


def test_round_limit_is_a_draw_KZ_DEF_WIN_04_KZ_GAP_42():
    """KZ-DEF-WIN-04 / KZ-GAP-42: with max_rounds = 1 the game is a draw after round 1."""
    s = game(max_rounds=1)
    s, _ = run(s, "p1", Skip())
    assert s.phase == "play"
    s, _events = run(s, "p2", Skip())
    assert s.phase == "over" and s.draw and s.winners == []
    assert turn(s).over


def test_triggers_in_entering_order_KZ_GAP_33():
    """KZ-GAP-33: several start-of-turn cards fire in the order they entered play, in their
    controller's turn only."""
    s = game("trutni", "pozorki")
    first = put(s, "p1", "gnezdo_strazhey", "capital-1")
    second = put(s, "p1", "gnezdo_strazhey", "capital-1")
    put(s, "p1", "dikiy_gilen", "capital-1", damage=2)
    _, events = run(s, "p1", Skip())
    heals = [e.data["piece"] for e in events if e.kind == "trigger_heal"]
    assert heals == [first, second]


# --- random legal posts --------------------------------------------------------------------------------------
def test_proposals_are_legal_for_many_steps_KZ_DEF_TURN_01():
    """Every proposed post passes the Checker, and 2- to 4-player games run through all steps
    (decks, mulligans, turns, reactions) with them."""
    steps = 0
    for g, n in enumerate((2, 3, 4)):
        names = ["Анна", "Борис", "Вера", "Глеб"]
        s = setup(Options(), [Faction(id=f"p{i + 1}", name=names[i]) for i in range(n)], Dice(f"{g:02x}" * 32))
        for step in range(90):
            info = turn(s)
            if info.over:
                break
            for f in info.factions:
                text, orders = proposal(s, f, Dice(f"{step % 256:02x}{g:02x}" * 16))
                assert text
                checker = Checker(s, f)
                for o in orders:
                    assert [v for v in checker.check(o) if not v.warning] == [], text
                s = apply(s, f, orders, Dice(f"{step % 256:02x}" * 32)).state
            steps += 1
    assert steps >= 200


def test_capital_destroyed_in_combat_ends_the_game_KZ_DEF_WIN_02_KZ_WIN_03():
    """KZ-DEF-WIN-02 / KZ-WIN-03: a strike that brings the capital to 12 damage (Броня 2 counted)
    ends the game at once; here a hidden defender stops the capture, and stays hidden."""
    from rulesets.kozyablo.orders import Attack, StayHidden, TargetPick
    s = game("pozorki", "kozly")
    knight = put(s, "p1", "pozorny_rytsar", "capital-2")
    ghost = put(s, "p2", "kozel_ten", "capital-2", shadow=True)
    s.sectors["capital-2"].damage = 11
    s, _ = run(s, "p1", Attack(sector="capital-2", picks=(TargetPick(striker=knight, targets=("capital:capital-2",)),)))
    assert s.pending is not None and s.pending.waiting == ["p2"]
    s, _ = run(s, "p2", StayHidden(piece=ghost))
    assert s.sectors["capital-2"].damage == 12 and s.phase == "over" and s.winners == ["p1"]
