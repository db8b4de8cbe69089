"""The Dice Roll Party order grammar: which kind of order a sentence is, and who reads it.

Stage one of reading (after python-chess's `parse_san`): what does the text say? Legality comes
later (`reader.py` runs `legality.simulate`). A sentence is given a *family* by its order verb
(«атакую», «переношу», «гашу») or, when it has none, by its shape («П4: защита → атака»,
«хранилище → П3», «П2 → П1», a sheet «В3 А4 З2 Ф3»). The family's parser (`reader_setup`,
`reader_phase1`, `reader_combat`) then fills the order's fields from the items, with the defaults
the checklist gives (a count of 1, a red token landing in the zone it came from, DRP-GAP-14), and
reports what it cannot decide as an `Issue`: unreadable (with the canonical form as a hint) or
ambiguous (which character? which zone?).
"""

from __future__ import annotations

from letopis.engine.negation import negated
from letopis.engine.problems import ProblemKind, Severity

from .messages import msg
from .orders import Colour, Zone
from .reader_combat import (
    parse_attack,
    parse_boosts,
    parse_defence,
    parse_presoak,
    parse_skip,
    parse_soak,
    soak_start,
)
from .reader_parts import (
    DEST_PREPS,
    REDS,
    Issue,
    Parsed,
    arrow_pairs,
    concepts_of,
    first_index,
    prep_before,
    ref_indices,
    specs,
)
from .reader_phase1 import (
    parse_add,
    parse_draw_more,
    parse_emergency,
    parse_reroll,
    parse_return,
    parse_shift,
    parse_swap,
    parse_transfer,
)
from .reader_setup import parse_bid, parse_first_move, parse_handicap, parse_pass, sheet_like
from .reader_words import Context, Item, lemmatizer
from .reading.asked import asked_family
from .reading.clauses import recipient
from .reading.frames import BOOST, verb_reading, verbless_kind
from .reading.unsaid import NOT_DONE, not_done


# --- the families ---------------------------------------------------------------------------------
def family(items: list[Item], ctx: Context | None) -> str | None:
    """Which kind of order a sentence is, by its verb or shape; None for chatter."""
    if not items:
        return None
    cs = concepts_of(items)
    expected = ctx.expected if ctx else frozenset()
    refs = ref_indices(items)
    asked = asked_family(items, ctx, _boost_like)  # the step's own question first
    if asked is not None:
        return asked
    if not_done(items):
        return NOT_DONE
    if "v_skip" in cs or ("nobody" in cs and ("v_attack" in cs or any(i.zone is Zone.ATTACK for i in items))):
        return "skip"
    if "emergency" in cs or ("nowhere" in cs and any(i.zone is Zone.TIME for i in items)):
        return "emergency"
    if "random" in cs and ("v_swap" in cs or "bag" in cs):
        # «меняю … на случайные»: the emergency exchange when there is no time anywhere (DRP-RES-12),
        # a discard and draw otherwise (DRP-RES-09)
        return "reroll" if ctx is not None and _has_time(ctx) and not _no_time_said(items) else "emergency"
    if "v_discard" in cs or "v_reroll" in cs or _into_the_bag(items):
        return "reroll"
    if "v_soak" in cs or ("v_accept" in cs and "damage" in cs) or ("v_give" in cs and "instead" in cs):
        if "defence" in expected or ("if" in cs and "soak" not in expected):
            cut = soak_start(items)
            return "defence" if cut and _boost_like(items[:cut]) else "presoak"
        return "soak"
    if "v_pass" in cs:
        return "skip" if "pass" not in expected and "skip" in expected else "pass"
    if "v_bid" in cs:
        k = first_index(items, "v_bid")
        if k and items[k - 1].kind == "word" and items[k - 1].text == "не":
            return "pass"  # «Не перебиваю» (D3, DRP-GAP-06)
        return "bid"
    if "bid" in expected and any(i.kind == "num" for i in items) and any(_lemma_is(i, "фора") for i in items):
        return "bid"  # «Даю фору в 1 время»
    if "v_put" in cs:
        has_token = any(i.kind in ("colour", "zone") and i.zone is not Zone.TIME for i in items)
        if refs and (has_token or "bid" not in expected):
            return "add"
        # «Ставлю 2 времени» is a bid; «Ставлю щит» outside the auction is role-play, and so is
        # «сколько же поставить…» (no amount, wondering aloud)
        has_num = any(i.kind == "num" for i in items)
        if not has_num and wondering(items):
            return None
        return "bid" if "bid" in expected or has_num else None
    if "v_remove" in cs:
        return "return" if "storage" in cs and "handicap" not in expected else "handicap"
    if "v_return" in cs:
        # «Убираю в хранилище 3 синих с четвёртого» in the handicap step is the handicap (D4)
        return "handicap" if "handicap" in expected and refs else "return"
    if "v_shift" in cs:
        return by_objects(items, ctx, "v_shift", "shift")
    if "v_swap" in cs:
        return by_objects(items, ctx, "v_swap", "swap")
    if "v_add" in cs:
        return by_objects(items, ctx, "v_add", "add")
    if "v_transfer" in cs:
        zones = [i for i in items if i.kind == "zone" and i.zone in REDS]
        return by_objects(items, ctx, "v_transfer", "shift" if len(refs) <= 1 and len(zones) >= 2 else "transfer")
    if "v_give" in cs:  # «отдаёт … и забирает …»; «сдаёт в хранилище 2 формы» returns them
        if "handicap" in expected and (refs or any(i.kind == "ordinal" for i in items)):
            return "handicap"  # «два времени отдаёт Рыцарь», «Рыцарь отдаёт в хранилище три синих»
        return "swap" if "v_get" in cs else ("soak" if "soak" in expected else
                                             "return" if _into_storage(items) else "transfer")
    if "v_defend" in cs:
        return "defence"
    if "v_attack" in cs or _attack_named(items):
        return "attack"
    if "v_charge" in cs:  # «Лис прыгает на Берсерка»: an attack with an enemy to go at, else a story
        return "attack" if verb_reading(items, ctx, "v_charge", "attack").kind == "attack" else None
    if "v_reinforce" in cs and (refs or any(i.kind == "ordinal" for i in items)) and specs(items):
        return "add"  # «Усиливаю первого двумя синими и тремя зелёными из хранилища»
    if "v_draw" in cs:
        # «Шаман кидает в котёл 2 зелёных из хранилища и тянет из мешка столько же новых»: tokens
        # named before the draw are what goes back into the bag, whatever verb sent them there
        return "reroll" if specs(items, 0, first_index(items, "v_draw")) else "draw_more"
    # --- no order verb: the shape decides ---------------------------------------------------
    if sheet_like(items):
        return "build"
    if ("first_move" in cs or _first_move_like(items)) and not (len(refs) >= 2 and arrow_pairs(items)):
        return "first_move"  # not «Первый ход, так что без наворотов: П4 → П2» (an attack said after it)
    first = items[0]  # a heading word: «Атака: П2 → П1», «Атака П3 по П1», «Защита: страховка»
    if first.kind == "zone" and first.zone is Zone.ATTACK and len(items) > 1 \
            and (items[1].is_sym(":") or items[1].kind == "ref"):
        return "attack"
    if first.kind == "zone" and first.zone is Zone.DEFENCE and len(items) > 1 and items[1].is_sym(":"):
        return "defence"
    arrows = arrow_pairs(items)
    for a, b, _ in arrows:
        left, right = items[a], items[b]
        if left.kind == "zone" and right.kind == "zone":
            return "shift"
        if left.is_word("storage") and right.kind == "ref":
            return "add"
        if left.kind == "ref" and right.kind == "ref":
            # «П2 → П1 соперника, 2 времени в урон»: an arrow at the opponent's character is an attack
            return "transfer" if specs(items) and right.side != "opp" else "attack"
        if left.kind == "ref" and right.is_word("storage"):
            return "handicap" if "handicap" in expected else "return"
    into_storage = _into_storage(items)
    if "storage" in cs and refs and "bag" not in cs and not into_storage \
            and any(prep_before(items, k) in DEST_PREPS for k in refs):
        return "add"
    # «+1 синий на П2», «Синий на П2», «П2: +2 синих», «2 синих из хранилища П1» (not «… в хранилище»),
    # «Рыцарю 2 синих» (a name in the dative gets the tokens)
    if len(refs) == 1 and "bag" not in cs and specs(items) and not cs & {"state_word", "v_give"} \
            and (prep_before(items, refs[0]) in ("на", "к", "ко") or "storage" in cs and not into_storage
                 or recipient(items, refs[0]) and not _from_a_zone(items) and not _zone_to_zone(items)
                 or (refs[0] == 0 and len(items) > 2 and items[1].is_sym(":") and items[2].is_sym("+"))):
        return "add"
    if len(refs) >= 2 and any(prep_before(items, k) in ("с", "со", "от") for k in refs) \
            and any(prep_before(items, k) in ("на", "к") for k in refs) and specs(items):
        return "transfer"
    kind = verbless_kind(items, ctx)  # «Лучницей по Вихрю», «У П2 красный из защиты в атаку», «П2 +1 форма»
    if kind is not None:
        return kind
    if "damage" in cs and refs and all(prep_before(items, k) == "у" for k in refs):
        return None  # «У Вихря 2 времени, 4 урона прилетело»: what is, not a boost
    if "attack" in expected and _slots_side_by_side(items):
        return "attack"  # «п2 п4 класс+ урон 2», «2->4 +2 урона»
    if _boost_like(items):
        return "boosts"
    if "handicap" in expected and refs and any(i.kind == "num" for i in items) and "state_word" not in cs:
        return "handicap"
    if "bid" in expected and _bare_amount(items) and not refs:
        return "bid"
    if "soak" in expected and len(items) <= 2 and any(i.kind == "num" for i in items) and not refs:
        return "soak"  # a bare «1» answering «сколько погасить?»
    return None


def by_objects(items: list[Item], ctx: Context | None, verb: str, default: str) -> str:
    """The family of a clause whose verb may mean several orders, chosen by its objects
    (`reading.frames.verb_reading`): «Рыцарь идёт на Тень» attacks, «перекладываю синий с П2 на
    П3» transfers, «добавляю три урона» after an attack is its damage boost; "ambiguous" when two
    readings fit equally."""
    r = verb_reading(items, ctx, verb, default)
    if r.rivals:
        return "ambiguous"
    if r.kind == BOOST:
        return "attack" if any(i.is_word("v_attack") for i in items) else "boosts"
    return r.kind or default


def parse_ambiguous(items: list[Item], ctx: Context | None) -> Parsed:
    """An order verb whose objects fit two readings equally: an error naming both (issue 9)."""
    readings = ""
    for verb, default in _DEFAULTS.items():
        if any(i.is_word(verb) for i in items):
            readings = verb_reading(items, ctx, verb, default).rivals or readings
    p = Parsed("ambiguous", items[0].start, items[-1].end)
    p.issues.append(Issue("read.verb_ambiguous", msg("read.verb_ambiguous", readings=readings),
                          msg("read.hint_verb_ambiguous"), None, Severity.ERROR, ProblemKind.AMBIGUOUS,
                          p.start, p.end))
    return p


_DEFAULTS = {"v_shift": "shift", "v_swap": "swap", "v_add": "add", "v_transfer": "transfer"}


_PREPOSITIONS = frozenset({"в", "во", "из", "с", "со", "на", "от", "к", "ко", "у", "до", "для", "без"})


def _attack_named(items: list[Item]) -> bool:
    """«Прошу засчитать атаку П4 по П1 противника…»: the attack as a noun, with its attacker right
    after it and a target after that (an order inside a sentence about something else)."""
    for k, it in enumerate(items[:-1]):
        if it.kind == "zone" and it.zone is Zone.ATTACK and prep_before(items, k) not in _PREPOSITIONS \
                and items[k + 1].kind == "ref" and items[k + 1].side != "opp":
            return any(j.kind == "ref" and (j.side == "opp" or prep_before(items, n) in ("по", "на"))
                       for n, j in enumerate(items) if n > k + 1)
    return False


def _from_a_zone(items: list[Item]) -> bool:
    """«П2: 2 красных из защиты в атаку»: tokens leave a zone of the character (a shift), not the storage."""
    return any(it.kind == "zone" and prep_before(items, k) in ("из", "с", "со", "от") for k, it in enumerate(items))


def _has_time(ctx: Context) -> bool:
    """Whether the poster has a time token anywhere: on a character or in storage."""
    return any(c.time for c in ctx.me.chars.values()) or bool(ctx.storage.get(Colour.BLUE))


def _no_time_said(items: list[Item]) -> bool:
    """«Времени нет — меняю …»: the player says he has no time (the emergency exchange is meant)."""
    texts = [it.text for it in items]
    return any((it.zone is Zone.TIME or it.colour is Colour.BLUE) and negated(texts, k) for k, it in enumerate(items))


def _zone_to_zone(items: list[Item]) -> bool:
    """«Рыцарю одну атаку в защиту»: a red zone's token said to go to the other red zone (a shift)."""
    return any(a.kind == "zone" and a.zone in REDS and b.kind == "word" and b.text in ("в", "во")
               and c.kind == "zone" and c.zone in REDS and c.zone is not a.zone
               for a, b, c in zip(items, items[1:], items[2:], strict=False))


def _into_storage(items: list[Item]) -> bool:
    """«… в хранилище»: the storage is where tokens go, not where they come from."""
    return any(it.is_word("storage") and prep_before(items, k) in ("в", "во") for k, it in enumerate(items))


def _into_the_bag(items: list[Item]) -> bool:
    """«Отправляю 2 синих из хранилища в мешок»: tokens put into the bag are discarded (DRP-RES-09)."""
    return any(it.is_word("bag") and prep_before(items, k) in ("в", "во") for k, it in enumerate(items)) \
        and bool(specs(items))


def _lemma_is(it: Item, lemma: str) -> bool:
    return it.kind == "word" and lemma in lemmatizer().lemmas(it.text)


def _slots_side_by_side(items: list[Item]) -> bool:
    """A line that opens with two slots, the attacker and the target, with no verb, as the
    shortest attack is written: «п2 п4» or bare digits with an arrow («2->4») before boosts; «2->4»
    is that alone too."""
    digits = len(items) >= 3 and items[0].kind == "num" and items[1].is_sym("→") and items[2].kind == "num" \
        and all(1 <= (items[k].value or 0) <= 9 for k in (0, 2))
    slots = len(items) >= 2 and items[0].kind == "ref" and items[1].kind == "ref"
    return (digits or slots) and (_boost_like(items[2:]) or digits and len(items) == 3)


def _bare_amount(items: list[Item]) -> bool:
    """«5», «А я 3!», «Четыре — и ни синим больше»: an amount said on its own, or opening a
    sentence before a dash."""
    if len(items) <= 3 and any(i.kind == "num" for i in items):
        return True
    return items[0].kind == "num" and len(items) > 1 and items[1].is_sym("-", "—") \
        and not any(i.kind in ("ordinal", "zone") or i.kind == "colour" and i.colour is not Colour.BLUE
                    or i.kind == "num" and k > 0 for k, i in enumerate(items))


def wondering(items: list[Item]) -> bool:
    """«Хм, сколько же поставить…»: an infinitive or a question, thinking aloud."""
    lem = lemmatizer()
    return any(i.is_sym("?") or i.kind == "word" and (i.text in ("сколько", "что", "как")
                                                        or "INFN" in lem.grammemes(i.text)) for i in items)


def _boost_like(items: list[Item]) -> bool:
    cs = concepts_of(items)
    if cs & {"insurance", "superiority", "counter", "absorb", "class_up", "none_boosts", "advantage"}:
        return True
    if "boosts" in cs and any(i.is_sym(":") for i in items):
        return True
    for k, it in enumerate(items):
        if it.is_word("cls") and ((k > 0 and items[k - 1].is_sym("+")) or (k + 1 < len(items) and items[k + 1].is_sym("+"))):
            return True
        if it.is_word("damage") and any(i.kind == "num" for i in items[max(0, k - 2) : k + 3]):
            return True
    return False


def _first_move_like(items: list[Item]) -> bool:
    """«первым ходит Борис», «ходи первым», «бросаем кубик» (who moves first is not an order)."""
    texts = [i.text for i in items]
    return (any(t.startswith("перв") for t in texts) and any(t.startswith("ход") for t in texts)) \
        or (any(t.startswith(("брос", "кида")) for t in texts) and any(i.is_word("cls") for i in items))


PARSERS = {
    "bid": parse_bid, "pass": parse_pass, "handicap": parse_handicap, "shift": parse_shift, "add": parse_add,
    "transfer": parse_transfer, "return": parse_return, "swap": parse_swap, "reroll": parse_reroll,
    "emergency": parse_emergency, "attack": parse_attack, "skip": parse_skip, "defence": parse_defence,
    "soak": parse_soak, "presoak": parse_presoak, "boosts": parse_boosts, "draw_more": parse_draw_more,
    "first_move": parse_first_move, "ambiguous": parse_ambiguous,
}
# The order kind a family stands for, for "now is not the time for this" messages.
FAMILY_KIND = {"swap": "swap_storage", "presoak": "soak", "draw_more": "reroll"}

