"""Helpers for the secrecy tests: a «Тайные карты» game played by script, and what each viewer
must not find in any response while the game runs."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.orm import Session

from letopis import service
from letopis.engine.contract import Faction

from .cards import POOLS, RESERVE

FIRST_DRAFT = list(POOLS[0][6:12])  # Анна's first deck list, replaced before the step closes
ANNA_DECK = list(POOLS[0][:6])
BORIS_DECK = list(POOLS[1][:6])


@dataclass
class CardsGame:
    id: int
    gm: Any
    anna: Any
    boris: Any
    users: dict[str, int] = field(default_factory=dict)  # faction → user id

    def full(self, db: Session) -> dict[str, Any]:
        """The whole state, as the GM sees it."""
        return service.game_page(db, self.id, self.gm.id).view

    def hand(self, db: Session, faction: str) -> list[str]:
        return list(service.game_page(db, self.id, self.users[faction]).view["hand"])


def seat_cards_game(db: Session, make_user, *, mode: str = "auto", **options) -> CardsGame:
    gm, anna, boris = make_user("gm", "Мастер"), make_user("anna", "Анна"), make_user("boris", "Борис")
    out = service.create_game(db, ruleset_id="cards", title="Тайная партия",
                              factions=[Faction(id="a", name="Анна"), Faction(id="b", name="Борис")],
                              gm_user_id=gm.id, options=options or {"rounds": 3}, mode=mode)
    for faction, user in (("a", anna), ("b", boris)):
        token = service.invite_link_token(db, game_id=out.id, faction=faction, by_user_id=gm.id)
        service.join_by_invite(db, token=token, user_id=user.id)
    return CardsGame(id=out.id, gm=gm, anna=anna, boris=boris, users={"a": anna.id, "b": boris.id})


def post(db: Session, game: CardsGame, faction: str, text: str):
    step = service.game_page(db, game.id).step
    assert step is not None, "no open step"
    return service.submit_post(db, game_id=game.id, step_number=step.number, faction=faction, text=text,
                               user_id=game.users[faction])


def build_decks(db: Session, game: CardsGame) -> None:
    """Step 1 (private): Анна writes a first draft, then her real list; Борис writes his."""
    post(db, game, "a", "колода: " + ", ".join(FIRST_DRAFT))
    post(db, game, "a", "// передумала\nколода: " + ", ".join(ANNA_DECK))
    post(db, game, "b", "колода: " + ", ".join(BORIS_DECK))


def play_some(db: Session, game: CardsGame) -> None:
    """Steps 2–5: Анна plays a card, Борис draws, Анна draws from the reserve, Борис plays."""
    post(db, game, "a", f"играю «{game.hand(db, 'a')[0]}»")
    post(db, game, "b", "беру карту")
    post(db, game, "a", "беру из запаса")
    post(db, game, "b", f"играю {game.hand(db, 'b')[-1]}")


def finish(db: Session, game: CardsGame) -> None:
    while service.get_game(db, game.id).status != service.GameStatus.OVER:
        page = service.game_page(db, game.id)
        post(db, game, page.turn.factions[0], "пас")


def secret_cards(full: dict[str, Any], viewer: str | None) -> set[str]:
    """Every card name the viewer (a faction, or None for a spectator) must not meet while the game
    runs: the other players' whole pools (hands, decks, deck drafts), the reserve the viewer has not
    drawn — minus the cards on the table, which are public once played."""
    own_pool = {"a": set(POOLS[0]), "b": set(POOLS[1])}.get(viewer or "", set())
    hidden = (set(POOLS[0]) | set(POOLS[1])) - own_pool
    hidden |= set(RESERVE) - set(full["hands"].get(viewer or "", []))
    played = {c for cards in full["table"].values() for c in cards}
    return hidden - played


def deck_orders(full: dict[str, Any]) -> list[str]:
    """How each deck's order (and the reserve's) would read if a state leaked: a JSON list, spaced
    or compact. (Not a comma list: a deck's owner wrote its cards in some order in the deck post.)"""
    out = []
    for deck in [*full["decks"].values(), full["reserve"]]:
        if len(deck) > 1:
            out += [json.dumps(deck, ensure_ascii=False), json.dumps(deck, ensure_ascii=False, separators=(",", ":"))]
    return out


def leaks(text: str, forbidden: set[str] | list[str]) -> list[str]:
    return sorted(word for word in forbidden if word in text)
