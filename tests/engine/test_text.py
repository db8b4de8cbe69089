"""The shared Russian order-text helpers: normalising, splitting posts, words, numbers, hints."""

from __future__ import annotations

import pytest

from letopis.engine.text import (
    Lemmatizer,
    Lexicon,
    LineKind,
    agrees,
    cyrillic_lookalike,
    format_coord,
    normalise,
    normalise_mapped,
    number_value,
    order_cue,
    ordinal_value,
    parse_coord,
    split_post,
    strip_markup,
    suggest,
    tokens,
)


# --- normalise --------------------------------------------------------------------------------------
@pytest.mark.parametrize("typed, canonical", [
    ("АТАКУЮ", "атакую"),
    ("Зелёный", "зеленый"),
    ("П2 – П1", "п2 - п1"),
    ("П2 — П1", "п2 - п1"),
    ("защита ‒ атака", "защита - атака"),
    ("персонаж № 3", "персонаж №3"),
    ("персонаж №3", "персонаж №3"),
    ("Имп номер два", "имп №2"),
    ("шахта номер 2", "шахта №2"),
    ("под номером Три", "под №3"),
    ("номер телефона", "номер телефона"),
    ("номерок два", "номерок два"),
    ("#3", "№3"),
    ("N3", "№3"),
    ("No. 3", "№3"),
    ("П3 -> П1", "п3 → п1"),
    ("П3 --> П1", "п3 → п1"),
    ("П3 > П1", "п3 → п1"),
    ("П3 => П1", "п3 → п1"),
    ("П3 ⇒ П1", "п3 → п1"),
    ("П3 —> П1", "п3 → п1"),
    ("синий П1 <-> красный П3", "синий п1 ↔ красный п3"),
    ("П1 <- П3", "п1 ← п3"),
    ("«Страж»", "«страж»"),
    ('"Страж"', "«страж»"),
    ("„Страж“", "«страж»"),
    ("гашу\u00a02", "гашу 2"),
    ("гашу\u200b2", "гашу2"),
    ("(37,15)", "37-15"),
    ("(37, 15)", "37-15"),
    ("37–15", "37-15"),
    # Latin look-alikes inside a Cyrillic word, upper or lower case, anywhere in the word
    ("Защитa: cтраховка", "защита: страховка"),
    ("КОНТРАТAКА", "контратака"),
    ("Bремя", "время"),
    ("кoпает 20-21", "копает 20-21"),
])
def test_normalise_gives_one_spelling(typed, canonical):
    assert normalise(typed) == canonical


@pytest.mark.parametrize("typed", [
    "Dragonу",  # a Latin name with a Russian ending: more Latin than Cyrillic
    "Aceу",  # every Latin letter a look-alike, but still mostly Latin
    "Bobу",  # a lower-case «b» looks like no Cyrillic letter
    "B3 A3",  # lone letters: a look-alike or a transliteration («P2» is П2), the ruleset decides
    "pass",
])
def test_normalise_leaves_latin_words_and_lone_letters(typed):
    assert normalise(typed) == typed.lower()


def test_a_lookalike_keeps_the_column_map():
    typed = "Защитa: cтраховка"
    norm, cols = normalise_mapped(typed)
    assert cols == list(range(len(typed))) and norm == "защита: страховка"


def test_cyrillic_lookalike_folds_lone_code_letters():
    assert cyrillic_lookalike("b3 a3 з3 ф3") == "в3 а3 з3 ф3"
    assert cyrillic_lookalike("k3 c4 y5") == "к3 с4 у5"


def test_a_number_said_in_words_maps_to_the_word():
    typed = "шахта номер два"
    norm, cols = normalise_mapped(typed)
    assert norm == "шахта №2" and typed[cols[norm.index("№")]] == "н" and typed[cols[norm.index("2")]:].startswith("два")


def test_normalise_keeps_a_column_map_to_what_was_typed():
    typed = "Персонаж № 3 —> П1 (37, 15)"
    norm, cols = normalise_mapped(typed)
    assert len(cols) == len(norm)
    assert cols == sorted(cols) and all(0 <= c < len(typed) for c in cols)
    i = norm.index("№3")
    assert typed[cols[i]] == "№" and typed[cols[i + 1]] == "3"
    j = norm.index("37-15")
    assert typed[cols[j]] == "3" and typed[cols[j + 3]] == "1"
    assert typed[cols[norm.index("→")]] in "—->"


@pytest.mark.parametrize("typed", ["37-15", "37–15", "(37,15)", "(37, 15)", "37 15", "37:15", "37x15"])
def test_coordinates_in_every_spelling(typed):
    assert parse_coord(typed) == (37, 15)
    assert format_coord(37, 15) == "37-15"


def test_not_a_coordinate():
    assert parse_coord("П2 3") is None
    assert parse_coord("37") is None


# --- split_post ------------------------------------------------------------------------------------
def test_lines_are_numbered_as_typed_and_blank_lines_kept():
    lines = split_post("Атакую П2 → П1\r\n\r\nНу держись!\rПока")
    assert [(ln.number, ln.kind) for ln in lines] == [
        (1, LineKind.TEXT), (2, LineKind.BLANK), (3, LineKind.TEXT), (4, LineKind.TEXT)]
    assert lines[0].original == "Атакую П2 → П1"


def test_empty_post_has_no_lines():
    assert split_post("") == [] and split_post("  \n \t") == []


def test_bbcode_is_stripped_and_columns_point_at_what_was_typed():
    line = split_post("[b]Атака:[/b] [color=red]П2[/color] → П1 [size=150]класс+[/size]")[0]
    assert line.norm == "атака: п2 → п1 класс+"
    start = line.norm.index("п2")
    a, b = line.span(start, start + 2)
    assert line.original[a:b] == "П2"
    k = line.norm.index("класс+")
    a, b = line.span(k, k + len("класс+"))
    assert line.original[a:b] == "класс+"
    assert line.typed(k, k + len("класс+")) == "класс+"


@pytest.mark.parametrize("tag", ["b", "i", "u", "s", "spoiler", "url=http://x.ru", "size=12", "color=#ff0000",
                                 "font=Arial", "center"])
def test_every_common_tag_is_markup(tag):
    name = tag.split("=")[0]
    line = split_post(f"[{tag}]Гашу 2 урона временем.[/{name}]")[0]
    assert line.norm == "гашу 2 урона временем."


def test_quotes_are_never_readable_nested_multiline_and_unbalanced():
    post = ("[quote=Борис]Атакую П2 → П1\n[quote]Старое[/quote]\nещё строка[/quote] Мой ответ\n"
            "Переношу 1 форму с П4 на П2\n[quote]незакрытая цитата\nП3 атакует П1")
    lines = split_post(post)
    kinds = [ln.kind for ln in lines]
    assert kinds == [LineKind.QUOTE, LineKind.QUOTE, LineKind.TEXT, LineKind.TEXT, LineKind.QUOTE, LineKind.QUOTE]
    assert lines[2].norm == "мой ответ"
    assert lines[4].unclosed_quote
    assert lines[0].norm == "" and "атакую" not in " ".join(ln.norm for ln in lines)


def test_a_stray_closing_quote_is_just_markup():
    line = split_post("Атакую П2 → П1 [/quote]")[0]
    assert line.kind is LineKind.TEXT and line.norm == "атакую п2 → п1"


def test_email_style_quote_line():
    assert split_post("> Атакую П2 → П1")[0].kind is LineKind.QUOTE


@pytest.mark.parametrize("smile", [":)", ":D", "=)", "xD", ":-(", ";)", ")))", "😈", "👍🏻", ":P", "^_^"])
def test_emoticons_and_emoji_are_removed(smile):
    line = split_post(f"Ну держись {smile}")[0]
    assert line.norm == "ну держись"
    only = split_post(smile)[0]
    assert only.kind is LineKind.FLAVOUR


@pytest.mark.parametrize("sheet", ["П1: 0/8/3/1", "П1:3/4/2/3", "В:3 А:4 З:2 Ф:3", "П2: 8/0/0/4 ;)"])
def test_sheets_are_not_smiles(sheet):
    assert split_post(sheet)[0].norm == sheet.lower().replace(" ;)", "")


def test_brackets_that_are_not_smiles_stay():
    line = split_post("3 — синих 4, красных 4 (3 в атаку, 1 в защиту), зелёных 4")[0]
    assert "(3 в атаку, 1 в защиту)" in line.norm


@pytest.mark.parametrize("typed, marker, number, rest", [
    ("— Добавляю 2 синих на П3", "—", None, "добавляю 2 синих на п3"),
    ("- Добавляю 2 синих на П3", "-", None, "добавляю 2 синих на п3"),
    ("• Добавляю 2 синих на П3", "•", None, "добавляю 2 синих на п3"),
    ("1. П1: В3 А4 З2 Ф3", "1.", 1, "п1: в3 а4 з2 ф3"),
    ("2) Переношу 1 форму", "2)", 2, "переношу 1 форму"),
])
def test_list_markers(typed, marker, number, rest):
    line = split_post(typed)[0]
    assert (line.marker, line.marker_number, line.norm) == (marker, number, rest)


def test_a_list_typed_on_one_line_is_cut_into_items():
    line = split_post("1) убит вождь 2) убит орк №2 3) ранен орк №1")[0]
    assert line.norm == "убит вождь; убит орк №2; ранен орк №1"
    a, b = line.span(line.norm.index("убит орк"), line.norm.index("убит орк") + 4)
    assert line.original[a:b] == "убит"


def test_a_number_out_of_turn_is_no_item_of_a_one_line_list():
    assert split_post("1) орк 3) стоит")[0].norm == "орк 3) стоит"
    assert split_post("рыцарь 2) идёт")[0].norm == "рыцарь 2) идет"


def test_a_number_and_a_dash_is_not_a_list_marker():
    line = split_post("3 — синих 4, красных 4")[0]
    assert line.marker is None and line.norm.startswith("3 -")


@pytest.mark.parametrize("typed, reason", [
    ("(офф: завтра не смогу)", "off"),
    ("ОФФ: завтра не смогу", "off"),
    ("ООС: пас за меня не ставьте", "off"),
    ("OOC: brb", "off"),
    ("UPD: передумал", "edit"),
    ("зы всем удачи", "ps"),
    ("P.S. атакую завтра", "ps"),
    ("[off]тут болтовня[/off]", "off"),
])
def test_flavour_lines(typed, reason):
    line = split_post(typed)[0]
    assert (line.kind, line.reason) == (LineKind.FLAVOUR, reason)


def test_inline_off_topic_is_not_read():
    line = split_post("Гашу 1 (офф: или 2?) временем")[0]
    assert line.kind is LineKind.TEXT and "офф" not in line.norm and "гашу 1" in line.norm
    line = split_post("Гашу 1 (OOC: или 2?) временем")[0]
    assert line.kind is LineKind.TEXT and "ooc" not in line.norm and "гашу 1" in line.norm


def test_headings_and_signatures():
    lines = split_post("[b]Фаза ресурсов:[/b]\nПереношу 1 форму с П4 на П2\n--\nАнна, гроза драконов\nП1 атакует")
    assert lines[0].kind is LineKind.HEADING and lines[0].heading == "Фаза ресурсов"
    assert lines[1].kind is LineKind.TEXT
    assert all(ln.kind is LineKind.FLAVOUR and ln.reason == "signature" for ln in lines[2:])


def test_strip_markup():
    assert strip_markup("[b]Страж[/b] :)") == "Страж "


# --- tokens, lemmas, lexicon -------------------------------------------------------------------------
def test_tokens_with_spans():
    text = normalise("П2 → П1 соперника: класс+, 2-й, №4")
    toks = tokens(text)
    assert [t.text for t in toks] == ["п", "2", "→", "п", "1", "соперника", ":", "класс", "+", ",", "2-й", ",",
                                      "№", "4"]
    assert all(text[t.start:t.end] == t.text for t in toks)
    assert toks[10].kind == "ord" and toks[10].value == 2
    assert toks[1].kind == "num" and toks[1].value == 2


LEXICON = Lexicon.from_dict({
    "lemmas": {"импа": "имп"},
    "concepts": {"move": ["передвигаться", "идти", "переместить", "двигать"], "imp": ["имп"]},
    "phrases": {"superiority": ["два бросок", "кидать дважды"]},
})


@pytest.mark.parametrize("word", ["передвигается", "идёт", "переместить", "двигаю", "двигаем", "идут"])
def test_synonyms_in_any_form_map_to_one_concept(word):
    assert Lemmatizer(LEXICON).concept(normalise(word)) == "move"


def test_lexicon_fixes_what_the_dictionary_gets_wrong():
    lem = Lemmatizer(LEXICON)
    assert lem.lemma("импа") == "имп" and lem.concept("импа") == "imp"
    assert lem.lemma("лучницей") == "лучница"
    assert "страж" in lem.lemmas("стража")  # «Стража» may be a form of «Страж»
    assert lem.has_grammeme("лучницей", "ablt")


def test_words_of_a_concept_for_suggestions():
    assert sorted(LEXICON.words_of("move")) == ["двигать", "идти", "передвигаться", "переместить"]


def test_phrases_by_lemma():
    lem = Lemmatizer(LEXICON)
    assert lem.phrase_at(["два", "броска"], 0) == ("superiority", 2)
    assert lem.phrase_at(["кидаю", "дважды"], 0) == ("superiority", 2)
    assert lem.phrase_at(["кидаю", "кубик"], 0) is None


def test_a_short_form_stands_for_the_one_concept_it_begins():
    lem = Lemmatizer(Lexicon.from_dict({"concepts": {
        "insurance": ["страховка", "страховать"], "attack": ["стрелять"], "superiority": ["превосходство"]}}))
    boosts = frozenset({"insurance", "superiority"})
    assert lem.abbreviation("стр", boosts) == "insurance"  # «стрелять» is no boost
    assert lem.abbreviation("прев.", boosts) == "superiority"
    assert lem.abbreviation("стр", boosts | {"attack"}) is None  # two concepts: no guess
    assert lem.abbreviation("пр", boosts) is None  # too short
    assert lem.abbreviation("страховка", boosts) is None  # the word itself is no short form


def test_a_word_in_two_concepts_is_refused():
    with pytest.raises(ValueError):
        Lexicon.from_dict({"concepts": {"a": ["идти"], "b": ["идти"]}})


def test_lexicon_loads_from_toml(tmp_path):
    path = tmp_path / "lexicon.toml"
    path.write_text('[concepts]\nmove = ["идти"]\n[extra]\nx = 1\n', encoding="utf-8")
    lex = Lexicon.load(path)
    assert Lemmatizer(lex).concept("иду") == "move" and lex.extra == {"extra": {"x": 1}}


# --- numbers ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("word, value", [
    ("один", 1), ("одного", 1), ("одну", 1), ("два", 2), ("двух", 2), ("две", 2), ("пару", 2), ("оба", 2),
    ("обоих", 2), ("три", 3), ("трёх", 3), ("четыре", 4), ("пять", 5), ("десять", 10), ("двадцать", 20),
    ("7", 7), ("ноль", 0), ("нулём", 0), ("двумя", 2), ("тремя", 3),
])
def test_number_words(word, value):
    assert number_value(tokens(normalise(word))[0]) == value


@pytest.mark.parametrize("word, value", [("первый", 1), ("второго", 2), ("вторым", 2), ("2-й", 2), ("3й", 3),
                                         ("четвёртого", 4)])
def test_ordinals(word, value):
    assert ordinal_value(tokens(normalise(word))[0]) == value


def test_not_numbers():
    assert number_value(tokens("рыцарь")[0]) is None
    assert ordinal_value(tokens("рыцарь")[0]) is None


# --- suggestions and order cues ---------------------------------------------------------------------------
def test_suggest_a_typo():
    assert suggest("передвигаеться", ["передвигается", "атакует"]) == "передвигается"
    assert suggest("превосходсво", ["превосходство", "страховка"]) == "превосходство"


def test_suggest_nothing_when_right_or_far():
    assert suggest("атакует", ["передвигается", "атакует"]) is None
    assert suggest("колбаса", ["передвигается", "атакует"]) is None


CUE_LEX = Lemmatizer(Lexicon.from_dict({"concepts": {"v_attack": ["атаковать", "бить", "атака"], "v_defend": ["защищать"]}}))
VERBS = frozenset({"v_attack", "v_defend"})


def _cue(text: str, **kw):
    norm = normalise(text)
    return order_cue(tokens(norm), CUE_LEX, VERBS, norm, **kw)


def test_an_order_verb_said_as_an_order_is_a_cue():
    assert _cue("Атакую кого-нибудь!").reason == "verb"
    assert _cue("Атака: непонятно кого").reason == "verb"


def test_narrative_is_not_a_cue():
    assert _cue("Рыцарь защищал её всю жизнь") is None
    assert _cue("Ну держись!") is None


def test_a_narrative_verb_with_a_reference_is_a_cue():
    assert _cue("Рыцарь бьёт кого-то", has_reference=True) is not None


def test_patterns_and_near_misses_are_cues():
    import re

    assert _cue("П2 ⇒ П1", patterns=(re.compile(r"п\d\s*→\s*п\d"),)).reason == "pattern"
    near = _cue("Атокую П1", vocabulary=("атакую",))
    assert near.reason == "near" and near.suggestion == "атакую"


# --- agreement ---------------------------------------------------------------------------------------
def test_inflect_puts_a_noun_phrase_in_a_case_and_number():
    from letopis.engine.text_words import inflect

    assert inflect("Огненная стрела", "gen") == "Огненной стрелы"
    assert inflect("огненная стрела", "acc") == "огненную стрелу"
    assert inflect("Волчий всадник", "acc") == "Волчьего всадника"
    assert inflect("катапульта", "gen", plural=True) == "катапульт"
    assert inflect("всадник", "gen", plural=True) == "всадников"
    assert inflect("дротики", "ins") == "дротиками"  # a noun used in the plural stays plural
    assert inflect("UNL-2", "gen") == "UNL-2"  # what the dictionary cannot decline stays as written


def test_nominative_gives_a_name_told_in_another_case_as_it_is_called():
    from letopis.engine.text_words import nominative

    assert nominative("Кузнеца") == "Кузнец"
    assert nominative("Старого Пахаря") == "Старый Пахарь"
    assert nominative("Ведьму") == "Ведьма"
    assert nominative("Голем") == "Голем"  # not in the dictionary: no guessing («голь»)
    assert nominative("Варг") == "Варг"  # a plural form of another noun («варги») is no reading
    assert nominative("Монах") == "Монах"  # already nominative
    assert nominative("Тень") == "Тень"  # nominative and accusative alike: left as written
    assert nominative("Dark_Knight") == "Dark_Knight"


def test_agree_and_gender_follow_the_noun():
    from letopis.engine.text_words import agree, agree_with, gender

    assert gender("катапульта") == "femn" and gender("Боевой маг") == "masc" and gender("UNL-2") is None
    assert [agree("убит", g) for g in ("masc", "femn", "neut")] == ["убит", "убита", "убито"]
    assert agree("погиб", plural=True) == "погибли" and agree("Ранен", "femn") == "Ранена"
    assert agree_with("Огненная стрела", "стрелял") == "стреляла"
    assert agree_with("Дротики", "стрелял") == "стреляли" and agree_with("UNL-2", "стрелял") == "стрелял"


def test_counted_and_joined():
    from letopis.engine.text_words import counted, joined

    assert [counted(n, "фигура", "фигуры", "фигур") for n in (1, 3, 5, 11, 21, 112)] == [
        "1 фигура", "3 фигуры", "5 фигур", "11 фигур", "21 фигура", "112 фигур"]
    assert joined([]) == "" and joined(["а"]) == "а" and joined(["а", "б"]) == "а и б"
    assert joined(["а", "б", "в"], "или") == "а, б или в"


# --- an adjective and its noun ------------------------------------------------------------------------
@pytest.mark.parametrize(("adjective", "noun"), [
    ("золотой", "жиле"), ("Козлиное".lower(), "стадо"), ("чёрный", "день"), ("позорные", "дела"),
    ("огненного", "плевка"), ("зелёную", "дверь"),
])
def test_an_adjective_agrees_with_its_noun(adjective, noun):
    assert agrees(adjective, noun)


@pytest.mark.parametrize(("adjective", "noun"), [
    ("золотой", "стадо"),  # gender
    ("позорного", "лучнега"),  # a typo: the dictionary does not know it
    ("козлиное", "бегут"),  # no noun
    ("бегут", "стадо"),  # no adjective
    ("чёрные", "день"),  # number
    ("огненного", "плевку"),  # case
])
def test_words_that_do_not_agree(adjective, noun):
    assert not agrees(adjective, noun)


@pytest.mark.parametrize(("typed", "norm"), [
    ("12-8 это же башня( Тогда так: рыцарь идёт", "12-8 это же башня. тогда так: рыцарь идет"),
    ("жаль( ладно", "жаль ладно"),
    ("идёт (через 8-6 на 9-9", "идет (через 8-6 на 9-9"),  # an opening bracket left open is no smile
])
def test_a_sad_smile_stuck_to_a_word_is_not_an_open_bracket(typed, norm):
    assert split_post(typed)[0].norm == norm
