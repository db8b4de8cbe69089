"""Splitting a forum post into lines a ruleset can read, without losing what the player typed.

A post is what a player pastes from a forum: BBCode, quotes of the opponent (which must never be
read as this player's orders), emoticons, list markers, headings, off-topic remarks and
signatures. `split_post` returns one `PostLine` per line as typed. Each keeps its original text
and a readable, normalised text with a column map back to the original, so that a `Problem` found
in the readable text underlines exactly what the player wrote.

Everything here is linear in the size of the post: tags are found with one regex pass and quote
regions with a stack, never by searching forward from every opening tag.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, replace
from enum import StrEnum

from .cache import ByteBudgetCache, column_map_bytes, str_bytes
from .text_norm import _ARROWS, _BOTH_ARROWS, _LEFT_ARROWS, ColumnMap, normalise_mapped, sub_mapped


class LineKind(StrEnum):
    TEXT = "text"  # something to read: an order or chatter, the ruleset decides
    BLANK = "blank"
    QUOTE = "quote"  # inside [quote]…[/quote] (or an e-mail style "> …" line)
    FLAVOUR = "flavour"  # off-topic («офф:», «OOC:»), «UPD:», «зы», «P.S.», a signature, only emoticons/markup
    HEADING = "heading"  # a heading alone on its line, «Фаза ресурсов:»


@dataclass(slots=True)
class PostLine:
    """One line of a post as typed, and the readable text a ruleset parses.

    ``text`` is the readable text in the player's own characters (markup, quotes, emoticons and
    the list marker removed); ``norm`` is ``text`` normalised (`normalise`); ``cols[i]`` is the
    column in ``original`` of ``norm[i]``.
    """

    number: int
    original: str
    kind: LineKind
    text: str = ""
    norm: str = ""
    cols: ColumnMap | None = None
    marker: str | None = None  # the list marker removed from the start ("1.", "—", "•")
    marker_number: int | None = None  # its number for "1." / "2)"
    reason: str | None = None  # why a line is flavour: "off", "edit", "ps", "signature", "markup"
    heading: str | None = None  # for HEADING lines: the heading without its colon
    unclosed_quote: bool = False  # a [quote] opens on this line and is never closed

    def span(self, start: int, end: int) -> tuple[int, int]:
        """Columns in ``original`` (end exclusive) of ``norm[start:end]``."""
        cols = self.cols or []
        if not cols:
            return 0, len(self.original)
        start = max(0, min(start, len(cols) - 1))
        end = max(start + 1, min(end, len(cols)))
        return cols[start], cols[end - 1] + 1

    def typed(self, start: int, end: int) -> str:
        """What the player typed for ``norm[start:end]``, with markup taken out."""
        a, b = self.span(start, end)
        return strip_markup(self.original[a:b]).strip()


# --- markup, emoticons, emoji ------------------------------------------------------------------
_TAG_NAMES = (
    r"b|i|u|s|del|ins|em|strong|color|colour|size|font|spoiler|spoil|hide|url|img|code|center|left|"
    r"right|justify|align|list|li|\*|hr|sup|sub|strike|mark|highlight|indent|email|youtube|video|"
    r"media|table|tr|td|th|h[1-6]|quote|off|offtop|offtopic|sig|signature|tab|pre|nobr|br|abbr|"
    r"acronym|anchor|fa|icon|small|big|blur|glow|shadow|flash"
)
_TAG = re.compile(rf"\[/?(?:{_TAG_NAMES})(?:[= ][^\]\n]{{0,300}})?\]", re.IGNORECASE)
_URL = re.compile(r"(?:https?://|www\.)[^\s\[\]]+", re.IGNORECASE)
# Emoji and dingbats are decoration, except the dingbat arrows (➝ ➔ ➜ ⮕): those are arrows (text_norm).
_EMOJI = re.compile(
    f"(?![{_ARROWS}{_BOTH_ARROWS}{_LEFT_ARROWS}])"
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2b2f\u2b50-\u2bff\ufe0e\ufe0f\u200d\u20e3"
    "\U000e0020-\U000e007f\u2300-\u23ff]"
)
_EMOTICON = re.compile(
    r"(?<![\w:;=/])(?:"
    r"[:;=][-~^'o]?[)(\]\[dDpPоО3*|\\/sSbB@$xXхХ]+"  # :) :-( ;) =) :D :P :3
    r"|8-?[)(]+"  # 8)
    r"|[xXхХ][-]?[dDдД]+(?![\w])"  # xD хД
    r"|\^[_.\-]*\^|-_-|[oOоО]_[oOоО]|[tTтТ]_[tTтТ]|<3"
    r")(?![\w)(])"
)
_PAREN_SMILE = re.compile(r"(?<=\S)[)(]{2,}(?=\s|$|[.!?,])|(?:(?<=\s)|^)[)(]+(?=\s|$)")
_OFF_INLINE = re.compile(r"\(\s*(?:офф?|оффтоп|оффтопик|off|offtop|ooc|оос)\b[^()]{0,500}\)", re.IGNORECASE)


def _unmatched_closers(s: str, cols: ColumnMap) -> tuple[str, ColumnMap]:
    """A ")" with no "(" before it is a smile ("ну держись)"), not punctuation; so is a "(" stuck
    to a word, with a space after it, that nothing closes ("это же башня( Тогда так: …"): a sad
    smile, which ends its sentence when a capital letter follows."""
    opened: list[int] = []
    drop: list[int] = []
    for i, c in enumerate(s):
        if c == "(":
            opened.append(i)
        elif c == ")":
            if opened:
                opened.pop()
            elif i == 0 or not s[i - 1].isdigit():  # "2)" is a list marker, handled elsewhere
                drop.append(i)
    stop: list[int] = []
    for i in opened:
        if i and not s[i - 1].isspace() and (i + 1 == len(s) or s[i + 1].isspace()):
            after = s[i + 1:].lstrip()[:1]
            (stop if after.isupper() else drop).append(i)
    if not drop and not stop:
        return s, cols
    keep = sorted(set(range(len(s))) - set(drop))
    return "".join("." if i in stop else s[i] for i in keep), [cols[i] for i in keep]


def strip_markup_mapped(s: str, cols: ColumnMap, inline_off: bool = True) -> tuple[str, ColumnMap]:
    """Remove BBCode tags, links, emoji, emoticons and (unless told not to) inline off-topic
    remarks «(офф: …)»; keep the column map."""
    if "[" in s:
        s, cols = sub_mapped(_TAG, lambda m: "", s, cols)
    if "://" in s or "www." in s:
        s, cols = sub_mapped(_URL, lambda m: "", s, cols)
    if not s.isascii() or any(c in s for c in ":;=8xX^<"):
        s, cols = sub_mapped(_EMOJI, lambda m: "", s, cols)
        s, cols = sub_mapped(_EMOTICON, lambda m: "", s, cols)
    if "(" in s or ")" in s:
        if inline_off:
            s, cols = sub_mapped(_OFF_INLINE, lambda m: "", s, cols)
        s, cols = sub_mapped(_PAREN_SMILE, lambda m: "", s, cols)
        s, cols = _unmatched_closers(s, cols)
    return s, cols


_STRUCK = re.compile(r"\[(s|strike|del)\](.*?)\[/\1\]", re.IGNORECASE)


def without_struck(line: PostLine) -> PostLine:
    """The line without what its writer struck out and wrote again after it («[s]Призываю Змея[/s]
    Призываю Грифона»): a forum's way to correct a post in place. Struck text with nothing read
    after it («П1 → [s]П2[/s]») is formatting, kept; a line with nothing struck is returned as it
    is. Never changes ``line`` (lines may be shared through the cache)."""
    if not line.cols or "[" not in line.original:
        return line
    cols = line.cols
    spans = [(m.start(), m.end()) for m in _STRUCK.finditer(line.original)
             if m.group(2).strip() and any(c >= m.end() and not line.norm[i].isspace() for i, c in enumerate(cols))]
    if not spans:
        return line
    keep: list[int] = []
    for i, c in enumerate(cols):
        if any(a <= c < b for a, b in spans):
            continue
        if line.norm[i].isspace() and (not keep or line.norm[keep[-1]].isspace()):
            continue  # one space where the struck words were, none at the start
        keep.append(i)
    while keep and line.norm[keep[-1]].isspace():
        keep.pop()
    return replace(line, norm="".join(line.norm[i] for i in keep), cols=[cols[i] for i in keep])


def strip_markup(s: str) -> str:
    return strip_markup_mapped(s, list(range(len(s))))[0]


# --- quotes and off-topic blocks ------------------------------------------------------------------
_BLOCK = re.compile(r"\[(/?)(quote|off|offtop|offtopic)(?:[= ][^\]\n]{0,300})?\]", re.IGNORECASE)


@dataclass(slots=True)
class _Region:
    start: int
    end: int
    kind: str  # "quote" or "off"
    unclosed: bool = False


def _regions(text: str) -> list[_Region]:
    """Top-level quote/off-topic regions; nested and unbalanced tags allowed. A closing tag with
    no opening one is left to `strip_markup`; an opening tag never closed runs to the end."""
    regions: list[_Region] = []
    stack: list[tuple[int, str]] = []
    for m in _BLOCK.finditer(text):
        if not m.group(1):
            stack.append((m.start(), "quote" if m.group(2).lower() == "quote" else "off"))
        elif stack:
            start, kind = stack.pop()
            if not stack:
                regions.append(_Region(start, m.end(), kind))
    if stack:
        start, kind = stack[0]
        regions.append(_Region(start, len(text), kind, unclosed=True))
    return regions


# --- line starts: list markers, flavour markers, headings ----------------------------------------
_MARKER = re.compile(r"^\s*(?:([-•·*▪►▸●○◦‣⁃+]|[\u2010-\u2015])|(\d{1,2})[.)])(?=\s)\s*")
_FLAVOUR_START = re.compile(
    r"^\(?\s*(?:(офф?|оффтоп|оффтопик|off|offtop|offtopic|ooc|оос)|(upd|апд|edit|эдит|ред)|"
    r"(p\.\s?s|ps|п\.\s?с|пс|зы|з\.ы|nb))(?![\w])[.:)\s\-]*",
    re.IGNORECASE,
)
_FLAVOUR_REASON = {1: "off", 2: "edit", 3: "ps"}
_HEADING = re.compile(r"^([^\d:→]{1,40}):\s*$")
_SIGNATURE = re.compile(r"^\s*--\s*$")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A post copied from phpBB as plain text keeps the quote's header line and loses its BBCode:
# «Борис писал(а):», «Boris wrote:», «Цитата (Борис):». What follows it, up to the next blank
# line, is the other player's words. Reported speech is the poster's own sentence, not a header:
# «Мастер написал, что у дракона 6 ОМ. Тогда так:» has a «что» (or another word that opens what
# was said) or a second sentence, which a header never has.
_REPORTED = r"(?!.*\b(?:что|чтобы|будто|якобы|мол|дескать|that)\b)(?!.*[.!?]\s+[^\W\d_])"
_QUOTE_HEADER = re.compile(
    rf"^{_REPORTED}\s*(?:[^\s:][^:\n]{{0,60}}?\s+(?:писал(?:\s*\(\s*а\s*\)|а)?|написал(?:\s*\(\s*а\s*\)|а)?|"
    r"wrote|пишет|сказал(?:\s*\(\s*а\s*\)|а)?)(?:\s*[^:\n]{0,40})?"
    r"|цитата(?:\s*\([^)\n]{0,60}\))?|quote(?:\s*\([^)\n]{0,60}\))?)\s*:\s*$",
    re.IGNORECASE,
)


def _inside(regions: list[_Region], starts: list[int], pos: int) -> bool:
    i = bisect_right(starts, pos) - 1
    return i >= 0 and regions[i].end > pos


def _line_spans(text: str) -> list[tuple[int, int]]:
    spans = []
    start = 0
    for m in _LINE_BREAK.finditer(text):
        spans.append((start, m.start()))
        start = m.end()
    spans.append((start, len(text)))
    return spans


def _trim(s: str, cols: ColumnMap) -> tuple[str, ColumnMap]:
    stripped = s.lstrip()
    lead = len(s) - len(stripped)
    stripped = stripped.rstrip()
    return stripped, cols[lead : lead + len(stripped)]


def _read_line(number: int, original: str, text: str, cols: ColumnMap, quoted: bool, off: bool,
               unclosed: bool) -> PostLine:
    line = PostLine(number=number, original=original, kind=LineKind.TEXT, unclosed_quote=unclosed)
    text, cols = _trim(*strip_markup_mapped(text, cols, inline_off=False))
    if not text:
        if quoted:
            line.kind = LineKind.QUOTE
        elif off:
            line.kind, line.reason = LineKind.FLAVOUR, "off"
        elif original.strip():
            line.kind, line.reason = LineKind.FLAVOUR, "markup"
        else:
            line.kind = LineKind.BLANK
        return line
    if text.startswith(">") and not text.startswith(">>"):
        line.kind = LineKind.QUOTE
        return line
    m = _MARKER.match(text)
    if m and m.end() < len(text):
        line.marker = m.group().strip()
        line.marker_number = int(m.group(2)) if m.group(2) else None
        text, cols = text[m.end() :], cols[m.end() :]
        if line.marker_number is not None and line.marker.endswith(")") and ")" in text:
            text, cols = _inline_items(text, cols, line.marker_number)
    f = _FLAVOUR_START.match(text)
    if f:
        line.kind = LineKind.FLAVOUR
        line.reason = next(_FLAVOUR_REASON[i] for i in (1, 2, 3) if f.group(i))
    elif "(" in text:
        text, cols = _trim(*sub_mapped(_OFF_INLINE, lambda m: "", text, cols))
    line.text = text
    line.norm, line.cols = normalise_mapped(text, cols)
    if line.kind is LineKind.TEXT:
        h = _HEADING.match(line.norm)
        if h and len(h.group(1).split()) <= 4:
            line.kind = LineKind.HEADING
            line.heading = text[: text.rfind(":")].strip()
    return line


_INLINE_ITEM = re.compile(r"\s+(\d{1,2})\)\s+")


def _inline_items(text: str, cols: ColumnMap, first: int) -> tuple[str, ColumnMap]:
    """«1) убит вождь 2) убит орк №2 3) ранен орк №1»: a list typed on one line. After a leading
    «1)», each «2)», «3)», … that comes next in turn starts a new item, so it becomes «; » (a clause
    break); a number out of turn («1) орк 3) …») is left as it is written."""
    want = first + 1

    def repl(m: re.Match[str]) -> str:
        nonlocal want
        if int(m.group(1)) != want:
            return m.group(), list(range(m.start(), m.end()))
        want += 1
        return "; "

    return sub_mapped(_INLINE_ITEM, repl, text, cols)


def _may_be_quote_header(original: str) -> bool:
    """A cheap test before the header pattern: such a line ends with its colon (or with markup
    after it), so an order line «1 ОД: идёт на 3-4» is never stripped and matched at all."""
    end = original.rstrip()
    return ":" in end and end.endswith((":", "]"))


def split_post(text: str) -> list[PostLine]:
    """The lines of a post, 1-based, each classified and with its readable text.

    Quoted text ([quote]…[/quote], nested, over several lines, or never closed) is never readable:
    such lines are QUOTE; a line with a quote and text after it keeps only the text after it.
    Never raises; an empty post gives no lines.
    """
    if not text or not text.strip():
        return []
    regions = _regions(text) if "[" in text else []
    starts = [r.start for r in regions]
    lines: list[PostLine] = []
    signature = False
    copied_quote = False  # inside a quote copied as text, after its «… писал(а):» header
    for number, (ls, le) in enumerate(_line_spans(text), start=1):
        original = text[ls:le]
        if copied_quote and original.strip():
            lines.append(PostLine(number=number, original=original, kind=LineKind.QUOTE, reason="copied"))
            continue
        copied_quote = False
        if _may_be_quote_header(original) and _QUOTE_HEADER.match(strip_markup(original)) \
                and not _inside(regions, starts, ls):
            copied_quote = True
            lines.append(PostLine(number=number, original=original, kind=LineKind.QUOTE, reason="header"))
            continue
        if signature or (_SIGNATURE.match(original) and not _inside(regions, starts, ls)):
            signature = True
            lines.append(PostLine(number=number, original=original, reason="signature",
                                  kind=LineKind.FLAVOUR if original.strip() else LineKind.BLANK))
            continue
        # Keep the pieces of this line that lie outside every quote/off-topic region.
        cols: ColumnMap = []
        quoted = off = unclosed = False
        pos = ls
        i = max(0, bisect_right(starts, ls) - 1)
        while i < len(regions) and regions[i].start < le:
            r = regions[i]
            if r.end > ls:
                if r.start > pos:
                    cols.extend(range(pos - ls, r.start - ls))
                pos = max(pos, r.end)
                quoted = quoted or r.kind == "quote"
                off = off or r.kind == "off"
                unclosed = unclosed or (r.unclosed and r.start >= ls)
            i += 1
        if not quoted and not off and pos == ls:
            lines.append(_plain_line(number, original))
            continue
        if pos < le:
            cols.extend(range(pos - ls, le - ls))
        readable = original if len(cols) == len(original) else "".join(original[c] for c in cols)
        lines.append(_read_line(number, original, readable, cols, quoted, off, unclosed))
    return lines


# A line outside every quote reads the same wherever it stands: the live check re-reads a post at
# every keystroke and most lines have not changed, so such lines are read once per text. The
# cached column map is shared; callers treat a `PostLine`'s fields as read-only. Budget: 24 MB
# (a line of 60 characters costs ~1 KB: ~25,000 such lines); a line over 2,000 characters (a
# paragraph, not an order) is read every time, never kept.
def _line_bytes(line: PostLine) -> int:
    n = 200 + str_bytes(line.norm) + column_map_bytes(line.cols)
    if line.text is not line.original:
        n += str_bytes(line.text)
    return n + str_bytes(line.heading) + str_bytes(line.marker)


_PLAIN: ByteBudgetCache[str, PostLine] = ByteBudgetCache("text_post.plain_lines", 24 << 20, size=_line_bytes,
                                                         max_key=2_000)


def _plain_line(number: int, original: str) -> PostLine:
    got = _PLAIN.get(original)
    if got is None:
        got = _PLAIN.put(original, _read_line(0, original, original, list(range(len(original))), False, False, False))
    return PostLine(number, original, got.kind, got.text, got.norm, got.cols, got.marker, got.marker_number,
                    got.reason, got.heading, False)
