"""How the chronicle names cards in a combat sentence: «Шмель бьёт Позорного лучника».

Card names are invented words (гилен, Козлодуй, Жужа), so the dictionary alone cannot decline
them. Known words take pymorphy3's forms (it knows the fleeting vowels: щитоносец → щитоносца);
unknown ones follow the regular endings. Creatures and heroes are animate (a masculine accusative
is the genitive), buildings are not. Only the head of a name is declined: «Забор с пушкой» keeps
everything from the preposition on. A name that cannot be read safely stays as written, in «».
"""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from letopis.engine.text import plural
from letopis.engine.text_words import morph

from ..data import book_for
from ..state import Piece, State

Case = Literal["nom", "acc", "gen"]

_STOP = {"с", "со", "из", "на", "в", "во", "под", "без", "для", "от", "у", "к", "по"}


def _match_case(model: str, word: str) -> str:
    """Give ``word`` the capitalisation and ё of ``model`` (pymorphy answers in lower case)."""
    out = word
    if "ё" in model.lower() and "ё" not in out:
        i = model.lower().find("ё")
        if i < len(out) and out[i] == "е":
            out = out[:i] + "ё" + out[i + 1:]
    if model[:1].isupper():
        out = out[:1].upper() + out[1:]
    return out


def _noun_parse(word: str):  # type: ignore[no-untyped-def]
    """A dictionary parse of ``word`` as a singular nominative noun or adjective, or None."""
    m = morph()
    if not m.word_is_known(word.lower()):
        return None
    for p in m.parse(word.lower()):
        tag = p.tag
        if ("NOUN" in tag or "ADJF" in tag) and "nomn" in tag and "sing" in tag and "Fixd" not in tag:
            return p
    return None


def _gender(word: str) -> str | None:
    """masc / femn / neut of a head noun: the dictionary, else the ending."""
    p = _noun_parse(word)
    if p is not None and "NOUN" in p.tag:
        for g in ("masc", "femn", "neut"):
            if g in p.tag:
                return g
    low = word.lower()
    if low.endswith(("а", "я")):
        return "femn"
    if low.endswith(("о", "е", "и", "у", "ю")):
        return "neut"
    return "masc"


def _adjective(word: str, case: Case, gender: str, animate: bool) -> str:
    """Decline an adjective by its ending (Позорный → Позорного, Сторожевая → Сторожевую)."""
    low = word.lower()
    stem, end = low[:-2], low[-2:]
    if gender == "femn":
        table = {"ая": {"acc": "ую", "gen": "ой"}, "яя": {"acc": "юю", "gen": "ей"}}
    elif gender == "masc":
        soft = end == "ий" and stem[-1:] not in ("к", "г", "х", "ж", "ш", "щ", "ч")
        g = "его" if soft else "ого"
        table = {e: {"acc": g if animate else e, "gen": g} for e in ("ый", "ий", "ой")}
    else:
        table = {"ое": {"acc": "ое", "gen": "ого"}, "ее": {"acc": "ее", "gen": "его"}}
    forms = table.get(end)
    if forms is None:
        return word
    return _match_case(word, stem + forms[case])


def _noun(word: str, case: Case, animate: bool) -> str:
    """Decline one noun (or one part of a hyphenated noun)."""
    if case == "nom":
        return word
    hard = _gender(word) == "masc" and not word.lower().endswith(("а", "я"))  # вышибала → вышибалу
    want = "gent" if case == "gen" or (case == "acc" and animate and hard) else "accs"
    p = _noun_parse(word)
    if p is not None:
        form = p.inflect({want, "sing"})
        return _match_case(word, form.word) if form is not None else word
    low = word.lower()
    if low.endswith(("о", "е", "и", "у", "ю", "э")):
        return word  # indeclinable
    if low.endswith("а"):
        return _match_case(word, low[:-1] + ("у" if want == "accs" else ("и" if low[-2:-1] in "кгхжшщч" else "ы")))
    if low.endswith("я"):
        return _match_case(word, low[:-1] + ("ю" if want == "accs" else "и"))
    if want == "accs":
        return word  # an inanimate masculine accusative is the nominative
    if low.endswith(("й", "ь")):
        return _match_case(word, low[:-1] + "я")
    return _match_case(word, low + "а")


@lru_cache(maxsize=4096)
def decline(name: str, case: Case, animate: bool = True) -> str:
    """``name`` (a card name in the nominative) in ``case``; unreadable names stay as written."""
    if case == "nom":
        return name
    words = name.split(" ")
    head = []
    for w in words:
        if w.lower() in _STOP or not w[:1].isalpha():
            break
        head.append(w)
    if not head:
        return f"«{name}»"
    rest = words[len(head):]
    # the head noun: the first word that is not an adjective ending
    noun_at = next((i for i, w in enumerate(head)
                    if i == len(head) - 1 or "-" in w
                    or not w.lower().endswith(("ый", "ий", "ой", "ая", "яя", "ое", "ее"))), None)
    if noun_at is None:
        return f"«{name}»"
    gender = _gender(head[noun_at].split("-")[0])
    out = []
    for i, w in enumerate(head):
        if i < noun_at:
            out.append(_adjective(w, case, gender or "masc", animate))
        elif i == noun_at or w[:1].isupper():
            out.append("-".join(_noun(part, case, animate) for part in w.split("-")))
        else:
            out.append(w)  # a dependent word («стражей» in «Гнездо стражей»)
    return " ".join(out + rest)


def amount(n: int) -> str:
    """«1 урона», «3 урона» — how a forum GM writes damage in a strike line."""
    return f"{n} урона"


def lives(n: int) -> str:
    """«1 жизнь», «2 жизни», «5 жизней»."""
    return f"{n} {plural(n, 'жизнь', 'жизни', 'жизней')}"


def who(state: State, piece: Piece, case: Case = "nom") -> str:
    """A piece as the public chronicle names it: the declined card name, «№k» when its owner has
    several visible copies on the table, the owner when another player shows the same card there
    (a mirror match), and «карта в тени» for a hidden card (KZ-DEF-SHADOW-01)."""
    owner = state.players[piece.owner].name if piece.owner in state.players else piece.owner
    if piece.shadow:
        return {"nom": "карта в тени", "acc": "карту в тени", "gen": "карты в тени"}[case] + f" ({owner})"
    card = book_for(state).card(piece.card)
    name = decline(card.name, case, animate=card.type != "building")
    seen = sorted((p for p in state.pieces.values()
                   if p.owner == piece.owner and p.card == piece.card and not p.shadow), key=lambda p: p.seq)
    if len(seen) > 1:  # numbered among the copies anybody can see: a hidden copy leaks no «№2»
        name += f" №{[p.uid for p in seen].index(piece.uid) + 1}"
    if any(p.owner != piece.owner and p.card == piece.card and not p.shadow for p in state.pieces.values()):
        name += f" ({owner})"
    return name
