"""The starting state, and import of a GM's own setup document (DK-GAP-04).

`setup(options, factions, dice)` generates a map (map/generator.py) and seats the archdemons with the
starting resources. `import_setup(document)` accepts a game already running on a forum: a map,
players with their resources, buildings, mines, units and objects, whose turn it is — in the
documented shape below — or a whole exported state (``{"ruleset": …, "state": {…}}``). Every
problem is reported at once, in Russian, as a `SetupError`.

Document shape (see examples/setup-example.json)::

    {
      "ruleset": "dungeon_keeper",
      "options": {…},                       # optional, Options fields
      "map": ["#####…", …],                 # 45 rows of 45: # rock, % earth, . empty
                                            #   (M and B may mark mines and buildings)
      "players": [{"id": "p1", "name": "Ваал", "gold": 50, "mana": 5, "iron": 0, "taldear": 0,
                   "spirits": 0, "store": ["sword"], "spells": ["rage"], "runes": ["fire"],
                   "allies": [], "alive": true}],
      "buildings": [{"kind": "altar", "owner": "p1", "cell": "20-20", "hp": 100},
                    {"kind": "source", "owner": null, "cell": "23-23", "level": 5}],
      "mines": [{"kind": "gold", "cell": "22-20", "reserve": 100}],
      "units": [{"owner": "p1", "kind": "имп", "number": 1, "cell": "21-20", "hp": 1,
                 "artifacts": [], "spirits": [], "runes": [], "history": []}],
      "objects": [{"kind": "chest", "cell": "30-30"}, {"kind": "rune", "item": "fire", "cell": "5-5"}],
      "turn": {"round": 7, "active": "p2", "order": ["p1", "p2"], "started": true}
    }

``turn.started`` says whether the active archdemon's turn has already begun: true — the numbers are
as they stand after his start of turn (income and upkeep paid), and each unit's ``ap`` (default: its
full ОД) is what it has left; false (the default) — his turn begins when the game opens in Letopis,
with income, upkeep and ОД as DK-GAP-10 says.

Kinds may be written as data keys (``imp``, ``battle_tower``) or in Russian (``имп``, «Боевая
башня»); cells as "A-B" (row first, DK-MAP-04) or ``[A, B]``.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from letopis.engine.contract import Faction
from letopis.engine.dice import Dice

from .data import DATA, RUNE_SCHOOLS
from .map import generator as mapgen
from .options import MAX_PLAYERS, MIN_PLAYERS, Options
from .refs import GNOME_ID, HERO_ID, category_of, unit_id
from .state import BUILT, EMPTY, MINE, TERRAIN, Archdemon, Building, MapObject, Mine, State, Unit


class SetupError(ValueError):
    """A setup document that cannot become a game; ``errors`` lists every problem in Russian."""

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        super().__init__("Настройка не принята:\n- " + "\n- ".join(errors))


# --- generated games ------------------------------------------------------------------------------
def setup(options: Options, factions: list[Faction], dice: Dice) -> State:
    """A new game: generated map, bases, starting resources (DK-ECON-02, DK-GAP-04)."""
    if not MIN_PLAYERS <= len(factions) <= MAX_PLAYERS:
        raise ValueError(f"в игре должно быть от {MIN_PLAYERS} до {MAX_PLAYERS} архидемонов, а их {len(factions)}")
    if len({f.id for f in factions}) != len(factions):
        raise ValueError("id сторон должны быть разными")
    if any(f.id in (HERO_ID, GNOME_ID) or ":" in f.id for f in factions):
        raise ValueError("id стороны не может быть hero, gnome или содержать «:»")
    generated = mapgen.generate(len(factions), options, dice)
    base_of, _ = dice.shuffle(list(range(len(factions))), "кому какая база")
    start = DATA.start
    players = {
        f.id: Archdemon(name=f.name, seat=i, gold=start.gold, mana=start.mana, iron=start.iron,
                        taldear=start.taldear)
        for i, f in enumerate(factions, 1)
    }
    seats = [f.id for f in factions]
    owner_of_base = {base_of[i]: f.id for i, f in enumerate(factions)}
    # The generator's M/B marks are cleared; the mutators stamp them back with their records.
    rows = [row.replace(MINE, EMPTY).replace(BUILT, EMPTY) for row in generated.rows]
    state = State(options=options, rows=rows, seats=seats, order=list(seats), players=players, active=seats[0])
    for p in generated.placed:
        owner = owner_of_base[p.seat] if p.seat is not None else None
        if p.what == "building":
            data = DATA.buildings[p.kind]
            b = Building(id=state.new_id("b"), kind=p.kind, owner=owner if not data.neutral else None,
                         cell=p.cell, hp=data.hp, level=p.level, ap=data.ap)
            state.add_building(b)
            if p.kind == "altar" and owner is not None:
                players[owner].altar = b.id
        elif p.what == "mine":
            state.add_mine(Mine(kind=p.kind, cell=p.cell, reserve=options.mine_contents(p.kind)))
        else:
            state.add_object(MapObject(id=state.new_id("o"), kind=p.kind, cell=p.cell, item=p.item))  # type: ignore[arg-type]
    return state


# --- a GM's own setup ------------------------------------------------------------------------------
def _lookup(table: dict[str, Any], word: Any) -> str | None:
    """A data key from a key or a Russian name/alias/case form («Боевая башня», «импа»)."""
    if not isinstance(word, str):
        return None
    w = word.strip().lower().replace("ё", "е")
    for key, item in table.items():
        if w == key:
            return key
        names = [getattr(item, "name", "")] + list(getattr(item, "aliases", ()))
        forms = getattr(item, "forms", None)
        if forms is not None:
            names += [forms.nom, forms.gen, forms.dat, forms.acc, forms.ins]
        if any(w == n.lower().replace("ё", "е") for n in names if n):
            return key
    return None


_RUNE_WORDS = {"огонь": "fire", "огня": "fire", "тьма": "dark", "тьмы": "dark", "смерть": "death", "смерти": "death"}


def _rune(word: Any) -> str | None:
    if not isinstance(word, str):
        return None
    w = word.strip().lower()
    if w in RUNE_SCHOOLS:
        return w
    w = w.replace("руна ", "")
    return _RUNE_WORDS.get(w) or _lookup(DATA.runes, word)


def _cell(value: Any, size: int, where: str, errors: list[str]) -> tuple[int, int] | None:
    r = c = None
    if isinstance(value, str):
        parts = value.replace("–", "-").replace("—", "-").split("-")
        if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
            r, c = int(parts[0]), int(parts[1])
    elif isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(v, int) for v in value):
        r, c = value
    if r is None or c is None:
        errors.append(f"{where}: клетка {value!r} — пишите «ряд-столбец», например «37-15»")
        return None
    if not (1 <= r <= size and 1 <= c <= size):
        errors.append(f"{where}: клетка {r}-{c} вне карты (ряды и столбцы 1…{size})")
        return None
    return (r, c)


def _int(value: Any, where: str, errors: list[str], low: int = 0) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        errors.append(f"{where}: нужно целое число не меньше {low}, а не {value!r}")
        return None
    return value


def import_setup(document: dict[str, Any]) -> State:
    """A state from a GM's setup document (or an exported state); `SetupError` lists every problem."""
    if not isinstance(document, dict):
        raise SetupError(["документ настройки должен быть объектом JSON"])
    ruleset = document.get("ruleset")
    if ruleset not in (None, "dungeon_keeper"):
        raise SetupError([f"документ для другой игры («{ruleset}»), а это «Хранитель Подземелий»"])
    if "state" in document:
        try:
            return State.model_validate(document["state"])
        except ValidationError as exc:
            raise SetupError([f"{'.'.join(map(str, e['loc'])) or 'state'}: {e['msg']}"
                              for e in exc.errors()[:20]]) from exc
    return _import_document(document)


def _import_document(doc: dict[str, Any]) -> State:
    errors: list[str] = []
    size = DATA.map.size
    try:
        options = Options.model_validate(doc.get("options") or {})
    except ValidationError as exc:
        errors += [f"options.{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()]
        options = Options()

    # map
    raw = doc.get("map")
    rows: list[str] = []
    if not isinstance(raw, list) or len(raw) != size or not all(isinstance(r, str) for r in raw):
        errors.append(f"map: нужен список из {size} строк по {size} знаков (# камень, % земля, . пусто)")
        rows = ["#" * size] * size
    else:
        for i, row in enumerate(raw, 1):
            if len(row) != size:
                errors.append(f"map, строка {i}: {len(row)} знаков, а нужно {size}")
            bad = set(row) - TERRAIN
            if bad:
                errors.append(f"map, строка {i}: непонятные знаки {''.join(sorted(bad))!r} "
                              "(можно # камень, % земля, . пусто, M шахта, B здание)")
        rows = [(row + "#" * size)[:size].replace(MINE, EMPTY).replace(BUILT, EMPTY) for row in raw]
        rows = ["".join(ch if ch in TERRAIN else "#" for ch in row) for row in rows]

    # players
    players: dict[str, Archdemon] = {}
    raw_players = doc.get("players")
    if not isinstance(raw_players, list) or not raw_players:
        errors.append("players: нужен список архидемонов")
        raw_players = []
    for i, p in enumerate(raw_players, 1):
        where = f"players[{i}]"
        if not isinstance(p, dict) or not isinstance(p.get("id"), str) or not p.get("id"):
            errors.append(f"{where}: у архидемона нужен id (строка)")
            continue
        fid = p["id"]
        if fid in players:
            errors.append(f"{where}: id «{fid}» уже есть")
            continue
        if fid in (HERO_ID, GNOME_ID) or ":" in fid:
            errors.append(f"{where}: id «{fid}» занят (hero, gnome) или содержит «:»")
            continue
        res = {}
        for key in ("gold", "iron", "taldear", "mana"):
            value = _int(p.get(key, getattr(DATA.start, key)), f"{where}.{key}", errors)
            res[key] = value or 0
        spirits = p.get("spirits", 0)
        if isinstance(spirits, int) and not isinstance(spirits, bool) and spirits >= 0:
            spirit_list = ["any"] * spirits
        elif isinstance(spirits, list) and all(s == "any" or _lookup(DATA.spirits, s) for s in spirits):
            spirit_list = [s if s == "any" else _lookup(DATA.spirits, s) for s in spirits]  # type: ignore[misc]
        else:
            errors.append(f"{where}.spirits: число духов или список видов (guardian, valour, life)")
            spirit_list = []
        store = []
        for a in p.get("store", []):
            key = _lookup(DATA.artifacts, a)
            if key is None:
                errors.append(f"{where}.store: нет артефакта «{a}» (Меч, Броня, Амулет, Корона)")
            else:
                store.append(key)
        spells = []
        for s in p.get("spells", []):
            key = _lookup(DATA.spells, s)
            if key is None:
                errors.append(f"{where}.spells: нет заклинания «{s}»")
            else:
                spells.append(key)
        runes = []
        for r in p.get("runes", []):
            key = _rune(r)
            if key is None:
                errors.append(f"{where}.runes: нет руны «{r}» (fire, dark, death)")
            else:
                runes.append(key)
        players[fid] = Archdemon(name=str(p.get("name") or fid), seat=i, store=store, spells=spells, runes=runes,
                                 spirits=spirit_list, alive=bool(p.get("alive", True)),
                                 allies=[str(a) for a in p.get("allies", [])], **res)
    for fid, p in players.items():
        for ally in p.allies:
            if ally not in players:
                errors.append(f"players «{fid}».allies: нет архидемона «{ally}»")

    def owner_of(value: Any, where: str) -> tuple[bool, str | None]:
        if value in (None, "", "neutral"):
            return True, None
        if value in players:
            return True, value
        by_name = next((f for f, p in players.items() if p.name == value), None)
        if by_name:
            return True, by_name
        errors.append(f"{where}: владелец «{value}» — такого архидемона нет в players")
        return False, None

    taken: dict[tuple[int, int], str] = {}

    def claim(cell: tuple[int, int], what: str, where: str) -> bool:
        if cell in taken:
            errors.append(f"{where}: на клетке {cell[0]}-{cell[1]} уже {taken[cell]}")
            return False
        taken[cell] = what
        return True

    # buildings
    buildings: list[Building] = []
    altars: dict[str, str] = {}
    for i, b in enumerate(doc.get("buildings") or [], 1):
        where = f"buildings[{i}]"
        if not isinstance(b, dict):
            errors.append(f"{where}: нужен объект")
            continue
        kind = _lookup(DATA.buildings, b.get("kind"))
        if kind is None:
            errors.append(f"{where}: нет здания «{b.get('kind')}» (altar, source, circle, battle_tower, "
                          "slow_tower, armoury, wall, laboratory, hospital)")
            continue
        data = DATA.buildings[kind]
        ok, owner = owner_of(b.get("owner"), where)
        cell = _cell(b.get("cell"), size, where, errors)
        if not ok or cell is None or not claim(cell, data.forms.nom, where):
            continue
        if data.neutral and owner is not None:
            errors.append(f"{where}: {data.name} всегда нейтральна (DK-BLD-11) — уберите владельца")
            owner = None
        if kind == "altar":
            if owner is None:
                errors.append(f"{where}: у Алтаря должен быть владелец")
                continue
            if owner in altars:
                errors.append(f"{where}: второй Алтарь у «{players[owner].name}» (DK-BLD-04)")
                continue
        level = None
        if kind == "source":
            level = _int(b.get("level", data.start_level), f"{where}.level", errors, 1)
            if level is not None and level > (data.max_level or level):
                errors.append(f"{where}.level: уровень Источника не выше {data.max_level}")
        hp = b.get("hp", data.hp)
        if _int(hp, f"{where}.hp", errors, 0 if data.indestructible else 1) is None:
            continue
        if hp > data.hp:
            errors.append(f"{where}.hp: у здания «{data.name}» не больше {data.hp} хп")
        bid = f"b{len(buildings) + 1}"
        buildings.append(Building(id=bid, kind=kind, owner=owner, cell=cell, hp=hp, level=level, ap=data.ap))
        if kind == "altar" and owner is not None:
            altars[owner] = bid
    for fid, p in players.items():
        if p.alive and fid not in altars:
            errors.append(f"у живого архидемона «{p.name}» нет Алтаря (DK-GEN-02)")
        p.altar = altars.get(fid)

    # mines
    mines: list[Mine] = []
    for i, m in enumerate(doc.get("mines") or [], 1):
        where = f"mines[{i}]"
        if not isinstance(m, dict):
            errors.append(f"{where}: нужен объект")
            continue
        kind = _lookup(DATA.mines, m.get("kind"))
        if kind is None:
            errors.append(f"{where}: нет шахты «{m.get('kind')}» (gold, iron, gem)")
            continue
        cell = _cell(m.get("cell"), size, where, errors)
        reserve = _int(m.get("reserve", options.mine_contents(kind)), f"{where}.reserve", errors, 1)
        if cell is None or reserve is None or not claim(cell, "шахта", where):
            continue
        mines.append(Mine(kind=kind, cell=cell, reserve=reserve))

    # units
    units: list[Unit] = []
    numbers: dict[tuple[str, str], set[int]] = {}
    seq = 1
    for i, u in enumerate(doc.get("units") or [], 1):
        where = f"units[{i}]"
        if not isinstance(u, dict):
            errors.append(f"{where}: нужен объект")
            continue
        kind = _lookup(DATA.units, u.get("kind"))
        if kind is None:
            errors.append(f"{where}: нет юнита «{u.get('kind')}»")
            continue
        data = DATA.units[kind]
        cell = _cell(u.get("cell"), size, where, errors)
        if cell is None:
            continue
        if kind in (HERO_ID, GNOME_ID):
            owner, uid, number = None, kind, 0
            if any(x.id == uid for x in units):
                errors.append(f"{where}: {data.name} уже есть")
                continue
        else:
            ok, owner = owner_of(u.get("owner"), where)
            if not ok:
                continue
            if owner is None:
                errors.append(f"{where}: у юнита «{data.name}» должен быть владелец")
                continue
            seq_key = "imp" if options.unit_numbering == "by_category" and category_of(kind) == "imp" else (
                "military" if options.unit_numbering == "by_category" else "unit")
            used = numbers.setdefault((owner, seq_key), set())
            number = u.get("number")
            if number is None:
                number = max(used, default=0) + 1
            if _int(number, f"{where}.number", errors, 1) is None:
                continue
            if number in used:
                errors.append(f"{where}: номер {number} уже занят у «{players[owner].name}» (DK-GAP-15)")
                continue
            used.add(number)
            uid = unit_id(owner, kind, number, options.unit_numbering)
        artifacts = [_lookup(DATA.artifacts, a) for a in u.get("artifacts", [])]
        spirits = [_lookup(DATA.spirits, s) for s in u.get("spirits", [])]
        runes = [_rune(r) for r in u.get("runes", [])]
        history = [_lookup(DATA.units, k) for k in u.get("history", [])]
        if kind == HERO_ID and "artifacts" not in u:
            artifacts = list(DATA.hero.equipment)
        if None in artifacts or None in spirits or None in runes or None in history:
            errors.append(f"{where}: непонятные артефакты, духи, руны или прежние виды юнита")
            continue
        unit = Unit(id=uid, kind=kind, owner=owner, number=number, seq=seq, cell=cell, hp=1,
                    artifacts=artifacts, spirits=spirits, runes=runes, history=history)  # type: ignore[arg-type]
        hp = u.get("hp", unit.max_hp())
        if _int(hp, f"{where}.hp", errors, 1) is None:
            continue
        if hp > unit.max_hp():
            errors.append(f"{where}.hp: у этого юнита не больше {unit.max_hp()} хп")
            continue
        unit.hp = hp
        ap = u.get("ap", unit.max_ap())
        if _int(ap, f"{where}.ap", errors, 0) is None:
            continue
        unit.ap = ap
        if cell in taken and not taken[cell].startswith("юнит"):
            errors.append(f"{where}: юнит на клетке {cell[0]}-{cell[1]}, где {taken[cell]}")
            continue
        if cell in taken and not options.stacking:
            errors.append(f"{where}: на клетке {cell[0]}-{cell[1]} уже стоит юнит (DK-GAP-20)")
            continue
        taken[cell] = f"юнит {uid}"
        units.append(unit)
        seq += 1

    # objects
    objects: list[MapObject] = []
    for i, o in enumerate(doc.get("objects") or [], 1):
        where = f"objects[{i}]"
        if not isinstance(o, dict):
            errors.append(f"{where}: нужен объект")
            continue
        kind = o.get("kind")
        item = None
        if kind in ("сундук", "сундук с золотом"):
            kind = "chest"
        elif kind in ("кристалл", "кристалл маны"):
            kind = "crystal"
        if kind == "rune":
            item = _rune(o.get("item"))
        elif kind == "artifact":
            item = _lookup(DATA.artifacts, o.get("item"))
        elif kind not in ("chest", "crystal"):
            rune, art = _rune(kind), _lookup(DATA.artifacts, kind)
            kind, item = ("rune", rune) if rune else (("artifact", art) if art else (None, None))
        if kind is None or (kind in ("rune", "artifact") and item is None):
            errors.append(f"{where}: непонятный предмет {o.get('kind')!r} (chest, crystal, rune + item, artifact + item)")
            continue
        cell = _cell(o.get("cell"), size, where, errors)
        if cell is None:
            continue
        if cell in taken and not taken[cell].startswith("юнит"):
            errors.append(f"{where}: предмет на клетке {cell[0]}-{cell[1]}, где {taken[cell]}")
            continue
        fixed = {k: o[k] for k in ("gold", "taldear", "mana") if k in o}
        for k, v in fixed.items():
            _int(v, f"{where}.{k}", errors)
        objects.append(MapObject(id=f"o{len(objects) + 1}", kind=kind, cell=cell, item=item, **fixed))

    # turn
    turn = doc.get("turn") or {}
    alive = [f for f, p in players.items() if p.alive]
    order = turn.get("order") or list(players)
    if sorted(order) != sorted(players):
        errors.append("turn.order: нужно перечислить всех архидемонов по одному разу")
        order = list(players)
    active = turn.get("active") or next((f for f in order if f in alive), None)
    if active not in alive:
        errors.append(f"turn.active: «{active}» — нет такого живого архидемона")
    rnd = _int(turn.get("round", 1), "turn.round", errors, 1) or 1
    started = turn.get("started", False)
    if not isinstance(started, bool):
        errors.append("turn.started: true или false")
        started = False
    if len(alive) < 1:
        errors.append("нет ни одного живого архидемона")

    if errors:
        raise SetupError(errors)

    state = State(options=options, rows=rows, seats=list(players), order=order, players=players,
                  active=active, round=rnd)
    for b in buildings:
        state.add_building(b)
    for m in mines:
        state.add_mine(m)
    for u in units:
        if state.terrain(u.cell) != EMPTY:
            errors.append(f"юнит {u.id} стоит на {u.cell[0]}-{u.cell[1]}, а там не пустая клетка (DK-MOVE-03)")
        state.add_unit(u)
    for o in objects:
        state.add_object(o)
    for fid, p in players.items():
        for kind in ("imp", "military"):
            used = [u.number for u in units if u.owner == fid and (category_of(u.kind) == kind
                                                                 or options.unit_numbering == "single_sequence")]
            nxt = max(used, default=0) + 1
            if kind == "imp":
                p.next_imp = nxt
            else:
                p.next_military = nxt
    state.next_id = len(buildings) + len(objects) + 1
    state.next_seq = seq
    if started and active is not None:
        state.turn_no = 1  # the active archdemon's turn has begun already
        for p in players.values():
            p.turns = 1
    if errors:
        raise SetupError(errors)
    return state
