"""Moving a game that already runs on a forum into Letopis, and out again: a setup document
``{"ruleset": "tetranomicon", "state": {…}}`` (examples/setup-example.json is a worked one, a
4-player game in the middle of epoch 2).

`import_setup` validates more than the model does: the material files load, every id the state
names exists on that board and in those decks, towers fit their terrain, a card is in one place
only, and the active player has not passed. Errors are Russian (`SetupDocumentError`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pydantic import ValidationError

from ..data import TERRAIN_OF, material_for
from ..state import State


class SetupDocumentError(ValueError):
    """A setup document that does not describe a consistent game; the message is Russian."""


def export_setup(state: State) -> dict[str, Any]:
    """The setup document of a running game; its ``factions`` let the service import it as is."""
    factions = [{"id": f, "name": state.players[f].name} for f in state.order]
    state_json = state.model_dump(mode="json", exclude={"opening"})  # this server's set-up, not the import's
    return {"ruleset": "tetranomicon", "factions": factions, "state": state_json}


def import_setup(document: dict[str, Any]) -> State:
    if document.get("ruleset", "tetranomicon") != "tetranomicon":
        raise SetupDocumentError(f"Документ для другого набора правил: «{document.get('ruleset')}».")
    try:
        state = State.model_validate(document["state"])
    except (KeyError, ValidationError) as exc:
        raise SetupDocumentError(f"Состояние не читается: {exc}") from None
    state.opening = []  # an imported game's set-up happened elsewhere: step 1 does not retell it
    m = material_for(state)  # MaterialError if a file is bad
    errors: list[str] = []
    players = set(state.players)
    if set(state.order) != players or len(state.order) != len(players):
        errors.append("порядок мест (order) должен перечислять каждого игрока ровно раз")
    for who in (state.holder, state.active):
        if who is not None and who not in players:
            errors.append(f"нет игрока «{who}»")
    if state.phase == "actions" and (state.active is None or state.players[state.active].passed):
        errors.append("в фазе действий ходит игрок, который ещё не спасовал")
    if not 1 <= state.epoch <= 4:
        errors.append("эпоха — от 1 до 4")
    for b in state.buildings:
        if b.castle not in m.castles:
            errors.append(f"строение в неизвестном замке «{b.castle}»")
            continue
        towers = m.castle(b.castle).towers
        if not 1 <= b.tower <= len(towers) or towers[b.tower - 1] != TERRAIN_OF[b.kind]:
            errors.append(f"{m.castle(b.castle).name}, башня {b.tower}: не подходит для строения {b.kind}")
        if b.owner not in players:
            errors.append(f"строение игрока «{b.owner}», которого нет")
    spots = Counter((b.castle, b.tower) for b in state.buildings)
    errors += [f"{m.castle(c).name}, башня {t}: два строения" for (c, t), n in spots.items() if n > 1 and c in m.castles]
    for seg, owner in state.routes.items():
        if seg not in m.segments:
            errors.append(f"маршрут на неизвестном участке «{seg}»")
        if owner not in players:
            errors.append(f"маршрут игрока «{owner}», которого нет")
    for cid in state.trophies:
        if cid not in m.castles:
            errors.append(f"трофей в неизвестном замке «{cid}»")
    cards = [c for p in state.players.values() for c in (*p.artifacts, *p.creatures)]
    cards += [c for c in (*state.creature_pool, *state.artifact_pool) if c is not None]
    cards += [c for deck in (*state.creature_decks, *state.artifact_decks) for c in deck]
    for card, n in Counter(cards).items():
        if card not in m.creatures and card not in m.artifacts:
            errors.append(f"неизвестная карта «{card}»")
        elif n > 1:
            errors.append(f"карта «{m.card_name(card)}» лежит в {n} местах")
    if len(state.creature_decks) != 4 or len(state.artifact_decks) != 4:
        errors.append("колод существ и артефактов — по четыре (по эпохам)")
    if errors:
        raise SetupDocumentError("Документ настройки: " + "; ".join(errors) + ".")
    return state
