"""The one small question a game's rendered page asks before anything else (issue 13): the game's
content version and who is asking, as its pages tell viewers apart.

A page of a game shows what the game's rows hold, as one viewer may see it. Its rows change only
together with ``games.content_version`` (triggers, migration 0010), and what a viewer may see
depends only on whether they are the game's GM (or an admin) and which seats they hold — the rule
of `viewer_of`, here applied to the same facts read in one statement. So (game, version, viewer)
names one rendering, which `web.pagecache` keeps and serves until the version moves.

The statement also loads the signed-in user (the page's header shows them) and checks the API
token the request came with (not revoked, not expired), so a page served from the cache costs
this one round trip and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from letopis.db.models import User
from letopis.engine.contract import Viewer

from ._common import viewer_for
from .schemas import Role, UserOut, ViewerOut

# the user's columns that `UserOut` carries (a field added to both is read with no change here)
_USER_COLUMNS = ("id", *(name for name in UserOut.model_fields if name != "id" and name in User.__table__.columns))

PAGE_KEY_SQL = f"""
SELECT g.content_version,
       u.id IS NOT NULL AND (g.gm_user_id = u.id OR u.is_admin) AS gm,
       ARRAY(SELECT s.faction_id FROM seats s WHERE s.game_id = g.id AND s.user_id = u.id
             ORDER BY s.position) AS held,
       CASE WHEN CAST(%(token_id)s AS integer) IS NULL THEN true
            ELSE EXISTS (SELECT 1 FROM api_tokens t WHERE t.id = %(token_id)s AND t.user_id = u.id
                         AND t.revoked_at IS NULL AND t.expires_at > now()) END AS token_ok,
       {", ".join(f"u.{c}" for c in _USER_COLUMNS)}
FROM (SELECT 1) AS one
LEFT JOIN games g ON g.id = %(game_id)s
LEFT JOIN users u ON u.id = %(user_id)s
"""


@dataclass(frozen=True)
class ViewerClass:
    """What tells one viewer's rendering of a game's page from another's: the role and the seats
    held (in seat order). Visitors and signed-in users who hold no seat share ``public``."""

    role: Role
    factions: tuple[str, ...] = ()

    @classmethod
    def of(cls, viewer: ViewerOut) -> ViewerClass:
        return cls(viewer.role, tuple(viewer.factions))

    def viewer(self, user_id: int | None) -> tuple[ViewerOut, Viewer]:
        """The viewer this class renders for (`viewer_for`, as `viewer_of` would answer)."""
        return viewer_for(user_id, gm=self.role is Role.GM, held=list(self.factions))

    @property
    def tag(self) -> str:
        """A short printable form (for ETags and logs): ``public``, ``player:p1``, ``gm``."""
        return ":".join((self.role.value, *self.factions))


@dataclass(frozen=True)
class PageKey:
    """The answer to `PAGE_KEY_SQL` for one request."""

    game_id: int
    version: int | None  # None: no such game
    viewer: ViewerClass
    user: UserOut | None  # the signed-in user, None for a visitor (or a session whose user is gone)
    token_ok: bool  # the API token (if any) is neither revoked nor expired


def page_key_params(*, game_id: int, user_id: int | None, token_id: int | None) -> dict[str, Any]:
    return {"game_id": game_id, "user_id": user_id, "token_id": token_id}


def page_key(row: tuple, *, game_id: int) -> PageKey:
    """The key from the statement's row (it always has one); ``version`` None when there is no
    such game (the page's own code then answers 404 as it always did)."""
    version, gm, held, token_ok, *user_fields = row
    user = None
    if user_fields[0] is not None:
        user = UserOut.model_validate(dict(zip(_USER_COLUMNS, user_fields, strict=True)))
    viewer, _ = viewer_for(user.id if user else None, gm=bool(gm), held=list(held or ()))
    return PageKey(game_id=game_id, version=version, viewer=ViewerClass.of(viewer), user=user,
                   token_ok=bool(token_ok))
