"""The service layer: games, seats, posts, resolution, GM actions, chronicle, export and verify.

Every function takes a SQLAlchemy `Session` first and keyword-only arguments after it. Functions
that change anything run in one transaction and commit it themselves; when they raise a
`ServiceError` nothing was changed. Results are plain pydantic models (``…Out``).

GM actions (`publish_step`, `annul_post`, `override_roll`, `apply_default`, `set_deadline`) return
the affected step's `StepHeader`. `run_due_deadlines(db)` is safe to call from every app process:
a PostgreSQL advisory lock lets one of them do the work.
"""

from .archive import archive_games, archive_steps, game_charts, metric_series, round_of, site_feed, state_at
from .chronicle import list_steps, step_chronicle
from .demo import DEMO_PASSWORD, ensure_demo
from .errors import Conflict, Forbidden, Invalid, NotFound, ServiceError, TooLarge
from .games import (
    create_game,
    game_page,
    get_game,
    invite_link_token,
    join_by_invite,
    list_games,
    list_rulesets,
    list_seats,
    seat_of,
    seats_of,
)
from .gm import (
    annul_post,
    apply_default,
    audit_log,
    override_roll,
    publish_step,
    run_due_deadlines,
    set_deadline,
)
from .gm_desk import (
    RollbackOut,
    SeatChange,
    check_correction,
    correct,
    edit_outcome,
    export_ruling,
    reassign_seat,
    rollback,
    take_over,
)
from .posts import check_post, check_text, submit_post
from .deadlines import (
    ScheduleOut,
    WorkerReport,
    extend_deadline,
    get_schedule,
    pause_game,
    resume_game,
    run_worker,
    set_schedule,
)
from .notify import DeliveryOut, WebhookOut, delete_webhook, deliveries, get_webhook, set_webhook
from .receipts import PostHistoryOut, RevisionOut, post_history
from .schemas import (
    AuditOut,
    CheckOut,
    GameMode,
    GameOut,
    GamePage,
    GameStatus,
    MismatchOut,
    PostOut,
    ReadingOut,
    ResolutionOut,
    Role,
    RulesetOut,
    SeatOut,
    StepChronicle,
    StepHeader,
    StepStatus,
    SubmitOut,
    UserOut,
    VerifyOut,
    ViewerOut,
)
from .transfer import export_game, import_setup, verify_export, verify_game
from .users import authenticate, get_user, get_user_by_login, register_user, set_admin

__all__ = [
    "archive_games", "archive_steps", "game_charts", "metric_series", "round_of", "site_feed", "state_at",
    "DEMO_PASSWORD", "AuditOut", "CheckOut", "Conflict", "Forbidden", "GameMode", "GameOut",
    "GamePage", "GameStatus", "Invalid", "MismatchOut", "NotFound", "PostOut", "ReadingOut",
    "ResolutionOut", "Role", "RulesetOut", "SeatOut", "ServiceError", "StepChronicle", "StepHeader",
    "StepStatus", "SubmitOut", "TooLarge", "UserOut", "VerifyOut", "ViewerOut", "annul_post",
    "apply_default", "audit_log", "authenticate", "check_post", "check_text", "create_game",
    "ensure_demo", "export_game", "game_page", "get_game", "get_user", "get_user_by_login",
    "import_setup", "invite_link_token", "join_by_invite", "list_games", "list_rulesets",
    "list_seats", "list_steps", "override_roll", "publish_step", "register_user",
    "run_due_deadlines", "seat_of", "seats_of", "set_admin", "set_deadline", "step_chronicle",
    "submit_post", "verify_export", "verify_game",
    "DeliveryOut", "PostHistoryOut", "RevisionOut", "ScheduleOut", "WebhookOut", "WorkerReport",
    "delete_webhook", "deliveries", "extend_deadline", "get_schedule", "get_webhook", "pause_game",
    "post_history", "resume_game", "run_worker", "set_schedule", "set_webhook",
    "RollbackOut", "SeatChange", "check_correction", "correct", "edit_outcome", "export_ruling",
    "reassign_seat", "rollback", "take_over",
]
