"""The web layer: Russian pages, the JSON API, the GM desk. Thin: every decision is the service's.

`create_app(settings=None, session_factory=None)` in `letopis.web.app` builds the ASGI app.
"""
