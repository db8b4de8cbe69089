"""The Kozyablo card set from cards.toml (KZ-DATA), validated on load.

A GM adds a card by editing TOML only; a bad edit fails at load with a Russian message that names
the card and the field (`CardFileError`). A new property or effect code needs code: the codes a
card may use are the `PropCode` / `EffectCode` literals below.
"""

from __future__ import annotations

import tomllib
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

PACKAGE_DIR = Path(__file__).parent
DEFAULT_FILE = "cards.toml"

Race = str  # a key of [races]
CardType = Literal["creature", "hero", "building", "artifact", "magic", "event", "capital", "sector"]
Resource = Literal["gold", "crystals", "mana"]
PropCode = Literal["flying", "area", "two_attacks", "archer", "magic_attack", "magic_weapon",
                   "weapon_protection", "arrow_protection", "magic_protection", "armour", "scout",
                   "undead", "vampirism", "defender", "evasion"]
EffectCode = Literal["damage", "heal", "draw", "move_own", "attack_bonus", "armour_bonus", "start_heal",
                     "hero_bonus", "regenerate", "shadow"]
TargetKind = Literal["none", "self", "own_creature", "enemy_creature", "own_squad",
                     "enemy_building_or_capital", "own_hero"]
MagicKind = Literal["instant", "temporary", "permanent"]

PROP_CODES: tuple[str, ...] = get_args(PropCode)
EFFECT_CODES: tuple[str, ...] = get_args(EffectCode)
RESOURCES: tuple[str, ...] = get_args(Resource)

PROP_NAMES: dict[str, str] = {
    "flying": "Полёт", "area": "Площадь", "two_attacks": "Две атаки", "archer": "Лучник",
    "magic_attack": "Атака магией", "magic_weapon": "Магическое оружие",
    "weapon_protection": "Защита от оружия", "arrow_protection": "Защита от стрел",
    "magic_protection": "Защита от магии", "armour": "Броня", "scout": "Разведчик", "undead": "Нежить",
    "vampirism": "Вампиризм", "defender": "Защитник", "evasion": "Уклонение",
}
VALUED_PROPS = frozenset({"armour"})  # «Броня X»; the others are plain flags (value 1)

# KZ-GAP-06: «Событие» and «эффект» are one card type.
TYPE_NAMES: dict[str, tuple[str, tuple[str, ...]]] = {
    "creature": ("Существо", ("существо", "существа", "тварь")),
    "hero": ("Герой", ("герой", "героя")),
    "building": ("Постройка", ("постройка", "постройку", "здание")),
    "artifact": ("Артефакт", ("артефакт",)),
    "magic": ("Магия", ("магия", "магию", "заклинание")),
    "event": ("Событие", ("событие", "эффект", "эффекта")),
    "capital": ("Столица", ("столица", "столицу")),
    "sector": ("Сектор", ("сектор",)),
}
RESOURCE_NAMES: dict[str, str] = {"gold": "золото", "crystals": "кристаллы", "mana": "мана"}
RESOURCE_GENITIVE: dict[str, str] = {"gold": "золота", "crystals": "кристаллов", "mana": "маны"}
DEFAULT_RESOURCE: dict[str, str] = {"creature": "gold", "hero": "gold", "building": "crystals",
                                    "artifact": "crystals", "event": "crystals", "magic": "mana"}
SECTOR_KIND_OF_RESOURCE: dict[str, str] = {"gold": "gold", "crystals": "crystal", "mana": "mana"}
RESOURCE_OF_SECTOR_KIND: dict[str, str] = {v: k for k, v in SECTOR_KIND_OF_RESOURCE.items()}
TABLE_TYPES = frozenset({"creature", "hero", "building"})  # cards that become pieces
FIGHTERS = frozenset({"creature", "hero"})


class CardFileError(ValueError):
    """cards.toml does not describe a valid card set; the message is Russian and names the card."""


def fold(text: str) -> str:
    """A name as lookups compare it: lower case, ё → е, no quotes, single spaces, ‑ as -."""
    text = unicodedata.normalize("NFC", text).lower().replace("ё", "е")
    for ch in "«»\"„“”'":
        text = text.replace(ch, "")
    for dash in "‐‑‒–—":
        text = text.replace(dash, "-")
    return " ".join(text.split())


class _Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Ability(_Strict):
    """An ability a card on the table uses (KZ-ABIL-01): [Д] = action, [С] = free (KZ-GAP-02)."""

    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    kind: Literal["action", "free"]
    effect: EffectCode
    target: TargetKind = "self"
    params: dict[str, int | str | bool] = Field(default_factory=dict)
    text: str = ""

    @property
    def mark(self) -> str:
        return "[Д]" if self.kind == "action" else "[С]"


class CapitalSpecial(_Strict):
    """A capital's special property (KZ-CAP-05, KZ-DECK-06)."""

    extra_heroes: int = Field(0, ge=0)  # more different heroes allowed beyond one
    allow_race: tuple[str, ...] = ()  # other races whose cards the deck may hold


class CardDef(_Strict):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str = Field(min_length=1)
    aliases: tuple[str, ...] = ()
    race: str | None = None
    type: CardType
    level: int = Field(0, ge=0)
    resource: Resource | None = None
    attack: int = Field(0, ge=0)
    life: int = Field(0, ge=0)
    speed: int = Field(0, ge=0)
    props: dict[PropCode, int] = Field(default_factory=dict)
    abilities: tuple[Ability, ...] = ()
    magic_kind: MagicKind | None = None
    duration: int | None = Field(None, ge=1)
    target: TargetKind = "none"
    effect: EffectCode | None = None
    params: dict[str, int | str | bool] = Field(default_factory=dict)
    trigger: Literal["start", "end"] | None = None
    hero_for: str | None = None
    requires_sector: bool = False
    not_on_undead: bool = False
    pierces_magic_protection: bool = False
    # capitals
    gold: int = Field(0, ge=0)
    crystals: int = Field(0, ge=0)
    mana: int = Field(0, ge=0)
    garrison: int = Field(0, ge=0)
    buildings: int = Field(0, ge=0)
    special: CapitalSpecial | None = None
    text: str = ""

    @model_validator(mode="after")
    def _consistent(self) -> CardDef:
        t = self.type
        if t != "sector" and self.race is None:
            raise ValueError("не указана раса (race)")
        if t in FIGHTERS and (self.life < 1 or self.level < 1):
            raise ValueError("у существа и героя должны быть уровень ≥ 1 и жизнь ≥ 1")
        if t == "building" and self.life < 1:
            raise ValueError("у постройки должна быть жизнь ≥ 1")
        if t == "magic" and self.magic_kind is None:
            raise ValueError("у магии должен быть вид (magic_kind: instant, temporary или permanent)")
        if t != "magic" and self.magic_kind is not None:
            raise ValueError("вид магии (magic_kind) бывает только у магии")
        if self.magic_kind == "temporary" and self.duration is None:
            raise ValueError("у временной магии должно быть «Время-N» (duration)")
        if self.magic_kind != "temporary" and self.duration is not None:
            raise ValueError("«Время-N» (duration) бывает только у временной магии")
        if (t == "artifact") != (self.hero_for is not None):
            raise ValueError("герой для артефакта (hero_for) указывается у артефакта, и только у него")
        if t in ("magic", "event") and self.effect is None:
            raise ValueError("у магии и события должен быть эффект (effect)")
        if t == "sector" and self.resource is None:
            raise ValueError("у сектора должен быть ресурс (resource)")
        if t != "capital" and (self.special is not None or self.garrison or self.buildings):
            raise ValueError("гарнизон, постройки и особое свойство бывают только у столицы")
        for code, value in self.props.items():
            if value < 1 or (code not in VALUED_PROPS and value != 1):
                raise ValueError(f"свойство «{PROP_NAMES[code]}» задаётся как true"
                                 + (" или число ≥ 1" if code in VALUED_PROPS else ""))
        ids = [a.id for a in self.abilities]
        if len(ids) != len(set(ids)):
            raise ValueError("у двух способностей один id")
        return self

    # --- convenience for the rules ---------------------------------------------------------
    def has(self, code: str) -> bool:
        return code in self.props

    def value(self, code: str) -> int:
        """A property's number (Броня X), 0 when absent."""
        return self.props.get(code, 0)  # type: ignore[call-overload]

    def ability(self, ability_id: str) -> Ability | None:
        return next((a for a in self.abilities if a.id == ability_id), None)

    @property
    def type_name(self) -> str:
        return TYPE_NAMES[self.type][0]

    @property
    def on_table(self) -> bool:
        """A card that becomes a piece on the table when played."""
        return self.type in TABLE_TYPES

    @property
    def defensive(self) -> bool:
        """A defensive building strikes and blocks capture (KZ-DEF-BLD-01)."""
        return self.type == "building" and self.attack >= 1

    @property
    def sector_kind(self) -> str | None:
        """gold | crystal | mana for a sector card, capital for a capital."""
        if self.type == "capital":
            return "capital"
        if self.type == "sector" and self.resource:
            return SECTOR_KIND_OF_RESOURCE[self.resource]
        return None

    def base(self, resource: str) -> int:
        """A capital's starting production of a resource (KZ-CAP-01)."""
        return int(getattr(self, resource)) if self.type == "capital" else 0

    def props_text(self) -> str:
        """«Полёт, Броня 2» — the properties as a player reads them."""
        parts = []
        for code, value in self.props.items():
            name = PROP_NAMES[code]
            parts.append(f"{name} {value}" if code in VALUED_PROPS else name)
        parts += [f"{a.mark} {a.name}" for a in self.abilities]
        return ", ".join(parts)


class RaceDef(_Strict):
    name: str
    order: int = Field(ge=1)  # KZ-ORDER-01


class DeckDef(_Strict):
    capital: str
    sectors: tuple[str, ...]
    cards: dict[str, int]


class RulesDef(_Strict):
    hand_size: int = Field(6, ge=0)
    deck_min: int = Field(15, ge=0)
    deck_max: int = Field(25, ge=0)
    max_copies: int = Field(3, ge=1)
    hero_crystals: int = Field(3, ge=0)
    capital_life: int = Field(12, ge=1)
    capital_armour: int = Field(2, ge=0)
    mulligan_mill: int = Field(3, ge=0)
    max_mulligans: int = Field(3, ge=0)


class CardBook:
    """The loaded, cross-checked card set: cards by id, races, starter decks, rule numbers."""

    def __init__(self, rules: RulesDef, races: dict[str, RaceDef], cards: dict[str, CardDef],
                 decks: dict[str, DeckDef]) -> None:
        self.rules = rules
        self.races = dict(sorted(races.items(), key=lambda kv: kv[1].order))
        self.cards = cards
        self.decks = decks
        self._names: dict[str, str] = {}
        for card in cards.values():
            for word in (card.name, *card.aliases):
                self._names.setdefault(fold(word), card.id)

    # --- lookups ---------------------------------------------------------------------------
    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def find(self, name: str) -> CardDef | None:
        """The card with this exact name or alias (case, ё and quotes ignored); the reader does the
        inflected forms."""
        cid = self._names.get(fold(name))
        return self.cards[cid] if cid else None

    @property
    def by_race(self) -> dict[str, list[CardDef]]:
        """Playable cards per race (no capitals or sectors), in file order."""
        out: dict[str, list[CardDef]] = {r: [] for r in self.races}
        for card in self.cards.values():
            if card.race is not None and card.type not in ("capital", "sector"):
                out.setdefault(card.race, []).append(card)
        return out

    @property
    def capitals(self) -> dict[str, CardDef]:
        """Capital cards by id."""
        return {c.id: c for c in self.cards.values() if c.type == "capital"}

    def capitals_of(self, race: str) -> list[CardDef]:
        return [c for c in self.capitals.values() if c.race == race]

    @property
    def sectors(self) -> list[CardDef]:
        """The sector cards in gold, crystal, mana order (KZ-DATA-01)."""
        found = [c for c in self.cards.values() if c.type == "sector"]
        order = {"gold": 0, "crystals": 1, "mana": 2}
        return sorted(found, key=lambda c: order[c.resource or "gold"])

    def sector_card(self, kind: str) -> CardDef:
        """The sector card of a sector kind (gold | crystal | mana)."""
        return next(c for c in self.sectors if c.sector_kind == kind)

    def starter_deck(self, race: str) -> list[tuple[str, int]]:
        """The race's default deck (KZ-DATA-07): (card id, copies), without capital and sectors."""
        return list(self.decks[race].cards.items())

    def race_name(self, race: str | None) -> str:
        return self.races[race].name if race in self.races else "—"

    def type_of_word(self, word: str) -> str | None:
        """The card type a Russian word names («эффект» → event, KZ-GAP-06)."""
        w = fold(word)
        for code, (name, aliases) in TYPE_NAMES.items():
            if w == fold(name) or w in aliases:
                return code
        return None


# --- loading with Russian errors --------------------------------------------------------------
_FIELD_NAMES = {"attack": "атака", "life": "жизнь", "speed": "скорость", "level": "уровень",
                "type": "тип", "name": "название", "race": "раса", "resource": "ресурс",
                "props": "свойства", "effect": "эффект", "target": "цель", "magic_kind": "вид магии",
                "duration": "время", "abilities": "способности", "kind": "вид способности"}


def _loc(loc: tuple[Any, ...]) -> str:
    parts = []
    for item in loc:
        if isinstance(item, int):
            parts.append(f"№{item + 1}")
        else:
            parts.append(_FIELD_NAMES.get(str(item), str(item)))
    return " → ".join(parts)


def _russian(err: dict[str, Any]) -> str:
    kind, ctx = err["type"], err.get("ctx") or {}
    where = _loc(tuple(err.get("loc", ())))
    if kind == "missing":
        text = "не указано"
    elif kind == "extra_forbidden":
        text = "неизвестное поле"
    elif kind in ("int_type", "int_parsing", "int_from_float"):
        text = "должно быть целым числом"
    elif kind in ("string_type",):
        text = "должно быть строкой"
    elif kind in ("bool_type", "bool_parsing"):
        text = "должно быть true или false"
    elif kind == "literal_error":
        text = f"должно быть одним из: {ctx.get('expected', '')}"
    elif kind == "greater_than_equal":
        text = f"должно быть не меньше {ctx.get('ge')}"
    elif kind == "string_too_short":
        text = "не может быть пустым"
    elif kind == "string_pattern_mismatch":
        text = "id — латиница в нижнем регистре, цифры и «_»"
    elif kind == "value_error":
        text = str(ctx.get("error", err.get("msg", "")))
    else:
        text = err.get("msg", kind)
    return f"{where}: {text}" if where else text


def _fail(what: str, exc: ValidationError) -> CardFileError:
    lines = [_russian(e) for e in exc.errors(include_url=False)]
    return CardFileError(f"{what}: " + "; ".join(lines))


def _fill_defaults(rules: RulesDef, card: CardDef) -> CardDef:
    """Resource by type, and the capitals' 12 lives and Броня 2 (KZ-CAP-02)."""
    update: dict[str, Any] = {}
    if card.resource is None and card.type in DEFAULT_RESOURCE:
        update["resource"] = DEFAULT_RESOURCE[card.type]
    if card.type == "capital":
        if card.life == 0:
            update["life"] = rules.capital_life
        if "armour" not in card.props and rules.capital_armour:
            update["props"] = {**card.props, "armour": rules.capital_armour}
    return card.model_copy(update=update) if update else card


def _cross_check(book: CardBook) -> None:
    """References between cards, races and decks."""
    cards = book.cards
    for card in cards.values():
        label = f"Карта «{card.name}» ({card.id})"
        if card.race is not None and card.race not in book.races:
            raise CardFileError(f"{label}: неизвестная раса «{card.race}»")
        if card.hero_for is not None:
            hero = cards.get(card.hero_for)
            if hero is None or hero.type != "hero":
                raise CardFileError(f"{label}: артефакт для «{card.hero_for}», а такого героя нет")
        if card.special is not None:
            for race in card.special.allow_race:
                if race not in book.races:
                    raise CardFileError(f"{label}: особое свойство разрешает неизвестную расу «{race}»")
    for key in ("gold", "crystal", "mana"):
        if sum(1 for c in cards.values() if c.sector_kind == key) != 1:
            raise CardFileError(f"Нужна ровно одна карта сектора с ресурсом «{RESOURCE_NAMES[RESOURCE_OF_SECTOR_KIND[key]]}»")
    for race, deck in book.decks.items():
        label = f"Стартовая колода «{race}»"
        if race not in book.races:
            raise CardFileError(f"{label}: неизвестная раса")
        capital = cards.get(deck.capital)
        if capital is None or capital.type != "capital":
            raise CardFileError(f"{label}: столица «{deck.capital}» не найдена")
        for sid in deck.sectors:
            if sid not in cards or cards[sid].type != "sector":
                raise CardFileError(f"{label}: сектор «{sid}» не найден")
        for cid, count in deck.cards.items():
            if cid not in cards:
                raise CardFileError(f"{label}: нет карты «{cid}»")
            if count < 1:
                raise CardFileError(f"{label}: карта «{cid}» — число копий должно быть ≥ 1")


def parse_cards(raw: dict[str, Any]) -> CardBook:
    """A CardBook from parsed TOML, or CardFileError in Russian naming what is wrong."""
    try:
        rules = RulesDef.model_validate(raw.get("rules", {}))
    except ValidationError as exc:
        raise _fail("Раздел [rules]", exc) from None
    races: dict[str, RaceDef] = {}
    for key, value in (raw.get("races") or {}).items():
        try:
            races[key] = RaceDef.model_validate(value)
        except ValidationError as exc:
            raise _fail(f"Раса «{key}»", exc) from None
    cards: dict[str, CardDef] = {}
    for key, value in (raw.get("cards") or {}).items():
        name = value.get("name", key) if isinstance(value, dict) else key
        try:
            card = CardDef.model_validate({"id": key, **value} if isinstance(value, dict) else value)
        except ValidationError as exc:
            raise _fail(f"Карта «{name}» ({key})", exc) from None
        cards[key] = _fill_defaults(rules, card)
    decks: dict[str, DeckDef] = {}
    for key, value in (raw.get("decks") or {}).items():
        try:
            decks[key] = DeckDef.model_validate(value)
        except ValidationError as exc:
            raise _fail(f"Стартовая колода «{key}»", exc) from None
    unknown = set(raw) - {"rules", "races", "cards", "decks"}
    if unknown:
        raise CardFileError("Неизвестные разделы: " + ", ".join(sorted(unknown)))
    if not cards:
        raise CardFileError("В файле нет ни одной карты")
    book = CardBook(rules, races, cards, decks)
    _cross_check(book)
    return book


@cache
def load_cards(name: str = DEFAULT_FILE) -> CardBook:
    """The card file ``name`` from the ruleset folder (Options.card_file, KZ-GAP-01)."""
    path = PACKAGE_DIR / name
    if path.parent.resolve() != PACKAGE_DIR.resolve() or not path.is_file():
        raise CardFileError(f"Файл карт «{name}» не найден")
    try:
        with path.open("rb") as fh:
            raw = tomllib.load(fh)
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"Файл карт «{name}» не читается как TOML: {exc}") from None
    return parse_cards(raw)


def book_for(state: Any) -> CardBook:
    """The card set a game uses (its options' card_file)."""
    return load_cards(state.options.card_file)


CARDS: CardBook = load_cards()
