"""What a line tells rather than orders, though it names the poster's own things: cards he holds
already («Саламандра, Голем и Грифон — вот и вся моя армия», «в Артефактуме один Компас»), and a
line of role-play in italics that reads to no whole order («[i]Змей… прокладывает русло…[/i]»)."""

from __future__ import annotations

from letopis.engine.text import PostLine

from ..state import State
from .lines import MENTIONS, Sentence
from .words import ROLE_WORDS, Item


def restates_own(sentences: list[Sentence], state: State, faction: str) -> bool:
    """A line naming only cards the poster holds already, with no order verb and nothing else of
    the board («Саламандра, Голем и Грифон — вот и вся моя армия», «в Артефактуме один Компас»):
    he tells what he has, for a card is not taken twice."""
    me = state.players.get(faction)
    if me is None:
        return False
    own = {*me.creatures, *me.artifacts}
    items = [it for s in sentences for it in s.items]
    cards = [it for it in items if it.kind == "card"]
    return bool(cards) and all(it.value in own for it in cards) \
        and not any(it.kind in MENTIONS and it.kind != "card" for it in items) \
        and all(how != "verb" and told_of(s.items, it) for s in sentences for _, how, it in s.concepts)


# «моя армия»: an action noun that names what the poster has
HAVING = frozenset({"мой", "моя", "моё", "мое", "мои", "моих", "моей", "моем", "моём", "вся", "весь", "наша", "наш",
                    "наши"})


def told_of(items: list[Item], noun: Item) -> bool:
    """Whether an action noun is told of as the poster's own, a place or a count («моя армия», «в
    Артефактуме», «один трофей»), not said as an order."""
    k = next((j for j, it in enumerate(items) if it is noun), 0)
    before = items[k - 1] if k else None
    return before is not None and (before.kind == "num" or before.kind == "word" and (
        before.text in HAVING or before.text in ROLE_WORDS))


def role_play(pl: PostLine) -> bool:
    """A line wholly in italics, the forums' mark of role-play («[i]Змей выгибает спину и
    прокладывает русло от Речного Брода…[/i]»): an order said in it whole is read («…ставим
    рудник!»), but one it only seems to say is narration, not an error."""
    raw = pl.original.strip().lower()
    return raw.startswith("[i]") and raw.endswith("[/i]") and raw.count("[i]") == 1
