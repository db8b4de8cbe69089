"""Page-at-a-time query parameters and the RFC 8288 ``Link`` header that points to the other pages.

A list answered a page at a time keeps its JSON body as it was (an array), so a script written
before the paging still reads it; the total and the neighbouring pages travel in headers:
``X-Total-Count`` and ``Link: <…?page=2&per_page=100>; rel="next", …`` (first, prev, next, last).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Query, Request, Response

from letopis.service.archive import MAX_PER_PAGE
from letopis.service.inputs import INT4_MAX

PageQ = Annotated[int, Query(ge=1, le=INT4_MAX, description="Номер страницы, с 1.")]
PerPageQ = Annotated[int, Query(ge=1, le=MAX_PER_PAGE, description=f"Сколько записей на странице (1–{MAX_PER_PAGE}).")]


def link_header(request: Request, *, page: int, pages: int, per_page: int) -> str:
    """The ``Link`` header value for a page of ``pages``: first and last always, prev and next where
    they exist; each keeps the request's other query parameters."""
    def url(number: int) -> str:
        return str(request.url.include_query_params(page=number, per_page=per_page))

    rels = [("first", 1)]
    if page > 1:
        rels.append(("prev", min(page - 1, pages)))
    if page < pages:
        rels.append(("next", page + 1))
    rels.append(("last", pages))
    return ", ".join(f'<{url(number)}>; rel="{rel}"' for rel, number in rels)


def set_paging_headers(response: Response, request: Request, *, total: int, page: int, pages: int,
                       per_page: int) -> None:
    response.headers["X-Total-Count"] = str(total)
    response.headers["Link"] = link_header(request, page=page, pages=pages, per_page=per_page)
