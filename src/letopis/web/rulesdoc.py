"""The rules page: a ruleset's rules.md rendered with markdown-it-py, clause IDs as anchors and links.

rules.md is part of the installed ruleset package (trusted), so its inline HTML — the
``<a id="DRP-ATK-09"></a>`` anchors — is kept. Every clause ID mentioned in the text becomes a
link to its anchor; a clause that has no explicit anchor gets one at its first mention, so
``/rules/<id>#<clause>`` always lands somewhere. Headings get ids for the table of contents.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

CLAUSE_RE = re.compile(r"\b[A-Z]{2,6}-[A-Z]{2,8}-\d{1,3}\b")
ID_ATTR_RE = re.compile(r"""\bid\s*=\s*["']([^"']+)["']""")


@dataclass
class RulesDoc:
    html: str
    toc: list[tuple[str, str]] = field(default_factory=list)  # (anchor, heading text) of level 2
    clauses: list[str] = field(default_factory=list)


def _existing_ids(tokens: list[Token]) -> set[str]:
    ids: set[str] = set()
    for tok in tokens:
        if tok.type == "html_block":
            ids.update(ID_ATTR_RE.findall(tok.content))
        for child in tok.children or []:
            if child.type == "html_inline":
                ids.update(ID_ATTR_RE.findall(child.content))
    return ids


def _link_clauses(children: list[Token], anchored: set[str], seen: list[str]) -> list[Token]:
    out: list[Token] = []
    in_link = 0
    for tok in children:
        if tok.type == "link_open":
            in_link += 1
        elif tok.type == "link_close":
            in_link -= 1
        if tok.type != "text" or in_link or not CLAUSE_RE.search(tok.content):
            out.append(tok)
            continue
        pos = 0
        for match in CLAUSE_RE.finditer(tok.content):
            if match.start() > pos:
                out.append(_text(tok.content[pos:match.start()]))
            clause = match.group(0)
            if clause not in seen:
                seen.append(clause)
            open_ = Token("link_open", "a", 1)
            open_.attrs = {"href": f"#{clause}", "class": "clause"}
            if clause not in anchored:
                open_.attrs["id"] = clause
                anchored.add(clause)
            out.extend([open_, _text(clause), Token("link_close", "a", -1)])
            pos = match.end()
        if pos < len(tok.content):
            out.append(_text(tok.content[pos:]))
    return out


def _text(content: str) -> Token:
    tok = Token("text", "", 0)
    tok.content = content
    return tok


@lru_cache(maxsize=32)
def render_rules(markdown: str) -> RulesDoc:
    md = MarkdownIt("commonmark", {"html": True, "linkify": False}).enable("table")
    tokens = md.parse(markdown)
    anchored = _existing_ids(tokens)
    clauses: list[str] = [c for c in CLAUSE_RE.findall(" ".join(sorted(anchored)))]
    toc: list[tuple[str, str]] = []
    headings = 0
    for i, tok in enumerate(tokens):
        if tok.type == "heading_open":
            headings += 1
            anchor = f"razdel-{headings}"
            tok.attrSet("id", anchor)
            if tok.tag == "h2" and i + 1 < len(tokens):
                toc.append((anchor, CLAUSE_RE.sub("", tokens[i + 1].content).strip(" —-:")))
        if tok.type == "inline" and tok.children:
            tok.children = _link_clauses(tok.children, anchored, clauses)
    html = md.renderer.render(tokens, md.options, {})
    return RulesDoc(html=html, toc=toc, clauses=clauses)
