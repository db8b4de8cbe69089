"""Parsers for the fight: boosts, the attack, a skipped attack, the defence and soaking damage
(DRP-ATK-*, DRP-DEF-*, DRP-DMG-03, DRP-GAP-18: «поглощение» is accepted and noted).
"""

from __future__ import annotations

from letopis.engine.answers import Answer, everyday_answer
from letopis.engine.negation import negated
from letopis.engine.problems import ProblemKind
from letopis.engine.text import is_known, suggest

from .messages import msg
from .orders import Attack, Skip, Soak, Zone
from .reader_parts import (
    REDS,
    Boosts,
    Issue,
    Parsed,
    arrow_pairs,
    concepts_of,
    fail,
    first_index,
    note,
    prep_before,
    ref_indices,
    reject_bare_z,
    slot_of,
)
from .reader_words import SHORT_BOOSTS, Context, Item, lemmatizer

BOOST_VOCAB = ("класс", "страховка", "подстраховка", "страхую", "превосходство", "контратака", "контра",
               "поглощение", "урон", "повышаю", "дважды")
_FILLER = frozenset({"и", "а", "еще", "также", "плюс", "тоже", "беру", "брать", "взять", "использую",
                     "использовать", "применяю", "с", "со", "за", "на", "по", "к", "для", "мой", "свой",
                     "это", "все", "всё", "ну", "да", "вот", "так", "же", "то", "ли", "уж", "покупаю",
                     "купить", "покупать", "добавляю", "ставлю", "активирую", "включаю", "делаю", "хочу",
                     "буду", "будет", "время", "времени", "бросок", "броска", "кубика", "кидаю",
                     "этот", "раз", "ход", "ходу", "бью", "атакую", "атаку", "атака", "защита", "защиту",
                     "защиты", "защищаюсь", "персонаж", "персонажа", "сильно", "изо", "всех", "сил",
                     "без", "не", "нет", "мне", "меня", "я", "он", "она", "его", "её", "их", "ему",
                     "затем", "потом", "после", "чего", "этого", "далее", "следом", "ещё"})




# --- boosts (attack and defence) ------------------------------------------------------------------------
def scan_boosts(items: list[Item], skip: set[int], strict_from: int | None = None) -> tuple[Boosts, list[Issue]]:
    """The boosts said in items (not counting indices in `skip`). Unknown words after «Усиления:»
    (`strict_from`), or close to a boost's name, are errors with a hint."""
    b = Boosts()
    issues: list[Issue] = []
    n = len(items)
    used = set(skip)
    texts = [it.text for it in items]
    for k, it in enumerate(items):
        if k in used:
            continue
        if it.is_sym(".") and strict_from is not None and k > strict_from:
            strict_from = None  # «Защита: …, контра. Всё время туда.»: the list ends with its sentence
        c = it.concept if it.kind == "word" else None
        strict = strict_from is not None and k > strict_from
        if c is None and it.kind == "word" and it.text not in _FILLER:
            c = _short_form(items, k, strict)
            if c is not None:  # «(кл+, стр, прев)»: a boost's name cut short, read and noted
                issues.append(note("read.read_as", it.start, it.end, None, word=it.text, read_as=BOOST_NAMES[c]))
        if c in _NEGATABLE and negated(texts, k):
            b.said = True  # «без страховки», «контры не будет»: named, and not bought
            continue
        if c == "if":
            if _pays_after(items, k):
                break  # «если пробьёт — гашу 1»: the soak, read apart
            used.update(_condition(items, k))  # «и если выдержит, контратакую»: a condition, not a boost
            continue
        if c == "class_up":
            b.class_up += 1
            b.said = True
            used.add(k)
            if k + 1 < n and items[k + 1].kind == "zone" and items[k + 1].zone in REDS:
                b.side = "attack" if items[k + 1].zone is Zone.ATTACK else "defence"
                used.add(k + 1)
        elif c == "cls":
            plus_before = k > 0 and items[k - 1].is_sym("+")
            plus_after = k + 1 < n and items[k + 1].is_sym("+")
            raised = k > 0 and items[k - 1].is_word("v_raise")
            higher = k + 1 < n and items[k + 1].is_word("higher")  # «класс выше», «кубик побольше»
            # «страховку, контратаку и класс», «Защита: класс защиты, страховка»: a class in a list is raised
            listed = it.text.startswith("кл") and (_list_element(items, k) or k + 1 < n and items[k + 1].kind == "zone"
                                                   and items[k + 1].zone in REDS and _list_element(items, k, k + 1))
            if plus_before or plus_after or raised or higher or listed:
                step = 1
                if plus_after and k + 2 < n and items[k + 2].kind == "num" and items[k + 2].start == items[k + 1].end:
                    step = items[k + 2].value or 1
                    used.add(k + 2)
                b.class_up += step
                b.said = True
                used.update(x for x in (k - 1, k + 1) if 0 <= x < n and (items[x].is_sym("+") or items[x].is_word("v_raise", "higher")))
                if k + 1 < n and items[k + 1].kind == "zone" and items[k + 1].zone in REDS:
                    b.side = "attack" if items[k + 1].zone is Zone.ATTACK else "defence"
                    used.add(k + 1)
        elif c == "damage":
            amount, span = _damage_amount(items, k, used)
            if amount is None:
                issues.append(Issue("read.damage_amount", msg("read.damage_amount"), msg("read.hint_damage"),
                                    "DRP-ATK-04", start=it.start, end=it.end))
            else:
                b.damage += amount
                used.update(span)
            b.said = True
        elif c == "insurance":
            b.insurance = b.said = True
        elif c == "superiority":
            b.superiority = b.said = True
        elif c == "counter":
            b.counter = b.said = True
        elif c == "absorb":
            b.absorb = b.said = True
        elif c == "none_boosts":
            b.none_said = True
        elif c == "advantage":
            issues.append(Issue("read.advantage", msg("read.advantage"), msg("read.hint_advantage"), "DRP-ATK-06",
                                start=it.start, end=it.end))
        elif it.kind == "word" and c is None and it.text not in _FILLER \
                and everyday_answer(it.text, normalised=True) in _NONE_ANSWERS:
            b.none_said = True  # «Защ.: ничего», «Усиления: никаких»
        elif it.kind == "word" and c is None and it.text not in _FILLER and len(it.text) > 2:
            near = suggest(it.text, BOOST_VOCAB, cutoff=80)
            # a real word near a boost's name is role-play («забыв страх»), unless a list of boosts is expected
            if near and (strict or not is_known(it.text)) or strict:
                hint = msg("read.hint_maybe", word=_canonical_boost(near)) if near else msg("read.hint_boosts")
                issues.append(Issue("read.unknown_boost", msg("read.unknown_boost", word=it.text), hint,
                                    start=it.start, end=it.end))
    return b, issues


_NONE_ANSWERS = frozenset({Answer.NOTHING, Answer.NO})
# Boosts a player may say he does not take («без страховки», «не беру класс», «контры не будет»).
_NEGATABLE = frozenset({"class_up", "cls", "damage", "insurance", "superiority", "counter", "absorb", "advantage"})
# How each boost is called when a short form of it is read.
BOOST_NAMES = {"cls": "класс", "insurance": "страховка", "superiority": "превосходство", "counter": "контратака",
               "absorb": "поглощение", "damage": "урон"}


_LIST_SEPARATORS = frozenset({",", "(", ")", "[", "]", ":", "+", ".", "и", "-"})


def _short_form(items: list[Item], k: int, strict: bool) -> str | None:
    """The boost a word cut short names («стр», «прев.», «погл»). In a list of boosts (after
    «Усиления:», in brackets after the attack, or standing alone between commas) any short form
    counts; elsewhere only one that is no dictionary word, so role-play («забыв страх») is never
    read as a boost."""
    it = items[k]
    if not (strict or _list_element(items, k) or not is_known(it.text)):
        return None
    return lemmatizer().abbreviation(it.text, SHORT_BOOSTS)


def _list_element(items: list[Item], k: int, last: int | None = None) -> bool:
    """Items k…last alone between list separators: «стр, контр», «(кл+, стр)», «…, прев.»."""
    def separator(j: int) -> bool:
        return j < 0 or j >= len(items) or items[j].text in _LIST_SEPARATORS and items[j].kind in ("sym", "word")
    return separator(k - 1) and separator((k if last is None else last) + 1)


def _canonical_boost(word: str | None) -> str:
    return {"класс": "класс+", "страхую": "страховка", "контра": "контратака", "повышаю": "повышаю класс",
            "дважды": "кидаю дважды"}.get(word or "", word or "")


def _damage_amount(items: list[Item], k: int, used: set[int]) -> tuple[int | None, set[int]]:
    """«+2 урона», «урон +2», «урон 2», «2 времени в урон», «+1 к урону», «повышаю урон на 2»."""
    n = len(items)
    j = k - 1
    span = {k}
    while j >= 0 and (items[j].is_sym("+") or items[j].kind == "word" and items[j].text in ("в", "к", "на")
                      or items[j].kind == "zone" and items[j].zone is Zone.TIME):
        span.add(j)
        j -= 1
    if j >= 0 and items[j].kind == "num" and j not in used:
        return items[j].value, span | {j}
    j = k + 1
    span = {k}
    while j < n and (items[j].is_sym("+", ":", "=") or items[j].kind == "word" and items[j].text in ("на",)):
        span.add(j)
        j += 1
    if j < n and items[j].kind == "num" and j not in used:
        return items[j].value, span | {j}
    if (k > 0 and (items[k - 1].is_word("v_raise") or items[k - 1].is_sym("+"))) or (k + 1 < n and items[k + 1].is_sym("+")):
        return 1, span
    return None, span


def _strict_from(items: list[Item]) -> int | None:
    """Where the list of boosts starts — after it every word must be a boost: «Усиления:»,
    «усиление …», «Защита:», or a colon or a bracket with no character named after it
    («П2 → П1: …», «П2 → П1 (…)»)."""
    for k, it in enumerate(items):
        if it.is_word("boosts"):
            return k + 1 if k + 1 < len(items) and items[k + 1].is_sym(":") else k
    if len(items) > 1 and items[0].kind == "zone" and items[0].zone is Zone.DEFENCE and items[1].is_sym(":", "-", "("):
        return 1  # «Защита: …», «Защ - …», «Защита (…)»
    for k, it in enumerate(items):
        # «П2 → П1: …», «П2 → П1 (кл+, стр)»: a colon or a bracket after the characters opens the list
        if it.is_sym(":", "(", "[") and k > 0 and not any(i.kind in ("ref", "ordinal") for i in items[k + 1 :]) \
                and any(i.kind in ("ref", "ordinal") for i in items[:k]):
            return k
    return None


def parse_boosts(items: list[Item], ctx: Context | None) -> Parsed:
    """A line of boosts alone: the rest of an attack, or a defence («Повышаю класс защиты и беру
    превосходство»)."""
    p = Parsed("boosts", items[0].start, items[-1].end)
    b, issues = scan_boosts(items, set(), _strict_from(items))
    p.boosts, p.issues = b, issues
    return p


# --- phase 2: attack ------------------------------------------------------------------------------
def parse_attack(items: list[Item], ctx: Context | None) -> Parsed:
    """«Атакую: П2 → П3 соперника», «П1 бьёт вражеского персонажа №4, +2 урона, страховка»,
    «Атака П3 по П1 без усилений», «Атакую П1 врага своим П3», «Лучницей бью Рыцаря Бориса»."""
    reject_bare_z(items)
    p = Parsed("attack", items[0].start, items[-1].end)
    refs = ref_indices(items)
    if len(refs) < 2:  # ordinals stand in for references: «атакую вторым первого»
        refs = sorted(refs + [k for k, it in enumerate(items) if it.kind == "ordinal"])
    attacker = target = None
    for a, b, arrow in arrow_pairs(items):
        if items[a].kind in ("ref", "ordinal") and items[b].kind in ("ref", "ordinal") and arrow == "→":
            attacker, target = a, b
    if attacker is None and len(items) >= 3 and items[0].kind == "num" and items[1].is_sym("→") \
            and items[2].kind == "num":
        # «2->4 +2 урона»: bare digits around the arrow that opens the line are the two slots
        items = [Item("ref", it.start, it.end, f"П{it.value}", value=it.value) if k in (0, 2) else it
                 for k, it in enumerate(items)]
        refs = [0, 2, *(k for k in ref_indices(items) if k > 2)]
        attacker, target = 0, 2
    if attacker is None:
        free = []
        verb = next((k for k, it in enumerate(items) if it.is_word("v_attack")), None)
        _no_enemy_subject(items, refs, verb, ctx)
        for k in refs:
            it = items[k]
            if it.side == "opp" or prep_before(items, k) in ("по", "на"):
                target = k if target is None else target
            elif _own_object(items, k, verb, attacker):
                target = k if target is None else target  # «П2 атакует свой П1», «Рыцарь атакует Лучницу»
            elif it.side == "own" or it.ablt or (it.kind == "ordinal" and lemmatizer_ablt(it)):
                attacker = k if attacker is None else attacker
            else:
                free.append(k)
        if len(free) == 1 and attacker is None and target is None and verb is not None and free[0] > verb \
                and "1per" in lemmatizer().grammemes(items[verb].text):
            target = free.pop()  # «Атакую П1»: the one I attack; who attacks is found later
        for k in free:
            if attacker is None:
                attacker = k
            elif target is None:
                target = k
    _no_other_order(items, target, ctx)
    _one_target(items, ctx)
    skip = {k for k in (attacker, target) if k is not None}
    skip |= {k for k, it in enumerate(items) if it.used or it.kind == "player"}
    boosts, issues = scan_boosts(items, skip, _strict_from(items))
    p.boosts = boosts
    p.issues.extend(issues)
    if boosts.counter or boosts.absorb:
        word = "контратака" if boosts.counter else "поглощение"
        p.issues.append(Issue("read.defence_boost_in_attack", msg("read.defence_boost_in_attack", word=word),
                              None, "DRP-ATK-07", kind=ProblemKind.ILLEGAL, start=p.start, end=p.end))
    if target is None:
        target = _only_target(ctx, p)
        if target is None:
            raise fail("read.attack_target", span=(p.start, p.end), hint=msg("read.hint_attack"), clause="DRP-ATK-01")
        target_slot, target_faction = target
    else:
        if items[target].side == "own":  # DRP-TURN-05: only the opponent's characters are targets
            raise fail("read.attack_own_target", items[target], kind=ProblemKind.ILLEGAL, clause="DRP-TURN-05",
                       hint=msg("read.hint_attack_target"), what=items[target].text)
        target_slot = _target_slot(items[target], ctx)
        target_faction = items[target].faction if items[target].side == "opp" else None
    fields = {"target": target_slot, "target_faction": None, "class_up": boosts.class_up, "damage": boosts.damage,
                  "insurance": boosts.insurance, "superiority": boosts.superiority}
    if ctx is not None and len(ctx.opponents) > 1:
        fields["target_faction"] = target_faction
    if attacker is None:
        unknown = _unknown_subject(items, verb, ctx)
        if unknown is not None:
            what = unknown.text[:1].upper() + unknown.text[1:]  # a name, as names are written
            raise fail("read.char_unknown", unknown, clause="DRP-ATK-01", what=what,
                       hint=msg("read.hint_own_names", names=_own_names(ctx)))
        p.attack_fields = fields
        return p
    it = items[attacker]
    if it.kind == "ref" and it.by_name and it.side == "opp":
        raise fail("attack.target_self", it, kind=ProblemKind.ILLEGAL, clause="DRP-TURN-05")
    p.orders.append(Attack(attacker=_own_slot(it, ctx), **fields))
    return p


def _unknown_subject(items: list[Item], verb: int | None, ctx: Context | None) -> Item | None:
    """«Мечник бьёт Тень», «Лукарь бьёт Тень»: a noun opening the line before the attack verb, in the
    nominative, where the attacker stands, that names none of the poster's characters (nor is one
    a slip away) — a character he does not have, to be told so, not asked who attacks."""
    if verb is None or verb == 0 or ctx is None or not any(c.name for c in ctx.me.chars.values()):
        return None
    it = items[verb - 1]
    if it.kind != "word" or it.concept is not None or any(i.kind != "sym" for i in items[: verb - 1]):
        return None
    g = lemmatizer().grammemes(it.text)
    noun = "NOUN" in g and "nomn" in g and "Apro" not in g and "NPRO" not in g
    return it if noun or it.text.isalpha() and not is_known(it.text) else None


def _own_names(ctx: Context | None) -> str:
    chars = ctx.me.chars if ctx is not None else {}
    return ", ".join(f"П{slot} «{c.name}»" if c.name else f"П{slot}" for slot, c in sorted(chars.items()))


def _no_other_order(items: list[Item], target: int | None, ctx: Context | None) -> None:
    """An attack says who attacks whom: a second own character in it with tokens beside it («Рыцарь
    2 синих, Лучница бьёт Тень») is an order the line also gives and the reader could not tell
    apart. It is an error pointing at that character, never dropped."""
    own = {(it.faction, it.value) for k, it in enumerate(items)
           if k != target and it.kind == "ref" and it.side != "opp" and it.value is not None}
    if len(own) < 2:
        return
    for k, it in enumerate(items):
        if k != target and it.kind == "ref" and it.side != "opp" \
                and any(j.kind == "colour" for j in items[max(0, k - 3) : k + 4]):
            raise fail("read.other_order", it, hint=msg("read.hint_split"), what=_called(it, ctx))


def _one_target(items: list[Item], ctx: Context | None) -> None:
    """One attack has one target: two enemy characters in it («Рыцарь бьёт Вихря и Тень», «Тень
    атакует Вихря») are an error naming both, never the first taken silently (DRP-ATK-01)."""
    enemies: dict[tuple[str | None, int | None], Item] = {}
    for it in items:
        if it.kind == "ref" and it.side == "opp":
            enemies.setdefault((it.faction, it.value), it)
    if len(enemies) >= 2:
        first, second = list(enemies.values())[:2]
        raise fail("read.two_targets", second, kind=ProblemKind.AMBIGUOUS, clause="DRP-ATK-01",
                   hint=msg("read.hint_attack"), first=_called(first, ctx), second=_called(second, ctx))


def _no_enemy_subject(items: list[Item], refs: list[int], verb: int | None, ctx: Context | None) -> None:
    """«Тень бьёт Рыцаря»: the opponent's character as the subject of the attack verb (before it,
    with no preposition, in the nominative, the verb not in the first person) is not the poster's
    attack with the roles swapped; it is an error that says who may attack (DRP-ATK-01)."""
    if verb is None or "1per" in lemmatizer().grammemes(items[verb].text):
        return
    for k in refs:
        it = items[k]
        if k > verb or it.side != "opp" or it.ablt or prep_before(items, k) is not None:
            continue
        if it.by_name and not lemmatizer().has_grammeme(it.text.split()[0].strip("«»"), "nomn"):
            continue  # «Вихря бьёт Рыцарь»: the enemy is the object, the subject comes after the verb
        mine = next((items[j] for j in refs if items[j].side != "opp" and j > verb and items[j].value), None)
        example = f"П{mine.value} атакует П{it.value} соперника" if mine is not None and it.value else TURN_EXAMPLE
        raise fail("read.attack_enemy_subject", it, kind=ProblemKind.ILLEGAL, clause="DRP-ATK-01",
                   hint=msg("read.hint_attack_subject", example=example), what=_called(it, ctx))


def _called(it: Item, ctx: Context | None) -> str:
    """How the player calls a character in a message: its name, else its slot («П2»)."""
    side = ctx.side(it.faction) if ctx is not None and it.faction else None
    char = side.chars.get(it.value) if side is not None and it.value else None
    if char is not None and char.name:
        return char.name
    return f"П{it.value}" if it.value else it.text


TURN_EXAMPLE = "П2 атакует П1 соперника"


def _own_object(items: list[Item], k: int, verb: int | None, attacker: int | None) -> bool:
    """Whether the own character at k is what is attacked: it stands after the verb, not in the
    instrumental («своим П3» attacks), with the attacker already named before the verb."""
    it = items[k]
    if it.side != "own" or it.ablt or verb is None or k < verb:
        return False
    return attacker is not None or any(j < verb and items[j].kind == "ref" and items[j].side != "opp"
                                       for j in ref_indices(items))


def lemmatizer_ablt(it: Item) -> bool:
    return lemmatizer().has_grammeme(it.text, "ablt")


def _own_slot(it: Item, ctx: Context | None) -> int:
    if it.kind == "ordinal":
        return it.value or 0
    if it.by_name and it.value is None and ctx is not None:
        mine = [s for f, s in it.candidates if f == ctx.me.faction]
        if len(mine) == 1:
            return mine[0]
    return slot_of(it)


def _target_slot(it: Item, ctx: Context | None) -> int:
    if it.kind == "ordinal":
        return it.value or 0
    if it.by_name and it.value is None and ctx is not None:
        theirs = [s for f, s in it.candidates if f != ctx.me.faction]
        if len(theirs) == 1:
            return theirs[0]
    return slot_of(it)


def _only_target(ctx: Context | None, p: Parsed) -> tuple[int, str | None] | None:
    """When the post names no target but the opponent has one character left, that is the target."""
    if ctx is None:
        return None
    living = [(s, side.faction) for side in ctx.opponents for s in side.chars]
    if len(living) == 1:
        p.issues.append(note("read.only_target", p.start, p.end, "DRP-TURN-05", who=f"П{living[0][0]}"))
        return living[0]
    return None


def parse_skip(items: list[Item], ctx: Context | None) -> Parsed:
    p = Parsed("skip", items[0].start, items[-1].end, orders=[Skip()])
    p.conditional = any(it.is_word("if") for it in items)
    return p


# --- phase 3: defence and soaking ------------------------------------------------------------------------
def parse_defence(items: list[Item], ctx: Context | None) -> Parsed:
    """«Защита: страховка, контратака», «Защищаюсь без усилений», with an optional «если пробьёт —
    гашу 1 временем»."""
    p = Parsed("defence", items[0].start, items[-1].end)
    cut = soak_start(items)
    head = items[:cut] if cut is not None else items
    b, issues = scan_boosts(head, set(), _strict_from(head))
    for issue in issues:  # «преимущество» in a defence breaks the defence's own clause
        if issue.code == "read.advantage":
            issue.clause = "DRP-DEF-05"
    p.boosts, p.issues = b, issues
    if cut is not None:
        p.presoak = _soak_amount(items[cut:], ctx)
    return p


def soak_start(items: list[Item]) -> int | None:
    """Where a soak said inside a defence starts: «если пробьёт — гашу 1», «…, гашу 1 если пробьёт»,
    «пробьют — отдаст оба времени»; an «если» with no paying after it («если выдержит,
    контратакую») is a condition of the boosts."""
    for k, it in enumerate(items):
        if it.is_word("if") and not _pays_after(items, k):
            continue
        if it.is_word("if", "v_soak") or (it.is_word("v_give") and (first_index(items, "instead", "hit") is not None)):
            return k - 1 if k > 0 and items[k - 1].kind == "word" and items[k - 1].text == "не" else k
    return None


def _pays_after(items: list[Item], k: int) -> bool:
    """Whether damage is paid for with time after item k («если пробьёт — гашу 1»)."""
    return any(it.is_word("v_soak", "v_give", "hit", "v_accept") for it in items[k + 1 :])


def _condition(items: list[Item], k: int) -> set[int]:
    """The words of the condition opened by «если» at k, up to the comma or dash that closes it."""
    out = {k}
    for j in range(k + 1, len(items)):
        if items[j].is_sym(",", "-", ":", "."):
            break
        out.add(j)
    return out


def _soak_amount(items: list[Item], ctx: Context | None) -> int:
    cs = concepts_of(items)
    texts = {it.text for it in items}
    k = first_index(items, "v_soak", "v_give")
    if k is not None and negated([it.text for it in items], k):
        return 0  # «не гашу», «гасить не буду»
    if "v_accept" in cs and "v_soak" not in cs and "v_give" not in cs:
        return 0
    for it in items[(k or 0):] + items[: (k or 0)]:
        if it.kind == "num":
            return it.value or 0
    if ctx is not None and ctx.damage is not None:
        hit = ctx.me.chars.get(ctx.soak_slot) if ctx.soak_slot is not None else None
        if texts & _AS_MUCH_AS_I_CAN and hit is not None:
            return min(ctx.damage, hit.time)  # «гашу всё, что могу», «по максимуму», «всем временем»
        if texts & {"все", "весь", "всё", "полностью"}:
            whole_time = any(it.kind == "zone" and it.zone is Zone.TIME for it in items)
            return min(ctx.damage, hit.time) if whole_time and hit is not None else ctx.damage
    raise fail("read.soak_amount", span=(items[0].start, items[-1].end), hint=msg("read.hint_soak"))


# «всё, что могу», «сколько смогу», «по максимуму»: as much as the hit character's time allows
_AS_MUCH_AS_I_CAN = frozenset({"могу", "смогу", "можно", "получится", "сколько", "максимум", "максимуму",
                               "максимально"})


def parse_soak(items: list[Item], ctx: Context | None) -> Parsed:
    """«Гашу 2 урона временем», «Отдаю 1 время вместо защиты», «Принимаю урон, не гашу»,
    «Погасить временем: 2»."""
    p = Parsed("soak", items[0].start, items[-1].end)
    _soaker_is_hit(items, ctx)
    p.orders.append(Soak(amount=_soak_amount(items, ctx)))
    return p


def _soaker_is_hit(items: list[Item], ctx: Context | None) -> None:
    """Only the hit character pays for soaking, with its own time (DRP-GAP-19): «Гашу 1 временем
    П4» or «Лучница гасит 1» when «Рыцарь» was hit is an error, not a soak by the hit one."""
    if ctx is None or ctx.soak_slot is None:
        return
    hit = ctx.me.chars.get(ctx.soak_slot)
    who = f"П{ctx.soak_slot}" + (f" «{hit.name}»" if hit is not None and hit.name else "")
    for it in items:
        if it.kind != "ref" or it.side == "opp":
            continue
        slots = {s for f, s in it.candidates if f == ctx.me.faction} if it.by_name else {it.value}
        if slots and ctx.soak_slot not in slots:
            raise fail("read.soak_other_char", it, kind=ProblemKind.ILLEGAL, clause="DRP-GAP-19",
                       hint=msg("read.hint_soak_own", n=_number_in(items), who=who), who=who, what=it.text)


def _number_in(items: list[Item]) -> int:
    return next((it.value for it in items if it.kind == "num" and it.value is not None), 1)


def parse_presoak(items: list[Item], ctx: Context | None) -> Parsed:
    """«Если пробьёт — гашу 1 временем» in a defence post."""
    p = Parsed("presoak", items[0].start, items[-1].end)
    p.presoak = _soak_amount(items, ctx)
    return p
