"""Unit headers (issue 9, kind 4): «Рыцарь:», «[b]П3[/b]:» or «[b]Рыцарь[/b]» alone on a line
names the character the lines below it are about, up to the next blank line or header. Those
lines often leave the character out — «атакую Тень, класс+», «→ Вихрь, страхуюсь», «+2 синих из
хранилища»: each is read as if it began «Рыцарь: …».
"""

from __future__ import annotations

from dataclasses import replace

from letopis.engine.text import LineKind, PostLine

from .items import Context, Item, analyse

# The steps in which a header makes sense: the active player's turn.
_TURN_KINDS = frozenset({"attack", "skip", "shift", "add", "transfer"})


def unit_header(pl: PostLine, ctx: Context) -> Item | None:
    """The own character a line names and nothing else («Рыцарь:», «П3:»), in a turn; else None."""
    if pl.kind not in (LineKind.TEXT, LineKind.HEADING) or not pl.norm or not ctx.expected & _TURN_KINDS:
        return None
    items = [it for it in analyse(pl.norm, ctx) if not it.is_sym(":", ".", "-", "—")]
    if len(items) != 1 or items[0].kind != "ref" or items[0].side == "opp":
        return None
    ref = items[0]
    if ref.by_name:
        mine = [s for f, s in ref.candidates if f == ctx.me.faction]
        if len(mine) != 1:
            return None
        return replace(ref, value=mine[0], side="own", faction=ctx.me.faction, candidates=((ctx.me.faction, mine[0]),))
    return ref if ref.value in ctx.me.chars else None


def under_header(header: Item, sentence: list[Item]) -> list[Item]:
    """The sentence with the header's character put before it, unless it names one of its own."""
    if not sentence or any(it.kind in ("ref", "ordinal") and it.side != "opp" for it in sentence):
        return sentence
    at = sentence[0].start
    actor = replace(header, start=at, end=at)
    return [actor, Item("sym", at, at, ":"), *sentence]
