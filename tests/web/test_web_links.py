"""No link on the demo's pages leads nowhere: a spectator, a player and the GM each follow them.

The crawl starts at the home page with the whole demo (`service.ensure_demo`) and follows every
same-site link of every HTML page it fetches. It stays bounded: links are grouped by their shape
(numbers taken out: ``/games/N/steps/N``), and of each shape it follows at most the first and the
last a page offers (the edges, where an off-by-one link would point past the end) and at most
``PER_SHAPE`` in all. A page that answers 4xx or 5xx fails the test, naming the page that linked it.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict, deque
from html.parser import HTMLParser
from types import SimpleNamespace
from urllib.parse import urljoin, urlsplit

import pytest
from api.webclient import log_in

from letopis import service
from letopis.paths import templates_dir
from letopis.service.demo import DEMO_PASSWORD

PER_SHAPE = 6
SKIPPED = ("/static/",)  # files, not pages; the logout link is a form, not an <a>


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.hrefs.append(href)


def links_of(page_url: str, html: str) -> list[str]:
    """The same-site links of a page (``page_url`` as the client reached it, after redirects):
    paths with their query, in document order."""
    parser = _Links()
    parser.feed(html)
    out = []
    for href in parser.hrefs:
        url = urlsplit(urljoin(page_url, href))
        if url.netloc != "testserver" or url.scheme not in ("http", "https"):
            continue
        if url.path.startswith(SKIPPED):
            continue
        out.append(url.path + (f"?{url.query}" if url.query else ""))
    return out


def shape(url: str) -> str:
    return re.sub(r"\d+", "N", url)


def crawl(client) -> tuple[dict[str, str], list[str]]:
    """Follow the links from the home page; returns every URL fetched (with the page that linked
    it) and the failures as «status url (from page)»."""
    fetched: dict[str, str] = {"/": "(start)"}
    per_shape: dict[str, int] = defaultdict(int)
    queue = deque(["/"])
    failures = []
    while queue:
        url = queue.popleft()
        response = client.get(url)
        if response.status_code >= 400:
            failures.append(f"{response.status_code} {url} (from {fetched[url]})")
            continue
        if not response.headers.get("content-type", "").startswith("text/html"):
            continue
        by_shape: dict[str, list[str]] = defaultdict(list)
        for link in links_of(str(response.url), response.text):
            by_shape[shape(link)].append(link)
        for key, found in by_shape.items():
            for link in dict.fromkeys((found[0], found[-1])):
                if link in fetched or per_shape[key] >= PER_SHAPE:
                    continue
                per_shape[key] += 1
                fetched[link] = url
                queue.append(link)
    return fetched, failures


@pytest.fixture
def demo(db):
    service.ensure_demo(db)
    db.commit()


def test_every_link_of_the_demo_leads_to_a_page(demo, client):
    """The demo is built once; the crawl runs as a spectator, then as a player, then as the GM."""
    started = time.monotonic()
    for login in (None, "anna", "master"):
        if login:
            log_in(client, login, DEMO_PASSWORD)  # the log-in form takes over from the last session
        fetched, failures = crawl(client)
        assert not failures, f"as {login or 'a spectator'}:\n" + "\n".join(failures)
        shapes = {shape(u) for u in fetched}
        # it did go everywhere that matters: games, steps, the archive, the rules, the feeds
        for expected in ("/games", "/games/N", "/games/N/steps", "/games/N/steps/N", "/archive/games/N",
                         "/archive/games/N/steps/N/state?when=after", "/rules/dungeon_keeper", "/feed.atom"):
            assert expected in shapes, (login, sorted(shapes))
        if login == "master":
            assert "/games/N/gm" in shapes, sorted(shapes)
        if login == "anna":
            assert any(s.startswith("/games/N/post") for s in shapes), sorted(shapes)
    assert time.monotonic() - started < 120, "the crawl must stay bounded"


class _Site:
    """A client for `crawl` serving fixed pages: what it does not have is a 404."""

    def __init__(self, pages: dict[str, str]) -> None:
        self.pages = pages

    def get(self, url: str) -> SimpleNamespace:
        html = self.pages.get(url)
        return SimpleNamespace(status_code=404 if html is None else 200, text=html or "",
                               headers={"content-type": "text/html; charset=utf-8"},
                               url="http://testserver" + url)


def test_the_crawl_reports_a_link_to_nowhere_with_the_page_that_has_it():
    site = _Site({
        "/": '<a href="/games">Игры</a> <a href="https://example.org/">вне сайта</a> <a href="/static/x.css">',
        "/games": "".join(f'<a href="/games/{n}">{n}</a>' for n in range(1, 30)),  # no game 29
        **{f"/games/{n}": '<a href="?when=after">после</a>' for n in range(1, 29)},
        **{f"/games/{n}?when=after": "после" for n in range(1, 29)},
    })
    fetched, failures = crawl(site)
    # the first and the last game of the list are followed, not the 27 between them
    assert {"/games/1", "/games/29"} <= fetched.keys() and "/games/15" not in fetched
    assert failures == ["404 /games/29 (from /games)"]


def test_the_edges_of_a_list_are_followed():
    site = _Site({"/": '<a href="/games/1">1</a><a href="/games/2">2</a><a href="/games/3">3</a>',
                  "/games/1": "", "/games/2": "", "/games/3": ""})
    fetched, failures = crawl(site)
    assert not failures and {"/games/1", "/games/3"} <= fetched.keys() and "/games/2" not in fetched


def test_breadcrumbs_start_at_the_games_list():
    """«Игры» in every breadcrumb trail is the list of games (/games), not the home page."""
    trails = {p.name: re.search(r'class="crumbs">(.*?)</p>', p.read_text(encoding="utf-8"), re.DOTALL)
              for p in templates_dir().glob("*.html")}
    games_trails = {name: m.group(1) for name, m in trails.items() if m and "Игры" in m.group(1)}
    assert len(games_trails) >= 10
    for name, trail in games_trails.items():
        assert trail.startswith('<a href="/games">Игры</a>'), (name, trail)
