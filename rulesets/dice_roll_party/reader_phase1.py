"""Parsers for Phase 1 «Ресурсы»: shift, add, transfer, return, the two exchanges, reroll and the
emergency exchange (DRP-RES-05..12, DRP-GAP-09..11, DRP-GAP-14: a red token says its zone).
"""

from __future__ import annotations

from letopis.engine.problems import ProblemKind

from .messages import msg
from .orders import (
    Add,
    Colour,
    Discard,
    Emergency,
    Reroll,
    ReturnToStorage,
    Shift,
    SwapCharacters,
    SwapStorage,
    Transfer,
    Zone,
)
from .reader_parts import (
    DEST_PREPS,
    REDS,
    SOURCE_PREPS,
    Parsed,
    Spec,
    arrow_pairs,
    fail,
    first_index,
    first_number,
    note,
    own_slot_of,
    prep_before,
    ref_indices,
    reject_bare_z,
    specs,
    zone_arriving,
    zone_leaving,
)
from .reader_words import Context, Item


# --- phase 1 ------------------------------------------------------------------------------------------
def parse_shift(items: list[Item], ctx: Context | None) -> Parsed:
    """«Перекладываю 1 красный у П2 из атаки в защиту», «П4: защита → атака, 2 токена»."""
    reject_bare_z(items)
    p = Parsed("shift", items[0].start, items[-1].end)
    refs = ref_indices(items)
    if len(refs) != 1:
        raise fail("read.shift_char", span=(p.start, p.end), hint=msg("read.hint_shift"))
    slot = own_slot_of(items[refs[0]], ctx, "DRP-RES-05")
    source = dest = None
    for a, b, _ in arrow_pairs(items):
        if items[a].kind == "zone" and items[b].kind == "zone":
            source, dest = items[a].zone, items[b].zone
    if source is None:
        for k, it in enumerate(items):
            if it.kind == "zone":
                prep = prep_before(items, k)
                if prep in ("из", "с", "со", "от") and source is None:
                    source = it.zone
                elif prep in ("в", "во", "на") and dest is None:
                    dest = it.zone
    if source is None and dest in REDS:
        source = Zone.ATTACK if dest is Zone.DEFENCE else Zone.DEFENCE
    if source is None:
        raise fail("read.shift_zones", span=(p.start, p.end), hint=msg("read.hint_shift"))
    if source not in REDS or (dest is not None and (dest not in REDS or dest is source)):
        raise fail("shift.not_red", span=(p.start, p.end), kind=ProblemKind.ILLEGAL, clause="DRP-RES-05",
                   hint=msg("read.hint_shift"))
    count = 1
    for sp in specs(items):
        if sp.count is not None:
            count = sp.count
            break
    else:
        loose = [it.value for it in items if it.kind == "num"]
        if loose:
            count = loose[0] or 1
    p.orders.append(Shift(slot=slot, source=source, count=max(count, 1)))
    return p


def _dest_ref(items: list[Item], refs: list[int]) -> int | None:
    for k in refs:
        if prep_before(items, k) in DEST_PREPS:
            return k
    for a, b, _ in arrow_pairs(items):
        if items[b].kind == "ref":
            return b
    if len({(items[k].faction, items[k].value) for k in refs}) == 1:
        return refs[-1]  # «Ведьма приходит в себя: добавляю ей 2 синих»: one character, named twice
    return refs[0] if len(refs) == 1 else None


def parse_add(items: list[Item], ctx: Context | None) -> Parsed:
    """«Добавляю из хранилища 2 синих на персонажа 3», «На П1 из хранилища красный в атаку»."""
    reject_bare_z(items)
    p = Parsed("add", items[0].start, items[-1].end)
    refs = ref_indices(items)
    k = _dest_ref(items, refs)
    if k is None:
        raise fail("read.add_char", span=(p.start, p.end), hint=msg("read.hint_add"))
    slot = own_slot_of(items[k], ctx, "DRP-RES-08")
    found = [sp for sp in specs(items) if not (sp.zone is Zone.TIME and sp.count is None and sp.lands is None
                                                and any(i.is_word("storage") for i in items[sp.index + 1 : sp.index + 2]))]
    if not found:
        raise fail("read.add_what", span=(p.start, p.end), hint=msg("read.hint_add"))
    lands = _lands_said(items, found)
    for sp in found:
        if sp.lands is None and lands is not None:
            sp.lands = lands  # «Добавляю в атаку П1 два красных», «1 красный из хранилища в атаку»
        zone = zone_arriving(sp)
        p.orders.append(Add(slot=slot, zone=zone, count=max(sp.count or 1, 1)))
    return p


def _lands_said(items: list[Item], found: list[Spec]) -> Zone | None:
    """The one red zone said with «в» apart from every token, where the reds of the line land."""
    zones = {it.zone for k, it in enumerate(items) if it.kind == "zone" and it.zone in REDS
             and prep_before(items, k) in ("в", "во") and not any(sp.start <= it.start < sp.end for sp in found)}
    return zones.pop() if len(zones) == 1 else None


def parse_transfer(items: list[Item], ctx: Context | None) -> Parsed:
    """«Переношу 1 форму с П4 на П2», «П4 → П2: 1 форма», «Переношу 2 атаки с П1 на П2 в защиту»."""
    reject_bare_z(items)
    p = Parsed("transfer", items[0].start, items[-1].end)
    refs = ref_indices(items)
    src = dst = None
    for a, b, _ in arrow_pairs(items):
        if items[a].kind == "ref" and items[b].kind == "ref":
            src, dst = a, b
    if src is None:
        for k in refs:
            prep = prep_before(items, k)
            if prep in SOURCE_PREPS and src is None:
                src = k
            elif prep in ("на", "к", "ко", "в", "во") and dst is None:
                dst = k
        rest = [k for k in refs if k not in (src, dst)]
        if src is None and rest:
            src = rest.pop(0)
        if dst is None and rest:
            dst = rest.pop(0)
    if src is None or dst is None:
        raise fail("read.transfer_chars", span=(p.start, p.end), hint=msg("read.hint_transfer"))
    source, target = own_slot_of(items[src], ctx, "DRP-RES-07"), own_slot_of(items[dst], ctx, "DRP-RES-07")
    found = specs(items)
    if not found:
        raise fail("read.transfer_what", span=(p.start, p.end), hint=msg("read.hint_transfer"))
    # «в защиту» said after the destination: where a red token lands (DRP-GAP-14)
    lands_all = None
    for k, it in enumerate(items):
        # … or right before it: «красный из атаки П1 в защиту П2»
        if it.kind == "zone" and it.zone in REDS and prep_before(items, k) in ("в", "во") and (k > dst or k == dst - 1):
            lands_all = it.zone
    src_zone_said = None
    for k, it in enumerate(items):
        if it.kind == "zone" and prep_before(items, k) in ("из",):
            src_zone_said = it.zone
    for sp in found:
        if sp.zone is None and sp.colour is Colour.RED and src_zone_said in REDS:
            sp.zone = src_zone_said
        zone = zone_leaving(sp, ctx, source)
        lands = sp.lands or lands_all or zone
        if zone not in REDS:
            lands = zone
        p.orders.append(Transfer(source=source, target=target, zone=zone, lands=lands, count=max(sp.count or 1, 1)))
    return p


def parse_return(items: list[Item], ctx: Context | None) -> Parsed:
    """«Возвращаю в хранилище с П1: синий ×2» (only with the option allow_return_to_storage)."""
    reject_bare_z(items)
    p = Parsed("return", items[0].start, items[-1].end)
    refs = ref_indices(items)
    if len(refs) != 1:
        raise fail("read.return_char", span=(p.start, p.end), hint=msg("read.hint_return"))
    slot = own_slot_of(items[refs[0]], ctx, "DRP-GAP-09")
    found = specs(items)
    if not found:
        raise fail("read.return_what", span=(p.start, p.end), hint=msg("read.hint_return"))
    for sp in found:
        p.orders.append(ReturnToStorage(slot=slot, zone=zone_leaving(sp, ctx, slot), count=max(sp.count or 1, 1)))
    return p


def parse_swap(items: list[Item], ctx: Context | None) -> Parsed:
    """«Меняю у П1 зелёный на синий из хранилища»; «Обмен между П1 и П3: синий П1 ↔ красный (атака) П3»."""
    reject_bare_z(items)
    p = Parsed("swap", items[0].start, items[-1].end)
    refs = ref_indices(items)
    found = specs(items)
    if len(refs) >= 2:
        return _swap_characters(items, refs, found, ctx, p)
    if len(refs) == 1:
        return _swap_storage(items, refs[0], found, ctx, p)
    raise fail("read.swap_char", span=(p.start, p.end), hint=msg("read.hint_swap"))


def _swap_storage(items: list[Item], ref: int, found: list[Spec], ctx: Context | None, p: Parsed) -> Parsed:
    slot = own_slot_of(items[ref], ctx, "DRP-RES-06")
    give_k = first_index(items, "v_give")
    get_k = first_index(items, "v_get")
    give = take = None
    if give_k is not None and get_k is not None:
        give = next((sp for sp in found if give_k < sp.index < get_k), None)
        take = next((sp for sp in found if sp.index > get_k), None)
    else:
        na = next((k for k, it in enumerate(items) if it.kind == "word" and it.text == "на"), None)
        if na is not None:
            give = next((sp for sp in found if sp.index < na), None)
            take = next((sp for sp in found if sp.index > na), None)
    if give is None or take is None:
        raise fail("read.swap_what", span=(p.start, p.end), hint=msg("read.hint_swap"))
    give_zone = zone_leaving(give, ctx, slot)
    take_zone = zone_arriving(take)
    count = max(take.count or give.count or 1, 1)
    p.family = "swap_storage"
    p.orders.append(SwapStorage(slot=slot, give=give_zone, take=take_zone, count=count))
    return p


def _swap_characters(items: list[Item], refs: list[int], found: list[Spec], ctx: Context | None,
                     p: Parsed) -> Parsed:
    owned = [sp for sp in found if sp.owner is not None]
    if len(owned) >= 2:
        sa, sb = owned[0], owned[1]
        a, b = sa.owner, sb.owner
    elif len(found) >= 2:
        sa, sb = found[0], found[1]
        a, b = refs[0], refs[1]
    else:
        raise fail("read.swap_what", span=(p.start, p.end), hint=msg("read.hint_swap"))
    assert a is not None and b is not None
    slot_a, slot_b = own_slot_of(items[a], ctx, "DRP-RES-06"), own_slot_of(items[b], ctx, "DRP-RES-06")
    a_zone = zone_leaving(sa, ctx, slot_a)
    b_zone = zone_leaving(sb, ctx, slot_b)
    a_lands = sa.lands if (sa.lands and a_zone in REDS) else a_zone
    b_lands = sb.lands if (sb.lands and b_zone in REDS) else b_zone
    # «…, на П3 — в защиту»: where a red token lands on that character (DRP-GAP-14)
    for k in ref_indices(items):
        if k in (a, b) or prep_before(items, k) != "на":
            continue
        zone = next((items[j].zone for j in range(k + 1, min(k + 4, len(items)))
                     if items[j].kind == "zone" and prep_before(items, j) in ("в", "во")), None)
        if zone in REDS:
            if items[k].value == slot_b and a_zone in REDS:
                a_lands = zone
            elif items[k].value == slot_a and b_zone in REDS:
                b_lands = zone
    p.family = "swap_characters"
    p.orders.append(SwapCharacters(a=slot_a, a_zone=a_zone, b=slot_b, b_zone=b_zone, a_lands=a_lands,
                                   b_lands=b_lands))
    return p


def _discards(items: list[Item], ctx: Context | None, lo: int, hi: int, p: Parsed) -> list[Discard]:
    """«2 красных из хранилища, 1 атаки с П2»: each with the place after it (storage by default);
    or, when the line names a place before its first tokens («Сбрасываю с П4 две формы», «С Рыцаря
    в мешок 1 синий», «из хранилища 2 красных и с Лучницы 1 форму»), each with the place said last
    before it."""
    out: list[Discard] = []
    found = specs(items, lo, hi)
    before = bool(found) and any(_place_at(items, k, ctx) is not _NO_PLACE for k in range(lo, found[0].index))
    for n, sp in enumerate(found):
        end = found[n + 1].index if n + 1 < len(found) else hi
        if before:  # a place right after the tokens still wins: «Из хранилища … 1 синий, 1 атаку с П2»
            right = _place_right_after(items, sp, end, ctx)
            place = _place_said_before(items, lo, sp.index, ctx) if right is _NO_PLACE else right
        else:
            place = _place_said_after(items, sp, end, ctx)
        count = max(sp.count or 1, 1)
        if place is None:
            colour = sp.colour_of()
            if colour is None:
                out.extend(_guess_storage(ctx, count, sp, p))
                continue
            out.append(Discard(colour=colour, count=count))
        elif sp.colour_of() is None and sp.zone is None:
            out.extend(_all_of(ctx, place, count, sp))  # «все 12 токенов Стража»
        else:
            out.append(Discard(slot=place, zone=zone_leaving(sp, ctx, place), count=count))
    return out


def _all_of(ctx: Context | None, slot: int, count: int, sp: Spec) -> list[Discard]:
    """Tokens of no colour from a character: all of them when the count is all it has (so the
    rules can say that would empty it, DRP-GAP-11, DRP-GAP-13); else the colour must be said."""
    char = ctx.me.chars.get(slot) if ctx is not None else None
    zones = {Zone.TIME: char.time, Zone.ATTACK: char.attack, Zone.DEFENCE: char.defence,
             Zone.FORM: char.form} if char is not None else {}
    if not zones or count < sum(zones.values()):
        raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))
    return [Discard(slot=slot, zone=z, count=n) for z, n in zones.items() if n]


_NO_PLACE = object()


def _place_at(items: list[Item], k: int, ctx: Context | None) -> int | None | object:
    """The place item k names: a slot («с П4»), None for the storage, or `_NO_PLACE`."""
    if k < 0:
        return _NO_PLACE
    it = items[k]
    if it.is_word("storage"):
        return None
    if it.kind == "ref" and prep_before(items, k) in SOURCE_PREPS:
        return own_slot_of(it, ctx, "DRP-RES-09")
    return _NO_PLACE


def _place_said_before(items: list[Item], lo: int, at: int, ctx: Context | None) -> int | None:
    """The last place said before the tokens at ``at``, past other tokens of the same list
    («с Рыцаря 1 синий и 1 зелёный»); the storage when none is."""
    for k in range(at - 1, lo - 1, -1):
        got = _place_at(items, k, ctx)
        if got is not _NO_PLACE:
            return got  # type: ignore[return-value]
    return None


def _place_right_after(items: list[Item], sp: Spec, end: int, ctx: Context | None) -> int | None | object:
    """The place said right after tokens, before any comma or «и» («1 атаку с П2»), or `_NO_PLACE`."""
    for k in range(sp.index + 1, end):
        if items[k].is_sym(",", ";") or items[k].kind == "word" and items[k].text == "и":
            break
        got = _place_at(items, k, ctx)
        if got is not _NO_PLACE:
            return got
    return _NO_PLACE


def _place_said_after(items: list[Item], sp: Spec, end: int, ctx: Context | None) -> int | None:
    for k in range(sp.index + 1, end):
        if items[k].kind == "ref" and prep_before(items, k) in SOURCE_PREPS | {None}:
            return own_slot_of(items[k], ctx, "DRP-RES-09")
        if items[k].is_word("storage"):
            return None
    return own_slot_of(items[sp.owner], ctx, "DRP-RES-09") if sp.owner is not None else None


_COLOUR_FORMS = {Colour.RED: ("красный", "красных"), Colour.BLUE: ("синий", "синих"),
                 Colour.GREEN: ("зелёный", "зелёных")}


def _guess_storage(ctx: Context | None, count: int, sp: Spec, p: Parsed) -> list[Discard]:
    """«3 токена из хранилища» with no colours: take the most plentiful colours first, and say so."""
    if ctx is None or not ctx.storage:
        raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))
    left = dict(ctx.storage)
    took: dict[Colour, int] = {}
    for _ in range(count):
        colour = max((Colour.RED, Colour.GREEN, Colour.BLUE), key=lambda c: left.get(c, 0))
        if left.get(colour, 0) <= 0:
            break
        left[colour] -= 1
        took[colour] = took.get(colour, 0) + 1
    if sum(took.values()) < count:
        raise fail("read.colour_needed", span=(sp.start, sp.end), hint=msg("read.hint_colour"))
    what = ", ".join(f"{_COLOUR_FORMS[c][0 if n == 1 else 1]} — {n}" for c, n in took.items())
    p.issues.append(note("read.storage_guess", sp.start, sp.end, "DRP-RES-09", what=what))
    return [Discard(colour=c, count=n) for c, n in took.items()]


def parse_reroll(items: list[Item], ctx: Context | None) -> Parsed:
    """«Сбрасываю в мешок 2 красных из хранилища, добираю 2»."""
    reject_bare_z(items)
    p = Parsed("reroll", items[0].start, items[-1].end)
    draw_k = first_index(items, "v_draw")
    hi = draw_k if draw_k is not None else len(items)
    discards = _discards(items, ctx, 0, hi, p)
    if not discards:
        raise fail("read.reroll_what", span=(p.start, p.end), hint=msg("read.hint_reroll"))
    order = Reroll(discards=tuple(discards))
    if draw_k is not None:
        said = first_number(items, draw_k, len(items))
        if said is not None and said != order.count:
            raise fail("read.reroll_count", items[draw_k], clause="DRP-GAP-10", kind=ProblemKind.ILLEGAL,
                       hint=msg("read.hint_reroll_count", n=order.count), said=said, n=order.count)
    p.orders.append(order)
    return p


def parse_emergency(items: list[Item], ctx: Context | None) -> Parsed:
    """«Времени нет нигде — меняю 3 токена из хранилища на случайные из мешка»."""
    reject_bare_z(items)
    p = Parsed("emergency", items[0].start, items[-1].end)
    verb = first_index(items, "v_swap", "emergency", "v_discard")
    lo = verb + 1 if verb is not None else 0
    na = next((k for k in range(lo, len(items)) if items[k].kind == "word" and items[k].text == "на"
               and k + 1 < len(items) and items[k + 1].is_word("random")), None)
    discards = _discards(items, ctx, lo, na if na is not None else len(items), p)
    if not discards and na is not None:  # «меняю на случайные из мешка: 3 красных из хранилища»
        discards = _discards(items, ctx, na + 2, len(items), p)
    if not discards:
        raise fail("read.emergency_what", span=(p.start, p.end), hint=msg("read.hint_emergency"))
    p.orders.append(Emergency(discards=tuple(discards)))
    return p


def parse_draw_more(items: list[Item], ctx: Context | None) -> Parsed:
    """«Добираю 2» on its own: the tail of a reroll written on the line before."""
    p = Parsed("draw_more", items[0].start, items[-1].end)
    p.draw_count = first_number(items, 0, len(items))
    return p
